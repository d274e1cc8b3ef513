/// The directions a line leaves a cell in; merged per cell into one box-drawing glyph.
public struct LineDirections: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Towards the row above.
  public static let up = LineDirections(rawValue: 1 << 0)
  /// Towards the row below.
  public static let down = LineDirections(rawValue: 1 << 1)
  /// Towards the column to the left.
  public static let left = LineDirections(rawValue: 1 << 2)
  /// Towards the column to the right.
  public static let right = LineDirections(rawValue: 1 << 3)

  /// Left and right.
  public static let horizontal: LineDirections = [.left, .right]
  /// Up and down.
  public static let vertical: LineDirections = [.up, .down]

  /// The box-drawing glyph for these directions (`─ │ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼`); a lone end of
  /// a line is drawn as the full line through the cell.
  public var glyph: Character {
    switch rawValue {
    case 0: return " "
    case LineDirections.up.rawValue, LineDirections.down.rawValue, LineDirections.vertical.rawValue: return "│"
    case LineDirections.left.rawValue, LineDirections.right.rawValue, LineDirections.horizontal.rawValue: return "─"
    case LineDirections([.down, .right]).rawValue: return "┌"
    case LineDirections([.down, .left]).rawValue: return "┐"
    case LineDirections([.up, .right]).rawValue: return "└"
    case LineDirections([.up, .left]).rawValue: return "┘"
    case LineDirections([.up, .down, .right]).rawValue: return "├"
    case LineDirections([.up, .down, .left]).rawValue: return "┤"
    case LineDirections([.down, .left, .right]).rawValue: return "┬"
    case LineDirections([.up, .left, .right]).rawValue: return "┴"
    default: return "┼"
    }
  }

  /// The directions a box-drawing glyph already shows, or `nil` for any other character.
  public init?(glyph: Character) {
    // One look at the code point (a canvas asks this of every cell a line crosses): the
    // eleven glyphs are single scalars of the Box Drawing block, U+2500 to U+253C.
    let scalars = glyph.unicodeScalars
    guard let scalar = scalars.first, scalar.value >= 0x2500, scalar.value <= 0x253C,
      scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return nil }
    switch scalar.value {
    case 0x2500: self = .horizontal  // ─
    case 0x2502: self = .vertical  // │
    case 0x250C: self = [.down, .right]  // ┌
    case 0x2510: self = [.down, .left]  // ┐
    case 0x2514: self = [.up, .right]  // └
    case 0x2518: self = [.up, .left]  // ┘
    case 0x251C: self = [.up, .down, .right]  // ├
    case 0x2524: self = [.up, .down, .left]  // ┤
    case 0x252C: self = [.down, .left, .right]  // ┬
    case 0x2534: self = [.up, .left, .right]  // ┴
    case 0x253C: self = [.up, .down, .left, .right]  // ┼
    default: return nil
    }
  }
}

/// Draws lines into a canvas so that lines meeting in a cell become one junction glyph.
///
/// Each cell keeps the union of the directions drawn through it: a vertical line crossing
/// a horizontal one gives `┼`, a branch gives `├`, an elbow `└`. The directions are kept in
/// the canvas cell (``CanvasCell/lineDirections``; for glyphs drawn as text they are read
/// back from the glyph), so separate views (one connector per parent) merge correctly
/// whatever order they draw in.
public struct LineCanvas {
  /// The style lines are drawn in.
  public var style: Style
  /// Lines are drawn only inside this rectangle.
  public var clip: CellRect

  /// Creates a line drawer for a region of a canvas.
  public init(style: Style, clip: CellRect) {
    self.style = style
    self.clip = clip
  }

  /// Adds `directions` to the cell at `point`.
  public func add(_ directions: LineDirections, at point: CellPoint, in canvas: inout Canvas) {
    let area = clip.intersection(canvas.bounds)
    guard area.contains(point), !directions.isEmpty else { return }
    let cell = canvas[point.column, point.row]
    let existing = cell.lineDirections.isEmpty ? (LineDirections(glyph: cell.character) ?? []) : cell.lineDirections
    canvas.putLine(existing.union(directions), at: point, style: style)
  }

  /// A horizontal line on `row` from the centre of `fromColumn` to the centre of `toColumn`.
  public func addHorizontalLine(row: Int, fromColumn: Int, toColumn: Int, in canvas: inout Canvas) {
    let first = min(fromColumn, toColumn)
    let last = max(fromColumn, toColumn)
    guard first < last else { return }
    // Only the cells inside the clip are visited: a line may be far longer than the screen.
    let area = clip.intersection(canvas.bounds)
    guard area.columns > 0, area.rows > 0, row >= area.row, row < area.row + area.rows,
      area.column <= last, area.column + area.columns - 1 >= first
    else { return }
    for column in max(first, area.column)...min(last, area.column + area.columns - 1) {
      var directions: LineDirections = []
      if column > first { directions.insert(.left) }
      if column < last { directions.insert(.right) }
      add(directions, at: CellPoint(column: column, row: row), in: &canvas)
    }
  }

  /// A vertical line in `column` from the centre of `fromRow` to the centre of `toRow`.
  public func addVerticalLine(column: Int, fromRow: Int, toRow: Int, in canvas: inout Canvas) {
    let first = min(fromRow, toRow)
    let last = max(fromRow, toRow)
    guard first < last else { return }
    let area = clip.intersection(canvas.bounds)
    guard area.columns > 0, area.rows > 0, column >= area.column, column < area.column + area.columns,
      area.row <= last, area.row + area.rows - 1 >= first
    else { return }
    for row in max(first, area.row)...min(last, area.row + area.rows - 1) {
      var directions: LineDirections = []
      if row > first { directions.insert(.up) }
      if row < last { directions.insert(.down) }
      add(directions, at: CellPoint(column: column, row: row), in: &canvas)
    }
  }
}
