import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// `` ` ``: shows A (a diff's old side) in B's place, or B again.
  static let switchDiffSide: CommandIdentifier = "switchDiffSide"
}

/// Switching between a diff's two sides (`` ` ``): the store shows A in B's place, and every
/// view follows as one batch update — the diffable data source applied to two documents.
/// A value both sides hold keeps its id (the diff's pairing), so its row, card or box
/// moves to its place in A; what only B holds goes, what only A holds comes. The focus stays
/// on the same value, or the nearest container the other side holds. A is read-only.
///
/// The pairing of a large pair is made on the comparison's thread, after the diff, and kept
/// until the document changes: `` ` `` pressed before it is ready (or while the pair is
/// compared) waits for it, and A shows when it comes; pressed again, it stays on B.
extension ReadingController {
  /// `` ` ``: A in B's place, or back.
  func switchDiffSide() {
    if let comparison = store.pendingDiff ?? store.pairingDiff {
      comparison.switchesSideWhenPaired.toggle()
      context.show(
        message: comparison.switchesSideWhenPaired
          ? "comparing A with B: ` shows A (old) once it is done (` again: stay on B)"
          : "` again: B stays shown")
      return
    }
    guard let diff = store.diff else {
      context.show(message: "no diff here: ` shows A (old) in place of B (new) in tgrid diff A B")
      return
    }
    if !store.showsOldSide, !store.hasSidePairing, !store.isLoading, store.comparesInTheBackground(with: diff.old) {
      // Edited since the comparison: A is paired with B as it is now, on a thread of its own.
      store.startComparing(with: diff.old, oldName: diff.oldName, options: diff.options, keeping: diff)
      store.pendingDiff?.switchesSideWhenPaired = true
      store.pendingDiff?.waker = context.waker
      context.show(message: "comparing A with B: ` shows A (old) once it is done (` again: stay on B)")
      return
    }
    let kept = context.selection
    // The focused value and its containers, nearest first: the first the other side holds
    // is focused there.
    let candidates = kept.focus.map { store.ancestry(of: $0) } ?? []
    let showingOld = !store.showsOldSide
    if showingOld {
      guard store.showOldSide() else {
        context.show(message: "` shows A once the file has loaded")
        return
      }
    } else {
      store.showNewSide()
    }
    let focus = candidates.first { store.node($0) != nil } ?? store.root
    context.restore(DocumentStore.Selection(focus: focus, selected: kept.selected.filter { store.node($0) != nil }))
    let oldName = store.diff?.oldName ?? "A"
    context.show(
      message: showingOld
        ? "showing A (old): \(oldName), read-only · ` shows B (new) again"
        : "showing B (new): \(store.name) · ` shows A (old)")
  }

  /// Takes what the comparison's thread finished, at the run loop's wake: the diff's marks
  /// (every view reads again), the pairing `` ` `` waited for (A shows now), or A's failure
  /// to load, which ends the browser with its message.
  /// - Returns: `.quit` when the browser ends, else nil.
  func takeFinishedComparison() -> EventResponse? {
    do {
      if try store.takeFinishedDiff() { context.refreshEveryPresentation() }
    } catch {
      context.loadFailure = error
      context.wantsToQuit = true
      return .quit
    }
    if store.takeFinishedPairing(), !store.showsOldSide { switchDiffSide() }
    return nil
  }
}
