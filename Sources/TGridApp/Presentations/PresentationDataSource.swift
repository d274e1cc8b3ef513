import TermGrid

/// A presentation's data source as the collection view sees it: everything goes to the
/// presentation's own data source, and items are identified by the ``NodeID`` of the value
/// they show, so a switch between presentations matches the same values
/// (``CollectionView/setCollectionViewLayout(_:dataSource:animated:completion:)``).
final class PresentationDataSource: CollectionViewDataSource {
  private unowned let presentation: any Presentation
  /// The presentation it stands for.
  let presentationID: ObjectIdentifier

  init(presentation: any Presentation) {
    self.presentation = presentation
    presentationID = ObjectIdentifier(presentation)
  }

  private var inner: any CollectionViewDataSource { presentation.dataSource }

  func numberOfSections(in collectionView: CollectionView) -> Int { inner.numberOfSections(in: collectionView) }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    inner.collectionView(collectionView, numberOfItemsInSection: section)
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    inner.collectionView(collectionView, cellForItemAt: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    inner.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    inner.collectionView(collectionView, canMoveItemAt: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    inner.collectionView(collectionView, moveItemAt: source, to: destination)
  }

  func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable? {
    presentation.nodeID(at: indexPath).map { AnyHashable($0) }
  }

  func collectionView(_ collectionView: CollectionView, indexPathForItemWithIdentifier identifier: AnyHashable)
    -> IndexPath?
  {
    (identifier.base as? NodeID).flatMap { presentation.indexPath(for: $0, reveal: false) }
  }
}
