import TGridJSON
import TermGrid

/// The browser's collection view delegate: selection feedback, and the edit menu (handed to
/// ``EditingController``).
final class BrowserCollectionDelegate: CollectionViewDelegate {
  /// The browser.
  private unowned let browser: BrowserController

  init(browser: BrowserController) {
    self.browser = browser
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    browser.selectionDidChange()
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    browser.selectionDidChange()
  }

  /// An item that stands for no value of a list (an emptied grid section's card for its
  /// empty container) is never part of a selection: select-all counts the values.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    browser.presentation.allowsSelection(at: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {
    browser.setNeedsDisplay()
  }

  /// A dragged value stays among its siblings: in its own section.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    proposedIndexPath.section == originalIndexPath.section ? proposedIndexPath : currentIndexPath
  }

  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    true
  }

  func collectionView(
    _ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath
  ) -> [EditAction] {
    EditingController.menuActions
  }

  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    browser.editing.canPerform(action, forItemsAt: indexPaths)
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    browser.editing.perform(action, forItemsAt: indexPaths)
  }
}
