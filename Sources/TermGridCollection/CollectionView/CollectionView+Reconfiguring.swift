import TermGridCore
import TermGridLayout
import TermGridViews

extension CollectionView {
  /// Updates the cells of items whose content changed, keeping the cells: UIKit's
  /// `reconfigureItems(at:)`.
  ///
  /// The data source is asked again for each visible item's cell
  /// (``CollectionViewDataSource/collectionView(_:cellForItemAt:)``), and its
  /// ``dequeueReusableCell(withReuseIdentifier:for:)`` returns the cell already on screen,
  /// without ``ReusableView/prepareForReuse()``, so the data source only sets what changed
  /// and the cell keeps its state. Nothing animates and no other item moves; a self-sizing
  /// cell is measured again. Items that are not on screen are skipped: their cells are made
  /// when they come into view. A data source that returns a cell of another reuse
  /// identifier replaces the old one. Use ``reloadItems(at:)`` for a new cell.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    guard let dataSource else { return }
    for indexPath in indexPaths {
      let key = ElementKey.cell(indexPath)
      guard let cell = visibleViews[key] as? Cell else { continue }
      reconfiguringCell = cell
      let configured = dataSource.collectionView(self, cellForItemAt: indexPath)
      reconfiguringCell = nil
      if configured !== cell {
        precondition(
          configured.reuseSlot >= 0,
          "collectionView(_:cellForItemAt:) must return a cell from dequeueReusableCell(withReuseIdentifier:for:) (index path \(indexPath))"
        )
        recycle(cell)
        visibleViews[key] = configured
      }
      // Applied and measured again in the next layout pass, and drawn again.
      configured.layoutAttributes = nil
      viewsChangedSinceDrawing.insert(ObjectIdentifier(configured))
      mirrorState(into: configured, at: indexPath)
    }
    setNeedsLayout()
  }

  /// Deselects an item from code without telling the delegate, as UIKit's
  /// `deselectItem(at:animated:)`. A terminal shows selection as a style, which changes
  /// at once: `animated` is accepted for the UIKit spelling and has no other effect.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    deselectItem(at: indexPath, notifyDelegate: false)
  }

  /// The item at a point of the content, in points (UIKit's `indexPathForItem(at:)`), or
  /// `nil` when no item is there. The layout's frames decide (the topmost item where
  /// several overlap), whether or not the item is on screen. For a screen cell (a mouse
  /// position) use ``indexPathForItem(atScreen:)``, which also sees items mid-animation
  /// where they are drawn.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    // A tiny rectangle: layouts answer for rectangles, and an empty one meets nothing.
    let probe = Rect(x: point.x, y: point.y, width: 1 / 1024, height: 1 / 1024)
    var found: LayoutAttributes?
    for element in collectionViewLayout.layoutAttributesForElements(in: probe)
    where element.category == .cell && !element.isHidden && element.alpha > 0 && element.frame.contains(point) {
      // Later elements are drawn over earlier ones of the same zIndex.
      if let current = found, current.zIndex > element.zIndex { continue }
      found = element
    }
    return found?.indexPath
  }
}
