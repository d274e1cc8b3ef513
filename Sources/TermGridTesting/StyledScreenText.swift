import TermGrid

/// Screen text that shows styles: each row as it reads, and under every row with styled
/// cells a row of letters marking them, one letter per style; a legend at the end names
/// each letter's style. One golden file then holds what is focused, selected and coloured,
/// so a snapshot test needs no cell-by-cell style checks.
///
/// ```
///  Beach    Harbour   Lighthouse
///  fffff    sssssss
/// ── styles
/// f focused: fg 15, bg 24, bold
/// s selected: fg 0, bg 143
/// ```
///
/// Styles the theme names (focused, selected, header, a node kind…) are called by that
/// name and get its first letter when it is free; others are described by their colours and
/// attributes. A letter marks each column a cell covers, so wide characters keep the marks
/// in line. Cells in an unmarked style (by default the plain one) get a space, and a row of
/// them only gets no marker row.
public struct StyledScreenText: Sendable {
  /// Names styles after its own.
  public var theme: Theme
  /// Styles left unmarked.
  public var unmarked: Set<Style>

  /// Creates a renderer naming styles after `theme`'s and leaving `unmarked` styles out.
  public init(theme: Theme = .standard, unmarked: Set<Style> = [.plain]) {
    self.theme = theme
    self.unmarked = unmarked
  }

  /// The canvas as styled screen text (rows joined by newlines, no newline at the end).
  public func render(_ canvas: Canvas) -> String {
    var letters: [Style: Character] = [:]
    var legend: [(Character, Style)] = []
    var output: [String] = []
    for row in 0..<canvas.size.rows {
      output.append(canvas.line(row))
      var marks = ""
      var marked = false
      for column in 0..<canvas.size.columns {
        let style = canvas[column, row].style
        guard !unmarked.contains(style) else {
          marks.append(" ")
          continue
        }
        let letter: Character
        if let known = letters[style] {
          letter = known
        } else {
          letter = freeLetter(for: style, taken: Set(letters.values))
          letters[style] = letter
          legend.append((letter, style))
        }
        marks.append(letter)
        marked = true
      }
      if marked { output.append(String(marks.reversed().drop { $0 == " " }.reversed())) }
    }
    if !legend.isEmpty {
      output.append("── styles")
      for (letter, style) in legend { output.append("\(letter) \(describe(style))") }
    }
    return output.joined(separator: "\n")
  }

  /// The name the theme gives `style`, if any (the first in a fixed order, focus first).
  public func name(of style: Style) -> String? {
    let named: [(String, Style)] = [
      ("focused", theme.focused), ("selected+focused", theme.selectedFocused), ("selected", theme.selected),
      ("highlighted", theme.highlighted), ("header", theme.header), ("footer", theme.footer),
      ("border", theme.border), ("connector", theme.connector), ("badge", theme.badge), ("dim", theme.dim),
      ("status", theme.status), ("menu", theme.menu), ("menu selected", theme.menuSelected),
      ("menu disabled", theme.menuDisabled),
    ]
    if let found = named.first(where: { $0.1 == style && style != theme.normal }) { return found.0 }
    let kinds = theme.kinds.filter { $0.value == style && $0.value != theme.normal }.keys.sorted()
    return kinds.first.map { "kind \($0)" }
  }

  /// A style in words: its theme name, if any, then its colours and attributes.
  public func describe(_ style: Style) -> String {
    var parts: [String] = []
    if case .indexed(let index) = style.foreground { parts.append("fg \(index)") }
    if case .indexed(let index) = style.background { parts.append("bg \(index)") }
    let attributes: [(TextAttributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    for (attribute, word) in attributes where style.attributes.contains(attribute) { parts.append(word) }
    let look = parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    return name(of: style).map { "\($0): \(look)" } ?? look
  }

  private func freeLetter(for style: Style, taken: Set<Character>) -> Character {
    if let initial = name(of: style)?.first {
      for candidate in [Character(initial.lowercased()), Character(initial.uppercased())]
      where !taken.contains(candidate) {
        return candidate
      }
    }
    let pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return pool.first { !taken.contains($0) } ?? "?"
  }
}
