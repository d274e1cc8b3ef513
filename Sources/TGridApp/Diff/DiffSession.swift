import TGridJSON

/// A diff shown in the browser on the new document (B): what each value of B is marked
/// with, the changes in document order as places to jump to (`]c`, `[c`), and which one the
/// person is at.
///
/// It is made once from a ``JSONDiff`` whose new side is the store's document as loaded, and
/// keeps the store's ``NodeID``s, so its marks stay on their values across edits. A removed
/// value has no place in B: it is counted on, and jumped to at, the nearest container of B
/// that held it (its parent, when that is still there), and the status line says what was
/// removed — a row of its own would be a value the document does not have.
final class DiffSession {
  /// What a value of B is marked with.
  struct Mark {
    /// What happened to the value itself, if anything.
    var kind: JSONDiff.ChangeKind?
    /// The old value's text for a changed value (`"x"`), where it came from for a move.
    var was: String?
    /// How many changes are at or below the value (removed children included).
    var changesInside = 0
    /// How many of its children were removed.
    var removedChildren = 0
  }

  /// One change as a place to jump to.
  struct Stop {
    /// The value of B to focus: the value itself, or the container that held a removed one.
    var target: NodeID
    /// What happened.
    var kind: JSONDiff.ChangeKind
    /// `.a.b ~ "x" → "y"`, `.tags[2] - "old"`, `.list[5] → .list[9]`.
    var text: String
    /// The change itself (its old side is a node of ``DiffSession/old``).
    var change: JSONDiff.Change
    /// What its mark says it was: the old value (changed), the old place (moved).
    var was: String?
  }

  /// The old document's name (A).
  let oldName: String
  /// Whether the store shows A in B's place and the marks are A's (``init(oldSideOf:session:store:)``):
  /// a removed value is marked on A's row, an added one counted on its container.
  let isOldSide: Bool
  /// The old document (A): what `<` takes values from.
  let old: JSONDocument
  /// How the documents were compared (compared again the same way after an edit).
  let options: JSONDiffOptions
  /// How each array of B that differs from its counterpart in A was aligned, by id.
  let alignments: [NodeID: JSONDiff.ArrayAlignment]
  /// The changes in document order.
  let stops: [Stop]
  /// The marks of B's values by id.
  let marks: [NodeID: Mark]
  /// `2 added, 1 removed, 3 changed, 1 moved`.
  let countsDescription: String
  /// The change the person last jumped to (an index into ``stops``).
  var current: Int?
  /// Whether only the changes and the way to them are shown (the rest folded away).
  var showsOnlyChanges = false

  /// Marks the store's document (B, as loaded: the diff's new side) with `diff`.
  init(diff: JSONDiff, oldName: String, store: DocumentStore, options: JSONDiffOptions = JSONDiffOptions()) {
    self.oldName = oldName
    isOldSide = false
    old = diff.old
    self.options = options
    var alignments: [NodeID: JSONDiff.ArrayAlignment] = [:]
    for alignment in diff.alignments { alignments[store.id(alignment.newNode)] = alignment }
    self.alignments = alignments
    countsDescription = diff.countsDescription
    var stops: [Stop] = []
    let new = diff.new
    let lines = diff.summaryLines()
    for (change, line) in zip(diff.changes, lines) {
      let target: NodeID
      var was: String?
      if let node = change.newNode {
        target = store.id(node)
        switch change.kind {
        case .changed: was = diff.preview(change.oldNode, in: diff.old, limit: 40)
        case .moved: was = change.oldPath?.jq
        default: break
        }
      } else {
        // Removed: the nearest container of B on the old path.
        var path = change.oldPath ?? JSONPath()
        var holder: JSONNode?
        while !path.components.isEmpty {
          path.components.removeLast()
          if let node = new.node(at: path) {
            holder = node
            break
          }
        }
        target = store.id(holder ?? new.root)
      }
      stops.append(Stop(target: target, kind: change.kind, text: Self.stopText(line), change: change, was: was))
    }
    marks = Self.marks(of: stops, in: store)
    self.stops = stops
  }

  /// The same diff from A's point of view, for the store showing A in B's place (ids of
  /// values both hold are B's): each removed, changed or moved value of A is marked on its
  /// own row (`-`, `~ 49.5 → 44.5`, `→ … → .list[9]`), an added one is counted on the
  /// container of A that B added it to. The stops are the same changes, in the same order.
  init(oldSideOf diff: JSONDiff, session: DiffSession, store: DocumentStore) {
    oldName = session.oldName
    isOldSide = true
    old = diff.old
    options = session.options
    var alignments: [NodeID: JSONDiff.ArrayAlignment] = [:]
    for alignment in diff.alignments { alignments[store.id(alignment.oldNode)] = alignment }
    self.alignments = alignments
    countsDescription = diff.countsDescription
    showsOnlyChanges = session.showsOnlyChanges
    var stops: [Stop] = []
    for (change, line) in zip(diff.changes, diff.summaryLines()) {
      let target: NodeID
      var was: String?
      if let node = change.oldNode {
        target = store.id(node)
        switch change.kind {
        case .changed: was = diff.preview(change.newNode, in: diff.new, limit: 40)
        case .moved: was = change.newPath?.jq
        default: break
        }
      } else {
        // Added: counted on the container of A that B's holder was compared with.
        let holder = change.newNode.flatMap { diff.new.parent(of: $0) }.flatMap { diff.oldCounterpart(ofNew: $0) }
        target = store.id(holder ?? diff.old.root)
      }
      stops.append(Stop(target: target, kind: change.kind, text: Self.stopText(line), change: change, was: was))
    }
    marks = Self.marks(of: stops, in: store, isOldSide: true)
    self.stops = stops
    settled = session.settled
  }

