import TermGridCore
import TermGridLayout

extension CollectionView {
  /// True while elements are moving between old and new frames.
  public var isAnimating: Bool { animation != nil }

  /// Milliseconds until the next animation frame should be drawn, or `nil` when nothing
  /// moves: the run loop sleeps this long at most (about 60 frames a second, and no later
  /// than the animation's end).
  public var millisecondsUntilNextFrame: Int? {
    guard let running = animation else { return millisecondsUntilNextScrollFrame }
    let next = max(0, min(16, running.start + running.duration - clock()))
    return millisecondsUntilNextScrollFrame.map { min($0, next) } ?? next
  }

  /// Marks the view for another pass while an animation runs.
  func advanceAnimation() {
    guard animation != nil else { return }
    needsLayout = true
    needsDisplay = true
  }

  func finishAnimation() {
    guard let finished = animation else { return }
    animation = nil
    setNeedsLayout()
    for completion in finished.completions { completion(true) }
  }

  /// Ends any running animation at once, with everything at its final place (an animated
  /// scroll at its target too).
  public func finishAnimationsNow() {
    finishScrollAnimationNow()
    guard animation != nil else { return }
    finishAnimation()
    layoutIfNeeded()
  }

  // MARK: - Switching layouts

  /// Replaces the layout. Animated, every element moves from its frame in the old layout to
  /// its frame in the new one. The focused item stays on screen (on the same row, when the
  /// new layout allows; sideways only as far as needed) and the selection is kept.
  public func setCollectionViewLayout(
    _ layout: CollectionLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    let oldLayout = collectionViewLayout
    guard layout !== oldLayout else {
      completion?(true)
      return
    }
    layoutIfNeeded()
    let oldBounds = bounds
    let oldShown = displayedAttributes
    let focusScreenOffset: Point? = focusedItem.flatMap { oldLayout.layoutAttributesForItem(at: $0) }.map {
      Point(x: $0.frame.minX - oldBounds.minX, y: $0.frame.minY - oldBounds.minY)
    }
    let cancelled = animation?.completions ?? []
    animation = nil

    oldLayout.prepareForTransition(to: layout)
    layout.prepareForTransition(from: oldLayout)
    collectionViewLayout = layout
    layout.collectionView = self
    layout.invalidateLayout()
    loadCountsIfNeeded()
    layout.prepareIfNeeded()
    committedBounds = nil
    // Keep the focused item where the eye is: same place on screen if possible.
    if let focused = focusedItem, let frame = layout.layoutAttributesForItem(at: focused)?.frame {
      // Keep its row on screen where it was; sideways, move only as far as needed (so a
      // layout that starts at the left edge is not shifted to keep an old column).
      let relative = focusScreenOffset ?? .zero
      storedContentOffset = clampedContentOffset(Point(x: storedContentOffset.x, y: frame.minY - relative.y))
      let visible = bounds
      if !visible.contains(frame) { scrollToVisible(frame, at: .nearest) }
    } else {
      storedContentOffset = clampedContentOffset(storedContentOffset)
    }
    // Decoration views are made from the old layout's registrations: start afresh. Cells and
    // supplementary views come from the data source, so they carry over to the new layout.
    for (key, view) in visibleViews where key.category == .decorationView || key.isGhost {
      recycle(view)
      visibleViews[key] = nil
    }
    elementsWithoutViews.removeAll()

    for completion in cancelled { completion(false) }
    guard animated, animatesChanges else {
      oldLayout.finalizeLayoutTransition()
      layout.finalizeLayoutTransition()
      setNeedsLayout()
      completion?(true)
      return
    }
    // Every element moves from where it was drawn to where the new layout puts it; elements
    // that only one of the layouts has fade in or out.
    var from: [ElementKey: LayoutAttributes] = [:]
    for element in oldShown where !element.key.isGhost && element.category != .decorationView {
      from[element.key] = element
    }
    let newBounds = bounds
    for element in layout.layoutAttributesForElements(in: newBounds) where from[element.key] == nil {
      if element.category != .decorationView, var start = oldLayout.layoutAttributes(for: element.key) {
        start.alpha = min(start.alpha, element.alpha)
        from[element.key] = start
      } else {
        var start = element
        start.alpha = 0
        from[element.key] = start
      }
    }
    var transient: [ElementKey: (from: LayoutAttributes, to: LayoutAttributes)] = [:]
    for element in oldShown where !element.key.isGhost && element.category != .decorationView {
      if let end = layout.layoutAttributes(for: element.key) {
        // Moving out of the visible area: drawn on its way until the animation ends.
        if !end.frame.intersects(newBounds) { transient[element.key] = (element, end) }
      } else {
        var end = element
        end.alpha = 0
        transient[element.key] = (element, end)
      }
    }
    animation = ElementAnimation(
      start: clock(), duration: animationDuration, from: from, transient: transient,
      completions: [
        { finished in
          oldLayout.finalizeLayoutTransition()
          layout.finalizeLayoutTransition()
          completion?(finished)
        }
      ])
    setNeedsLayout()
  }

  // MARK: - Interactive transitions

  /// Starts a transition the app drives by setting
  /// ``TransitionLayout/transitionProgress`` (from a key held down, say). Finish it with
  /// ``finishInteractiveTransition()`` or ``cancelInteractiveTransition()``.
  ///
  /// The delegate may supply its own transition layout (the guide's
  /// `collectionView:transitionLayoutForOldLayout:newLayout:`). A transition already under
  /// way is finished first.
  @discardableResult
  public func startInteractiveTransition(to layout: CollectionLayout) -> TransitionLayout {
    finishAnimationsNow()
    if collectionViewLayout is TransitionLayout { finishInteractiveTransition() }
    let oldLayout = collectionViewLayout
    let transition =
      delegate?.collectionView(self, transitionLayoutForOldLayout: oldLayout, newLayout: layout)
      ?? TransitionLayout(currentLayout: oldLayout, nextLayout: layout)
    setCollectionViewLayout(transition, animated: false)
    return transition
  }

  /// Completes an interactive transition: the next layout becomes the layout.
  public func finishInteractiveTransition() {
    guard let transition = collectionViewLayout as? TransitionLayout else { return }
    setCollectionViewLayout(transition.nextLayout, animated: false)
  }

  /// Abandons an interactive transition: the current layout stays.
  public func cancelInteractiveTransition() {
    guard let transition = collectionViewLayout as? TransitionLayout else { return }
    setCollectionViewLayout(transition.currentLayout, animated: false)
  }
}
