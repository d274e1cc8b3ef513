import TermGridCore

/// What to show when the terminal is smaller than the app needs: the longest of a few
/// notes that fits, centred, down to a single cell.
///
/// A view like any other: give it the minimum size and draw it over the whole screen with
/// ``draw(in:region:clip:context:)``; it clears its region in the theme's normal style and
/// writes the note in the theme's status style.
///
/// ```swift
/// if TerminalTooSmallNote.isTooSmall(canvas.size, minimum: minimum) {
///   note.minimum = minimum
///   note.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: context)
///   return
/// }
/// ```
public final class TerminalTooSmallNote: ReusableView {
  /// The size the app needs, which the note names.
  public var minimum: CellSize

  /// Creates a note for a minimum size.
  public init(minimum: CellSize) {
    self.minimum = minimum
    super.init()
  }

  /// Creates a note for no particular size (set ``minimum`` before drawing).
  public required convenience init() {
    self.init(minimum: CellSize(columns: 0, rows: 0))
  }

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

  /// Clears the visible part of `region` and writes the note in the middle of `region`.
  public override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    Self.draw(
      into: &canvas, region: region, clip: clip, minimum: minimum, background: context.theme.normal,
      style: context.theme.status)
  }

  /// Clears the canvas and draws the note in its middle, in `style`.
  public static func draw(into canvas: inout Canvas, minimum: CellSize, style: Style = Style(attributes: [.reverse])) {
    draw(into: &canvas, region: canvas.bounds, clip: canvas.bounds, minimum: minimum, background: .plain, style: style)
  }

  private static func draw(
    into canvas: inout Canvas, region: CellRect, clip: CellRect, minimum: CellSize, background: Style, style: Style
  ) {
    let area = clip.intersection(region)
    canvas.fill(area, style: background)
    guard region.columns > 0, region.rows > 0 else { return }
    let text = note(fittingWidth: region.columns, minimum: minimum)
    let width = TextWidth.displayWidth(of: text)
    let position = CellPoint(
      column: region.column + (region.columns - width) / 2, row: region.row + (region.rows - 1) / 2)
    canvas.draw(text, at: position, style: style, clip: area)
  }
}
