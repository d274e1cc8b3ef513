import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Choose the member that labels records (`L`).
  static let chooseLabel: CommandIdentifier = "chooseLabel"
}

/// Labels: which member of a record names it, in every view at once. By default the first
/// of `name`, `title`, `label`, `id`, `key` in any case (or a key ending in "name"), else
/// the first short string (``JSONPreview/titleMember(of:in:field:)``); `--label FIELD`,
/// `L` and `:label FIELD` choose one for the whole document.
extension ReadingController {
  /// `L`: asks for the member; Tab and Shift-Tab go through the focused record's keys, an
  /// empty answer goes back to choosing per record.
  func beginChoosingLabel() {
    let candidates = labelCandidates()
    let hooks = StatusPrompt.FieldHooks.cycling(through: candidates)
    context.prompt = .field("label records by: ", text: store.labelField ?? "", hooks: hooks) { [unowned self] text in
      let field = text.trimmingSpaces
      self.setLabelField(field.isEmpty ? nil : field)
      return .close
    }
    if let prompt = context.prompt, case .field(let field, _, _, _) = prompt {
      field.note =
        candidates.isEmpty
        ? "empty: name, title, label, id or key" : "Tab: " + candidates.prefix(6).joined(separator: " ")
    }
    context.setNeedsDisplay()
  }

  /// The keys of the focused record (or of the nearest object holding the focus) whose
  /// values can label it: strings and numbers.
  func labelCandidates() -> [String] {
    guard let id = focusedNodeID, let node = store.node(id) else { return [] }
    return scalarKeys(ofObjectAround: node)
  }

  /// The keys whose values are strings or numbers, of `node` or the nearest object around it.
  func scalarKeys(ofObjectAround node: JSONNode) -> [String] {
    var node = node
    let document = store.document
    while document.kind(of: node) != .object {
      guard let parent = document.parent(of: node) else { return [] }
      node = parent
    }
    var keys: [String] = []
    for member in document.children(of: node).prefix(JSONPreview.titleSearchLimit) {
      switch document.kind(of: member) {
      case .string, .number:
        if let key = document.key(of: member), !keys.contains(key) { keys.append(key) }
      default: continue
      }
    }
    return keys
  }

  /// Labels records by `field` (nil: chosen per record) in every view, the focus and
  /// selection kept. Without `announcing` (`--label`), only a field the focused record
  /// lacks is said.
  func setLabelField(_ field: String?, announcing: Bool = true) {
    store.labelField = field
    let kept = context.selection
    context.refreshEveryPresentation()
    context.restore(kept)
    if let field {
      let labelled =
        sampleRecord().map { JSONPreview.titleMember(of: $0, in: store.document, field: field) != nil } ?? true
      guard announcing || !labelled else { return }
      context.show(
        message: "records are labelled by \(JSONPreview.quoted(field))"
          + (labelled ? "" : " (the record here has no such member)"))
    } else if announcing {
      context.show(message: "records are labelled by name, title, label, id or key, else their first short string")
    }
  }

  /// A record to check a label field on: the one the focus is on or in, else the first
  /// record of the document's main array (the focus on the root, say).
  func sampleRecord() -> JSONNode? {
    let document = store.document
    var current = focusedNodeID.flatMap(store.node)
    for _ in 0..<Self.recordLabelSearchDepth {
      guard let node = current, let parent = document.parent(of: node) else { break }
      if document.key(of: node) == nil, document.kind(of: node) == .object { return node }
      current = parent
    }
    let main = GridModel.mainContainer(of: document.root, in: document)
    return store.shownChildren(of: main).prefix(JSONPreview.titleSearchLimit).first { document.kind(of: $0) == .object }
  }

  /// The label the status line adds: that of the record the focus is on or in (the
  /// nearest element that is an object with a title member; a member's key is in its path
  /// already, and the root is no record). A few levels up at most.
  func focusedRecordLabel(of node: JSONNode) -> String? {
    let document = store.document
    var current = node
    for _ in 0..<Self.recordLabelSearchDepth {
      guard let parent = document.parent(of: current) else { return nil }
      if document.key(of: current) == nil, document.kind(of: current) == .object {
        guard let title = JSONPreview.titleMember(of: current, in: document, field: store.labelField) else {
          return nil
        }
        return JSONPreview.inline(title, in: document, limit: 40)
      }
      current = parent
    }
    return nil
  }

  /// How far up the status line looks for the record around the focus.
  static let recordLabelSearchDepth = 8
}
