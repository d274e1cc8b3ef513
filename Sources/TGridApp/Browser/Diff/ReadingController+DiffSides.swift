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
extension ReadingController {
  /// `` ` ``: A in B's place, or back.
  func switchDiffSide() {
    guard store.diff != nil else {
      context.show(message: "no diff here: ` shows A (old) in place of B (new) in tgrid diff A B")
      return
    }
    guard store.pendingDiff == nil else {
      context.show(message: "still comparing: ` once the diff is ready")
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
}
