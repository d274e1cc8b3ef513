import TermGridCore
import TermGridViews

extension CollectionView {
  /// The index path of a visible cell, or `nil` when the cell is not on screen (it is in
  /// the reuse queue, or its item was deleted and it is fading out).
  public func indexPath(for cell: Cell) -> IndexPath? {
    guard let attributes = cell.layoutAttributes, attributes.category == .cell else { return nil }
    // The view's own attributes say where it was drawn last; the table of visible views says
    // whether it still stands for that item (a batch update moves views between index paths
    // before the next pass applies their new attributes).
    if visibleViews[.cell(attributes.indexPath)] === cell { return attributes.indexPath }
    for (key, view) in visibleViews where view === cell {
      return key.category == .cell && !key.isGhost ? key.indexPath : nil
    }
    return nil
  }

  /// The visible supplementary views of one kind (headers, footers, connectors…), in
  /// index-path order. Views of deleted elements still fading out are left out.
  public func visibleSupplementaryViews(ofKind kind: String) -> [ReusableView] {
    visibleSupplementaryElements(ofKind: kind).map(\.view)
  }

  /// The index paths of the visible supplementary views of one kind, in order.
  public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
    visibleSupplementaryElements(ofKind: kind).map(\.indexPath)
  }

  /// The layout attributes of a supplementary element from the layout, whether or not it
  /// is on screen; `nil` when the layout has no such element.
  public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The visible supplementary views of a kind with their index paths, sorted.
  private func visibleSupplementaryElements(ofKind kind: String) -> [(indexPath: IndexPath, view: ReusableView)] {
    var found: [(indexPath: IndexPath, view: ReusableView)] = []
    for (key, view) in visibleViews where key.category == .supplementaryView && key.kind == kind {
      found.append((key.indexPath, view))
    }
    return found.sorted { $0.indexPath < $1.indexPath }
  }
}
