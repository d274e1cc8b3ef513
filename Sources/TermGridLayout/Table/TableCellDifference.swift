import TermGridCore

/// The difference between two states of a table whose cells are the items of one section in
/// row order (``TableLayout``'s index paths: item `row * columns + column`), with the cells
/// keyed by their row's and their column's identifiers rather than by place: a batch update
/// that animates rows and columns coming, going and moving at once.
///
/// A cell whose row and column are on both sides moves from its old index path to its new
/// one (and is left out when that is the same index path, so a table that changed little
/// names few cells); the cells of a row or column on one side only are deleted or inserted.
/// ``insertedColumns`` and ``deletedColumns`` say which columns came and went, for
/// ``TableLayout/prepareForColumnChanges(_:)``, so that an inserted column slides in where it
/// goes and a deleted one closes where it was. Rows given as reloaded have the cells that
/// stay in place reloaded; those that move are listed in ``changedItemsAfterUpdate`` to be
/// reconfigured once the update is applied (a batch update cannot move and reload the same
/// item).
///
/// ```swift
/// let difference = TableCellDifference(
///   oldRows: oldIDs, oldColumns: oldNames, newRows: newIDs, newColumns: newNames)
/// // Tells a table layout which columns change, applies the cells' changes as one batch
/// // update, then reconfigures `changedItemsAfterUpdate`.
/// collectionView.performBatchUpdates(applying: difference)
/// ```
///
/// Costs one pass over the old and the new cells (integer arithmetic per cell, a hash per
/// row and per column). Identifiers must be unique among rows and among columns.
public struct TableCellDifference: Sendable, Equatable {
  /// Cells whose row or column is gone, at their index paths before the update.
  public private(set) var deletedItems: [IndexPath] = []
  /// Cells whose row or column is new, at their index paths after the update.
  public private(set) var insertedItems: [IndexPath] = []
  /// Cells on both sides whose index path changed.
  public private(set) var movedItems: [ItemMove] = []
  /// Cells of reloaded rows that keep their index path, at it.
  public private(set) var reloadedItems: [IndexPath] = []
  /// Cells of reloaded rows that moved, at their index paths after the update: reconfigure
  /// them once the update is applied.
  public private(set) var changedItemsAfterUpdate: [IndexPath] = []
  /// The new index of each old column (nil: deleted).
  public private(set) var columnMap: [Int?] = []
  /// Columns only the new side has, at their new indexes.
  public private(set) var insertedColumns: [Int] = []
  /// Columns only the old side has, at their old indexes.
  public private(set) var deletedColumns: [Int] = []
  /// The number of columns before and after.
  public private(set) var oldColumnCount = 0
  public private(set) var newColumnCount = 0

  /// A cell moved from one index path to another.
  public struct ItemMove: Sendable, Hashable {
    /// Before the update.
    public var from: IndexPath
    /// After the update.
    public var to: IndexPath
  }

  /// Whether nothing changes.
  public var isEmpty: Bool {
    deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
      && changedItemsAfterUpdate.isEmpty
  }

  /// Compares two states of a table.
  /// - Parameters:
  ///   - oldRows, newRows: the rows' identifiers before and after, top to bottom.
  ///   - oldColumns, newColumns: the columns' identifiers (names) before and after, left to right.
  ///   - reloadedRows: rows whose cells' content changed.
  public init<Row: Hashable, Column: Hashable>(
    oldRows: [Row], oldColumns: [Column], newRows: [Row], newColumns: [Column], reloadedRows: Set<Row> = []
  ) {
    oldColumnCount = oldColumns.count
    newColumnCount = newColumns.count
    var newColumnIndex: [Column: Int] = [:]
    newColumnIndex.reserveCapacity(newColumns.count)
    for (index, column) in newColumns.enumerated() { newColumnIndex[column] = index }
    columnMap = oldColumns.map { newColumnIndex[$0] }
    let keptNewColumns = Set(columnMap.compactMap { $0 })
    insertedColumns = newColumns.indices.filter { !keptNewColumns.contains($0) }
    deletedColumns = oldColumns.indices.filter { columnMap[$0] == nil }
    var newRowIndex: [Row: Int] = [:]
    newRowIndex.reserveCapacity(newRows.count)
    for (index, row) in newRows.enumerated() { newRowIndex[row] = index }
    let oldWidth = oldColumns.count
    let newWidth = newColumns.count
    var keptNewRows = [Bool](repeating: false, count: newRows.count)
    for (oldRow, row) in oldRows.enumerated() {
      let base = oldRow * oldWidth
      guard let newRow = newRowIndex[row] else {
        for column in 0..<oldWidth { deletedItems.append(IndexPath(item: base + column, section: 0)) }
        continue
      }
      keptNewRows[newRow] = true
      let reloads = !reloadedRows.isEmpty && reloadedRows.contains(row)
      for column in 0..<oldWidth {
        let old = IndexPath(item: base + column, section: 0)
        guard let newColumn = columnMap[column] else {
          deletedItems.append(old)
          continue
        }
        let new = IndexPath(item: newRow * newWidth + newColumn, section: 0)
        if new == old {
          if reloads { reloadedItems.append(old) }
        } else {
          movedItems.append(ItemMove(from: old, to: new))
          if reloads { changedItemsAfterUpdate.append(new) }
        }
      }
    }
    for (newRow, isKept) in keptNewRows.enumerated() {
      let base = newRow * newWidth
      if isKept {
        for column in insertedColumns { insertedItems.append(IndexPath(item: base + column, section: 0)) }
      } else {
        for column in 0..<newWidth { insertedItems.append(IndexPath(item: base + column, section: 0)) }
      }
    }
    insertedItems.sort { $0.item < $1.item }
  }
}
