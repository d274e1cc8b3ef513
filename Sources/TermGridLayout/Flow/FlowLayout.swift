import TermGridCore

/// A line-breaking layout: items fill a line, then the next, as the guide's "Using the Flow
/// Layout" describes `UICollectionViewFlowLayout`.
///
/// Scrolling vertically, lines run left to right and stack downwards; scrolling
/// horizontally they become columns that run downwards and stack to the right. Each
/// section is its header, the section inset, its lines and its footer.
///
/// - Items go on the current line while they fit: item lengths plus the minimum interitem
///   spacing between them, within the bounds less the section insets. An item longer than
///   a line gets a line of its own at the inset and is not shrunk.
/// - A line is as thick as its thickest item; the others are centred across it
///   (Figure 3-2). Lines are `minimumLineSpacing` apart, measured between their thickest
///   items (Figure 3-4).
/// - ``Alignment-swift.enum/justified`` spreads a line's leftover space evenly between its
///   items (Figure 3-3) and centres a line holding a single item, as UIKit does.
///
/// Sizes, insets, spacings and header or footer sizes can vary per section or per item
/// through a ``FlowLayoutDelegate``.
///
/// **Speed.** A section whose items all take ``itemSize`` is arithmetic: `prepare()` costs
/// O(1) for it whatever its item count, and a rect query finds its lines and items by
/// division. A section sized by the delegate is walked once per full pass, keeping two
/// `Double`s per item and one small record per line; queries binary-search the lines.
/// No `LayoutAttributes` is stored: frames are computed when they are asked for.
///
/// **Subclassing.** As Table 3-1 suggests, override `layoutAttributesForElements(in:)`
/// and the on-demand methods, call `super` and adjust or add attributes.
open class FlowLayout: CollectionLayout {
  /// The direction the content scrolls in; lines run across it.
  public enum ScrollDirection: Hashable, Sendable {
    /// Lines run left to right and stack downwards.
    case vertical
    /// Lines become columns: they run downwards and stack to the right.
    case horizontal
  }

  /// Where a line's items go when the line has room to spare.
  public enum Alignment: Hashable, Sendable {
    /// The leftover space is spread evenly between the items, so both ends of the line
    /// touch the insets (Figure 3-3); a line holding one item centres it. UIKit's behaviour.
    case justified
    /// Items start at the inset, `minimumInteritemSpacing` apart; the leftover space is at
    /// the end of the line.
    case leading
    /// Items are `minimumInteritemSpacing` apart and the group is centred on the line.
    case centered
  }

  /// Where an item thinner than its line sits across the line (a short card beside a tall one).
  public enum LineItemAlignment: Hashable, Sendable {
    /// Centred across the line (Figure 3-2). UIKit's behaviour.
    case centered
    /// At the line's leading edge: the top when scrolling vertically, the left when
    /// scrolling horizontally, so items of mixed heights line up like text.
    case top
  }

  /// The object asked for per-item and per-section values. When `nil`, the layout asks the
  /// collection view's ``LayoutHost/layoutDelegate`` if it is a ``FlowLayoutDelegate``.
  public weak var delegate: (any FlowLayoutDelegate)? { didSet { invalidateLayout() } }

  /// The size of every item the delegate does not size.
  public var itemSize = Size(width: 10, height: 3) { didSet { invalidateLayout() } }

  /// A size to use for items until their cells report a preferred size (self-sizing).
  ///
  /// When set, it takes the place of ``itemSize`` for items the delegate does not size;
  /// preferred sizes arrive through ``CollectionLayout/invalidateLayout(with:)`` and win.
  public var estimatedItemSize: Size? { didSet { invalidateLayout() } }

  /// The smallest gap between items on a line; justified lines may widen it. Negative
  /// values count as zero.
  public var minimumInteritemSpacing = 1.0 { didSet { invalidateLayout() } }

  /// The gap between successive lines, measured between their thickest items. Negative
  /// values count as zero.
  public var minimumLineSpacing = 1.0 { didSet { invalidateLayout() } }

