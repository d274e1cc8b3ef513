import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Paste before the focused value (`P`).
  static let pasteBefore: CommandIdentifier = "pasteBefore"
  /// Insert a copy of the selected values after each of them.
  static let duplicate: CommandIdentifier = "duplicate"
  /// Insert a new value after the focused one, typed as JSON.
  static let insertValue: CommandIdentifier = "insertValue"
  /// Edit the focused value in the status line.
  static let editValue: CommandIdentifier = "editValue"
  /// Rename the focused member's key.
  static let renameKey: CommandIdentifier = "renameKey"
  /// Move the focused value one place earlier or later in its container, or (in the grid)
  /// to where the card in that direction is.
  static let moveItemUp: CommandIdentifier = "moveItemUp"
  static let moveItemDown: CommandIdentifier = "moveItemDown"
  static let moveItemLeft: CommandIdentifier = "moveItemLeft"
  static let moveItemRight: CommandIdentifier = "moveItemRight"
  /// Undo the last edit.
  static let undo: CommandIdentifier = "undo"
  /// Make the last undone edit again.
  static let redo: CommandIdentifier = "redo"
}

extension EditAction {
  /// Insert a copy after each selected value.
  static let duplicate = EditAction(name: "duplicate", title: "Duplicate", accelerator: "u")
  /// Edit the focused value.
  static let editValue = EditAction(name: "editValue", title: "Edit Value", accelerator: "e")
  /// Rename the focused member.
  static let renameKey = EditAction(name: "renameKey", title: "Rename Key", accelerator: "r")
  /// Copy the jq path of the focused value.
  static let copyPath = EditAction(name: "copyPath", title: "Copy Path", accelerator: "h")
}

/// What editing needs of the browser: the store, the collection view (its pasteboard, focus
/// and selection) and the presentation on screen, the status line (messages, prompts) and
/// frames.
protocol EditingContext: AnyObject {
  /// The document.
  var store: DocumentStore { get }
  /// The one collection view: focus, selection, the pasteboard.
  var collectionView: CollectionView { get }
  /// The presentation on screen (ids behind index paths, where a moved value goes).
  var presentation: any Presentation { get }
  /// The focused value.
  var focusedNodeID: NodeID? { get }
  /// Focus and selection, by id.
  var selection: DocumentStore.Selection { get }
  /// The status line's message, replaced by the next key (a cut keeps the copy's).
  var message: String? { get set }
  /// What the status line asks, if anything.
  var prompt: StatusPrompt? { get set }
  /// Shows a short message in the status line until the next key.
  func show(message: String)
  /// Asks for a frame.
  func setNeedsDisplay()
  /// Notes that the selection changed (the presentation hears of it once per frame).
  func selectionDidChange()
}

/// Editing: every change goes through the store as one undo step, and comes back as a
/// batch update of the presentation. Commands act on the selection, or the focused value:
/// cut, copy, paste, delete, duplicate, typing a value or a key, moving, undo and redo,
/// from keys or the edit menu.
///
/// It reaches the browser only through its ``EditingContext``; the pasteboard is the
/// collection view's.
final class EditingController {
  /// The commands editing carries out (cut, copy, paste and delete come through the
  /// collection view's edit menu).
  static let commands: Set<CommandIdentifier> = [
    .pasteBefore, .duplicate, .insertValue, .editValue, .renameKey, .moveItemUp, .moveItemDown, .moveItemLeft,
    .moveItemRight, .undo, .redo,
  ]
  /// The pasteboard type of a value copied from a document: its exact source text.
  static let jsonPasteboardType = "application/json"
  /// The pasteboard type of an object member copied with its key: `{"key": value}`.
  static let memberPasteboardType = "application/vnd.tgrid.member+json"

  /// The browser (the extensions in `EditingController+…` files reach it too).
  unowned let context: any EditingContext

  init(context: any EditingContext) {
    self.context = context
  }

  // The context's members under their own names (the code reads as it did on the browser).
  var store: DocumentStore { context.store }
  var collectionView: CollectionView { context.collectionView }
  var presentation: any Presentation { context.presentation }
  var focusedNodeID: NodeID? { context.focusedNodeID }
  var selection: DocumentStore.Selection { context.selection }
  var message: String? {
    get { context.message }
    set { context.message = newValue }
  }
  var prompt: StatusPrompt? {
    get { context.prompt }
    set { context.prompt = newValue }
  }
  func show(message: String) { context.show(message: message) }
  func setNeedsDisplay() { context.setNeedsDisplay() }

