import TermGridCore
import TermGridViews

/// Expanding and collapsing the items of a section a diffable data source shows from a
/// ``SectionSnapshot``, as a person does in an outline (the Finder's list, a file tree):
/// Right expands the focused item (or, when it is expanded or has no children, moves on as
/// usual), Left collapses it (or, when it is collapsed, moves the focus to its parent), and
/// a click on a ``ListCell``'s outline disclosure expands or collapses that item without
/// selecting it. Each goes through the data source's
/// ``DiffableDataSource/sectionSnapshotHandlers``.
extension CollectionView {
  /// Right on an outline item: expands it when it is collapsed and has children.
  func expandFocusedOutlineItem() -> Bool {
    guard let outline = dataSource as? OutlineDataSource, let focused = indexPathForFocusedItem,
      let state = outline.outlineState(at: focused), state.isExpandable, !state.isExpanded
    else { return false }
    return outline.setExpanded(true, at: focused)
  }

  /// Left on an outline item: collapses it when it is expanded with children, or moves the
  /// focus to its parent.
  func collapseFocusedOutlineItem() -> Bool {
    guard let outline = dataSource as? OutlineDataSource, let focused = indexPathForFocusedItem,
      let state = outline.outlineState(at: focused)
    else { return false }
    if state.isExpanded, state.isExpandable {
      return outline.setExpanded(false, at: focused)
    }
    guard let parent = state.parent else { return false }
    focusItem(at: parent, scrollPosition: .nearest)
    return true
  }

  /// A click on a list cell's outline disclosure: expands or collapses its item.
  func toggleOutlineDisclosure(at indexPath: IndexPath, screenPoint: CellPoint) -> Bool {
    guard let outline = dataSource as? OutlineDataSource, let state = outline.outlineState(at: indexPath),
      let cell = cellForItem(at: indexPath) as? ListCell, let element = element(atScreen: screenPoint),
      element.category == .cell, element.indexPath == indexPath,
      cell.isOutlineDisclosure(atColumn: screenPoint.column - screenRect(for: element.frame).column)
    else { return false }
    return outline.setExpanded(!state.isExpanded, at: indexPath)
  }
}