  /// The marks of B's values that a list of changes makes: each changed value's own, and a
  /// count on each of its ancestors (and on the holder of a removed one). On A's side
  /// (`isOldSide`) the other way round: an added value is counted on its holder.
  private static func marks(of stops: [Stop], in store: DocumentStore, isOldSide: Bool = false) -> [NodeID: Mark] {
    var marks: [NodeID: Mark] = [:]
    for stop in stops {
      if (isOldSide ? stop.change.oldNode : stop.change.newNode) != nil {
        var mark = marks[stop.target] ?? Mark()
        mark.kind = stop.kind
        mark.was = stop.was
        marks[stop.target] = mark
      } else {
        marks[stop.target, default: Mark()].removedChildren += 1
      }
      let isOwn = (isOldSide ? stop.change.oldNode : stop.change.newNode) != nil
      for ancestor in store.ancestry(of: stop.target) where ancestor != stop.target || !isOwn {
        marks[ancestor, default: Mark()].changesInside += 1
      }
    }
    return marks
  }

  /// `.a.b ~ "x" → "y"` from a summary line `.a.b: "x" → "y"`.
  private static func stopText(_ line: JSONDiff.SummaryLine) -> String {
    guard line.kind != .moved, let colon = line.text.firstRange(of: ": ") else { return line.marker + " " + line.text }
    return String(line.text[..<colon.lowerBound]) + " " + line.marker + " " + String(line.text[colon.upperBound...])
  }

  /// The same comparison made again between A and the store's document as it is now
  /// (after an edit, an undo), keeping what the person chose (only the changes shown).
  func comparedAgain(with store: DocumentStore) -> DiffSession {
    DiffSession(
      diff: JSONDiff(old: old, new: store.document, options: options), oldName: oldName, store: store,
      options: options
    ).keepingChoices(of: self, store: store)
  }

  /// This session (a comparison made again) with what the person chose in `previous`:
  /// only the changes shown or not, and the changes `>` settled left out.
  func keepingChoices(of previous: DiffSession, store: DocumentStore) -> DiffSession {
    showsOnlyChanges = previous.showsOnlyChanges
    settled = previous.settled
    guard !settled.isEmpty else { return self }
    let kept = Set(stops.indices.filter { settled.contains(Self.settledKey(of: stops[$0])) })
    return kept.isEmpty ? self : dropStops(at: kept, store: store)
  }

  /// The changes `>` kept B's side of (by kind and path): comparing again does not bring
  /// them back.
  private(set) var settled: Set<String> = []

  /// Notes that B's side of these changes is kept.
  func settle(_ stops: [Stop]) {
    for stop in stops { settled.insert(Self.settledKey(of: stop)) }
  }

  private static func settledKey(of stop: Stop) -> String {
    "\(stop.kind) \(stop.change.path.jq)"
  }

  /// The largest pair of documents compared again after every edit (bytes of both texts as
  /// read): a few milliseconds each. Above it the marks stay as first compared, and what
  /// `<` and `>` settle is dropped from them.
  static let comparesAgainUpToByteCount = 8 << 20

  /// Drops the changes settled by `<` or `>` (when the documents are too large to compare
  /// again after each edit).
  func dropStops(at indices: Set<Int>, store: DocumentStore) -> DiffSession {
    let kept = stops.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
    let session = DiffSession(
      oldName: oldName, old: old, options: options, alignments: alignments, stops: kept, store: store,
      showsOnlyChanges: showsOnlyChanges)
    session.settled = settled
    return session
  }

  /// A session from stops already made (``dropStops(at:store:)``): the marks are counted
  /// from them again.
  private init(
    oldName: String, old: JSONDocument, options: JSONDiffOptions, alignments: [NodeID: JSONDiff.ArrayAlignment],
    stops: [Stop], store: DocumentStore, showsOnlyChanges: Bool
  ) {
    self.oldName = oldName
    isOldSide = false
    self.old = old
    self.options = options
    self.alignments = alignments
    marks = Self.marks(of: stops, in: store)
    self.stops = stops
    var counts: [JSONDiff.ChangeKind: Int] = [:]
    for stop in stops { counts[stop.kind, default: 0] += 1 }
    countsDescription =
      stops.isEmpty
      ? "no differences"
      : "\(counts[.added] ?? 0) added, \(counts[.removed] ?? 0) removed, \(counts[.changed] ?? 0) changed, \(counts[.moved] ?? 0) moved"
    self.showsOnlyChanges = showsOnlyChanges
  }

