import TGridJSON
import TermGrid

/// Typing values and keys in the status line, and moving values among their siblings.
extension EditingController {
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
      self.editKeepingFocus(on: id, "Edit", message: "edited \(path)") { try $0.replace(id, withJSON: json) }
      return .close
    }
    setNeedsDisplay()
  }

  /// One edit of a value that keeps its id (typed anew, renamed): the focus stays on it
  /// and the status line says what was done.
  private func editKeepingFocus(
    on id: NodeID, _ name: String, message: String, _ change: (DocumentEditor) throws -> Void
  ) {
    let kept = DocumentStore.Selection(focus: id)
    guard
      edit(
        name,
        { editor in
          try change(editor)
          return kept
        })
    else { return }
    restoreAfterEdit(kept)
    show(message: message)
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
      self.editKeepingFocus(on: id, "Rename", message: "renamed \"\(key)\" to \"\(newKey)\"") {
        try $0.rename(id, to: newKey)
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
    let target =
      presentation.movePosition(for: id, from: position, count: count, direction: direction)
      ?? (direction == .up || direction == .left ? position - 1 : position + 1)
    guard target >= 0, target < count, target != position else {
      show(message: "already at the \(target < position || target < 0 ? "start" : "end") of its container")
      return
    }
    let kept = selection
    if edit(
      "Move",
      { editor in
        try editor.move(id, to: target, in: parentID)
        return kept
      })
    {
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
      edit(
        "Move",
        { editor in
          try editor.move(id, to: position, in: parentID)
          return kept
        })
    else { return false }
    restoreAfterEdit(kept)
    show(message: "moved to position \(position + 1) of \(store.document.childCount(of: parent))")
    return true
  }
}
