import TGridJSON
import TermGrid

/// The collection view's delegate: selection feedback, and the edit menu (handed to
/// ``EditingController``).
extension BrowserController: CollectionViewDelegate {
  package func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    selectionDidChange()
  }

  package func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    selectionDidChange()
  }

  /// An item that stands for no value of a list (an emptied grid section's card for its
  /// empty container) is never part of a selection: select-all counts the values.
  package func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    presentation.allowsSelection(at: indexPath)
  }

  package func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {
    setNeedsDisplay()
  }

  /// A dragged value stays among its siblings: in its own section.
  package func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    proposedIndexPath.section == originalIndexPath.section ? proposedIndexPath : currentIndexPath
  }

  package func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    true
  }

  package func collectionView(
    _ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath
  ) -> [EditAction] {
    EditingController.menuActions
  }

  package func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    editing.canPerform(action, forItemsAt: indexPaths)
  }

  package func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    editing.perform(action, forItemsAt: indexPaths)
  }
}

/// The browser as editing's context.
extension BrowserController: EditingContext {
  /// A card dropped after a drag: see ``EditingController/moveValue(_:toPosition:)``.
  @discardableResult
  func moveValue(_ id: NodeID, toPosition position: Int) -> Bool { editing.moveValue(id, toPosition: position) }
}

/// The browser as reading's context.
extension BrowserController: ReadingContext {
  /// Opens the focused value whole (presentations ask for it on Enter at a leaf).
  func viewFocusedValue() { reading.viewFocusedValue() }
}
