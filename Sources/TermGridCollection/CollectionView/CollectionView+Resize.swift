import TermGridCore

extension CollectionView {
  /// Moves the collection view to a new frame after the terminal changed size: the layout
  /// is asked whether to invalidate (``CollectionLayout/shouldInvalidateLayout(forBoundsChange:)``),
  /// lays out again, and the focused item is scrolled back into view. Any size works, down
  /// to nothing at all.
  public func resize(to newFrame: CellRect) {
    let clamped = CellRect(
      column: newFrame.column, row: newFrame.row, columns: max(0, newFrame.columns), rows: max(0, newFrame.rows))
    guard clamped != frame else { return }
    frame = clamped
    layoutIfNeeded()
    if let focused = indexPathForFocusedItem, isValid(focused), !clamped.isEmpty {
      scrollToItem(at: focused, at: .nearest)
    }
    needsDisplay = true
  }
}
