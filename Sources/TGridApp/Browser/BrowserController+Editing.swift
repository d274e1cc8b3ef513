import TGridJSON
import TermGrid

extension EditAction {
  /// Copy the jq path of the focused value.
  static let copyPath = EditAction(name: "copyPath", title: "Copy Path", accelerator: "h")
}

/// The collection view's delegate: selection feedback and the edit menu.
///
/// The menu acts on the selection (or the focused item). Copy puts the values' exact JSON
/// text on the pasteboard (typed, for pasting back losslessly) and on the system clipboard;
/// Cut, Paste and Delete change the document and are offered once editing and saving are in.
extension BrowserController: CollectionViewDelegate {
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    selectionDidChange()
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    selectionDidChange()
  }

  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {
    setNeedsDisplay()
  }

  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    true
  }

  func collectionView(_ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath) -> [EditAction] {
    EditAction.standard + [.copyPath]
  }

  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    switch action {
    case .copy: return !indexPaths.isEmpty
    case .copyPath: return indexPaths.count == 1
    case .selectAll: return true
    default: return false
    }
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    switch action {
    case .copy: copyValues(at: indexPaths)
    case .copyPath:
      guard let indexPath = indexPaths.first, let node = node(at: indexPath) else { return }
      copy(text: store.document.path(of: node).jq, items: [], description: "copied the path")
    case .selectAll: collectionView.selectAllItems()
    default: break
    }
    setNeedsDisplay()
  }

  /// The values' exact source text: one value as it is, several as a JSON array.
  func copyValues(at indexPaths: [IndexPath]) {
    let nodes = indexPaths.compactMap(node(at:))
    guard !nodes.isEmpty else { return }
    let texts = nodes.map { store.document.rawText(of: $0) }
    let text = texts.count == 1 ? texts[0] : "[" + texts.joined(separator: ", ") + "]"
    let items = texts.map { PasteboardItem(type: Self.jsonPasteboardType, text: $0) }
    let what = nodes.count == 1 ? "1 value" : "\(nodes.count) values"
    copy(text: text, items: items, description: "copied \(what) (\(Self.byteCount(text.utf8.count)))")
  }

  private func copy(text: String, items: [PasteboardItem], description: String) {
    do {
      try collectionView.pasteboard.copy(items, plainText: text)
      show(message: description)
    } catch {
      show(message: "\(description) inside tgrid; the system clipboard refused: \(error)")
    }
  }

  /// The pasteboard type of JSON values copied from a document, as exact source text.
  static let jsonPasteboardType = "application/json"

  static func byteCount(_ count: Int) -> String {
    if count < 1024 { return "\(count) B" }
    if count < 1024 * 1024 { return "\(count / 1024) KiB" }
    return "\(count / (1024 * 1024)) MiB"
  }
}
