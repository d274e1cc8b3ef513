import TermGridCore
import TermGridLayout
import TermGridViews

extension CollectionView {
  // MARK: - Switching layouts

  /// Replaces the layout. Animated, every element moves from its frame in the old layout to
  /// its frame in the new one; elements only the new layout has start from its
  /// `initialLayoutAttributesForAppearing…` attributes and elements only the old one had
  /// end at its `finalLayoutAttributesForDisappearing…` attributes (fading in and out by
  /// default), decoration views included. The focused item stays on screen (on the same
  /// row, when the new layout allows; sideways only as far as needed; never under what the
  /// new layout floats over the content, ``CollectionLayout/obscuredInsets(in:)``) and the
  /// selection is kept. Animated, the content offset moves with the elements, so the
  /// focused item is on screen on every frame, and an opaque cell whose way would pass over
  /// another fades out where it was and in where it goes instead (a terminal cannot show
  /// one card through another), as in batch updates.
  ///
  /// - Parameter keepingFocusInPlace: keep the focused item at the same column too, not
  ///   only on the same row, as far as the content allows: what a zoom wants (the talk's
  ///   pinch keeps what is under the fingers), where a switch to another kind of layout
  ///   would rather not scroll sideways.
  public func setCollectionViewLayout(
    _ layout: CollectionLayout, animated: Bool, keepingFocusInPlace: Bool = false,
    completion: ((Bool) -> Void)? = nil
  ) {
    guard layout !== collectionViewLayout else {
      completion?(true)
      return
    }
    switchTo(
      layout, dataSource: nil, animated: animated, keepingFocusInPlace: keepingFocusInPlace, completion: completion)
  }

  /// Replaces the layout and the data source together, as one animated change.
  ///
  /// Items are matched between the two data sources by the identifiers they give
  /// (``CollectionViewDataSource/collectionView(_:identifierForItemAt:)`` and
  /// ``CollectionViewDataSource/collectionView(_:indexPathForItemWithIdentifier:)``): an item
  /// both show moves from its old frame to its new one, the rest fade out and in. Focus and
  /// selection go to the same identifiers in the new data source, and the focused item stays
  /// on screen. Without identifiers every element cross-fades, the selection is cleared and
  /// the focus goes to the nearest valid index path.
  public func setCollectionViewLayout(
    _ layout: CollectionLayout, dataSource newDataSource: any CollectionViewDataSource, animated: Bool,
    completion: ((Bool) -> Void)? = nil
  ) {
    switchTo(layout, dataSource: newDataSource, animated: animated, completion: completion)
  }

