import TermGridCore
import TermGridLayout

extension CollectionView {
  /// Applies a table's ``TableCellDifference`` as one batch update: cells keyed by row and
  /// column move to their new places, those of rows and columns that came or went are
  /// inserted or deleted, and a ``TableLayout`` is told which columns changed first, so an
  /// inserted column slides open where it goes. The moved cells of reloaded rows are
  /// reconfigured once the update is applied.
  ///
  /// Update the data source before calling this (the difference was computed from the old
  /// and new rows and columns); `completion` runs when the animation ends.
  public func performBatchUpdates(applying difference: TableCellDifference, completion: ((Bool) -> Void)? = nil) {
    (collectionViewLayout as? TableLayout)?.prepareForColumnChanges(difference)
    performBatchUpdates(
      {
        if !difference.deletedItems.isEmpty { self.deleteItems(at: difference.deletedItems) }
        if !difference.insertedItems.isEmpty { self.insertItems(at: difference.insertedItems) }
        for move in difference.movedItems { self.moveItem(at: move.from, to: move.to) }
        if !difference.reloadedItems.isEmpty { self.reloadItems(at: difference.reloadedItems) }
      }, completion: completion)
    if !difference.changedItemsAfterUpdate.isEmpty { reconfigureItems(at: difference.changedItemsAfterUpdate) }
  }
}
