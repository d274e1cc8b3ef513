import TGridJSON
import TermGrid

/// The edit menu (the browser is the collection view's delegate and hands the menu here).
///
/// The menu acts on the selection (or the focused value); each action is enabled only when
/// it applies (Paste when something is on the pasteboard, Rename Key on an object member,
/// nothing that edits while the file is still loading).
extension EditingController {
  /// The menu's actions, in the order it lists them.
  static let menuActions: [EditAction] = [
    .cut, .copy, .paste, .delete, .duplicate, .editValue, .renameKey, .copyPath, .selectAll,
  ]

  /// Whether a menu action applies to the items.
  func canPerform(_ action: EditAction, forItemsAt indexPaths: [IndexPath]) -> Bool {
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

  /// Carries out a menu action on the items.
  func perform(_ action: EditAction, forItemsAt indexPaths: [IndexPath]) {
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
