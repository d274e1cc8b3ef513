import TermGridCore

/// What to show when the terminal is smaller than the app needs: the longest of a few
/// notes that fits, centred, down to a single cell.
///
/// ```swift
/// if TerminalTooSmallNote.isTooSmall(canvas.size, minimum: CellSize(columns: 20, rows: 5)) {
///   TerminalTooSmallNote.draw(into: &canvas, minimum: CellSize(columns: 20, rows: 5))
///   return
/// }
/// ```
public enum TerminalTooSmallNote {
  /// Whether `size` is smaller than `minimum` in either direction.
  public static func isTooSmall(_ size: CellSize, minimum: CellSize) -> Bool {
    size.columns < minimum.columns || size.rows < minimum.rows
  }

  /// The notes, longest first, for a minimum size.
  public static func notes(minimum: CellSize) -> [String] {
    [
      "Terminal too small: needs \(minimum.columns)×\(minimum.rows)",
      "Too small: \(minimum.columns)×\(minimum.rows)",
      "Too small",
      "Small",
      "…",
    ]
  }

  /// The longest note that fits in `width` columns (empty when not even one does).
  public static func note(fittingWidth width: Int, minimum: CellSize) -> String {
    notes(minimum: minimum).first { TextWidth.displayWidth(of: $0) <= width } ?? ""
  }

  /// Clears the canvas and draws the note in its middle.
  public static func draw(into canvas: inout Canvas, minimum: CellSize, style: Style = Style(attributes: [.reverse])) {
    canvas.clear()
    guard canvas.size.columns > 0, canvas.size.rows > 0 else { return }
    let text = note(fittingWidth: canvas.size.columns, minimum: minimum)
    let width = TextWidth.displayWidth(of: text)
    let position = CellPoint(column: (canvas.size.columns - width) / 2, row: (canvas.size.rows - 1) / 2)
    canvas.draw(text, at: position, style: style)
  }
}
