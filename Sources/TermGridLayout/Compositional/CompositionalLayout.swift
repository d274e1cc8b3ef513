import TermGridCore

/// A layout composed of items, groups and sections: UIKit's
/// `UICollectionViewCompositionalLayout`, in points snapped to character cells.
///
/// Each section repeats one ``LayoutGroup`` of ``LayoutItem``s (groups nest) until its items
/// run out. Sizes are ``LayoutDimension``s: fractions of the container, absolute points, or
/// estimates that self-sizing cells replace. Sections may scroll sideways on their own
/// (``OrthogonalScrollingBehavior``), have headers and footers
/// (``LayoutBoundarySupplementaryItem``, pinned or not) and backgrounds
/// (``LayoutDecorationItem``). A section provider builds each section from the
/// ``LayoutEnvironment`` (the container's size), so a resize can change the design.
///
/// **Cells.** Every length ends on a whole cell. Fractional siblings are rounded together by
/// largest remainder: three items of `fractionalWidth(1/3)` in 64 columns are 22, 21 and 21
/// columns wide and fill the group with no gap and no overlap.
///
/// **Speed.** A section whose items do not measure themselves is arithmetic: its group is
/// laid out once, and `prepare()` costs O(1) for it whatever its item count; a rect query
/// finds its groups by division. A section with measured items keeps one `Double` per group
/// (binary-searched by queries). No `LayoutAttributes` is stored.
///
/// **Orthogonal sections.** An orthogonal section keeps its sideways offset per section,
/// across invalidations and batch updates, and moves it when the focus goes to an item not
/// wholly on screen (``rectForScrollingToItem(at:visibleRect:)``); see
/// ``orthogonalScrollOffset(inSection:)``.
open class CompositionalLayout: CollectionLayout {
  /// Builds the section at an index for an environment (UIKit's
  /// `UICollectionViewCompositionalLayoutSectionProvider`); `nil` gives an empty section.
  public typealias SectionProvider = (Int, LayoutEnvironment) -> LayoutSection?

  /// The section provider.
  public let sectionProvider: SectionProvider
  /// What applies across sections: the scroll direction and the space between sections.
  public var configuration: CompositionalLayoutConfiguration { didSet { invalidateLayout() } }

  /// What the last pass computed.
  var cache = CompositionalLayoutCache()
  /// What the pass before it computed: the "before" of an update, for disappearing items.
  var previousCache: CompositionalLayoutCache?
  /// Measured sizes of self-sizing items: section → item → size (points).
  var preferredSizes: [Int: [Int: Size]] = [:]
  /// A number per section that changes whenever its measured sizes do.
  var measuredVersions: [Int: Int] = [:]
  /// The last walk of each section with measured items (see ``WalkedSection``).
  var walkedSections: [Int: WalkedSection] = [:]
  /// Orthogonal sections' sideways offsets, by section: kept across passes.
  var orthogonalOffsets: [Int: Double] = [:]
  /// Orthogonal sections sliding to a new offset, by section.
  var orthogonalAnimations: [Int: OrthogonalScrollAnimation] = [:]
  /// How long an orthogonal section slides to a new offset when the focus moves it, in
  /// milliseconds of the host's clock (``LayoutHost/layoutClockMilliseconds``); 0 moves it
  /// at once. The collection view draws a frame about every 16 ms while it slides.
  public var orthogonalScrollAnimationDuration = 120
  /// True when the next pass must lay everything out again (not only follow a scroll).
  var needsFullPass = true

  /// A layout whose every section is `section`.
  public convenience init(section: LayoutSection, configuration: CompositionalLayoutConfiguration = .init()) {
    self.init(configuration: configuration) { _, _ in section }
  }

  /// A layout that asks `sectionProvider` for each section on every full pass.
  public init(
    configuration: CompositionalLayoutConfiguration = .init(), sectionProvider: @escaping SectionProvider
  ) {
    self.sectionProvider = sectionProvider
    self.configuration = configuration
    super.init()
  }

  // MARK: - The core layout process

  /// Lays the sections out: asks the provider for each, lays each section's group out once
  /// and places its groups arithmetically, or group by group where items measured themselves.
  open override func prepare() {
    let container = containerSize
    if !needsFullPass && cache.isPrepared && container == cache.container { return }
    needsFullPass = false
    previousCache = cache
    cache = buildCache(container: container)
  }

  /// The size of all the content: the container across the scroll direction, the sections'
  /// total along it.
  open override var collectionViewContentSize: Size { cache.contentSize }