  private func switchTo(
    _ layout: CollectionLayout, dataSource newDataSource: (any CollectionViewDataSource)?, animated: Bool,
    keepingFocusInPlace: Bool = false, completion: ((Bool) -> Void)?
  ) {
    let oldLayout = collectionViewLayout
    layoutIfNeeded()
    let oldBounds = bounds
    let oldShown = displayedAttributes.filter { !$0.key.isGhost }
    let focusScreenOffset: Point? = focusedItem.flatMap { oldLayout.layoutAttributesForItem(at: $0) }.map {
      Point(x: $0.frame.minX - oldBounds.minX, y: $0.frame.minY - oldBounds.minY)
    }
    let cancelled = animation?.completions ?? []
    animation = nil

    // With another data source, old index paths mean nothing: identify what was shown,
    // focused and selected before letting go of the old one.
    var identified: IdentifiedItems?
    if newDataSource != nil {
      identified = IdentifiedItems(
        oldSource: dataSource, in: self, shown: oldShown, focus: focusedItem, selected: selectedIndexPaths,
        anchor: selectionAnchor)
    }

    if layout !== oldLayout {
      oldLayout.prepareForTransition(to: layout)
      layout.prepareForTransition(from: oldLayout)
    }
    collectionViewLayout = layout
    layout.collectionView = self

    // Views that cannot carry over become ghosts (drawn while they fade out) or go back to
    // the reuse queue: decoration views of kinds the new layout does not make, and with a
    // new data source every cell and supplementary view.
    var ghosts: [(key: ElementKey, oldKey: ElementKey, start: LayoutAttributes)] = []
    let shownByKey = Dictionary(oldShown.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let willAnimate = animated && animatesChanges
    for (key, view) in visibleViews {
      let carriesOver: Bool
      switch key.category {
      case _ where key.isGhost: carriesOver = false
      case .decorationView: carriesOver = layout.decorationViewFactories[key.kind] != nil
      case .cell, .supplementaryView: carriesOver = newDataSource == nil
      }
      if carriesOver { continue }
      visibleViews[key] = nil
      if willAnimate, !key.isGhost, let start = shownByKey[key] {
        ghostCounter += 1
        let ghost = ElementKey(
          category: key.category, kind: String(ElementKey.ghostPrefix) + "ghost\(ghostCounter)",
          indexPath: key.indexPath)
        visibleViews[ghost] = view
        ghosts.append((ghost, key, start))
      } else {
        recycle(view)
      }
    }
    elementsWithoutViews.removeAll()

    if let newDataSource {
      isSwitchingDataSource = true
      dataSource = newDataSource
      isSwitchingDataSource = false
      sectionCounts = nil
    }
    var context = InvalidationContext.everything
    if newDataSource != nil { context.invalidateDataSourceCounts = true }
    layout.invalidateLayout(with: context)
    loadCountsIfNeeded()
    if let newDataSource { identified?.resolve(in: self, newSource: newDataSource) }
    if let identified {
      selectedIndexPaths = identified.newSelection
      selectionAnchor = identified.newAnchor
      selectionExtent = nil
      highlightedIndexPath = nil
      let oldFocus = focusedItem
      focusedItem = identified.newFocus ?? focusedItem.flatMap(nearestValidItem(to:))
      if let focused = focusedItem, !isValid(focused) { focusedItem = nearestValidItem(to: focused) }
      if focusedItem != oldFocus { delegate?.collectionView(self, didFocusItemAt: focusedItem) }
    }
    layout.prepareIfNeeded()
    committedBounds = nil
    // Keep the focused item where the eye is: same place on screen if possible.
    if let focused = focusedItem, let frame = layout.layoutAttributesForItem(at: focused)?.frame {
      // Keep its row on screen where it was; sideways, move only as far as needed (so a
      // layout that starts at the left edge is not shifted to keep an old column).
      let relative = focusScreenOffset ?? .zero
      let x = keepingFocusInPlace && focusScreenOffset != nil ? frame.minX - relative.x : storedContentOffset.x
      storedContentOffset = clampedContentOffset(Point(x: x, y: frame.minY - relative.y))
      // Visible means not under what the new layout floats over the content (a pinned
      // footer, say): the focused item must not end beneath it.
      let unobscured = bounds.inset(by: obscuredInsets(at: storedContentOffset))
      if !unobscured.contains(frame) { scrollToVisible(frame, at: .nearest) }
    } else {
      storedContentOffset = clampedContentOffset(storedContentOffset)
    }

    for completion in cancelled { completion(false) }
    guard willAnimate else {
      for ghost in ghosts {
        if let view = visibleViews.removeValue(forKey: ghost.key) { recycle(view) }
      }
      if layout !== oldLayout {
        oldLayout.finalizeLayoutTransition()
        layout.finalizeLayoutTransition()
      }
      setNeedsLayout()
      completion?(true)
      return
    }

    // Where each element of the new layout starts: where it was drawn (matched by key, or
    // by identifier across data sources), else where the old layout had it, else the new
    // layout's initial attributes.
    var from: [ElementKey: LayoutAttributes] = [:]
    var matchedOld = Set<ElementKey>()
    if let identified {
      for (oldKey, newPath) in identified.newPlaces {
        guard var start = shownByKey[oldKey] else { continue }
        start.indexPath = newPath
        from[.cell(newPath)] = start
        matchedOld.insert(oldKey)
      }
    } else {
      for element in oldShown { from[element.key] = element }
    }
    let newBounds = bounds
    for element in layout.layoutAttributesForElements(in: newBounds) where from[element.key] == nil {
      if identified == nil, element.category != .decorationView,
        var start = oldLayout.layoutAttributes(for: element.key)
      {
        start.alpha = min(start.alpha, element.alpha)
        from[element.key] = start
        continue
      }
      let kind = element.representedElementKind ?? ""
      let initial: LayoutAttributes?
      switch element.category {
      case .cell: initial = layout.initialLayoutAttributesForAppearingItem(at: element.indexPath)
      case .supplementaryView:
        initial = layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: element.indexPath)
      case .decorationView:
        initial = layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: kind, at: element.indexPath)
      }
      var start = initial ?? element
      if initial == nil { start.alpha = 0 }
      from[element.key] = start
    }

