import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Choose the member whose value colours the schematic's boxes (`B`, `--kind`).
  static let chooseKindField: CommandIdentifier = "chooseKindField"
}

/// Kinds: which member of a record gives its box the talk's colours in the schematic
/// (critical, important, normal; ``JSONTreeProvider/kind(named:)``). `--kind FIELD` chooses
/// it at start, `B` at any time, as `w` chooses the timeline's lanes.
extension ReadingController {
  /// `B`: asks for the member; Tab and Shift-Tab go through the record's keys (the focused
  /// one, else the document's first), an empty answer goes back to hierarchies' own `kind`.
  func beginChoosingKindField() {
    let candidates = kindCandidates()
    let hooks = StatusPrompt.FieldHooks.cycling(through: candidates)
    let current = context.presentationOptions.kindField ?? ""
    context.prompt = .field("colour boxes by: ", text: current, hooks: hooks) { [unowned self] text in
      let field = text.trimmingSpaces
      self.setKindField(field.isEmpty ? nil : field)
      return .close
    }
    if let prompt = context.prompt, case .field(let field, _, _, _) = prompt {
      field.note =
        candidates.isEmpty
        ? "empty: a hierarchy's own kind" : "Tab: " + candidates.prefix(6).joined(separator: " ")
    }
    context.setNeedsDisplay()
  }

  /// The keys of the focused record (or of the document's first record when the focus is on
  /// no record) whose values can name a kind: strings and numbers.
  func kindCandidates() -> [String] {
    let document = store.document
    if let id = focusedNodeID, let node = store.node(id), node != document.root {
      let keys = scalarKeys(ofObjectAround: node)
      if !keys.isEmpty { return keys }
    }
    return sampleRecord().map(scalarKeys(ofObjectAround:)) ?? []
  }

  /// Colours the schematic's record boxes by `field` (nil: hierarchies' own `kind`), and
  /// says how the records it counts fall into the three kinds.
  func setKindField(_ field: String?) {
    var options = context.presentationOptions
    options.kindField = field
    context.presentationOptions = options
    guard let field else {
      context.show(message: "boxes are coloured by a hierarchy's own kind")
      return
    }
    context.show(message: "boxes are coloured by \(JSONPreview.quoted(field))" + kindCounts(of: field))
  }

  /// ` (2 critical · 1 important · 5 normal)` over the records beside the sample record
  /// (at most ``JSONPreview/titleSearchLimit``), or ` (no record here has it)`.
  private func kindCounts(of field: String) -> String {
    let document = store.document
    guard let record = sampleRecord(), let parent = document.parent(of: record) else { return "" }
    var counts: [String: Int] = [:]
    var found = false
    for sibling in document.children(of: parent).prefix(JSONPreview.titleSearchLimit)
    where document.kind(of: sibling) == .object {
      guard let member = document.child(forKey: field, of: sibling) else { continue }
      found = true
      counts[JSONTreeProvider.kind(named: JSONPreview.inline(member, in: document, limit: 40)), default: 0] += 1
    }
    guard found else { return " (no record here has it)" }
    let parts = ["critical", "important", TreeNodeKind.normal].compactMap { kind in
      counts[kind].map { "\($0) \(kind)" }
    }
    return " (" + parts.joined(separator: " · ") + ")"
  }
}
