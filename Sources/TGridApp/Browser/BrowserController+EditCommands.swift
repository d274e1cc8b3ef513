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

/// Editing: every change goes through the store as one undo step, and comes back as a
/// batch update of the presentation. Commands act on the selection, or the focused value.
extension BrowserController {
  /// The pasteboard type of a value copied from a document: its exact source text.
  static let jsonPasteboardType = "application/json"
  /// The pasteboard type of an object member copied with its key: `{"key": value}`.
  static let memberPasteboardType = "application/vnd.tgrid.member+json"

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
        items.append(PasteboardItem(type: Self.memberPasteboardType, text: "{" + JSONStringEncoder.quoted(key) + ": " + raw + "}"))
      } else {
        items.append(PasteboardItem(type: Self.jsonPasteboardType, text: raw))
      }
      texts.append(clipboardText(of: node))
    }
    let text = texts.count == 1 ? texts[0] : "[" + texts.joined(separator: ", ") + "]"
    let what = nodes.count == 1 ? "1 value" : "\(nodes.count) values"
    copy(text: text, items: items, description: "\(verb) \(what) (\(Self.byteCount(text.utf8.count)))")
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
          message: "\(description) inside tgrid only: the terminal's clipboard (OSC 52) takes at most \(Self.byteCount(limit)); "
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

  // MARK: - Paste

  /// A value to paste: its JSON text, and its key when it was copied as a member.
  struct PastedValue {
    var key: String?
    var text: String
  }

  /// Where pasting puts values: the container and the position in it.
  struct InsertionPoint {
    var parent: NodeID
    var position: Int
  }

  /// Where a paste after (or before) the focused value goes: beside it in its container;
  /// into it when it is an empty object or array, or an expanded tree node (whose first
  /// child is the next row).
  func insertionPoint(after: Bool) -> InsertionPoint? {
    let document = store.document
    guard let focus = focusedNodeID, let node = store.node(focus) else {
      return presentation.emptyContainer.map { InsertionPoint(parent: $0, position: 0) }
    }
    // Into an empty container, before or after (where a cut of its last value left the
    // focus: `x` then `P` puts it back, as `dd` then `P` in vim).
    if document.kind(of: node).isContainer,
      document.childCount(of: node) == 0 || (after && presentation.showsChildren(of: focus))
    {
      return InsertionPoint(parent: focus, position: 0)
    }
    guard let parent = document.parent(of: node), let position = document.position(of: node) else {
      // The root: into it.
      return document.kind(of: node).isContainer
        ? InsertionPoint(parent: focus, position: after ? document.childCount(of: node) : 0) : nil
    }
    return InsertionPoint(parent: store.id(parent), position: after ? position + 1 : position)
  }

  /// The values on the pasteboard: tgrid's own (exact text, with keys), else its text
  /// read as JSON; `nil` with a message when there is nothing to paste.
  func pasteboardValues() -> [PastedValue]? {
    let pasteboard = collectionView.pasteboard
    let own = pasteboard.items.filter { $0.type == Self.jsonPasteboardType || $0.type == Self.memberPasteboardType }
    if !own.isEmpty {
      return own.compactMap { item -> PastedValue? in
        guard let text = item.text else { return nil }
        guard item.type == Self.memberPasteboardType else { return PastedValue(key: nil, text: text) }
        guard let member = try? JSONDocument(parsing: text), let value = member.child(at: 0, of: member.root) else {
          return PastedValue(key: nil, text: text)
        }
        return PastedValue(key: member.key(of: value), text: member.rawText(of: value))
      }
    }
    return nil
  }

  /// Pastes the pasteboard's values after (or before) the focused value.
  func paste(after: Bool) {
    if let values = pasteboardValues() {
      paste(values, after: after)
      return
    }
    guard let text = collectionView.pasteboard.string, !text.isEmpty else {
      show(message: "nothing to paste: copy (y) or cut (x) something first")
      return
    }
    pasteText(text, after: after)
  }

  /// Pastes text from outside (a terminal paste, the system clipboard): read as JSON (one
  /// value, or one per line); text that is not JSON is offered as a string.
  func pasteText(_ text: String, after: Bool = true) {
    do {
      let document = try JSONDocument(parsing: text)
      let values: [PastedValue]
      if document.isJSONLines {
        values = document.children(of: document.root).map { PastedValue(key: nil, text: document.rawText(of: $0)) }
      } else {
        values = [PastedValue(key: nil, text: document.rawText(of: document.root))]
      }
      paste(values, after: after)
    } catch {
      let quoted = JSONStringEncoder.quoted(text)
      prompt = .ask(
        "not JSON (\(error)): paste it as a string?",
        [
          ("y", "(y)es", { [unowned self] in self.paste([PastedValue(key: nil, text: quoted)], after: after); return nil }),
          ("n", "(n)o", { nil }),
        ])
      setNeedsDisplay()
    }
  }

  /// Inserts values at the insertion point: members keep their keys (a key that exists gets
  /// ` (2)`), bare values pasted into an object ask for a key first.
  func paste(_ values: [PastedValue], after: Bool) {
    guard !values.isEmpty else { return }
    guard let point = insertionPoint(after: after), let parent = store.node(point.parent) else {
      show(message: "nothing to paste into here")
      return
    }
    let isObject = store.document.kind(of: parent) == .object
    if isObject, values.contains(where: { $0.key == nil }) {
      prompt = .field("key for the pasted value: ") { [unowned self] key in
        guard !key.isEmpty else { return .keepOpen("a member needs a key") }
        self.insert(values.map { PastedValue(key: $0.key ?? key, text: $0.text) }, at: point, name: "Paste")
        return .close
      }
      setNeedsDisplay()
      return
    }
    insert(values, at: point, name: "Paste")
  }

  /// Inserts values at a point as one undo step, selecting them.
  @discardableResult
  func insert(_ values: [PastedValue], at point: InsertionPoint, name: String, verbatim: Bool = false) -> Bool {
    var renamed: [(String, String)] = []
    var inserted: [NodeID] = []
    let done = edit(name) { editor in
      let container = try editor.node(point.parent)
      let isObject = editor.document.kind(of: container) == .object
      var taken = Set<String>()
      if isObject {
        for child in editor.document.children(of: container) { if let key = editor.document.key(of: child) { taken.insert(key) } }
      }
      for (offset, value) in values.enumerated() {
        var key: String?
        if isObject {
          let wanted = value.key ?? "value"
          let unique = Self.uniqueKey(wanted, avoiding: taken)
          if unique != wanted { renamed.append((wanted, unique)) }
          taken.insert(unique)
          key = unique
        }
        inserted.append(
          try editor.insert(json: value.text, forKey: key, at: point.position + offset, in: point.parent, verbatim: verbatim))
      }
      return DocumentStore.Selection(focus: inserted.first, selected: inserted.count > 1 ? inserted : [])
    }
    guard done else { return false }
    restoreAfterEdit(DocumentStore.Selection(focus: inserted.first, selected: inserted.count > 1 ? inserted : []))
    let what = inserted.count == 1 ? "1 value" : "\(inserted.count) values"
    var text = "\(name.lowercased() == "paste" ? "pasted" : "inserted") \(what)"
    if let first = renamed.first {
      text += renamed.count == 1
        ? "; \"\(first.0)\" existed: pasted as \"\(first.1)\"" : "; \(renamed.count) keys existed and were renamed"
    }
    show(message: text)
    return true
  }

  /// `name`, or `name (2)`, `name (3)`… whichever is not taken.
  static func uniqueKey(_ name: String, avoiding taken: Set<String>) -> String {
    guard taken.contains(name) else { return name }
    var number = 2
    while taken.contains("\(name) (\(number))") { number += 1 }
    return "\(name) (\(number))"
  }

  /// Inserts a copy of each value right after it.
  func duplicate(_ ids: [NodeID]) {
    var copies: [NodeID] = []
    let done = edit("Duplicate") { editor in
      for id in ids.reversed() {
        let node = try editor.node(id)
        guard let parent = editor.document.parent(of: node), let position = editor.document.position(of: node) else {
          throw DocumentStore.EditError.refused("the top-level value cannot be duplicated")
        }
        var key = editor.document.key(of: node)
        if let wanted = key {
          let taken = Set(editor.document.children(of: parent).compactMap { editor.document.key(of: $0) })
          key = Self.uniqueKey(wanted, avoiding: taken)
        }
        copies.append(
          try editor.insert(
            json: editor.document.rawText(of: node), forKey: key, at: position + 1, in: store.id(parent), verbatim: true))
      }
      return DocumentStore.Selection(focus: copies.last, selected: copies.count > 1 ? copies.reversed() : [])
    }
    if done {
      restoreAfterEdit(DocumentStore.Selection(focus: copies.last, selected: copies.count > 1 ? copies.reversed() : []))
      show(message: "duplicated \(copies.count == 1 ? "1 value" : "\(copies.count) values")")
    }
  }

  // MARK: - Typing values

  /// Asks for a new value (and, in an object, its key first) to insert after the focus.
  func insertNewValue() {
    guard let point = insertionPoint(after: true), let parent = store.node(point.parent) else {
      show(message: "nothing to insert into here")
      return
    }
    let ask = { [unowned self] (key: String?) -> StatusPrompt in
      .field("new value (JSON): ") { text in
        do {
          _ = try JSONDocument(parsing: text, options: JSONParseOptions(mode: .json))
        } catch {
          return .keepOpen("\(error)")
        }
        self.insert([PastedValue(key: key, text: text)], at: point, name: "Insert")
        return .close
      }
    }
    if store.document.kind(of: parent) == .object {
      prompt = .field("new key: ") { key in
        guard !key.isEmpty else { return .keepOpen("a member needs a key") }
        return .next(ask(key))
      }
    } else {
      prompt = ask(nil)
    }
    setNeedsDisplay()
  }

  /// Edits the focused value in the status line: a string as its text (escapes are
  /// written for you), anything else as JSON text, checked before it is accepted.
  func editFocusedValue() {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    let document = store.document
    let isString = document.kind(of: node) == .string
    let start: String
    if isString {
      start = document.string(of: node) ?? ""
    } else if document.kind(of: node).isContainer {
      start = document.formattedText(of: node, style: .compact)
    } else {
      start = document.rawText(of: node)
    }
    let path = document.path(of: node).jq
    prompt = .field("\(path) = ", text: start) { [unowned self] text in
      let json: String
      if isString {
        json = JSONStringEncoder.quoted(text)
      } else {
        do {
          _ = try JSONDocument(parsing: text, options: JSONParseOptions(mode: .json))
        } catch {
          return .keepOpen("\(error)")
        }
        json = text
      }
      guard json != self.store.node(id).map(self.store.document.rawText(of:)) else { return .close }
      if self.edit("Edit", { editor in
        try editor.replace(id, withJSON: json)
        return DocumentStore.Selection(focus: id)
      }) {
        self.restoreAfterEdit(DocumentStore.Selection(focus: id))
        self.show(message: "edited \(path)")
      }
      return .close
    }
    setNeedsDisplay()
  }

  /// Renames the focused member.
  func renameFocusedKey() {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    guard let key = store.document.key(of: node) else {
      show(message: "only an object member has a key to rename")
      return
    }
    prompt = .field("rename \"\(key)\" to: ", text: key) { [unowned self] newKey in
      guard !newKey.isEmpty else { return .keepOpen("a key cannot be empty") }
      guard newKey != key else { return .close }
      if let parent = self.store.node(id).flatMap(self.store.document.parent(of:)),
        self.store.document.children(of: parent).contains(where: { self.store.document.key(of: $0) == newKey })
      {
        return .keepOpen("\"\(newKey)\" exists in this object")
      }
      if self.edit("Rename", { editor in
        try editor.rename(id, to: newKey)
        return DocumentStore.Selection(focus: id)
      }) {
        self.restoreAfterEdit(DocumentStore.Selection(focus: id))
        self.show(message: "renamed \"\(key)\" to \"\(newKey)\"")
      }
      return .close
    }
    setNeedsDisplay()
  }

  // MARK: - Moving

  /// Moves the focused value: up/left one place earlier, down/right one later (in the
  /// grid, to where the card in that direction is).
  func moveFocusedValue(_ direction: FocusDirection) {
    guard let id = focusedNodeID, let place = store.place(of: id) else {
      show(message: "the top-level value cannot be moved")
      return
    }
    let (parentID, position, count) = (place.parent, place.position, place.siblingCount)
    let target = presentation.movePosition(for: id, from: position, count: count, direction: direction)
      ?? (direction == .up || direction == .left ? position - 1 : position + 1)
    guard target >= 0, target < count, target != position else {
      show(message: "already at the \(target < position || target < 0 ? "start" : "end") of its container")
      return
    }
    let kept = selection
    if edit("Move", { editor in
      try editor.move(id, to: target, in: parentID)
      return kept
    }) {
      restoreAfterEdit(kept)
    }
  }

  /// Moves a value among its siblings to `position` (where it ends up), as one undo step,
  /// with the focus on it: a card dropped after a drag.
  @discardableResult
  func moveValue(_ id: NodeID, toPosition position: Int) -> Bool {
    guard !store.isLoading else {
      show(message: "the file is still loading")
      return false
    }
    guard let node = store.node(id), let parent = store.document.parent(of: node),
      store.document.position(of: node) != position
    else { return false }
    let parentID = store.id(parent)
    let kept = DocumentStore.Selection(focus: id, selected: selection.selected)
    guard
      edit("Move", { editor in
        try editor.move(id, to: position, in: parentID)
        return kept
      })
    else { return false }
    restoreAfterEdit(kept)
    show(message: "moved to position \(position + 1) of \(store.document.childCount(of: parent))")
    return true
  }

  // MARK: - Undo

  func undo() {
    guard !store.isLoading else {
      show(message: "the file is still loading")
      return
    }
    guard let transaction = store.undo() else {
      show(message: "nothing to undo")
      return
    }
    restoreAfterEdit(transaction.before)
    show(message: "undid \(transaction.name.lowercased())")
  }

  func redo() {
    guard let transaction = store.redo() else {
      show(message: "nothing to redo")
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
    selectionDidChange()
  }

  static func byteCount(_ count: Int) -> String {
    if count < 1024 { return "\(count) B" }
    if count < 1024 * 1024 { return "\(count / 1024) KiB" }
    return "\(count / (1024 * 1024)) MiB"
  }
}
