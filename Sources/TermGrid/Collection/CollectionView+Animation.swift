extension CollectionView {
  /// True while elements are moving between old and new frames.
  public var isAnimating: Bool { animation != nil }

  /// Milliseconds until the next animation frame should be drawn, or `nil` when nothing
  /// moves: the run loop sleeps this long at most.
  public var millisecondsUntilNextFrame: Int? {
    guard animation != nil else { return nil }
    return 16
  }

  /// Moves animations along; finishes them when their time is up.
  func advanceAnimation() {
    guard let running = animation else { return }
    needsLayout = true
    needsDisplay = true
    if running.isFinished(now: clock()) { needsLayout = true }
  }

  func finishAnimation() {
    guard let finished = animation else { return }
    animation = nil
    setNeedsLayout()
    for completion in finished.completions { completion(true) }
  }

  /// Ends any running animation at once, with everything at its final place.
  public func finishAnimationsNow() {
    guard animation != nil else { return }
    finishAnimation()
    layoutIfNeeded()
  }

  // MARK: - Switching layouts

  /// Replaces the layout. Animated, every element moves from its frame in the old layout to
  /// its frame in the new one. The focused item stays on screen (where it was on screen, when
  /// the new layout allows) and the selection is kept.
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
      let relative = focusScreenOffset ?? .zero
      storedContentOffset = clampedContentOffset(Point(x: frame.minX - relative.x, y: frame.minY - relative.y))
      let visible = bounds
      if !visible.contains(frame) { scrollToVisible(frame, at: .nearest) }
    } else {
      storedContentOffset = clampedContentOffset(storedContentOffset)
    }
    // Supplementary and decoration views belong to the old layout's kinds: start afresh.
    for (key, view) in visibleViews where key.category != .cell {
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
    var from: [ElementKey: LayoutAttributes] = [:]
    for element in oldShown { from[element.key] = element }
    let newBounds = bounds
    for element in layout.layoutAttributesForElements(in: newBounds) where from[element.key] == nil {
      if var start = oldLayout.layoutAttributes(for: element.key) {
        start.alpha = min(start.alpha, element.alpha)
        from[element.key] = start
      } else {
        var start = element
        start.alpha = 0
        from[element.key] = start
      }
    }
    var transient: [ElementKey: (from: LayoutAttributes, to: LayoutAttributes)] = [:]
    for element in oldShown where element.category == .cell {
      guard let end = layout.layoutAttributes(for: element.key), !end.frame.intersects(newBounds) else { continue }
      transient[element.key] = (element, end)
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
  @discardableResult
  public func startInteractiveTransition(to layout: CollectionLayout) -> TransitionLayout {
    finishAnimationsNow()
    let transition = TransitionLayout(currentLayout: collectionViewLayout, nextLayout: layout)
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
