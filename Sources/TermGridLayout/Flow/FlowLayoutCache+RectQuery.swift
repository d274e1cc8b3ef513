import TermGridCore

extension FlowLayoutCache {
  /// Appends the attributes of every element whose frame intersects `rect`.
  ///
  /// Binary search finds the first section and, in variable sections, the first line; the
  /// walk stops at the first section or line that begins past the rectangle. Uniform
  /// sections find their first line and item by division. The cost is the sections and
  /// lines the rectangle crosses plus the elements returned, whatever the item count.
  func appendElements(in rect: Rect, visible: Rect, to result: inout [LayoutAttributes]) {
    let (mainMin, mainMax) = mainRange(of: rect)
    var index = firstSection(endingAfter: mainMin)
    while index < sections.count {
      let section = sections[index]
      if section.start >= mainMax { break }
      if let header = headerAttributes(section, section: index, visible: visible), header.frame.intersects(rect) {
        result.append(header)
      }
      if section.itemCount > 0 && section.itemsEnd > mainMin && section.itemsStart < mainMax {
        if section.isUniform {
          appendUniformItems(of: section, section: index, in: rect, to: &result)
        } else {
          appendVariableItems(of: section, section: index, in: rect, to: &result)
        }
      }
      if let footer = footerAttributes(section, section: index, visible: visible), footer.frame.intersects(rect) {
        result.append(footer)
      }
      index += 1
    }
  }

  /// A capacity for a query's result: the element density times the rectangle's share of
  /// the content, so a visible-rect query allocates once.
  func estimatedElementCount(in rect: Rect) -> Int {
    let total = mainExtent
    guard total > 0, crossExtent > 0 else { return Swift.min(elementCount, 64) }
    let (mainMin, mainMax) = mainRange(of: rect)
    let (crossMin, crossMax) = crossRange(of: rect)
    let mainShare = Swift.max(0, Swift.min(mainMax, total) - Swift.max(mainMin, 0)) / total
    let crossShare = Swift.min(1, Swift.max(0, crossMax - crossMin) / crossExtent)
    let estimate = (Double(elementCount) * mainShare * crossShare * 1.25).rounded(.up) + 16
    return estimate >= Double(elementCount) ? elementCount : Int(estimate)
  }

  private func appendUniformItems(
    of section: Section, section sectionIndex: Int, in rect: Rect, to result: inout [LayoutAttributes]
  ) {
    let (mainMin, mainMax) = mainRange(of: rect)
    let (crossMin, crossMax) = crossRange(of: rect)
    let extent = Extent(cross: section.uniformCross, main: section.uniformMain)
    let pitch = section.uniformMain + section.lineSpacing
    var line = 0
    if pitch > 0 {
      // One line early: the division may round either way; the loop checks exactly.
      let estimate = ((mainMin - section.itemsStart - section.uniformMain) / pitch).rounded(.down) - 1
      if estimate > 0 { line = estimate >= Double(section.lineCount) ? section.lineCount : Int(estimate) }
    }
    while line < section.lineCount {
      let lineStart = Self.uniformLineStart(section, line: line)
      if lineStart >= mainMax { break }
      if lineStart + section.uniformMain > mainMin {
        let count = Self.uniformLineCount(section, line: line)
        let (lead, gap) = placement(in: section, count: count, itemsCross: Double(count) * section.uniformCross)
        let step = section.uniformCross + gap
        var index = 0
        if step > 0 {
          let estimate = ((crossMin - section.crossStart - lead - section.uniformCross) / step).rounded(.down) - 1
          if estimate > 0 { index = estimate >= Double(count) ? count : Int(estimate) }
        }
        let firstItem = line * section.itemsPerLine
        while index < count {
          let frame = itemFrame(
            section, lineStart: lineStart, thickness: section.uniformMain, lead: lead, gap: gap,
            prefix: Double(index) * section.uniformCross, index: index, extent: extent)
          if crossRange(of: frame).min >= crossMax { break }
          if frame.intersects(rect) {
            result.append(
              LayoutAttributes(forCellWith: IndexPath(item: firstItem + index, section: sectionIndex), frame: frame))
          }
          index += 1
        }
      }
      line += 1
    }
  }

  private func appendVariableItems(
    of section: Section, section sectionIndex: Int, in rect: Rect, to result: inout [LayoutAttributes]
  ) {
    let (mainMin, mainMax) = mainRange(of: rect)
    let crossMax = crossRange(of: rect).max
    let endLine = section.firstLine + section.lineCount
    var lineIndex = firstLine(endingAfter: mainMin, in: section)
    while lineIndex < endLine {
      let line = lines[lineIndex]
      if line.start >= mainMax { break }
      let count = lineItemCount(lineIndex, in: section)
      let (lead, gap) = placement(in: section, count: count, itemsCross: line.itemsCross)
      let base = section.firstExtent + line.firstItem
      var prefix = 0.0
      for index in 0..<count {
        let extent = extents[base + index]
        let frame = itemFrame(
          section, lineStart: line.start, thickness: line.thickness, lead: lead, gap: gap,
          prefix: prefix, index: index, extent: extent)
        if crossRange(of: frame).min >= crossMax { break }
        if frame.intersects(rect) {
          result.append(
            LayoutAttributes(forCellWith: IndexPath(item: line.firstItem + index, section: sectionIndex), frame: frame))
        }
        prefix += extent.cross
      }
      lineIndex += 1
    }
  }
}
