import TermGridCore

extension CollectionView {
  /// The item the focus would move to from `indexPath` in `direction` (the layout's answer,
  /// else the nearest frame that way), without moving it: where a card dragged or moved
  /// with the keyboard in that direction lands.
  public func indexPathForItem(inDirection direction: FocusDirection, from indexPath: IndexPath) -> IndexPath? {
    guard isValid(indexPath) else { return nil }
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    let target =
      collectionViewLayout.indexPathForFocus(movingFrom: indexPath, direction: direction)
      ?? geometricFocusTarget(from: indexPath, direction: direction)
    return target == indexPath ? nil : target
  }
}
