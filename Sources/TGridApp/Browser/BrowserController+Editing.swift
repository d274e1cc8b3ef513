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

/// The browser as editing's context, and the names editing had on the browser (the
/// presentations, the other commands and tests use them).
extension BrowserController: EditingContext {
  /// See ``EditingController/jsonPasteboardType``.
  static let jsonPasteboardType = EditingController.jsonPasteboardType
  /// See ``EditingController/memberPasteboardType``.
  static let memberPasteboardType = EditingController.memberPasteboardType

  /// The values an edit acts on: see ``EditingController/editTargets()``.
  func editTargets() -> [NodeID] { editing.editTargets() }

  /// Copies values: see ``EditingController/copy(_:verb:)``.
  func copy(_ ids: [NodeID], verb: String = "copied") { editing.copy(ids, verb: verb) }

  /// Copies text: see ``EditingController/copy(text:items:description:)``.
  func copy(text: String, items: [PasteboardItem], description: String) {
    editing.copy(text: text, items: items, description: description)
  }

  /// Copies the values, then removes them: one undo step.
  func cut(_ ids: [NodeID]) { editing.cut(ids) }

  /// Pastes the pasteboard's values after (or before) the focused value.
  func paste(after: Bool) { editing.paste(after: after) }

  /// Pastes text from outside: see ``EditingController/pasteText(_:after:)``.
  func pasteText(_ text: String, after: Bool = true) { editing.pasteText(text, after: after) }

  /// Inserts a copy of each value right after it.
  func duplicate(_ ids: [NodeID]) { editing.duplicate(ids) }

  /// A card dropped after a drag: see ``EditingController/moveValue(_:toPosition:)``.
  @discardableResult
  func moveValue(_ id: NodeID, toPosition position: Int) -> Bool { editing.moveValue(id, toPosition: position) }

  /// Undoes the last edit.
  func undo() { editing.undo() }

  /// Makes the last undone edit again.
  func redo() { editing.redo() }
}
