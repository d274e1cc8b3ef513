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
  /// entries indented with their keys in an aligned column.
  public func helpText(width: Int = 80) -> [String] {
    let keyWidth = helpKeyColumnWidth()
    return helpLines.map { line in
      switch line {
      case .blank: return ""
      case .heading(let title): return TextWidth.truncated(title, toWidth: width)
      case .entry(let keys, let help):
        let text = "  " + TextWidth.padded(keys, toWidth: keyWidth) + "  " + help
        return TextWidth.truncated(text, toWidth: width)
      }
    }
  }
}
