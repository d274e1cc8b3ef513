import TermGridCore
import TermGridViews

extension CollectionView {
  /// Applies several inserts, deletes, moves and reloads as one change, animated together.
  ///
  /// As the guide says, update the data source first (inside `updates`, before calling the
  /// insert and delete methods). When the counts after the batch are not the counts before
  /// plus the changes, this stops the program with a message naming the section and both
  /// counts (``BatchUpdateError``). `completion` runs when the animation ends (at once when
  /// animations are off).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    loadCountsIfNeeded()
    batchDepth += 1
    updates?()
    batchDepth -= 1
    guard batchDepth == 0 else {
      // Nested: the outermost batch applies everything.
      if let completion { pendingCompletions.append(completion) }
      return
    }
    let operations = pendingBatch
    pendingBatch = []
    var completions = pendingCompletions
    pendingCompletions = []
    if let completion { completions.append(completion) }
    let oldCounts = sectionCounts ?? []
    let newCounts = currentDataSourceCounts()
    let plan: BatchUpdatePlan
    do {
      plan = try BatchUpdatePlan(oldCounts: oldCounts, newCounts: newCounts, operations: operations)
    } catch let error as BatchUpdateError {
      fatalError(error.description)
    } catch {
      fatalError("\(error)")
    }
    apply(plan, completions: completions)
  }

  /// Inserts items at their index paths after the update.
  public func insertItems(at indexPaths: [IndexPath]) { record(.insertItems(indexPaths)) }
  /// Deletes items at their index paths before the update.
  public func deleteItems(at indexPaths: [IndexPath]) { record(.deleteItems(indexPaths)) }
  /// Asks the data source again for these items' cells.
  public func reloadItems(at indexPaths: [IndexPath]) { record(.reloadItems(indexPaths)) }
  /// Moves an item.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record(.moveItem(from: indexPath, to: newIndexPath))
  }
  /// Inserts sections at their indexes after the update.
  public func insertSections(_ sections: [Int]) { record(.insertSections(sections)) }
  /// Deletes sections at their indexes before the update.
  public func deleteSections(_ sections: [Int]) { record(.deleteSections(sections)) }
  /// Replaces sections with what the data source now says.
  public func reloadSections(_ sections: [Int]) { record(.reloadSections(sections)) }
  /// Moves a section.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record(.moveSection(from: section, to: newSection))
  }

  private func record(_ operation: BatchOperation) {
    if batchDepth > 0 {
      pendingBatch.append(operation)
    } else {
      // A single change outside a batch is a batch of its own.
      performBatchUpdates { self.pendingBatch.append(operation) }
    }
  }

  private func apply(_ plan: BatchUpdatePlan, completions: [(Bool) -> Void]) {
    let layout = collectionViewLayout
    // Views measured for an update not yet drawn stand for index paths that move now.
    if !measuredViews.isEmpty { recycleMeasuredViews() }
    // No layout pass here: the data source already holds the new data, and a pass would ask
    // it for cells at the old index paths. The layout still answers for the old counts.
    layout.prepareIfNeeded()
    let visibleBefore = bounds
    // What was where before: a screen around the visible area, enough for what can move in.
    let snapshotArea = Rect(
      x: visibleBefore.minX - visibleBefore.width, y: visibleBefore.minY - visibleBefore.height,
      width: visibleBefore.width * 3, height: visibleBefore.height * 3)
    var before: [ElementKey: LayoutAttributes] = [:]
    if animatesChanges {
      layout.isAnsweringForPreviousData = true
      defer { layout.isAnsweringForPreviousData = false }
      for element in layout.layoutAttributesForElements(in: snapshotArea) { before[element.key] = element }
      // Moved items start from where they were, however far away that was.
      for update in plan.updateItems where update.action == .move && !update.isSectionUpdate {
        guard let from = update.indexPathBeforeUpdate, before[.cell(from)] == nil else { continue }
        if let attributes = layout.layoutAttributesForItem(at: from) { before[.cell(from)] = attributes }
      }
      // An animation in flight starts from where things are drawn now.
      for element in displayedAttributes { before[element.key] = element }
    }
    let cancelled = animation?.completions ?? []
    animation = nil

    // The guide's order: the layout prepares for the new data, then hears what changed, then
    // says which supplementary and decoration views come and go, then answers for appearing
    // and disappearing elements, then finalizes.
    sectionCounts = plan.newCounts
    var context = InvalidationContext()
    context.invalidateDataSourceCounts = true
    context.invalidateEverything = true
    layout.invalidateLayout(with: context)
    layout.prepareIfNeeded()
    if animatesChanges { measureCellsBeforeAnimating(plan) }
    layout.prepare(forCollectionViewUpdates: plan.updateItems)
    let changes = ElementChanges(
      layout: layout, kinds: Set(visibleViews.keys.map(\.kind)).union(before.keys.map(\.kind)), visibleAfter: bounds)

    func newKey(for key: ElementKey) -> ElementKey? {
      if key.isGhost || changes.isDeleted(key) { return nil }
      switch key.category {
      case .cell:
        return plan.newIndexPath(for: key.indexPath).map(ElementKey.cell)
      case .supplementaryView where changes.followsItems(key.kind):
        return plan.newIndexPath(for: key.indexPath).map { ElementKey.supplementary(key.kind, $0) }
      case .supplementaryView:
        // UIKit's rules (`CollectionLayout.supplementaryViewsFollowItems(ofKind:)`): the first
        // index follows its section, the rest stays; a first index that is no section of
        // the data is kept.
        let section = key.indexPath.section
        guard section >= 0, section < plan.sectionMap.count else { return changes.isInserted(key) ? nil : key }
        guard let newSection = plan.newSection(for: section) else { return nil }
        let moved = ElementKey.supplementary(key.kind, IndexPath(item: key.indexPath.item, section: newSection))
        return changes.isInserted(moved) ? nil : moved
      case .decorationView:
        // Tied to a place: the same index path is the same element, unless it is new.
        return changes.isInserted(key) ? nil : key
      }
    }

    // Selection, anchor, focus and highlight follow their items.
    selectedIndexPaths = Set(selectedIndexPaths.compactMap { plan.newIndexPath(for: $0) })
    selectionAnchor = selectionAnchor.flatMap { plan.newIndexPath(for: $0) }
    selectionExtent = selectionExtent.flatMap { plan.newIndexPath(for: $0) }
    highlightedIndexPath = highlightedIndexPath.flatMap { plan.newIndexPath(for: $0) }
    let oldFocus = focusedItem
    let focusAfter = oldFocus.flatMap { plan.newIndexPath(for: $0) }

    // Views follow their items; deleted ones stay a moment as ghosts, fading out.
    var views: [ElementKey: ReusableView] = [:]
    var ghosts: [(key: ElementKey, oldKey: ElementKey, start: LayoutAttributes)] = []
    for (key, view) in visibleViews {
      if key.category == .cell, plan.reloadedItems.contains(key.indexPath) {
        recycle(view)
        continue
      }
      if key.category == .supplementaryView, newKey(for: key) != nil {
        // Supplementary content (counts, titles) may have changed: ask the data source again.
        recycle(view)
        continue
      }
      if let moved = newKey(for: key) {
        views[moved] = view
      } else if animatesChanges, !key.isGhost, let old = before[key] {
        ghostCounter += 1
        let ghost = ElementKey(
          category: key.category, kind: String(ElementKey.ghostPrefix) + "ghost\(ghostCounter)",
          indexPath: key.indexPath)
        views[ghost] = view
        ghosts.append((ghost, key, old))
      } else {
        recycle(view)
      }
    }
    visibleViews = views
    elementsWithoutViews.removeAll()

    if let oldFocus {
      focusedItem = focusAfter ?? nearestValidItem(to: oldFocus)
      if focusedItem != oldFocus { delegate?.collectionView(self, didFocusItemAt: focusedItem) }
    }

    guard animatesChanges else {
      layout.finalizeCollectionViewUpdates()
      setNeedsLayout()
      for completion in cancelled { completion(false) }
      for completion in completions { completion(true) }
      return
    }

    // Starting points: old frames for elements that moved, initial attributes for new ones.
    var from: [ElementKey: LayoutAttributes] = [:]
    for (oldKey, attributes) in before {
      guard let key = newKey(for: oldKey) else { continue }
      var start = attributes
      start.indexPath = key.indexPath
      from[key] = start
    }
    let visibleAfter = Rect(origin: clampedContentOffset(storedContentOffset), size: visibleBefore.size)
    for element in layout.layoutAttributesForElements(in: visibleAfter) where from[element.key] == nil {
      let initial: LayoutAttributes?
      switch element.category {
      case .cell: initial = layout.initialLayoutAttributesForAppearingItem(at: element.indexPath)
      case .supplementaryView:
        initial = layout.initialLayoutAttributesForAppearingSupplementaryElement(
          ofKind: element.representedElementKind ?? "", at: element.indexPath)
      case .decorationView:
        initial = layout.initialLayoutAttributesForAppearingDecorationElement(
          ofKind: element.representedElementKind ?? "", at: element.indexPath)
      }
      if let initial { from[element.key] = initial }
    }
    // Elements on screen before that now lie outside the visible area move out of it.
    var transient: [ElementKey: (from: LayoutAttributes, to: LayoutAttributes)] = [:]
    for (key, _) in visibleViews where !key.isGhost {
      guard let start = from[key], let end = layout.layoutAttributes(for: key), !end.frame.intersects(visibleAfter)
      else { continue }
      transient[key] = (start, end)
    }
    // Deleted elements go to the layout's final attributes, or fade out where they were.
    for ghost in ghosts {
      let final: LayoutAttributes?
      switch ghost.oldKey.category {
      case .cell: final = layout.finalLayoutAttributesForDisappearingItem(at: ghost.oldKey.indexPath)
      case .supplementaryView:
        final = layout.finalLayoutAttributesForDisappearingSupplementaryElement(
          ofKind: ghost.oldKey.kind, at: ghost.oldKey.indexPath)
      case .decorationView:
        final = layout.finalLayoutAttributesForDisappearingDecorationElement(
          ofKind: ghost.oldKey.kind, at: ghost.oldKey.indexPath)
      }
      var start = ghost.start
      start.representedElementKind = ghost.key.kind
      var end = final ?? ghost.start
      if final == nil { end.alpha = 0 }
      end.category = ghost.key.category
      end.indexPath = ghost.key.indexPath
      end.representedElementKind = ghost.key.kind
      transient[ghost.key] = (start, end)
    }
    // Opaque cells whose paths would cross fade across instead of sliding over each other.
    var moves: [(key: ElementKey, from: Rect, to: Rect)] = []
    var still: [Rect] = []
    var raised = Set<ElementKey>()
    for update in plan.updateItems where update.action == .move && !update.isSectionUpdate {
      if let to = update.indexPathAfterUpdate { raised.insert(.cell(to)) }
    }
    for element in layout.layoutAttributesForElements(in: visibleAfter)
    where element.category == .cell && !element.isHidden && element.alpha == 1 {
      guard let start = from[element.key] else {
        still.append(element.frame)
        continue
      }
      guard start.alpha == 1, !start.isHidden, !raised.contains(element.key) else { continue }
      if start.frame == element.frame {
        still.append(element.frame)
      } else {
        moves.append((element.key, start.frame, element.frame))
      }
    }
    layout.finalizeCollectionViewUpdates()
    for completion in cancelled { completion(false) }
    if transient.isEmpty, isStill(from: from, in: visibleAfter) {
      // Nothing on screen moves, fades or appears (items inserted or deleted out of
      // sight): no animation, whose frames would all be the same.
      setNeedsLayout()
      for completion in completions { completion(true) }
      return
    }
    var running = ElementAnimation(
      start: clock(), duration: animationDuration, from: from, transient: transient, completions: completions)
    running.jumps = ElementAnimation.crossingMoves(moves, still: still)
    running.raised = raised
    animation = running
    setNeedsLayout()
  }

  /// Whether every element on screen after an update starts where it ends (or has no
  /// start: it is drawn at its place at once).
  private func isStill(from: [ElementKey: LayoutAttributes], in visibleAfter: Rect) -> Bool {
    for element in collectionViewLayout.layoutAttributesForElements(in: visibleAfter) {
      if let start = from[element.key], start != element { return false }
    }
    return true
  }

  /// Asks the cells that will be on screen after an update for their preferred sizes
  /// before any start or end frame is computed, as UIKit measures before it animates: an
  /// inserted self-sizing cell then moves and fades at its measured size from the first
  /// frame, and the cells around it go straight to their final places.
  ///
  /// Cells that stay are asked through the views they have; new ones are made now (the
  /// data source is asked once: the layout pass that follows takes the view made here).
  private func measureCellsBeforeAnimating(_ plan: BatchUpdatePlan) {
    let layout = collectionViewLayout
    var viewsAfter: [IndexPath: ReusableView] = [:]
    for (key, view) in visibleViews
    where key.category == .cell && !key.isGhost && !plan.reloadedItems.contains(key.indexPath) {
      if let newPath = plan.newIndexPath(for: key.indexPath) { viewsAfter[newPath] = view }
    }
    for _ in 0..<Self.maximumSelfSizingPasses {
      let visibleAfter = Rect(origin: clampedContentOffset(storedContentOffset), size: bounds.size)
      for element in layout.layoutAttributesForElements(in: visibleAfter)
      where element.category == .cell && !element.isHidden {
        let view: ReusableView
        if let known = viewsAfter[element.indexPath] {
          view = known
        } else if let measured = measuredViews[element.key] {
          view = measured
        } else {
          guard let made = makeView(for: element) else { continue }
          made.apply(element)
          measuredViews[element.key] = made
          view = made
        }
        let fitting = view.preferredLayoutAttributesFitting(element)
        guard fitting.frame.size != element.frame.size,
          layout.shouldInvalidateLayout(forPreferredLayoutAttributes: fitting, withOriginalAttributes: element)
        else { continue }
        layout.invalidateLayout(
          with: layout.invalidationContext(forPreferredLayoutAttributes: fitting, withOriginalAttributes: element))
      }
      guard layout.needsPrepare else { break }
      layout.prepareIfNeeded()
    }
  }
}
