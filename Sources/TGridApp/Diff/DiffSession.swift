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
  }

  /// The old document's name (A).
  let oldName: String
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
  init(diff: JSONDiff, oldName: String, store: DocumentStore) {
    self.oldName = oldName
    countsDescription = diff.countsDescription
    var marks: [NodeID: Mark] = [:]
    var stops: [Stop] = []
    let new = diff.new
    let lines = diff.summaryLines()
    for (change, line) in zip(diff.changes, lines) {
      let target: NodeID
      if let node = change.newNode {
        target = store.id(node)
        var mark = marks[target] ?? Mark()
        mark.kind = change.kind
        switch change.kind {
        case .changed: mark.was = diff.preview(change.oldNode, in: diff.old, limit: 40)
        case .moved: mark.was = change.oldPath?.jq
        default: break
        }
        marks[target] = mark
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
        marks[target, default: Mark()].removedChildren += 1
      }
      // The value's ancestors (and the holder of a removed one) count it.
      for ancestor in store.ancestry(of: target) where ancestor != target || change.newNode == nil {
        marks[ancestor, default: Mark()].changesInside += 1
      }
      stops.append(Stop(target: target, kind: change.kind, text: Self.stopText(line)))
    }
    self.marks = marks
    self.stops = stops
  }

  /// `.a.b ~ "x" → "y"` from a summary line `.a.b: "x" → "y"`.
  private static func stopText(_ line: JSONDiff.SummaryLine) -> String {
    guard line.kind != .moved, let colon = line.text.firstRange(of: ": ") else { return line.marker + " " + line.text }
    return String(line.text[..<colon.lowerBound]) + " " + line.marker + " " + String(line.text[colon.upperBound...])
  }

  /// `diff: a.json → b.json · 12 changes`, the status line's name.
  func title(newName: String) -> String {
    "diff: \(oldName) → \(newName) · \(stops.count) change\(stops.count == 1 ? "" : "s")"
  }

  /// A tree row's label with its value's marks: `~ name: "y" ← "x"`, `+ name: 1`,
  /// `→ name {3} ← .list[5]`, and on containers ` · 3 changes (1 removed)`.
  func decorate(_ label: String, of id: NodeID) -> String {
    guard let mark = marks[id] else { return label }
    var text = label
    if let kind = mark.kind {
      text = JSONDiff.marker(of: kind) + " " + text
      if let was = mark.was { text += " ← " + was }
    }
    if mark.changesInside > 0 {
      text += " · \(mark.changesInside) change\(mark.changesInside == 1 ? "" : "s")"
      if mark.removedChildren > 0 { text += " (\(mark.removedChildren) removed)" }
    }
    return text
  }

  /// The theme's kind for a value's row (`added`, `changed`, `moved`; `removed` for a
  /// container that lost children and has no change of its own), or nil.
  func kind(of id: NodeID) -> String? {
    guard let mark = marks[id] else { return nil }
    if let kind = mark.kind { return kind.description }
    return mark.removedChildren > 0 ? JSONDiff.ChangeKind.removed.description : nil
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
