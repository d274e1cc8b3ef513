/// Maps frames in points onto character cells.
///
/// A column is `pointsPerColumn / zoom` points wide and a row `pointsPerRow / zoom` points
/// tall. Every edge, left or right, top or bottom, goes through the same rounding function
/// (scale, then round half up), which is monotonic. From that one rule:
///
/// - frames that touch in points (`a.maxX == b.minX`) touch in cells;
/// - frames that do not overlap in points do not overlap in cells;
/// - a frame at least one cell wide keeps at least one column, and the same for rows.
///
/// A frame narrower (or shorter) than one cell would round to nothing; it is given the one
/// cell that holds its midpoint instead, because an element that exists must be visible.
/// Such sub-cell frames are the only ones that may share a cell with a neighbour.
public struct CellMetrics: Hashable, Sendable {
  /// How many points one column spans at zoom 1.
  public var pointsPerColumn: Double
  /// How many points one row spans at zoom 1.
  public var pointsPerRow: Double
  /// Magnification: at zoom 2 a frame covers twice as many cells.
  public var zoom: Double

  /// One point per column and per row, zoom 1: layouts can think in cells.
  public static let identity = CellMetrics(pointsPerColumn: 1, pointsPerRow: 1, zoom: 1)

  /// Creates a mapping; all three values must be positive.
  public init(pointsPerColumn: Double, pointsPerRow: Double, zoom: Double = 1) {
    precondition(
      pointsPerColumn > 0 && pointsPerRow > 0 && zoom > 0,
      "CellMetrics needs positive points per column (\(pointsPerColumn)), points per row (\(pointsPerRow)) and zoom (\(zoom))"
    )
    self.pointsPerColumn = pointsPerColumn
    self.pointsPerRow = pointsPerRow
    self.zoom = zoom
  }

  /// The edge between columns that a horizontal coordinate rounds to.
  public func column(forX x: Double) -> Int {
    Self.roundEdge(x * zoom / pointsPerColumn)
  }

  /// The edge between rows that a vertical coordinate rounds to.
  public func row(forY y: Double) -> Int {
    Self.roundEdge(y * zoom / pointsPerRow)
  }

  /// The horizontal coordinate of a column's left edge.
  @inlinable
  public func x(forColumn column: Int) -> Double {
    Double(column) * pointsPerColumn / zoom
  }

  /// The vertical coordinate of a row's top edge.
  @inlinable
  public func y(forRow row: Int) -> Double {
    Double(row) * pointsPerRow / zoom
  }

  /// The width in points of `columns` columns.
  @inlinable
  public func width(ofColumns columns: Int) -> Double { Double(columns) * pointsPerColumn / zoom }

  /// The height in points of `rows` rows.
  @inlinable
  public func height(ofRows rows: Int) -> Double { Double(rows) * pointsPerRow / zoom }

  /// The point size of a grid of cells.
  public func size(for cells: CellSize) -> Size {
    Size(width: width(ofColumns: cells.columns), height: height(ofRows: cells.rows))
  }

  /// The cell a point at `position` lies in (for hit testing and focus geometry).
  public func cell(containing position: Point) -> CellPoint {
    CellPoint(
      column: Int((position.x * zoom / pointsPerColumn).rounded(.down)),
      row: Int((position.y * zoom / pointsPerRow).rounded(.down)))
  }

  /// The cells a frame covers, by the one rounding rule described on the type.
  public func cellRect(for frame: Rect) -> CellRect {
    let (column, columns) = Self.span(
      frame.minX * zoom / pointsPerColumn, frame.maxX * zoom / pointsPerColumn, isEmpty: frame.width <= 0)
    let (row, rows) = Self.span(
      frame.minY * zoom / pointsPerRow, frame.maxY * zoom / pointsPerRow, isEmpty: frame.height <= 0)
    return CellRect(column: column, row: row, columns: columns, rows: rows)
  }

  /// The frame in points that exactly covers a cell rectangle.
  @inlinable
  public func rect(for cells: CellRect) -> Rect {
    Rect(
      x: x(forColumn: cells.column), y: y(forRow: cells.row),
      width: width(ofColumns: cells.columns), height: height(ofRows: cells.rows))
  }

  // Round half up, with a hair of tolerance so that 2.4999999999 from a sum of spacings
  // lands where 2.5 would. Applied identically to every edge, so it stays monotonic.
  @inline(__always)
  static func roundEdge(_ scaled: Double) -> Int {
    let value = (scaled + 0.5 + 1e-9).rounded(.down)
    if value >= Double(Int.max / 2) { return Int.max / 2 }
    if value <= Double(Int.min / 2) { return Int.min / 2 }
    return Int(value)
  }

  @inline(__always)
  static func span(_ minEdge: Double, _ maxEdge: Double, isEmpty: Bool) -> (start: Int, count: Int) {
    let start = roundEdge(minEdge)
    let end = roundEdge(maxEdge)
    if end > start || isEmpty { return (start, Swift.max(0, end - start)) }
    // A real frame smaller than a cell: give it the cell that holds its midpoint.
    let middle = (minEdge + maxEdge) / 2
    return middle >= Double(start) ? (start, 1) : (start - 1, 1)
  }
}
