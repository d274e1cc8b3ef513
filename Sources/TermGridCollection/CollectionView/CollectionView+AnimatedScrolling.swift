import TermGridCore

extension CollectionView {
  /// Scrolls to a content offset, animated or at once.
  ///
  /// Animated, the offset eases to the target over ``animationDuration`` milliseconds of
  /// ``clock``, the same clock batch updates and layout switches step by, one frame each
  /// time the run loop asks (``millisecondsUntilNextFrame``). The target is clamped to the
  /// content as ``contentOffset`` is. Setting ``contentOffset`` or scrolling without
  /// animation (keys, the mouse wheel) stops an animated scroll where it is; a new animated
  /// scroll starts from wherever the running one has got to. With ``animatesChanges`` off
  /// the offset is set at once.
  public func setContentOffset(_ offset: Point, animated: Bool) {
    guard animated, animatesChanges, animationDuration > 0 else {
      contentOffset = offset
      return
    }
    let target = clampedContentOffset(offset)
    // From what is on screen now: a running scroll is caught where it is.
    let start = scrollAnimation.map { $0.offset(now: clock()) } ?? storedContentOffset
    guard target != start else {
      contentOffset = target
      return
    }
    scrollAnimation = ScrollAnimation(from: start, to: target, start: clock(), duration: animationDuration)
    storedContentOffset = start
    setNeedsLayout()
  }

  /// Scrolls so the item is visible at `position`, animated or at once. The target is the
  /// offset ``scrollToItem(at:at:)`` reaches (below pinned headers, in whole cells).
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    scrollToVisible(attributes.frame, at: position, animated: animated)
  }

  /// Scrolls so a content rectangle is visible at `position`, animated or at once; see
  /// ``scrollToVisible(_:at:)``.
  public func scrollToVisible(_ target: Rect, at position: ScrollPosition = .nearest, animated: Bool) {
    guard animated, animatesChanges, animationDuration > 0 else {
      scrollToVisible(target, at: position)
      return
    }
    setContentOffset(contentOffset(showing: target, at: position), animated: true)
  }

  /// Selects an item from code (as ``selectItem(at:notifyDelegate:scrollPosition:)``
  /// does, without asking or telling the delegate, as in UIKit) and scrolls it to
  /// `scrollPosition`, animated or at once. `nil` leaves the offset alone.
  public func selectItem(at indexPath: IndexPath, animated: Bool, scrollPosition: ScrollPosition?) {
    selectItem(at: indexPath, notifyDelegate: false, scrollPosition: nil)
    guard let scrollPosition, isItemSelected(at: indexPath) else { return }
    scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
  }

  /// True while an animated scroll is moving the content offset.
  ///
  /// Like ``isAnimating`` it follows ``clock``: once the clock has passed the scroll's end
  /// the offset is at its target and this is false, drawn or not.
  public var isScrollAnimating: Bool {
    finishScrollAnimationIfDue()
    return scrollAnimation != nil
  }

  /// Lands an animated scroll on its target when the clock has reached its end.
  func finishScrollAnimationIfDue() {
    if let running = scrollAnimation, running.isFinished(now: clock()) { finishScrollAnimationNow() }
  }

  /// Where an animated scroll in flight will stop, or `nil` when none is running.
  public var targetContentOffset: Point? { scrollAnimation?.to }

  /// Milliseconds until the animated scroll's next frame, or `nil` when none is running.
  /// ``millisecondsUntilNextFrame`` includes it.
  var millisecondsUntilNextScrollFrame: Int? {
    guard let running = scrollAnimation else { return nil }
    return max(0, min(16, running.start + running.duration - clock()))
  }

  /// Moves an animated scroll on to the clock's time; the last step lands on the target.
  func advanceScrollAnimation() {
    guard let running = scrollAnimation else { return }
    let now = clock()
    let offset = running.isFinished(now: now) ? running.to : running.offset(now: now)
    if running.isFinished(now: now) { scrollAnimation = nil }
    // Clamped again: the content may have changed size since the scroll began.
    storedContentOffset = clampedContentOffset(offset)
    needsLayout = true
    needsDisplay = true
  }

  /// Ends an animated scroll at once, at its target.
  public func finishScrollAnimationNow() {
    guard let running = scrollAnimation else { return }
    scrollAnimation = nil
    storedContentOffset = clampedContentOffset(running.to)
    setNeedsLayout()
  }

  /// The offset ``scrollToVisible(_:at:)`` would scroll to, without scrolling.
  func contentOffset(showing target: Rect, at position: ScrollPosition) -> Point {
    let saved = storedContentOffset
    let running = scrollAnimation
    scrollToVisible(target, at: position)
    let result = storedContentOffset
    storedContentOffset = saved
    scrollAnimation = running
    return result
  }
}