    // Elements drawn before that the new layout puts out of sight move there; those it does
    // not have go to the old layout's final attributes, or fade out where they were.
    var transient: [ElementKey: (from: LayoutAttributes, to: LayoutAttributes)] = [:]
    if identified == nil {
      for element in oldShown where element.category != .decorationView || visibleViews[element.key] != nil {
        if let end = layout.layoutAttributes(for: element.key) {
          if !end.frame.intersects(newBounds) { transient[element.key] = (element, end) }
        } else {
          transient[element.key] = (element, disappearingEnd(of: element, in: oldLayout))
        }
      }
    }
    for ghost in ghosts {
      var end: LayoutAttributes
      if let identified, ghost.oldKey.category == .cell, let newPath = identified.newPlaces[ghost.oldKey],
        let target = layout.layoutAttributesForItem(at: newPath)
      {
        // Matched in the new data source but its new view takes over: the old one follows
        // it out of sight (the new one is drawn on top where both show).
        end = target
        end.alpha = 0
      } else {
        end = disappearingEnd(of: ghost.start, in: oldLayout)
      }
      var start = ghost.start
      start.representedElementKind = ghost.key.kind
      end.category = ghost.key.category
      end.indexPath = ghost.key.indexPath
      end.representedElementKind = ghost.key.kind
      start.zIndex = min(start.zIndex, end.zIndex)
      transient[ghost.key] = (start, end)
    }
    var switching = ElementAnimation(
      start: clock(), duration: animationDuration, from: from, transient: transient,
      completions: [
        { finished in
          if layout !== oldLayout {
            oldLayout.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
          }
          completion?(finished)
        }
      ])
    // Opaque cards whose paths would cross fade across instead of sliding over each other,
    // as in batch updates (the offset moves all of them alike, so content frames tell).
    var moves: [(key: ElementKey, from: Rect, to: Rect)] = []
    var still: [Rect] = []
    for element in layout.layoutAttributesForElements(in: newBounds)
    where element.category == .cell && !element.isHidden && element.alpha == 1 {
      guard let start = from[element.key] else {
        still.append(element.frame)
        continue
      }
      guard start.alpha == 1, !start.isHidden else { continue }
      if start.frame == element.frame {
        still.append(element.frame)
      } else {
        moves.append((element.key, start.frame, element.frame))
      }
    }
    for key in switching.transientOrder where key.category == .cell && !key.isGhost {
      guard let motion = transient[key], motion.from.alpha == 1, motion.to.alpha == 1, !motion.from.isHidden else {
        continue
      }
      moves.append((key, motion.from.frame, motion.to.frame))
    }
    switching.jumps = ElementAnimation.crossingMoves(
      moves, still: still, diagonalOnly: false, keeping: Set(focusedItem.map { [ElementKey.cell($0)] } ?? []))
    // The offset moves with the elements: each one's place on screen then goes straight from
    // where it was to where it will be, so the focused item (on screen at both ends) is on
    // screen on every frame, instead of the offset jumping while the frames interpolate.
    let targetOffset = storedContentOffset
    if oldBounds.origin != targetOffset {
      switching.offsetMotion = (from: oldBounds.origin, to: targetOffset)
      storedContentOffset = oldBounds.origin
    }
    animation = switching
    setNeedsLayout()
  }

  /// Where an element that only the old layout has ends: the old layout's final
  /// attributes, or where it was, faded out.
  private func disappearingEnd(of element: LayoutAttributes, in oldLayout: CollectionLayout) -> LayoutAttributes {
    let kind = element.representedElementKind ?? ""
    let final: LayoutAttributes?
    switch element.category {
    case .cell: final = oldLayout.finalLayoutAttributesForDisappearingItem(at: element.indexPath)
    case .supplementaryView:
      final = oldLayout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: element.indexPath)
    case .decorationView:
      final = oldLayout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: kind, at: element.indexPath)
    }
    if let final { return final }
    var end = element
    end.alpha = 0
    return end
  }
}

/// What was shown, focused and selected before a change of data source, by the
/// identifiers the old data source gives, and where those identifiers are in the new one.
private struct IdentifiedItems {
  /// Old cell keys (shown before) → their index paths in the new data source.
  var newPlaces: [ElementKey: IndexPath] = [:]
  var newFocus: IndexPath?
  var newSelection: Set<IndexPath> = []
  var newAnchor: IndexPath?
  private var oldIDs: [IndexPath: AnyHashable] = [:]
  private var focusID: AnyHashable?
  private var selectedIDs: [AnyHashable] = []
  private var anchorID: AnyHashable?
  private var shownKeys: [ElementKey] = []

  init(
    oldSource: (any CollectionViewDataSource)?, in view: CollectionView, shown: [LayoutAttributes],
    focus: IndexPath?, selected: Set<IndexPath>, anchor: IndexPath?
  ) {
    guard let oldSource else { return }
    func id(_ path: IndexPath) -> AnyHashable? { oldSource.collectionView(view, identifierForItemAt: path) }
    for element in shown where element.category == .cell {
      if let value = id(element.indexPath) {
        oldIDs[element.indexPath] = value
        shownKeys.append(element.key)
      }
    }
    focusID = focus.flatMap(id)
    selectedIDs = selected.sorted().compactMap(id)
    anchorID = anchor.flatMap(id)
  }

  /// Looks every identifier up in the new data source (call once it is in place).
  mutating func resolve(in view: CollectionView, newSource: any CollectionViewDataSource) {
    func place(_ id: AnyHashable) -> IndexPath? {
      guard let path = newSource.collectionView(view, indexPathForItemWithIdentifier: id), view.isValid(path) else {
        return nil
      }
      return path
    }
    for key in shownKeys {
      if let value = oldIDs[key.indexPath], let path = place(value) { newPlaces[key] = path }
    }
    newFocus = focusID.flatMap(place)
    newSelection = Set(selectedIDs.compactMap(place))
    newAnchor = anchorID.flatMap(place)
  }
}
