extension JSONDiff {
  /// One line of the text summary: a change's marker and what to say about it.
  public struct SummaryLine: Sendable, Hashable {
    /// What happened.
    public var kind: ChangeKind
    /// `+` added, `-` removed, `~` changed, `→` moved: readable without colour.
    public var marker: String
    /// The path and the values: `.a.b: 1 → 2`, `.list[3]: {"id":3}`, `.list[5] → .list[9]`.
    public var text: String
  }

  /// The marker of a kind of change.
  public static func marker(of kind: ChangeKind) -> String {
    switch kind {
    case .added: "+"
    case .removed: "-"
    case .changed: "~"
    case .moved: "→"
    }
  }

  /// One line per change, in ``changes`` order: values as written, without the whitespace
  /// between tokens, cut to `valueLimit` bytes with `…`.
  public func summaryLines(valueLimit: Int = 60) -> [SummaryLine] {
    changes.map { change in
      let text: String
      switch change.kind {
      case .added:
        text = "\(change.path.jq): \(preview(change.newNode, in: new, limit: valueLimit))"
      case .removed:
        text = "\(change.path.jq): \(preview(change.oldNode, in: old, limit: valueLimit))"
      case .changed:
        text =
          "\(change.path.jq): \(preview(change.oldNode, in: old, limit: valueLimit)) → \(preview(change.newNode, in: new, limit: valueLimit))"
      case .moved:
        let from = change.oldPath?.jq ?? "."
        let to = change.newPath?.jq ?? "."
        text = "\(from) → \(to)" + (change.hasInnerChanges ? " (and changed:)" : "")
      }
      return SummaryLine(kind: change.kind, marker: JSONDiff.marker(of: change.kind), text: text)
    }
  }

  /// Notes about alignment: arrays aligned by position because of the budget.
  public var alignmentNotes: [String] {
    alignments.filter(\.exceededBudget).map { alignment in
      "\(path(of: alignment).jq): \(old.childCount(of: alignment.oldNode)) and \(new.childCount(of: alignment.newNode)) elements aligned by position (the LCS alignment is over its budget)"
    }
  }

  /// `2 added, 1 removed, 3 changed, 1 moved`, or `no differences`.
  public var countsDescription: String {
    guard !isEmpty else { return "no differences" }
    return "\(counts.added) added, \(counts.removed) removed, \(counts.changed) changed, \(counts.moved) moved"
  }

  /// A value's compact text, cut to `limit` bytes (on a character boundary) with `…`.
  public func preview(_ node: JSONNode?, in document: JSONDocument, limit: Int) -> String {
    guard let node else { return "" }
    var bytes: [UInt8] = []
    let isComplete = document.appendCompactText(of: node, to: &bytes, limit: limit)
    guard !isComplete || bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
    var cut = min(limit, bytes.count)
    // Not in the middle of a UTF-8 sequence.
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: bytes[..<cut], as: UTF8.self) + "…"
  }
}
