import TermGridCore

/// One line of a help screen generated from a key table.
public enum HelpLine: Hashable, Sendable {
  /// A group's heading.
  case heading(String)
  /// A binding: its keys and what it does.
  case entry(keys: String, help: String)
  /// Space between groups.
  case blank
}

extension KeyBindings {
  /// The help screen's lines: each group's heading, then its bindings in table order, with
  /// a blank line between groups. Bindings with no key left are not listed.
  public var helpLines: [HelpLine] {
    var lines: [HelpLine] = []
    for group in groups {
      let entries = bindings.filter { $0.group == group && !$0.keys.isEmpty }
      guard !entries.isEmpty else { continue }
      if !lines.isEmpty { lines.append(.blank) }
      lines.append(.heading(group))
      for binding in entries { lines.append(.entry(keys: binding.keyNames, help: binding.help)) }
    }
    return lines
  }

  /// The width of the keys column: the widest key list, capped at `maximum`.
  public func helpKeyColumnWidth(maximum: Int = 24) -> Int {
    var widest = 0
    for case .entry(let keys, _) in helpLines { widest = max(widest, TextWidth.displayWidth(of: keys)) }
    return min(widest, maximum)
  }

  /// The help screen as plain text lines of at most `width` columns: headings at the left,
  /// entries indented with their keys in an aligned column. Long key lists and
  /// descriptions wrap onto the next lines (``helpRows(_:keyColumnWidth:width:)``).
  public func helpText(width: Int = 80) -> [String] {
    let keyWidth = helpKeyColumnWidth()
    return Self.helpRows(helpLines, keyColumnWidth: keyWidth, width: width).map { line in
      switch line {
      case .blank: return ""
      case .heading(let title): return TextWidth.truncated(title, toWidth: width)
      case .entry(let keys, let help):
        let text = "  " + TextWidth.padded(keys, toWidth: min(keyWidth, max(1, (width - 4) / 2))) + "  " + help
        return TextWidth.truncated(String(text.reversed().drop { $0 == " " }.reversed()), toWidth: width)
      }
    }
  }

  /// Help lines laid out for `width` columns, one per row drawn: an entry whose keys do
  /// not fit the key column (`Esc, m, Menu, Shift-F10`) continues them on the next rows,
  /// broken after a comma, and a description wider than the room after the key column
  /// wraps at spaces; the rows an entry takes are as many as the longer of the two needs.
  /// Continuation rows are entries with empty keys or empty help. Nothing is cut but a
  /// single key name or word wider than its column.
  /// - Parameters:
  ///   - lines: the help lines (``helpLines``).
  ///   - keyColumnWidth: the width of the keys column (``helpKeyColumnWidth(maximum:)``).
  ///   - width: the columns available; entries are indented by 2 and keys and help are
  ///     2 apart, and the keys take at most half of what is left.
  public static func helpRows(_ lines: [HelpLine], keyColumnWidth: Int, width: Int) -> [HelpLine] {
    // On a narrow screen the keys take at most half the room, so descriptions keep some.
    let keyWidth = min(keyColumnWidth, max(1, (width - 4) / 2))
    let helpWidth = width - 2 - keyWidth - 2
    var rows: [HelpLine] = []
    rows.reserveCapacity(lines.count)
    for line in lines {
      guard case .entry(let keys, let help) = line else {
        rows.append(line)
        continue
      }
      let keyRows =
        keyWidth > 0 ? TextWidth.wrappedList(keys.split(separator: ", ").map(String.init), toWidth: keyWidth) : [""]
      let helpRows = helpWidth > 0 ? TextWidth.wrapped(help, toWidth: helpWidth) : [""]
      for index in 0..<max(keyRows.count, helpRows.count) {
        rows.append(
          .entry(
            keys: index < keyRows.count ? keyRows[index] : "", help: index < helpRows.count ? helpRows[index] : ""))
      }
    }
    return rows
  }
}