  /// Space around each section's items: after the header, before the footer and at both
  /// ends of every line. Negative insets in the scroll direction count as zero.
  public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }

  /// The size of section headers. Only the height counts when scrolling vertically (the
  /// header spans the content's width) and only the width when scrolling horizontally.
  /// Zero there means no header.
  public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }

  /// The size of section footers, read like ``headerReferenceSize``.
  public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }

  /// The scroll direction; lines run across it.
  public var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }

  /// Where a line's items go when it has room to spare; justified by default, as UIKit.
  public var alignment = Alignment.justified { didSet { invalidateLayout() } }

  /// Where items thinner than their line sit across it; centred by default, as UIKit.
  public var lineItemAlignment = LineItemAlignment.centered { didSet { invalidateLayout() } }

  /// Keeps each section's header at the leading edge of the visible area while the section
  /// scrolls by; the next section's header pushes it off. The visible area is the
  /// collection view's bounds. Scrolling then invalidates the layout, cheaply: the pass
  /// does no per-item work and header frames are computed when they are asked for.
  public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }

  /// Keeps each section's footer at the trailing edge of the visible area while the
  /// section scrolls by, as ``sectionHeadersPinToVisibleBounds`` does for headers.
  public var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

  /// Makes ``targetContentOffset(forProposedContentOffset:)`` land on the start of a line
  /// or a header, so paging stops on item boundaries. With
  /// ``sectionHeadersPinToVisibleBounds`` a line's stop leaves room for its section's
  /// pinned header, so the line shows whole just under it. Off by default, as UIKit.
  public var snapsToLines = false

  /// What the last pass computed.
  var cache = FlowLayoutCache()
  /// What the pass before it computed: the "before" of an update, for disappearing items.
  /// Kept until ``finalizeCollectionViewUpdates()``.
  var previousCache: FlowLayoutCache?
  /// True when the next pass must recompute every section.
  var needsFullPass = true
  /// The first section the next pass must recompute, when not all of them.
  var firstInvalidSection: Int?
  /// Self-sized items' preferred sizes: section → item → size. They win over the delegate
  /// and the item size until the data's counts change.
  var preferredSizes: [Int: [Int: Size]] = [:]
  /// True when an invalidation for changed counts already dropped the preferred sizes, so
  /// the ones that came with or after it are kept.
  var hasResetPreferredSizes = false
  /// Index paths inserted and deleted by the batch update under way, if any.
  var pendingUpdates: PendingUpdates?

  /// Creates a flow layout with the default sizes and spacings.
  public override init() {
    super.init()
  }

  /// The delegate asked for per-item and per-section values in this pass.
  public var effectiveDelegate: (any FlowLayoutDelegate)? {
    delegate ?? (collectionView?.layoutDelegate as? any FlowLayoutDelegate)
  }

  // MARK: - The core layout process

  /// Computes what the invalidations since the last pass require: every section, the
  /// sections from the first changed one on, or nothing (a scroll with pinned headers).
  open override func prepare() {
    let crossExtent = self.crossExtent(of: collectionView?.bounds ?? .zero)
    if !needsFullPass && firstInvalidSection == nil && cache.isPrepared && crossExtent == cache.crossExtent {
      // Only the visible rectangle moved: pinned headers and footers follow it when asked.
      return
    }
    let counts = currentItemCounts()
    let countsChanged =
      cache.isPrepared
      && (counts.count != cache.sections.count || zip(counts, cache.sections).contains { $0 != $1.itemCount })
    if countsChanged && !hasResetPreferredSizes {
      // Preferred sizes belong to index paths that may no longer hold the same items.
      preferredSizes = [:]
    }
    let isFull = needsFullPass || !cache.isPrepared || crossExtent != cache.crossExtent || countsChanged
    let firstSection = Swift.min(isFull ? 0 : (firstInvalidSection ?? 0), counts.count)
    needsFullPass = false
    firstInvalidSection = nil
    hasResetPreferredSizes = false

    previousCache = cache
    var next: FlowLayoutCache
    if isFull {
      next = FlowLayoutCache()
    } else {
      // Keep the sections before the first changed one; copy only that prefix, since the
      // previous pass still holds the buffers.
      next = cache
      if firstSection < cache.sections.count {
        let kept = cache.sections[firstSection]
        next.sections = Array(cache.sections[..<firstSection])
        next.lines = Array(cache.lines[..<kept.firstLine])
        next.extents = Array(cache.extents[..<kept.firstExtent])
      }
    }
    next.scrollDirection = scrollDirection
    next.alignment = alignment
    next.lineItemAlignment = lineItemAlignment
    next.pinsHeaders = sectionHeadersPinToVisibleBounds
    next.pinsFooters = sectionFootersPinToVisibleBounds
    next.crossExtent = crossExtent
    buildSections(from: firstSection, counts: counts, into: &next)
    next.isPrepared = true
    cache = next
  }

  /// The size of all the content: the bounds' width by the sections' total height when
  /// scrolling vertically, and the other way round when scrolling horizontally.
  open override var collectionViewContentSize: Size { cache.contentSize }

  /// Every cell, header and footer whose frame intersects `rect`.
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(cache.estimatedElementCount(in: rect))
    cache.appendElements(in: rect, visible: visibleRect, to: &result)
    return result
  }

  /// The attributes of one item, the same as a rect query gives.
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    cache.itemAttributes(at: indexPath)
  }

  /// The attributes of a section's header (kind ``ElementKind/header``) or footer (kind
  /// ``ElementKind/footer``) at index path (item 0, section), or `nil` if it has none.
  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard indexPath.item == 0 else { return nil }
    return cache.supplementaryAttributes(ofKind: kind, section: indexPath.section, visible: visibleRect)
  }

  // MARK: - Invalidation

  /// Marks every section out of date; the next pass recomputes them all. Preferred sizes
  /// from self-sizing cells are kept until the data's counts change.
  open override func invalidateLayout() {
    needsFullPass = true
    super.invalidateLayout()
  }

  /// Marks part of the layout out of date. Preferred item sizes are stored at once (they
  /// win over the delegate and ``itemSize``) and the next pass recomputes from the first
  /// section they touch; see ``CollectionLayout/invalidateLayout(with:)``.
  open override func invalidateLayout(with context: InvalidationContext) {
    record(context)
    super.invalidateLayout(with: context)
  }

  /// True when the line length changes, and for any scroll while headers or footers are
  /// pinned (UIKit's flow layout does the same).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    needsLayout(forBoundsChange: newBounds)
  }

  /// A context that recomputes nothing for a scroll (floating frames follow the bounds
  /// when asked) and everything when the line length changes.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    boundsChangeContext(for: newBounds)
  }

  // MARK: - Scrolling

  /// With ``snapsToLines`` on, the start of a line or header near `proposedContentOffset`
  /// in the direction of travel (with pinned headers, the offset that puts a line just
  /// under its section's header); otherwise the proposal.
  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
    snappedContentOffset(for: proposedContentOffset)
  }

  /// What pinned headers and footers cover of `visibleRect`: the floating header of the
  /// section at the leading edge and the floating footer of the section at the trailing
  /// edge (top and bottom scrolling vertically, left and right scrolling horizontally).
  /// Zero when nothing is pinned.
  open override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    guard pinsSupplementaryViews, cache.isPrepared else { return .zero }
    return cache.obscuredInsets(in: visibleRect)
  }

  // MARK: - Updates and animation

  /// Remembers which items and sections the update inserts and deletes.
  open override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    pendingUpdates = PendingUpdates(updateItems)
  }

  /// Forgets the update and the attributes from before it.
  open override func finalizeCollectionViewUpdates() {
    pendingUpdates = nil
    previousCache = nil
  }

  /// An inserted item fades in at its place (alpha 0); during an update, items that were
  /// not inserted start as they are.
  open override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    appearingAttributes(cache.itemAttributes(at: indexPath))
  }

  /// A disappearing item fades out where it was before the update (alpha 0), from the
  /// previous pass, kept until ``finalizeCollectionViewUpdates()``.
  open override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    disappearingAttributes(previousCache?.itemAttributes(at: indexPath))
  }

  /// The header or footer of an inserted section fades in at its place.
  open override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    appearingAttributes(layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath))
  }

  /// A disappearing header or footer fades out where it was before the update.
  open override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard indexPath.item == 0 else { return nil }
    return disappearingAttributes(
      previousCache?.supplementaryAttributes(ofKind: kind, section: indexPath.section, visible: visibleRect))
  }

  // MARK: - Helpers

  /// The visible part of the content inside the host's content inset, which pinned headers
  /// and footers follow.
  var visibleRect: Rect { (collectionView?.bounds ?? .zero).inset(by: collectionView?.contentInset ?? .zero) }

  /// The item count of every section, from the collection view.
  func currentItemCounts() -> [Int] {
    guard let host = collectionView else { return [] }
    let sectionCount = Swift.max(0, host.numberOfSections)
    var counts: [Int] = []
    counts.reserveCapacity(sectionCount)
    for section in 0..<sectionCount { counts.append(Swift.max(0, host.numberOfItems(inSection: section))) }
    return counts
  }
}
