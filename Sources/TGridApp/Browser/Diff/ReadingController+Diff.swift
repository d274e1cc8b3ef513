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
    guard character == "c" else {
      context.show(message: "\(prefix == .nextChangePrefix ? "]" : "[")\(character): no such command (]c, [c)")
      return
    }
    stepThroughDiff(prefix == .nextChangePrefix ? 1 : -1)
  }

  /// Focuses the next (`direction` 1) or previous (-1) change, wrapping around, and says in
  /// the status line which it is and what changed. The place left goes on the jump list.
  func stepThroughDiff(_ direction: Int) {
    guard let diff = store.diff else {
      context.show(message: "no diff here: ]c and [c move between the changes of tgrid diff A B")
      return
    }
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
    guard let diff = store.diff else {
      context.show(message: "no diff here: z d shows only the changes of tgrid diff A B")
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
}
