import TermGridCore

/// Fetches data ahead of need: told which items are about to scroll into view, so data
/// that is slow to produce (a large file still loading, a remote source) can be on its way
/// before the data source is asked for their cells.
///
/// UIKit's `UICollectionViewDataSourcePrefetching`. Give it to
/// ``CollectionView/prefetchDataSource``. After each layout pass that moved the visible
/// area, the collection view looks one screen ahead in the direction the content last
/// scrolled (down and right at first, along each direction the content is larger than the
/// frame) and asks for the items there that it has not asked for yet. Items it asked for
/// that fall out of that area without being shown are cancelled; items that scroll into
/// view are simply shown (their cells come from the data source as always).
///
/// Both calls come on the run loop's thread, during a layout pass: start the work and
/// return. When data arrives on another thread, wake the run loop
/// (``RunLoopWaker/wake()``) and, on its thread, reload the items that show it
/// (``CollectionView/reloadItems(at:)``).
///
/// After ``CollectionView/reloadData()`` or a batch update the index paths asked for may
/// name other items: prefetching starts afresh, neither repeating nor cancelling what it
/// asked for before.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// Starts fetching the data of items about to be shown, nearest first.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// Stops fetching the data of items that are no longer about to be shown. Default:
  /// nothing.
  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
