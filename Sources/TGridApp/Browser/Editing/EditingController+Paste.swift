import TGridJSON
import TermGrid

/// Pasting: tgrid's own copies keep their exact text and keys; text from outside is read as
/// JSON; values go beside the focused value (or into an empty container), one undo step.
extension EditingController {
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
          (
            "y", "(y)es",
            { [unowned self] in
              self.paste([PastedValue(key: nil, text: quoted)], after: after)
              return nil
            }
          ),
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
        for child in editor.document.children(of: container) {
          if let key = editor.document.key(of: child) { taken.insert(key) }
        }
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
          try editor.insert(
            json: value.text, forKey: key, at: point.position + offset, in: point.parent, verbatim: verbatim))
      }
      return DocumentStore.Selection(focus: inserted.first, selected: inserted.count > 1 ? inserted : [])
    }
    guard done else { return false }
    restoreAfterEdit(DocumentStore.Selection(focus: inserted.first, selected: inserted.count > 1 ? inserted : []))
    let what = inserted.count == 1 ? "1 value" : "\(inserted.count) values"
    var text = "\(name.lowercased() == "paste" ? "pasted" : "inserted") \(what)"
    if let first = renamed.first {
      text +=
        renamed.count == 1
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
            json: editor.document.rawText(of: node), forKey: key, at: position + 1, in: store.id(parent), verbatim: true
          ))
      }
      return DocumentStore.Selection(focus: copies.last, selected: copies.count > 1 ? copies.reversed() : [])
    }
    if done {
      restoreAfterEdit(DocumentStore.Selection(focus: copies.last, selected: copies.count > 1 ? copies.reversed() : []))
      show(message: "duplicated \(copies.count == 1 ? "1 value" : "\(copies.count) values")")
    }
  }

}
