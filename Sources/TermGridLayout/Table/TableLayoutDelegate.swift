import TermGridCore

/// What a ``TableLayout`` asks about the table's shape: how many columns, how wide each is,
/// and how wide the row headers are. Widths are in cells (terminal columns).
public protocol TableLayoutDelegate: AnyObject {
  /// The number of columns. The table's cells are the items of section 0 in row order:
  /// item `row * numberOfColumns + column`.
  func numberOfColumns(in tableLayout: TableLayout) -> Int
  /// The width of a column, in cells (at least 1 is used).
  func tableLayout(_ tableLayout: TableLayout, widthOfColumn column: Int) -> Int
  /// The width of the row headers pinned at the left, in cells; 0 (the default) for none.
  func widthOfRowHeaders(in tableLayout: TableLayout) -> Int
  /// How many columns, from the first, stay at the left when the table scrolls sideways;
  /// the default is the layout's ``TableLayout/frozenColumnCount``.
  func numberOfFrozenColumns(in tableLayout: TableLayout) -> Int
}

extension TableLayoutDelegate {
  public func widthOfRowHeaders(in tableLayout: TableLayout) -> Int { 0 }
  public func numberOfFrozenColumns(in tableLayout: TableLayout) -> Int { tableLayout.frozenColumnCount }
}
