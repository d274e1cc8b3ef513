import TermGridCore
import TermGridViews

/// Provides a collection view's content: how many sections and items there are, and the
/// views that show them. The data source dequeues views; it never creates them itself.
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections. The default is 1.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// A configured cell for the item, from ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell
  /// A configured supplementary view of `kind` (header, footer, connector...), or `nil` to
  /// show nothing there. The default returns `nil`.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView?
  /// An identifier for the item that another data source showing the same thing would
  /// give it too (a database key, a document node's id), so
  /// ``CollectionView/setCollectionViewLayout(_:dataSource:animated:completion:)`` can
  /// match items across data sources. The default is `nil`: no identity.
  func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable?
  /// Where the item with `identifier` is, or `nil` when this data source does not show it.
  /// The default is `nil`.
  func collectionView(_ collectionView: CollectionView, indexPathForItemWithIdentifier identifier: AnyHashable)
    -> IndexPath?

  /// Whether the item may be moved interactively
  /// (``CollectionView/beginInteractiveMovementForItem(at:)``). The default is `false`.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// An interactive movement ended with the item at `sourceIndexPath` dropped at
  /// `destinationIndexPath` (where it ends up): update the model. The collection view then
  /// shows the item there itself, unless this call changed the collection view already (a
  /// batch update or a reload, as a data source whose model announces its own changes
  /// does). A data source that cannot make the move calls
  /// ``CollectionView/reloadData()`` instead, so the view keeps showing the model. The
  /// default does nothing.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? { nil }

  public func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable?
  {
    nil
  }

  public func collectionView(
    _ collectionView: CollectionView, indexPathForItemWithIdentifier identifier: AnyHashable
  ) -> IndexPath? { nil }

  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}
