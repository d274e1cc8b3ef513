extension FlowLayoutCache {
  // Snap points are where a section's header begins and where each line begins, on the
  // main axis. They are found by binary search (sections, variable lines) or division
  // (uniform lines), never by walking items.
  //
  // With pinned headers a line's snap point is its start less its section's header extent:
  // stopping there puts the line right under the floating header instead of beneath it.
  // Within a section the points keep their order, and every one is at or after the
  // section's start (the first line begins after the header), so the searches below work
  // on line starts shifted by that extent.

  /// How far before a line of `section` its snap point is: the header it must clear.
  @inline(__always)
  private func lineSnapShift(_ section: Section) -> Double {
    pinsHeaders ? section.headerExtent : 0
  }

  /// The last snap point at or before `main`, or `nil` when there is none.
  func snapPoint(atOrBefore main: Double) -> Double? {
    guard var index = lastSection(startingAtOrBefore: main) else { return nil }
    while index >= 0 {
      if let point = lastSnapPoint(in: sections[index], atOrBefore: main) { return point }
      index -= 1
    }
    return nil
  }

  /// The first snap point at or after `main`, or `nil` when there is none.
  func snapPoint(atOrAfter main: Double) -> Double? {
    var index = lastSection(startingAtOrBefore: main) ?? 0
    while index < sections.count {
      if let point = firstSnapPoint(in: sections[index], atOrAfter: main) { return point }
      index += 1
    }
    return nil
  }

  private func lastSnapPoint(in section: Section, atOrBefore point: Double) -> Double? {
    let shift = lineSnapShift(section)
    if let start = lastLineStart(in: section, atOrBefore: point + shift) { return start - shift }
    if section.headerExtent > 0 && section.start <= point { return section.start }
    return nil
  }

  /// The start of the last line of `section` that starts at or before `main`.
  private func lastLineStart(in section: Section, atOrBefore main: Double) -> Double? {
    if section.lineCount > 0 && section.itemsStart <= main {
      if section.isUniform {
        let pitch = section.uniformMain + section.lineSpacing
        var line = section.lineCount - 1
        if pitch > 0 {
          let estimate = ((main - section.itemsStart) / pitch).rounded(.down)
          if estimate < Double(line) { line = Swift.max(0, Int(estimate)) }
        }
        while line > 0 && Self.uniformLineStart(section, line: line) > main { line -= 1 }
        while line + 1 < section.lineCount && Self.uniformLineStart(section, line: line + 1) <= main { line += 1 }
        return Self.uniformLineStart(section, line: line)
      }
      if let line = lastLine(startingAtOrBefore: main, in: section) { return lines[line].start }
    }
    return nil
  }

  private func firstSnapPoint(in section: Section, atOrAfter point: Double) -> Double? {
    if section.headerExtent > 0 && section.start >= point { return section.start }
    let shift = lineSnapShift(section)
    return firstLineStart(in: section, atOrAfter: point + shift).map { $0 - shift }
  }

  /// The start of the first line of `section` that starts at or after `main`.
  private func firstLineStart(in section: Section, atOrAfter main: Double) -> Double? {
    guard section.lineCount > 0 else { return nil }
    if section.isUniform {
      let pitch = section.uniformMain + section.lineSpacing
      var line = 0
      if pitch > 0 {
        let estimate = ((main - section.itemsStart) / pitch).rounded(.up)
        if estimate > 0 { line = estimate >= Double(section.lineCount) ? section.lineCount - 1 : Int(estimate) }
      }
      while line > 0 && Self.uniformLineStart(section, line: line - 1) >= main { line -= 1 }
      while line < section.lineCount && Self.uniformLineStart(section, line: line) < main { line += 1 }
      return line < section.lineCount ? Self.uniformLineStart(section, line: line) : nil
    }
    let line = (lastLine(startingAtOrBefore: main, in: section) ?? section.firstLine - 1)
    // `line` starts at or before `main`; the answer is it (when exactly at `main`) or the next.
    if line >= section.firstLine && lines[line].start == main { return main }
    return line + 1 < section.firstLine + section.lineCount ? lines[line + 1].start : nil
  }
}
