/// A position on the character grid.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
  /// The column, counted from 0 at the left.
  public var column: Int
  /// The row, counted from 0 at the top.
  public var row: Int

  /// Creates a cell position.
  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }

  public var description: String { "(\(column), \(row))" }
}

/// A number of columns and rows.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a grid size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  public var description: String { "\(columns)x\(rows)" }
}

/// A rectangle of character cells: `column ..< maxColumn` by `row ..< maxRow`.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  /// The leftmost column.
  public var column: Int
  /// The top row.
  public var row: Int
  /// The number of columns covered.
  public var columns: Int
  /// The number of rows covered.
  public var rows: Int

  /// The empty rectangle at the origin.
  public static let zero = CellRect(column: 0, row: 0, columns: 0, rows: 0)

  /// Creates a cell rectangle.
  @inlinable
  public init(column: Int, row: Int, columns: Int, rows: Int) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }

  /// A rectangle at the origin of the given size.
  public init(size: CellSize) {
    self.init(column: 0, row: 0, columns: size.columns, rows: size.rows)
  }

  /// One past the rightmost column.
  @inlinable
  public var maxColumn: Int { column + columns }
  /// One past the bottom row.
  @inlinable
  public var maxRow: Int { row + rows }
  /// The size in cells.
  public var size: CellSize { CellSize(columns: columns, rows: rows) }
  /// True when it covers no cell.
  @inlinable
  public var isEmpty: Bool { columns <= 0 || rows <= 0 }

  /// True when the cell lies inside.
  @inlinable
  public func contains(_ point: CellPoint) -> Bool {
    point.column >= column && point.column < maxColumn && point.row >= row && point.row < maxRow
  }

  /// True when the two share at least one cell.
  public func intersects(_ other: CellRect) -> Bool {
    column < other.maxColumn && other.column < maxColumn && row < other.maxRow
      && other.row < maxRow && !isEmpty && !other.isEmpty
  }

  /// The shared cells; empty (with zero size) when they do not intersect.
  @inlinable
  public func intersection(_ other: CellRect) -> CellRect {
    let c0 = Swift.max(column, other.column)
    let r0 = Swift.max(row, other.row)
    let c1 = Swift.min(maxColumn, other.maxColumn)
    let r1 = Swift.min(maxRow, other.maxRow)
    guard c1 > c0, r1 > r0 else { return CellRect(column: c0, row: r0, columns: 0, rows: 0) }
    return CellRect(column: c0, row: r0, columns: c1 - c0, rows: r1 - r0)
  }

  /// The rectangle moved by whole cells.
  @inlinable
  public func offsetBy(columns dc: Int, rows dr: Int) -> CellRect {
    CellRect(column: column + dc, row: row + dr, columns: columns, rows: rows)
  }

  /// The rectangle shrunk by whole cells on each side (never below zero size).
  public func insetBy(columns dc: Int, rows dr: Int) -> CellRect {
    CellRect(
      column: column + dc, row: row + dr,
      columns: Swift.max(0, columns - 2 * dc), rows: Swift.max(0, rows - 2 * dr))
  }

  public var description: String { "(\(column), \(row), \(columns)x\(rows))" }
}
