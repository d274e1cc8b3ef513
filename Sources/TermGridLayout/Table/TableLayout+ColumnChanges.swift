import TermGridCore

extension TableLayout {
  /// What the layout keeps of a batch update's column changes until it is finalized: which
  /// columns come, go and move, and where the old ones were.
  struct PendingColumnChanges {
    /// The new index of each old column (nil: deleted).
    var columnMap: [Int?]
    /// New columns only the new side has.
    var insertedColumns: Set<Int>
    /// The old columns' left edges and widths, in content cells, as they were drawn.
    var oldLefts: [Int]
    var oldWidths: [Int]
    /// The old header row and the old body's geometry.
    var oldHeaderRow: Int
    var oldBodyTop: Int
    var oldRowPitch: Int
    var oldRowHeight: Int
    var metrics: CellMetrics

    /// Headers that go: deleted columns', and those of columns that changed places (their
    /// view goes to the new place as a new header).
    var headersDeleted: [Int] {
      columnMap.indices.filter { columnMap[$0] != $0 }
    }

    /// Headers that come: inserted columns', and those of columns that changed places.
    var headersInserted: [Int] {
      var result = Array(insertedColumns)
      for (old, new) in columnMap.enumerated() { if let new, new != old { result.append(new) } }
      return result.sorted()
    }

    /// The old column that moved to a new index (nil for an inserted column or one that
    /// kept its index).
    func oldColumn(movedTo new: Int) -> Int? {
      columnMap.firstIndex { $0 == new }.flatMap { $0 == new ? nil : $0 }
    }

    /// A frame closed to no width at its left edge.
    func closed(_ frame: Rect) -> Rect {
      Rect(x: frame.minX, y: frame.minY, width: 0, height: frame.height)
    }

    /// Where a cell of a deleted column was (nil for the cells of columns that stay: they
    /// fade where they were, as a deleted row does).
    func oldFrame(ofItem item: Int, layout: TableLayout) -> Rect? {
      let width = oldLefts.count
      guard width > 0, item >= 0 else { return nil }
      let (row, column) = (item / width, item % width)
      guard columnMap[column] == nil else { return nil }
      return metrics.rect(
        for: CellRect(
          column: oldLefts[column], row: oldBodyTop + row * oldRowPitch, columns: oldWidths[column],
          rows: max(1, oldRowHeight)))
    }

    /// Where an old column's header was (with `like`'s height when given).
    func oldHeaderFrame(ofColumn column: Int, like frame: Rect?) -> Rect {
      let rect = metrics.rect(
        for: CellRect(column: oldLefts[column], row: oldHeaderRow, columns: oldWidths[column], rows: 1))
      guard let frame else { return rect }
      return Rect(x: rect.minX, y: frame.minY, width: rect.width, height: frame.height)
    }
  }

  /// Tells the layout which columns the next batch update inserts, deletes and moves (a
  /// ``TableCellDifference``), before the update is applied: an inserted column's cells
  /// and header open from nothing at their place while the columns right of it slide over,
  /// a deleted column's close where they were, and a column that changed places brings its
  /// header along. Call it after the data source holds the new data and before
  /// `performBatchUpdates`; the layout forgets it when the update is finalized.
  ///
  /// Without it (or when the columns did not change) a table's batch update animates cells
  /// as any layout does: inserted ones fade in, deleted ones fade out, moved ones slide.
  public func prepareForColumnChanges(_ difference: TableCellDifference) {
    guard
      !difference.insertedColumns.isEmpty || !difference.deletedColumns.isEmpty
        || difference.columnMap.enumerated().contains(where: { $0.element != $0.offset }),
      difference.oldColumnCount == columnCount
    else {
      pendingColumnChanges = nil
      return
    }
    let visible = visibleCells
    pendingColumnChanges = PendingColumnChanges(
      columnMap: difference.columnMap, insertedColumns: Set(difference.insertedColumns),
      oldLefts: (0..<columnCount).map { columnLeft($0, visible: visible) }, oldWidths: columnWidths,
      oldHeaderRow: max(0, visible.row), oldBodyTop: bodyTop, oldRowPitch: rowPitch, oldRowHeight: rowHeight,
      metrics: metrics)
  }
}