  /// How the array (or the array the value is in) was aligned with A's:
  /// `aligned by key "id"`, `by LCS`, `by position (over budget)`; nil when it did not differ.
  func alignmentText(near id: NodeID, in store: DocumentStore) -> String? {
    // Nearest first, as ]a finds the array it aligns again.
    for candidate in store.ancestry(of: id) {
      guard let alignment = alignments[candidate] else { continue }
      return "aligned \(alignment.alignment)" + (alignment.exceededBudget ? " (LCS over budget)" : "")
    }
    return nil
  }

  /// The session compared again with one array of B aligned as asked (``JSONDiffOptions/alignmentChoices``).
  func aligning(arrayAt path: JSONPath, by alignment: JSONDiff.Alignment, in store: DocumentStore) -> DiffSession {
    var options = options
    options.alignmentChoices[path] = alignment
    return DiffSession(
      diff: JSONDiff(old: old, new: store.document, options: options), oldName: oldName, store: store,
      options: options
    ).keepingChoices(of: self, store: store)
  }

  /// The identity key an aligned array can be lined up by: the one it was aligned by, else
  /// `id`, `name` or `key` when A's first element has one.
  func identityKeyCandidate(near alignment: JSONDiff.ArrayAlignment) -> String? {
    if case .identityKey(let key) = alignment.alignment { return key }
    guard let first = old.children(of: alignment.oldNode).first(where: { _ in true }),
      old.kind(of: first) == .object
    else { return nil }
    return ["id", "name", "key"].first { key in old.child(forKey: key, of: first) != nil }
  }

  /// `diff: a.json → b.json · 12 changes`, the status line's name; while A is shown in B's
  /// place, `diff: showing A (old) · 12 changes`.
  func title(newName: String) -> String {
    let changes = "\(stops.count) change\(stops.count == 1 ? "" : "s")"
    return isOldSide ? "diff: showing A (old) · \(changes)" : "diff: \(oldName) → \(newName) · \(changes)"
  }

  /// What the other side has: `← "x"` (B's row: what A had), `→ "y"` (A's row: what B has).
  private var otherSideArrow: String { isOldSide ? " → " : " ← " }

  /// What a count of values only on the other side says: B's containers lost them, A's
  /// containers had them added in B.
  private var otherSideWord: String { isOldSide ? "added" : "removed" }

  /// A tree row's label with its value's marks: `~ name: "y" ← "x"`, `+ name: 1`,
  /// `→ name {3} ← .list[5]`, and on containers ` · 3 changes (1 removed)`.
  func decorate(_ label: String, of id: NodeID) -> String {
    guard let mark = marks[id] else { return label }
    var text = label
    if let kind = mark.kind {
      text = JSONDiff.marker(of: kind) + " " + text
      if let was = mark.was { text += otherSideArrow + was }
    }
    if mark.changesInside > 0 {
      text += " · \(mark.changesInside) change\(mark.changesInside == 1 ? "" : "s")"
      if mark.removedChildren > 0 { text += " (\(mark.removedChildren) \(otherSideWord))" }
    }
    return text
  }

  /// What a value's key starts with in a card's row (`~ `, `+ `, `→ `, `· ` for a container
  /// with changes inside), or nil when nothing changed there.
  func marker(of id: NodeID) -> String? {
    guard let mark = marks[id] else { return nil }
    if let kind = mark.kind { return JSONDiff.marker(of: kind) + " " }
    return mark.changesInside > 0 ? "· " : nil
  }

  /// A card's title marks: its own marker before it, the count of changes inside after it.
  func titleMarks(of id: NodeID) -> (marker: String, badge: String) {
    guard let mark = marks[id] else { return ("", "") }
    let marker = mark.kind.map { JSONDiff.marker(of: $0) + " " } ?? ""
    guard mark.changesInside > 0 else { return (marker, "") }
    return (marker, " · \(mark.changesInside) change\(mark.changesInside == 1 ? "" : "s")")
  }

  /// The theme's kind for a value's row (`added`, `changed`, `moved`; `removed` for a
  /// container that lost children and has no change of its own), or nil.
  func kind(of id: NodeID) -> String? {
    guard let mark = marks[id] else { return nil }
    if let kind = mark.kind { return kind.description }
    return mark.removedChildren > 0 ? otherSideWord : nil
  }

  /// The next change after (or before, `direction` -1) the current one, wrapping around;
  /// nil when there are none.
  func step(_ direction: Int) -> Int? {
    guard !stops.isEmpty else { return nil }
    guard let current else { return direction > 0 ? 0 : stops.count - 1 }
    return (current + direction + stops.count) % stops.count
  }

  /// `change 3/12: .a.b ~ "x" → "y"`.
  func statusText(of index: Int) -> String {
    "change \(index + 1)/\(stops.count): \(stops[index].text)"
  }
}
