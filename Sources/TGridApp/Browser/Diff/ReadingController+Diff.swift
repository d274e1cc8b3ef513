import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// `]`: the first key of `]c`, the next change of a diff.
  static let nextChangePrefix: CommandIdentifier = "nextChangePrefix"
  /// `[`: the first key of `[c`, the previous change of a diff.
  static let previousChangePrefix: CommandIdentifier = "previousChangePrefix"
}

/// Browsing a diff (`tgrid diff A B`): `]c` and `[c` go from change to change as in vim's
/// diff mode, and `z d` shows only the changes and the way to them. They are two-key
/// commands, so the reading controller, which owns the pending first key, carries them out;
/// what they work on is the store's ``DiffSession``.
extension ReadingController {
  /// The second key after `]` or `[`: `c` moves to the next or previous change.
  func performDiffKey(_ character: Character, after prefix: CommandIdentifier) {
    switch character {
    case "c": stepThroughDiff(prefix == .nextChangePrefix ? 1 : -1)
    case "a": changeAlignment(forward: prefix == .nextChangePrefix)
    default:
      context.show(
        message: "\(prefix == .nextChangePrefix ? "]" : "[")\(character): no such command (]c, [c, ]a, [a)")
    }
  }

  /// `]a` and `[a`: aligns the array around the focus with A's another way — by its
  /// identity key, by LCS, by position, in that order (`[a` the other way round) — and
  /// compares again. The choice is kept for that array (by its path in B) until changed.
  /// A large pair is compared again on a thread of its own, as at open: the old marks stay
  /// and edits wait until the new ones come.
  func changeAlignment(forward: Bool) {
    guard let diff = diffForKeys("]a and [a", otherwise: "no diff here: ]a and [a change how a diff's arrays line up"),
      store.pendingDiff == nil
    else {
      if store.diff != nil { context.show(message: "still comparing A with B: ]a and [a once the diff is ready") }
      return
    }
    guard !store.showsOldSide else {
      context.show(message: "A (old) is shown: ` shows B again, where ]a and [a line its arrays up with A's")
      return
    }
    guard let focused = focusedNodeID,
      let array = store.ancestry(of: focused).first(where: { diff.alignments[$0] != nil }),
      let alignment = diff.alignments[array], let node = store.node(array)
    else {
      context.show(message: "no array here differs from A's: ]a changes how one lines up")
      return
    }
    var order: [JSONDiff.Alignment] = [.longestCommonSubsequence, .positional]
    if let key = diff.identityKeyCandidate(near: alignment) { order.insert(.identityKey(key), at: 0) }
    let current = order.firstIndex(of: alignment.alignment) ?? 0
    let next = order[(current + (forward ? 1 : order.count - 1)) % order.count]
    let path = store.document.path(of: node)
    if store.comparesInTheBackground(with: diff.old) {
      var options = diff.options
      options.alignmentChoices[path] = next
      store.startComparing(with: diff.old, oldName: diff.oldName, options: options, keeping: diff)
      store.pendingDiff?.waker = context.waker
      context.show(message: "\(pathFormat.text(of: path)) aligned \(next) · comparing… (edits wait for it)")
      return
    }
    store.diff = diff.aligning(arrayAt: path, by: next, in: store)
    context.refreshEveryPresentation()
    let count = store.diff?.stops.count ?? 0
    context.show(
      message:
        "\(pathFormat.text(of: path)) aligned \(next) · \(count) change\(count == 1 ? "" : "s") (]a, [a: another way)")
  }

  /// Focuses the next (`direction` 1) or previous (-1) change, wrapping around, and says in
  /// the status line which it is and what changed. The place left goes on the jump list.
  func stepThroughDiff(_ direction: Int) {
    guard
      let diff = diffForKeys(
        "]c and [c", otherwise: "no diff here: ]c and [c move between the changes of tgrid diff A B")
    else { return }
    guard let index = diff.step(direction) else {
      context.show(message: "no differences")
      return
    }
    diff.current = index
    let target = diff.stops[index].target
    context.jumping { _ = context.focus(on: target) }
    context.show(message: diff.statusText(of: index))
  }

  /// `z d`: folds away everything but the changes and the way to each (the tree and the
  /// schematic; other views open the way to them), or, pressed again, shows everything.
  func toggleOnlyChanges() {
    guard let diff = diffForKeys("z d", otherwise: "no diff here: z d shows only the changes of tgrid diff A B") else {
      return
    }
    let presentation = context.presentation
    if diff.showsOnlyChanges {
      diff.showsOnlyChanges = false
      presentation.fold(toDepth: nil, in: context)
      context.show(message: "showing everything (z d: only the changes)")
      return
    }
    diff.showsOnlyChanges = true
    let kept = focusedNodeID
    presentation.fold(toDepth: 0, in: context)
    for stop in diff.stops { _ = context.focus(on: stop.target) }
    if let place = diff.current.map({ diff.stops[$0].target }) ?? kept ?? diff.stops.first?.target {
      _ = context.focus(on: place)
    }
    let count = diff.stops.count
    context.show(message: "only the \(count) change\(count == 1 ? "" : "s") and the way to them (z d: everything)")
  }

  /// The diff shown, or nil with a note: while A is still compared with B (`tgrid diff A B`
  /// on a large pair) the keys that need the diff say they wait for it; else `otherwise`.
  func diffForKeys(_ keys: String, otherwise note: String) -> DiffSession? {
    if let diff = store.diff { return diff }
    context.show(message: store.pendingDiff != nil ? "still comparing A with B: \(keys) once the diff is ready" : note)
    return nil
  }
}
