import TGridJSON
import TermGrid

/// The collection view's delegate: selection feedback and the edit menu.
///
/// The menu acts on the selection (or the focused value); each action is enabled only when
/// it applies (Paste when something is on the pasteboard, Rename Key on an object member,
/// nothing that edits while the file is still loading).
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
    [.cut, .copy, .paste, .delete, .duplicate, .editValue, .renameKey, .copyPath, .selectAll]
  }

  package func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    let ids = indexPaths.compactMap(presentation.nodeID(at:))
    let editable = !store.isLoading
    let removable = editable && !ids.isEmpty && !ids.contains(store.root)
    switch action {
    case .copy: return !ids.isEmpty
    case .copyPath: return ids.count == 1
    case .selectAll: return true
    case .cut, .delete, .duplicate: return removable
    case .paste:
      return editable && (collectionView.pasteboard.string != nil || pasteboardValues() != nil)
    case .editValue: return editable && ids.count == 1
    case .renameKey:
      guard editable, ids.count == 1, let node = store.node(ids[0]) else { return false }
      return store.document.key(of: node) != nil
    default: return false
    }
  }

  package func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    let ids = outermost(indexPaths.compactMap(presentation.nodeID(at:)))
    switch action {
    case .copy: copy(ids)
    case .copyPath:
      guard let id = ids.first, let node = store.node(id) else { return }
      copy(text: store.document.path(of: node).jq, items: [], description: "copied the path")
    case .selectAll: _ = presentation.perform(.selectAll) || collectionView.perform(.selectAll)
    case .cut: cut(ids)
    case .delete: remove(ids)
    case .duplicate: duplicate(ids)
    case .paste:
      // A terminal paste arrives as plain text on the pasteboard, like a paste from the
      // system clipboard; tgrid's own copies keep their exact text and keys.
      paste(after: true)
    case .editValue: editFocusedValue()
    case .renameKey: renameFocusedKey()
    default: break
    }
    setNeedsDisplay()
  }
}