  /// Every cell, header, footer and background whose frame meets `rect`.
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    dropFinishedOrthogonalAnimations()
    var result: [LayoutAttributes] = []
    appendElements(of: cache, in: rect, to: &result)
    return result
  }

  /// The attributes of one item, the same as a rect query gives.
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    itemAttributes(at: indexPath, in: cache)
  }

  /// A section's header or footer: the kind of one of its boundary items, at item 0.
  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    boundaryAttributes(ofKind: kind, at: indexPath, in: cache)
  }

  /// A section's background: the kind of one of its decoration items, at item 0.
  open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    decorationAttributes(ofKind: kind, at: indexPath, in: cache)
  }

  // MARK: - Invalidation

  /// Marks everything out of date: the next pass asks the provider again. Measured sizes and
  /// orthogonal offsets are kept.
  open override func invalidateLayout() {
    needsFullPass = true
    super.invalidateLayout()
  }

  /// Keeps the measured sizes the context brings (dropping them all when the data's counts
  /// changed) and makes the next pass a full one, except for a scroll.
  open override func invalidateLayout(with context: InvalidationContext) {
    if context.invalidateDataSourceCounts {
      preferredSizes = [:]
      walkedSections = [:]
    }
    var touched: Set<Int> = []
    for (indexPath, size) in context.preferredItemSizes where indexPath.section >= 0 && indexPath.item >= 0 {
      preferredSizes[indexPath.section, default: [:]][indexPath.item] = size
      touched.insert(indexPath.section)
    }
    for section in touched { measuredVersions[section, default: 0] += 1 }
    if context.newBounds == nil || context.invalidateEverything { needsFullPass = true }
    super.invalidateLayout(with: context)
  }

  /// A resize lays out again (the provider sees the new container); a scroll does when
  /// headers or footers are pinned, cheaply (their frames follow the bounds when asked).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return true }
    if old.size != newBounds.size { return true }
    return (cache.hasPinnedBoundaries || cache.hasVisibleItemsHandlers) && old != newBounds
  }

  /// Everything for a resize; for a scroll, only the pinned headers and footers.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    context.newBounds = newBounds
    if collectionView?.bounds.size != newBounds.size {
      context.invalidateEverything = true
      return context
    }
    for (index, section) in cache.sections.enumerated() {
      for boundary in section.boundaries where boundary.pins {
        context.invalidatedSupplementaryIndexPaths[boundary.kind, default: []].insert(
          IndexPath(item: 0, section: index))
      }
    }
    return context
  }

  /// True when a cell's measured size differs from its frame along an estimated dimension.
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    guard original.category == .cell, let axes = estimatedAxes(at: original.indexPath), axes != 0 else { return false }
    let unit = cellUnit
    let widthDiffers =
      axes & 1 != 0 && cellCount(preferred.size.width, unit.width) != cellCount(original.size.width, unit.width)
    let heightDiffers =
      axes & 2 != 0 && cellCount(preferred.size.height, unit.height) != cellCount(original.size.height, unit.height)
    return widthDiffers || heightDiffers
  }

  // MARK: - Scrolling

  /// What pinned headers and footers cover of `visibleRect`.
  open override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    guard cache.hasPinnedBoundaries else { return .zero }
    return pinnedInsets(in: visibleRect)
  }

  /// For an item of an orthogonal section, moves the section's sideways offset as its
  /// ``OrthogonalScrollingBehavior`` says so the item shows, and returns its new frame (the
  /// collection view then scrolls only along the scroll direction).
  open override func rectForScrollingToItem(at indexPath: IndexPath, visibleRect: Rect) -> Rect? {
    scrollOrthogonalSection(toShow: indexPath)
  }

  /// Milliseconds until the next frame of a sideways slide, or `nil` when none runs: 0 for a
  /// slide that has ended but whose last frame is not drawn yet.
  open override func millisecondsUntilNextFrame(now: Int) -> Int? {
    var next: Int?
    for animation in orthogonalAnimations.values {
      let left = Swift.max(0, Swift.min(16, animation.start + animation.duration - now))
      next = next.map { Swift.min($0, left) } ?? left
    }
    return next
  }

  /// Lands every sideways slide first (a key pressed during one moves from where the row
  /// stops, not from where it is passing), then leaves the choice to the collection view's
  /// geometry (`nil`).
  open override func indexPathForFocus(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
    orthogonalAnimations = [:]
    return nil
  }

  // MARK: - Updates and animation

  /// Forgets the attributes from before the update.
  open override func finalizeCollectionViewUpdates() {
    previousCache = nil
  }

  /// A disappearing item fades out where it was before the update.
  open override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let previousCache, var attributes = itemAttributes(at: indexPath, in: previousCache) else { return nil }
    attributes.alpha = 0
    return attributes
  }

  // MARK: - Helpers

  /// The visible part of the content inside the host's content inset.
  var visibleRect: Rect { (collectionView?.bounds ?? .zero).inset(by: collectionView?.contentInset ?? .zero) }

  /// The container sections are laid out in: the bounds less the content inset.
  var containerSize: Size {
    let bounds = collectionView?.bounds ?? .zero
    let inset = collectionView?.contentInset ?? .zero
    return Size(
      width: Swift.max(0, bounds.width - inset.horizontal), height: Swift.max(0, bounds.height - inset.vertical))
  }

  /// Points per column and per row.
  var cellUnit: Size {
    let metrics = collectionView?.cellMetrics ?? .identity
    return Size(width: metrics.width(ofColumns: 1), height: metrics.height(ofRows: 1))
  }

  /// A length in whole cells.
  func cellCount(_ length: Double, _ unit: Double) -> Int {
    Int(((unit > 0 ? length / unit : length) + 1e-9).rounded())
  }
}