  /// Carries out one of ``commands``. - Returns: whether it was one.
  func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .pasteBefore: paste(after: false)
    case .duplicate: duplicate(editTargets())
    case .insertValue: insertNewValue()
    case .editValue: editFocusedValue()
    case .renameKey: renameFocusedKey()
    case .moveItemUp: moveFocusedValue(.up)
    case .moveItemDown: moveFocusedValue(.down)
    case .moveItemLeft: moveFocusedValue(.left)
    case .moveItemRight: moveFocusedValue(.right)
    case .undo: undo()
    case .redo: redo()
    default: return false
    }
    return true
  }

  // MARK: - What commands act on

  /// The values an edit acts on: the selection, else the focused value; in document
  /// order, and without values inside other selected values (they go with them).
  func editTargets() -> [NodeID] {
    let ids = collectionView.indexPathsForEditActions.compactMap(presentation.nodeID(at:))
    return outermost(ids)
  }

  /// The ids in document order, leaving out any inside another one of them.
  func outermost(_ ids: [NodeID]) -> [NodeID] {
    let nodes = ids.compactMap { id in store.node(id).map { (id, $0) } }.sorted { $0.1 < $1.1 }
    var result: [NodeID] = []
    var end = -1
    for (id, node) in nodes where node.index >= end {
      result.append(id)
      end = subtreeEnd(of: node)
    }
    return result
  }

  /// The tape index after a node's subtree.
  private func subtreeEnd(of node: JSONNode) -> Int {
    let document = store.document
    if let next = document.nextSibling(of: node) { return next.index }
    // The last child: its subtree ends where its parent's next sibling starts, or later.
    var current = node
    while let parent = document.parent(of: current) {
      if let next = document.nextSibling(of: parent) { return next.index }
      current = parent
    }
    return Int.max
  }

  /// Runs one command on the store, reporting refusals in the status line.
  @discardableResult
  func edit(_ name: String, _ body: (DocumentEditor) throws -> DocumentStore.Selection) -> Bool {
    do {
      let before = selection
      guard try store.perform(name, selection: before, body) != nil else { return false }
      return true
    } catch {
      show(message: "\(name.lowercased()): \(error)")
      return false
    }
  }

  // MARK: - Copy, cut, delete

  /// Copies values: each as its exact source text (with its key, for a member) on the
  /// pasteboard, and as text for other programs (one value re-indented from its first
  /// line, several as a JSON array).
  func copy(_ ids: [NodeID], verb: String = "copied") {
    let document = store.document
    let nodes = ids.compactMap(store.node)
    guard !nodes.isEmpty else { return }
    var items: [PasteboardItem] = []
    var texts: [String] = []
    for node in nodes {
      let raw = document.rawText(of: node)
      if let key = document.key(of: node) {
        items.append(
          PasteboardItem(type: Self.memberPasteboardType, text: "{" + JSONStringEncoder.quoted(key) + ": " + raw + "}"))
      } else {
        items.append(PasteboardItem(type: Self.jsonPasteboardType, text: raw))
      }
      texts.append(clipboardText(of: node))
    }
    // Read where a followed file is mapped: copied only if that is still what the
    // follower read (else the records leave).
    guard document.checkMappedText() else {
      show(
        message:
          "not \(verb): the followed file was truncated or written again where its records were read; they leave")
      return
    }
    let text = texts.count == 1 ? texts[0] : "[" + texts.joined(separator: ", ") + "]"
    let what = nodes.count == 1 ? "1 value" : "\(nodes.count) values"
    copy(text: text, items: items, description: "\(verb) \(what) (\(JSONPreview.byteCount(text.utf8.count)))")
  }

  /// A value's text for the system clipboard: as written when it is on one line, else
  /// laid out again from column 0 in the document's style (the source's lines keep the
  /// indentation of where they stood, which reads wrong once pasted elsewhere).
  func clipboardText(of node: JSONNode) -> String {
    let document = store.document
    let raw = document.rawText(of: node)
    guard raw.contains("\n") else { return raw }
    var style = document.formatStyle
    if !style.isMultiLine { style = .twoSpaces }
    return document.formattedText(of: node, style: style)
  }

  /// Copies, and says how it went: at once, or when a clipboard command (which runs in the
  /// background while keys keep working) ends.
  func copy(text: String, items: [PasteboardItem], description: String) {
    let pasteboard = collectionView.pasteboard
    var answered = false
    pasteboard.copy(items, plainText: text) { [weak self] result in
      answered = true
      guard let self else { return }
      switch result {
      case .success:
        self.show(message: description)
      case .failure(.tooLarge(_, let limit)) where limit == SystemClipboard.maximumOSC52Bytes:
        // Say once what happened and what to do.
        self.show(
          message:
            "\(description) inside tgrid only: the terminal's clipboard (OSC 52) takes at most \(JSONPreview.byteCount(limit)); "
            + "--clipboard-command 'xclip -selection clipboard' (or wl-copy, pbcopy) copies any size")
      case .failure(let error):
        self.show(message: "\(description) inside tgrid only: \(error)")
      }
    }
    if !answered { show(message: "\(description) · sending…") }
  }

  /// Copies the values, then removes them: one undo step.
  func cut(_ ids: [NodeID]) {
    guard !ids.isEmpty else { return }
    copy(ids, verb: "cut")
    let message = self.message
    if remove(ids, name: "Cut") { self.message = message }
  }

  /// What follows the last of the values and what precedes the first (or their parent):
  /// where the focus goes once they are removed.
  ///
  /// (A function of its own so that no copy of the document outlives it: a copy held while
  /// the edit runs would make the edit copy the whole tape.)
  private func neighbours(of ids: [NodeID]) -> (after: NodeID?, before: NodeID?) {
    let document = store.document
    let nodes = ids.compactMap(store.node)
    let after = nodes.last.flatMap(document.nextSibling(of:)).map(store.id)
    let before: NodeID? = nodes.first.flatMap { node -> NodeID? in
      guard let parent = document.parent(of: node), let position = document.position(of: node), position > 0 else {
        return document.parent(of: node).map(store.id)
      }
      return document.child(at: position - 1, of: parent).map(store.id)
    }
    return (after, before)
  }

  /// Removes values without copying them.
  @discardableResult
  func remove(_ ids: [NodeID], name: String = "Delete") -> Bool {
    guard !ids.isEmpty else { return false }
    let (after, before) = neighbours(of: ids)
    let done = edit(name) { editor in
      for id in ids.reversed() { try editor.remove(id) }
      return DocumentStore.Selection(focus: after ?? before)
    }
    if done {
      restoreAfterEdit(DocumentStore.Selection(focus: after ?? before))
      if name == "Delete" { show(message: "deleted \(ids.count == 1 ? "1 value" : "\(ids.count) values")") }
    }
    return done
  }

  // MARK: - Undo

  /// Undoes the last edit, putting focus and selection back where they were before it.
  func undo() {
    guard !store.isLoading else {
      show(message: "the file is still loading")
      return
    }
    guard let transaction = store.undo() else {
      show(
        message: store.undoName.map {
          store.isWaitingForChangedFile
            ? "\($0.lowercased()) was not undone: the followed file was truncated or written again where its"
              + " records were read; they leave"
            : "\($0.lowercased()) cannot be undone under the records that arrived since"
        } ?? "nothing to undo")
      return
    }
    restoreAfterEdit(transaction.before)
    show(message: "undid \(transaction.name.lowercased())")
  }

  /// Makes the last undone edit again, with the focus and selection it left.
  func redo() {
    guard let transaction = store.redo() else {
      show(
        message: store.redoName.map {
          store.isWaitingForChangedFile
            ? "\($0.lowercased()) was not redone: the followed file was truncated or written again where its"
              + " records were read; they leave"
            : "\($0.lowercased()) cannot be redone under the records that arrived since"
        } ?? "nothing to redo")
      return
    }
    restoreAfterEdit(transaction.after)
    show(message: "redid \(transaction.name.lowercased())")
  }

  /// After an edit's batch update: focus and selection where the command wants them.
  func restoreAfterEdit(_ selection: DocumentStore.Selection) {
    let view = collectionView
    view.clearSelection()
    for id in selection.selected {
      if let indexPath = presentation.indexPath(for: id, reveal: false) { view.selectItem(at: indexPath) }
    }
    if let focus = selection.focus, let indexPath = presentation.indexPath(for: focus, reveal: true) {
      view.focusItem(at: indexPath, scrollPosition: .nearest)
    }
    view.ensureFocus()
    context.selectionDidChange()
  }

}
