/// Where a table cell or header sits in a ``TableLayout``-style grid of rows and columns,
/// carried in ``LayoutAttributes/info`` so views can stripe rows or mark a column.
public struct TableCellInfo: Hashable, Sendable {
  /// The row, from 0; -1 for the header row.
  public var row: Int
  /// The column, from 0; -1 for the row headers.
  public var column: Int

  /// Creates the position of a cell.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}
