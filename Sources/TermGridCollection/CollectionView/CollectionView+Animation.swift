import TermGridCore
import TermGridLayout

extension CollectionView {
  /// True while elements are moving between old and new frames.
  ///
  /// It follows ``clock``, not drawing: once the clock has passed the animation's end it is
  /// false and the animation's completions have run, whether or not a frame was drawn (so
  /// `while collectionView.isAnimating { clock += 15 }` ends headless).
  public var isAnimating: Bool {
    finishAnimationIfDue()
    return animation != nil
  }

  /// Ends the running animation when the clock has reached its end: its completions run and
  /// the next layout pass draws the final state.
  func finishAnimationIfDue() {
    if let running = animation, running.isFinished(now: clock()) { finishAnimation() }
  }

  /// Milliseconds until the next animation frame should be drawn, or `nil` when nothing
  /// moves: the run loop sleeps this long at most (about 60 frames a second, and no later
  /// than the animation's end).
  ///
  /// A layout that moves something of its own (an orthogonal section sliding sideways)
  /// adds its frames (``CollectionLayout/millisecondsUntilNextFrame(now:)``).
  public var millisecondsUntilNextFrame: Int? {
    let layoutNext = collectionViewLayout.millisecondsUntilNextFrame(now: clock())
    let own: Int?
    if let running = animation {
      let next = max(0, min(16, running.start + running.duration - clock()))
      own = millisecondsUntilNextScrollFrame.map { min($0, next) } ?? next
    } else {
      own = millisecondsUntilNextScrollFrame
    }
    guard let layoutNext else { return own }
    return own.map { min($0, layoutNext) } ?? layoutNext
  }

  /// Marks the view for another pass while an animation runs.
  func advanceAnimation() {
    guard let running = animation else { return }
    if let offset = running.contentOffset(now: clock()) { storedContentOffset = offset }
    needsLayout = true
    needsDisplay = true
  }

  func finishAnimation() {
    guard let finished = animation else { return }
    animation = nil
    if let motion = finished.offsetMotion { storedContentOffset = clampedContentOffset(motion.to) }
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
