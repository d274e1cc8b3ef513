import TermGridCore

/// A layout between two layouts: every element sits part-way from its place in
/// ``currentLayout`` to its place in ``nextLayout``, by ``transitionProgress``.
///
/// Installed by ``CollectionView/startInteractiveTransition(to:)``; the app moves
/// ``transitionProgress`` from 0 to 1 (a held key, a drag) and finishes or cancels.
/// Subclasses can change the path by overriding the attribute methods, and pass their own
/// numbers through ``updateValue(_:forAnimatedKey:)``, as in the guide's "Transitioning
/// Between Layouts".
open class TransitionLayout: CollectionLayout {
  /// The layout the transition starts from.
  public let currentLayout: CollectionLayout
  /// The layout the transition goes to.
  public let nextLayout: CollectionLayout
  private var animatedValues: [String: Double] = [:]

  /// How far along the transition is, from 0 (current layout) to 1 (next layout).
  public var transitionProgress: Double = 0 {
    didSet {
      transitionProgress = min(1, max(0, transitionProgress))
      if transitionProgress != oldValue { invalidateLayout() }
    }
  }

  /// Creates a transition between two layouts.
  public init(currentLayout: CollectionLayout, nextLayout: CollectionLayout) {
    self.currentLayout = currentLayout
    self.nextLayout = nextLayout
    super.init()
  }

  /// Stores a number that the layouts or the app use during the transition.
  public func updateValue(_ value: Double, forAnimatedKey key: String) {
    animatedValues[key] = value
    invalidateLayout()
  }

  /// A number stored with ``updateValue(_:forAnimatedKey:)``.
  public func value(forAnimatedKey key: String) -> Double {
    animatedValues[key] ?? 0
  }

  open override func prepare() {
    currentLayout.collectionView = collectionView
    nextLayout.collectionView = collectionView
    currentLayout.prepareIfNeeded()
    nextLayout.prepareIfNeeded()
  }

  open override var collectionViewContentSize: Size {
    let a = currentLayout.collectionViewContentSize
    let b = nextLayout.collectionViewContentSize
    return Size(
      width: a.width + (b.width - a.width) * transitionProgress,
      height: a.height + (b.height - a.height) * transitionProgress)
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // An element is in the rect part-way if it is near it in either layout: ask both about
    // the rect, then place every element found at its interpolated frame.
    var keys: [ElementKey] = []
    var seen = Set<ElementKey>()
    for element in currentLayout.layoutAttributesForElements(in: rect)
      + nextLayout.layoutAttributesForElements(in: rect)
    where seen.insert(element.key).inserted {
      keys.append(element.key)
    }
    return keys.compactMap(attributes(for:)).filter { $0.frame.intersects(rect) }
  }

  private func attributes(for key: ElementKey) -> LayoutAttributes? {
    let start = currentLayout.layoutAttributes(for: key)
    let end = nextLayout.layoutAttributes(for: key)
    switch (start, end) {
    case (let start?, let end?):
      return start.interpolated(
        to: end, progress: transitionProgress, cellMetrics: collectionView?.cellMetrics ?? .identity)
    case (let start?, nil):
      var fading = start
      fading.alpha = start.alpha * (1 - transitionProgress)
      return fading
    case (nil, let end?):
      var appearing = end
      appearing.alpha = end.alpha * transitionProgress
      return appearing
    case (nil, nil): return nil
    }
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    attributes(for: .cell(indexPath))
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    attributes(for: .supplementary(kind, indexPath))
  }

  open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    attributes(for: .decoration(kind, indexPath))
  }

  /// Passes data changes (counts, items, preferred sizes) on to both layouts; a change of
  /// ``transitionProgress`` only invalidates the transition itself.
  /// Reading order is the layout the transition goes to: a selection or a jump made part-way
  /// is meant for what will be shown.
  open override func readingPosition(ofItemAt indexPath: IndexPath) -> Int? {
    nextLayout.readingPosition(ofItemAt: indexPath)
  }

  open override func indexPathForItem(atReadingPosition position: Int) -> IndexPath? {
    nextLayout.indexPathForItem(atReadingPosition: position)
  }

  open override var numberOfItemsInReadingOrder: Int { nextLayout.numberOfItemsInReadingOrder }

  open override func indexPathsInReadingOrder(from start: IndexPath, through end: IndexPath) -> [IndexPath] {
    nextLayout.indexPathsInReadingOrder(from: start, through: end)
  }

  open override func invalidateLayout(with context: InvalidationContext) {
    if context.newBounds == nil {
      currentLayout.invalidateLayout(with: context)
      nextLayout.invalidateLayout(with: context)
    }
    super.invalidateLayout(with: context)
  }

  /// Tells both layouts about a batch update during the transition.
  open override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    currentLayout.prepare(forCollectionViewUpdates: updateItems)
    nextLayout.prepare(forCollectionViewUpdates: updateItems)
  }

  /// Tells both layouts the batch update's animations are set up.
  open override func finalizeCollectionViewUpdates() {
    currentLayout.finalizeCollectionViewUpdates()
    nextLayout.finalizeCollectionViewUpdates()
  }

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    currentLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
      || nextLayout.shouldInvalidateLayout(forBoundsChange: newBounds)
  }

  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    currentLayout.invalidateLayout(with: currentLayout.invalidationContext(forBoundsChange: newBounds))
    nextLayout.invalidateLayout(with: nextLayout.invalidationContext(forBoundsChange: newBounds))
    return super.invalidationContext(forBoundsChange: newBounds)
  }
}
