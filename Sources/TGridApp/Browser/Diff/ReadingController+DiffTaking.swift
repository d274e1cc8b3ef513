import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// `<`: take A's side of the changes at and inside the selected (or focused) values.
  static let takeOldSide: CommandIdentifier = "takeOldSide"
  /// `>`: keep B's side of those changes (settled: their marks go).
  static let keepNewSide: CommandIdentifier = "keepNewSide"
}

/// Settling a diff's changes, as vim's diff mode does with `do` and `dp`: the browser shows
/// B, the document that is edited and saved, so `<` brings A's side of each change at or
/// inside the selected values into it (one undo step: a changed value gets its old value
/// back, an added one goes, a removed one comes back where it was, a moved one goes back to
/// its old place), and `>` keeps B's side and settles the change (its mark goes). The result
/// is saved as any edit is (`Ctrl-S` writes B; `:w PATH` writes it anywhere, A's path too).
extension ReadingController {
  /// The indices of the changes at or inside `targets` (and removals from them).
  private func stops(inside targets: [NodeID], of diff: DiffSession) -> [Int] {
    let wanted = Set(targets)
    return diff.stops.indices.filter { index in
      store.ancestry(of: diff.stops[index].target).contains(where: wanted.contains)
    }
  }

  /// `<` and `>`: take A's side, or keep B's, of the changes at and inside the values an
  /// edit acts on (the selection, else the focused value).
  func settleDiffChanges(takingOldSide: Bool) {
    let key = takingOldSide ? "<" : ">"
    guard let diff = diffForKeys(key, otherwise: "no diff here: \(key) takes a side of a change of tgrid diff A B")
    else { return }
    guard !store.showsOldSide else {
      context.show(message: DocumentStore.EditError.showingOldSide.description)
      return
    }
    let targets = context.editing.editTargets()
    let indices = stops(inside: targets, of: diff)
    guard !indices.isEmpty else {
      context.show(message: "no changes here (]c goes to the next one)")
      return
    }
    let count = indices.count
    let what = "\(count) change\(count == 1 ? "" : "s")"
    if takingOldSide {
      let (taken, skipped) = takeOldSide(of: indices.map { diff.stops[$0] }, from: diff.old)
      guard taken > 0 else {
        context.show(message: "nothing taken from \(diff.oldName): \(skipped) change(s) have no place in this document")
        return
      }
      if let current = store.diff, current === diff { store.diff = diff.dropStops(at: Set(indices), store: store) }
      context.refreshEveryPresentation()
      context.show(
        message: "took \(diff.oldName)'s side of \(taken) of \(what)"
          + (skipped > 0 ? " (\(skipped) have no place here)" : "") + " · u undoes")
    } else {
      diff.settle(indices.map { diff.stops[$0] })
      store.diff = diff.dropStops(at: Set(indices), store: store)
      context.refreshEveryPresentation()
      context.show(message: "kept \(store.name)'s side of \(what)")
    }
  }

  /// Edits the document so that A's side of every change at or inside each target is
  /// back (one undo step): a container with changes inside gets A's counterpart whole
  /// (exact, whatever was added, removed or moved in it), an added value goes, a changed
  /// one gets its old value, a moved one goes back to its old place (clamped).
  /// - Returns: how many changes were taken, and how many had no place in the document.
  private func takeOldSide(of stops: [DiffSession.Stop], from old: JSONDocument) -> (taken: Int, skipped: Int) {
    let targets = context.editing.editTargets()
    // Which container of A each target container was compared with: the comparison made again
    // on the document as it is (milliseconds for the documents people edit by hand).
    let comparison = JSONDiff(old: old, new: store.document)
    var counterparts: [NodeID: JSONNode] = [:]
    for target in targets {
      if let node = store.node(target), let counterpart = comparison.oldCounterpart(ofNew: node) {
        counterparts[target] = counterpart
      }
    }
    var taken = 0
    var skipped = 0
    let done = context.editing.edit("take the old side") { editor in
      for target in targets {
        let own = stops.filter { $0.target == target && $0.change.newNode != nil }
        let inside = stops.filter { store.ancestry(of: $0.target).contains(target) }
        if own.contains(where: { $0.kind == .added }) {
          try editor.remove(target)
          taken += inside.count
          continue
        }
        if let counterpart = counterparts[target] {
          try editor.replace(target, withJSON: old.rawText(of: counterpart))
          taken += inside.filter { !($0.target == target && $0.kind == .moved) }.count
        } else if let changed = own.first(where: { $0.kind == .changed }), let oldNode = changed.change.oldNode {
          try editor.replace(target, withJSON: old.rawText(of: oldNode))
          taken += 1
        } else if own.isEmpty && !inside.isEmpty {
          skipped += inside.count
        }
        if let moved = own.first(where: { $0.kind == .moved }) {
          if try moveBack(target, as: moved, from: old, editor: editor) { taken += 1 } else { skipped += 1 }
        }
      }
      return context.selection
    }
    return done ? (taken, skipped) : (0, skipped)
  }

  /// Moves a value back to where A had it: its old position in the container at its old
  /// parent path (clamped to what that container holds now).
  private func moveBack(
    _ target: NodeID, as stop: DiffSession.Stop, from old: JSONDocument, editor: DocumentEditor
  ) throws -> Bool {
    guard let oldNode = stop.change.oldNode, var parentPath = stop.change.oldPath, !parentPath.components.isEmpty
    else { return false }
    parentPath.components.removeLast()
    let document = editor.document
    guard let parent = document.node(at: parentPath), document.isContainer(parent) else { return false }
    let parentID = store.id(parent)
    let count = document.childCount(of: parent) - (store.parent(of: target) == parentID ? 1 : 0)
    let position = min(max(0, old.position(of: oldNode) ?? 0), count)
    try editor.move(target, to: position, in: parentID, key: old.key(of: oldNode))
    return true
  }
}
