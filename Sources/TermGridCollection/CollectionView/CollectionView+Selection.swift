import TermGridCore

extension CollectionView {
  /// The selected items, in index order.
  public var indexPathsForSelectedItems: [IndexPath] { selectedIndexPaths.sorted() }

  /// The selected items in no particular order: cheaper than ``indexPathsForSelectedItems``
  /// when only counting or testing membership (a select-all over a million items).
  public var selectedItemSet: Set<IndexPath> { selectedIndexPaths }

  /// Whether an item is selected.
  public func isItemSelected(at indexPath: IndexPath) -> Bool { selectedIndexPaths.contains(indexPath) }

  /// The item a range selection extends from.
  public var anchorIndexPath: IndexPath? { selectionAnchor }

  /// The item being pressed, if any.
  public var indexPathForHighlightedItem: IndexPath? { highlightedIndexPath }

  /// Selects an item from code: no `should` question is asked, but `didSelect` is told,
  /// unless `notifyDelegate` is false. Single selection drops the previous one.
  public func selectItem(at indexPath: IndexPath, notifyDelegate: Bool = false, scrollPosition: ScrollPosition? = nil) {
    guard allowsSelection, isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for other in selectedIndexPaths where other != indexPath {
        deselectItem(at: other, notifyDelegate: notifyDelegate)
      }
    }
    if selectedIndexPaths.insert(indexPath).inserted, notifyDelegate {
      delegate?.collectionView(self, didSelectItemAt: indexPath)
    }
    selectionAnchor = indexPath
    selectionExtent = nil
    if let scrollPosition { scrollToItem(at: indexPath, at: scrollPosition) }
    refreshCellStates()
  }

  /// Deselects an item from code.
  public func deselectItem(at indexPath: IndexPath, notifyDelegate: Bool = false) {
    guard selectedIndexPaths.remove(indexPath) != nil else { return }
    if notifyDelegate { delegate?.collectionView(self, didDeselectItemAt: indexPath) }
    refreshCellStates()
  }

  /// Selects every item (multiple selection only), asking `shouldSelect` for each.
  public func selectAllItems() {
    guard allowsSelection, allowsMultipleSelection else { return }
    for section in 0..<numberOfSections {
      for item in 0..<numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        guard !selectedIndexPaths.contains(indexPath) else { continue }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { continue }
        selectedIndexPaths.insert(indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
      }
    }
    refreshCellStates()
  }

  /// Deselects everything, asking `shouldDeselect` for each.
  public func clearSelection() {
    for indexPath in selectedIndexPaths.sorted() {
      guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { continue }
      selectedIndexPaths.remove(indexPath)
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
    }
    selectionAnchor = nil
    selectionExtent = nil
    refreshCellStates()
  }

  // MARK: - The touch sequence

  /// A press began on an item (mouse down, or the first half of a key press): highlights it
  /// if the delegate agrees. Returns whether it was highlighted.
  @discardableResult
  public func beginPress(at indexPath: IndexPath) -> Bool {
    cancelPress()
    guard allowsSelection, isValid(indexPath) else { return false }
    guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return false }
    highlightedIndexPath = indexPath
    refreshCellStates()
    delegate?.collectionView(self, didHighlightItemAt: indexPath)
    return true
  }

  /// The press ended. In the guide's order the highlight goes first; then, if the press
  /// ended on the item it began on, the item is selected (or, with multiple selection,
  /// toggled off when it was already selected).
  public func endPress(at indexPath: IndexPath?) {
    guard let pressed = highlightedIndexPath else { return }
    highlightedIndexPath = nil
    refreshCellStates()
    delegate?.collectionView(self, didUnhighlightItemAt: pressed)
    guard indexPath == pressed else { return }
    toggleSelectionByUser(at: pressed)
  }

  /// Drops a press without selecting (the pointer left the item, or Esc).
  public func cancelPress() {
    guard let pressed = highlightedIndexPath else { return }
    highlightedIndexPath = nil
    refreshCellStates()
    delegate?.collectionView(self, didUnhighlightItemAt: pressed)
  }

  /// Selects the item the way a tap does: highlight, unhighlight, then select, each step
  /// asking the delegate. What Space and Enter do on the focused item.
  ///
  /// As in UIKit, an item the delegate refuses to highlight is not selected by a tap either.
  public func tapItem(at indexPath: IndexPath) {
    guard beginPress(at: indexPath) else { return }
    endPress(at: indexPath)
  }

  private func toggleSelectionByUser(at indexPath: IndexPath) {
    if selectedIndexPaths.contains(indexPath) {
      guard allowsMultipleSelection else { return }
      guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
      selectedIndexPaths.remove(indexPath)
      selectionAnchor = indexPath
      selectionExtent = nil
      refreshCellStates()
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
    if !allowsMultipleSelection {
      for other in selectedIndexPaths.sorted() {
        selectedIndexPaths.remove(other)
        delegate?.collectionView(self, didDeselectItemAt: other)
      }
    }
    selectedIndexPaths.insert(indexPath)
    selectionAnchor = indexPath
    selectionExtent = nil
    refreshCellStates()
    delegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  /// Selects every item from the anchor to `indexPath` in the layout's reading order
  /// (``CollectionLayout/indexPathsInReadingOrder(from:through:)``: index order for a flow,
  /// the rows as shown for a tree) with Shift+arrows or `v`, asking `shouldSelect` for each
  /// newly selected item. The range replaces the one extended before from the same anchor,
  /// so moving back shrinks it (asking `shouldDeselect`). Without an anchor, or with single
  /// selection, it taps `indexPath` instead.
  public func extendSelection(to indexPath: IndexPath) {
    guard allowsSelection, isValid(indexPath) else { return }
    guard allowsMultipleSelection, let anchor = selectionAnchor, isValid(anchor) else {
      tapItem(at: indexPath)
      return
    }
    let range = indexPathsInReadingOrder(from: anchor, through: indexPath)
    if let extent = selectionExtent, isValid(extent) {
      // Drop what the previous range covered beyond the new one.
      let inRange = Set(range)
      for stale in indexPathsInReadingOrder(from: anchor, through: extent)
      where !inRange.contains(stale) && selectedIndexPaths.contains(stale) {
        guard delegate?.collectionView(self, shouldDeselectItemAt: stale) ?? true else { continue }
        selectedIndexPaths.remove(stale)
        delegate?.collectionView(self, didDeselectItemAt: stale)
      }
    }
    for current in range {
      if !selectedIndexPaths.contains(current), delegate?.collectionView(self, shouldSelectItemAt: current) ?? true {
        selectedIndexPaths.insert(current)
        delegate?.collectionView(self, didSelectItemAt: current)
      }
    }
    selectionExtent = indexPath
    refreshCellStates()
  }

  /// The items from `start` through `end` in the layout's reading order, both included.
  public func indexPathsInReadingOrder(from start: IndexPath, through end: IndexPath) -> [IndexPath] {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    return collectionViewLayout.indexPathsInReadingOrder(from: start, through: end)
  }

  /// The item after `indexPath` in index order, across sections.
  public func indexPath(after indexPath: IndexPath) -> IndexPath? {
    var section = indexPath.section
    var item = indexPath.item + 1
    while section < numberOfSections {
      if item < numberOfItems(inSection: section) { return IndexPath(item: item, section: section) }
      section += 1
      item = 0
    }
    return nil
  }

  /// The item before `indexPath` in index order, across sections.
  public func indexPath(before indexPath: IndexPath) -> IndexPath? {
    var section = indexPath.section
    var item = indexPath.item - 1
    while section >= 0 {
      if item >= 0, item < numberOfItems(inSection: section) { return IndexPath(item: item, section: section) }
      section -= 1
      if section >= 0 { item = numberOfItems(inSection: section) - 1 }
    }
    return nil
  }
}
