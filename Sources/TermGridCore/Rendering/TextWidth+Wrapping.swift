extension TextWidth {
  /// `text` broken into lines of at most `width` columns: at spaces where it can be
  /// (the spaces a break falls on are dropped), inside a word only when the word alone is
  /// wider than a line. Line feeds in `text` start new lines; control characters are
  /// replaced by their visible forms first. Empty text gives one empty line.
  public static func wrapped(_ text: some StringProtocol, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in String(text).split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrappedParagraph(visibleText(paragraph), width: width)
    }
    return lines
  }

  /// `items` packed into lines of at most `width` columns, `separator` between two items on
  /// a line and ending a line that continues (`a, b,` then `c`): a list of key names. An item
  /// wider than a line is cut with `…`.
  public static func wrappedList(_ items: [String], separator: String = ", ", toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    let trimmedSeparator = String(separator.reversed().drop { $0 == " " }.reversed())
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for (index, item) in items.enumerated() {
      let isLast = index == items.count - 1
      let ending = isLast ? "" : trimmedSeparator
      let itemWidth = displayWidth(of: item)
      let joinWidth = line.isEmpty ? 0 : displayWidth(of: separator)
      if !line.isEmpty, lineWidth + joinWidth + itemWidth + displayWidth(of: ending) > width {
        lines.append(line + trimmedSeparator)
        line = ""
        lineWidth = 0
      }
      if line.isEmpty {
        let room = width - displayWidth(of: ending)
        line = itemWidth <= room ? visibleText(item) : truncated(item, toWidth: max(1, room))
        lineWidth = displayWidth(of: line)
      } else {
        line += separator + visibleText(item)
        lineWidth += joinWidth + itemWidth
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  private static func wrappedParagraph(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var rest = Substring(word)
      var restWidth = displayWidth(of: rest)
      if !line.isEmpty {
        if lineWidth + 1 + restWidth <= width {
          line += " " + rest
          lineWidth += 1 + restWidth
          continue
        }
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      // A word wider than a line is cut into pieces that fill whole lines.
      while restWidth > width {
        var piece = ""
        var used = 0
        var index = rest.startIndex
        while index < rest.endIndex {
          let columns = self.width(of: rest[index])
          if used + columns > width, used > 0 { break }
          piece.append(rest[index])
          used += columns
          index = rest.index(after: index)
        }
        lines.append(piece)
        rest = rest[index...]
        restWidth = displayWidth(of: rest)
      }
      line = String(rest)
      lineWidth = restWidth
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
