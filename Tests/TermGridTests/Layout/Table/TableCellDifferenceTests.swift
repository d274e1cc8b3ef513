import TermGrid
import Testing

/// ``TableCellDifference``: a table's cells keyed by row and column, so rows and columns
/// that come, go and move are one batch update.
@Suite struct TableCellDifferenceTests {
  /// Applies the difference to the old table's cells through the collection view's batch
  /// plan: every new cell must end where its row and column are.
  private func expectPlanGivesNewTable(
    oldRows: [String], oldColumns: [String], newRows: [String], newColumns: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let difference = TableCellDifference(
      oldRows: oldRows, oldColumns: oldColumns, newRows: newRows, newColumns: newColumns)
    var operations: [BatchOperation] = []
    if !difference.deletedItems.isEmpty { operations.append(.deleteItems(difference.deletedItems)) }
    if !difference.insertedItems.isEmpty { operations.append(.insertItems(difference.insertedItems)) }
    for move in difference.movedItems { operations.append(.moveItem(from: move.from, to: move.to)) }
    let plan = try BatchUpdatePlan(
      oldCounts: [oldRows.count * oldColumns.count], newCounts: [newRows.count * newColumns.count],
      operations: operations)
    for (row, rowName) in oldRows.enumerated() {
      for (column, columnName) in oldColumns.enumerated() {
        let old = IndexPath(item: row * oldColumns.count + column, section: 0)
        let expected = newRows.firstIndex(of: rowName).flatMap { newRow in
          newColumns.firstIndex(of: columnName).map { IndexPath(item: newRow * newColumns.count + $0, section: 0) }
        }
        #expect(
          plan.newIndexPath(for: old) == expected, "\(rowName).\(columnName)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func aColumnOnOneSideOnlyIsInsertedAndTheOthersMove() throws {
    let difference = TableCellDifference(
      oldRows: ["r1", "r2"], oldColumns: ["id", "color"], newRows: ["r1", "r2"], newColumns: ["id", "legacy", "color"])
    #expect(difference.insertedColumns == [1])
    #expect(difference.deletedColumns == [])
    #expect(difference.columnMap == [0, 2])
    #expect(difference.insertedItems.map(\.item) == [1, 4], "legacy's cell in each row")
    #expect(difference.deletedItems.isEmpty)
    // r1.id stays at 0; r1.color 1 → 2, r2.id 2 → 3, r2.color 3 → 5.
    #expect(difference.movedItems.map { [$0.from.item, $0.to.item] } == [[1, 2], [2, 3], [3, 5]])
    try expectPlanGivesNewTable(
      oldRows: ["r1", "r2"], oldColumns: ["id", "color"], newRows: ["r1", "r2"], newColumns: ["id", "legacy", "color"])
  }

  @Test func rowsAndColumnsComeGoAndMoveAtOnce() throws {
    try expectPlanGivesNewTable(
      oldRows: ["a", "b", "c", "e"], oldColumns: ["id", "name", "legacy", "size"],
      newRows: ["c", "a", "b", "d"], newColumns: ["id", "size", "name", "color"])
    try expectPlanGivesNewTable(oldRows: [], oldColumns: ["x"], newRows: ["a"], newColumns: ["y", "x"])
    try expectPlanGivesNewTable(oldRows: ["a", "b"], oldColumns: ["x", "y"], newRows: [], newColumns: [])
  }

  @Test func nothingChangedIsEmptyAndReloadedRowsReloadWhereTheyStay() {
    let same = TableCellDifference(oldRows: [1, 2], oldColumns: ["a"], newRows: [1, 2], newColumns: ["a"])
    #expect(same.isEmpty)
    let reloaded = TableCellDifference(
      oldRows: [1, 2, 3], oldColumns: ["a", "b"], newRows: [2, 1, 3], newColumns: ["a", "b"], reloadedRows: [1, 3])
    #expect(reloaded.reloadedItems.map(\.item) == [4, 5], "row 3 stays")
    #expect(reloaded.changedItemsAfterUpdate.map(\.item) == [2, 3], "row 1 moved: reconfigured after")
  }

  @Test func theLayoutOpensAnInsertedColumnAndClosesADeletedOne() {
    let fixture = TableFixture(rows: 2, widths: [4, 6])
    let difference = TableCellDifference(
      oldRows: ["r1", "r2"], oldColumns: ["id", "gone"], newRows: ["r1", "r2"], newColumns: ["id", "new", "gone2"])
    fixture.layout.prepareForColumnChanges(difference)
    // Deleted: column 1's cells close at their old place.
    let closing = fixture.layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 3, section: 0))
    #expect(closing?.frame == Rect(x: 5, y: 3, width: 0, height: 1), "r2.gone at x 5, closed")
    #expect(closing?.alpha == 0)
    #expect(
      fixture.layout.indexPathsToDeleteForSupplementaryView(ofKind: ElementKind.columnHeader).map(\.item) == [1])
    #expect(
      fixture.layout.indexPathsToInsertForSupplementaryView(ofKind: ElementKind.columnHeader).map(\.item) == [1, 2])
    fixture.layout.finalizeCollectionViewUpdates()
    #expect(fixture.layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 3, section: 0)) == nil)
    #expect(fixture.layout.indexPathsToInsertForSupplementaryView(ofKind: ElementKind.columnHeader).isEmpty)
  }
}
