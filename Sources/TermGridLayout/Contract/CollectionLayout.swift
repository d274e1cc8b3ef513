import TermGridCore
import TermGridViews

/// The base class of every layout: computes where each element of a collection view goes.
///
/// The core layout process from the guide's "Creating Custom Layouts", always in this order:
/// 1. ``prepare()`` does the up-front work and caches what it can;
/// 2. ``collectionViewContentSize`` gives the size of the whole content;
/// 3. ``layoutAttributesForElements(in:)`` gives attributes for what intersects a rectangle.
///
/// ``invalidateLayout()`` only marks the layout dirty; the next pass
/// (``prepareIfNeeded()``) runs `prepare()` once, however many invalidations came before.
/// Subclasses override what they need; the defaults describe an empty layout.
open class CollectionLayout {
  /// The collection view (or stand-in) whose data this layout arranges.
  public weak var collectionView: (any LayoutHost)?

  /// True until the next pass has run `prepare()`.
  public private(set) var needsPrepare = true

  /// The merged invalidations since the last pass; `prepare()` may read it to do less work.
  /// `nil`, or a context with `invalidateEverything`, means the pass is a full one (the first
  /// pass, or a plain `invalidateLayout()`); a full pass still carries the preferred sizes
  /// and offset adjustment that came with the contexts merged into it.
  public private(set) var pendingInvalidation: InvalidationContext?

  /// How many times `prepare()` has run: lets tests see that invalidations coalesce.
  public private(set) var preparePassCount = 0

  /// True while the collection view asks for the attributes elements had before a batch
  /// update (to animate from them): the data source already holds the new data, so a layout
  /// must answer from what it computed and not ask the data source about items now.
  public package(set) var isAnsweringForPreviousData = false

  /// The decoration view makers registered with ``register(decorationViewOfKind:_:)``.
  public private(set) var decorationViewFactories: [String: () -> ReusableView] = [:]

  /// Section starts in index order for the default reading order, dropped by every pass.
  var indexOrderSectionStarts: [Int]?

  /// Creates a layout.
  public init() {}

  // MARK: - The core layout process

  /// Does the up-front work of a layout pass. The default does nothing.
  open func prepare() {}

  /// The size of all the content, in points.
  open var collectionViewContentSize: Size { .zero }

  /// Attributes for every cell, supplementary and decoration view that intersects `rect`.
  open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

  /// Attributes for the cell at `indexPath`, or `nil` if there is no such item.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// Attributes for a supplementary view, or `nil` if the layout has none there.
  open func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Attributes for a decoration view, or `nil` if the layout has none there.
  open func layoutAttributesForDecorationView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Attributes for any element by its key.
  public final func layoutAttributes(for key: ElementKey) -> LayoutAttributes? {
    switch key.category {
    case .cell: return layoutAttributesForItem(at: key.indexPath)
    case .supplementaryView: return layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath)
    case .decorationView: return layoutAttributesForDecorationView(ofKind: key.kind, at: key.indexPath)
    }
  }

  /// Runs `prepare()` if the layout was invalidated since the last pass.
  public final func prepareIfNeeded() {
    guard needsPrepare else { return }
    indexOrderSectionStarts = nil
    prepare()
    preparePassCount += 1
    needsPrepare = false
    pendingInvalidation = nil
  }

  // MARK: - Invalidation

  /// Marks the whole layout out of date. Cheap: the work happens on the next pass.
  open func invalidateLayout() {
    needsPrepare = true
    // Everything is out of date, but preferred sizes already reported are still news.
    pendingInvalidation?.invalidateEverything = true
  }

  /// Marks part of the layout out of date; contexts merge until the next pass.
  open func invalidateLayout(with context: InvalidationContext) {
    if needsPrepare {
      // A full pass is pending (nil context): it covers everything, but keep what the new
      // context reports (preferred sizes, an offset adjustment) for `prepare()` to use.
      var pending = pendingInvalidation ?? .everything
      pending.merge(context)
      pendingInvalidation = pending
    } else {
      needsPrepare = true
      pendingInvalidation = context
    }
  }

  /// Whether a change of the visible rectangle needs a new layout pass. By default only a
  /// change of size does (a resize), not scrolling.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return true }
    return old.size != newBounds.size
  }

  /// The context to invalidate with when ``shouldInvalidateLayout(forBoundsChange:)`` says yes.
  open func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext.everything
    context.newBounds = newBounds
    return context
  }

  /// Whether a self-sizing view's preferred size should change the layout. By default only
  /// a cell's does, as in the talk's invalidation section (the context carries item sizes);
  /// layouts that size supplementary views by their content override this and the context.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    original.category == .cell && preferred.size != original.size
  }

  /// The context that carries a self-sizing cell's preferred size to the next pass.
  open func invalidationContext(
    forPreferredLayoutAttributes preferred: LayoutAttributes,
    withOriginalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    var context = InvalidationContext()
    context.invalidatedItemIndexPaths = [original.indexPath]
    context.preferredItemSizes[original.indexPath] = preferred.size
    return context
  }

  // MARK: - Scrolling

  /// Where scrolling should stop when it is headed for `proposedContentOffset`; the default
  /// accepts the proposal. Layouts return item boundaries to make pages land on items.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
    proposedContentOffset
  }

  /// How far in from each edge of `visibleRect` the layout's floating elements (pinned
  /// headers and footers) cover the content when the visible area is `visibleRect`; the
  /// default, for layouts where nothing floats, is zero.
  ///
  /// The collection view keeps items it scrolls to out from under them
  /// (``CollectionView/scrollToVisible(_:at:)``) and pages by what they leave visible. A
  /// layout whose floating elements make room instead (a tree's pinned rows never cover the
  /// focused node) can leave this at zero.
  open func obscuredInsets(in visibleRect: Rect) -> EdgeInsets { .zero }

  /// The rectangle the collection view scrolls into view to show an item
  /// (``CollectionView/scrollToItem(at:at:)``); `nil`, the default, uses its frame. A layout
  /// whose item floats over the content (a table's frozen column) gives a rectangle that
  /// needs no scrolling along the axis it floats on.
  open func rectForScrollingToItem(at indexPath: IndexPath, visibleRect: Rect) -> Rect? { nil }

  /// The item the keyboard focus goes to from `indexPath` in `direction`, for layouts whose
  /// geometry alone does not say it well (an outline moves row by row). `nil`, the default,
  /// lets the collection view pick the nearest item in that direction by frame geometry.
  open func indexPathForFocus(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? { nil }

  /// Whether the elements this layout returns depend on which item has the focus
  /// (``LayoutHost/indexPathForFocusedItem``: a tree pins the focused node's ancestors).
  /// When they do, the default, a focus move asks for the visible elements again; a layout
  /// that never reads the focus answers `false`, and a focus move that scrolls nothing only
  /// redraws with the cells' new states (a chart's thousands of points are not asked for
  /// and matched to their views again on every key).
  open var visibleElementsDependOnFocus: Bool { true }

  /// Milliseconds until the layout wants its next frame drawn, with `now` read from the
  /// host's clock (``LayoutHost/layoutClockMilliseconds``), or `nil`, the default, when
  /// nothing of its own moves. A layout that animates by itself (a compositional layout's
  /// orthogonal section sliding to the focused item) answers while it moves; the
  /// collection view then runs a layout pass on each frame and includes the answer in its
  /// own ``CollectionView/millisecondsUntilNextFrame``. Answer 0 once for the frame that
  /// lands the move.
  open func millisecondsUntilNextFrame(now: Int) -> Int? { nil }

  // MARK: - Reading order

  /// Where an item stands in the order a person reads the layout (0 first), or `nil` for
  /// an index path that names no item.
  ///
  /// A range selection is the items between its anchor and its end in this order, and the
  /// first and last items (Home, End) are its ends. The default is index order, sections
  /// one after another, which is reading order for layouts whose frames follow their index
  /// paths (a flow). Layouts that place items otherwise answer their own order: a tree
  /// answers depth-first order (its rows as shown, whatever their depth); a layout that
  /// scatters items can answer frame order (``ReadingOrder/byFrames(_:)`` helps).
  open func readingPosition(ofItemAt indexPath: IndexPath) -> Int? {
    defaultReadingPosition(ofItemAt: indexPath)
  }

  /// The item at a position in reading order (see ``readingPosition(ofItemAt:)``), or `nil`
  /// past either end.
  open func indexPathForItem(atReadingPosition position: Int) -> IndexPath? {
    defaultIndexPathForItem(atReadingPosition: position)
  }

  /// How many items reading order has: every item of the collection view by default.
  open var numberOfItemsInReadingOrder: Int { defaultNumberOfItemsInReadingOrder }

  /// The items from `start` through `end` in reading order, both included, in that order
  /// (from `end` through `start` when `end` comes first); empty when either names no item.
  /// Override for a faster walk than one ``indexPathForItem(atReadingPosition:)`` per item.
  open func indexPathsInReadingOrder(from start: IndexPath, through end: IndexPath) -> [IndexPath] {
    defaultIndexPathsInReadingOrder(from: start, through: end)
  }

  // MARK: - Interactive movement

  /// Where an item being moved interactively would land with its centre at `position`
  /// (content points): by default the item whose frame holds the position, else the
  /// nearest one; `previousIndexPath` (the target so far) when there is none near.
  open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: Point)
    -> IndexPath
  {
    defaultTargetIndexPath(forInteractivelyMovingItem: previousIndexPath, withPosition: position)
  }

  /// The attributes of the item being moved, drawn over everything as it follows the
  /// pointer: by default its own attributes with the frame centred on `position`, above
  /// every other element.
  open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: Point)
    -> LayoutAttributes?
  {
    guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
    attributes.frame = Rect(
      x: position.x - attributes.frame.width / 2, y: position.y - attributes.frame.height / 2,
      width: attributes.frame.width, height: attributes.frame.height)
    attributes.zIndex = Self.interactivelyMovingItemZIndex
    return attributes
  }

  /// The z-index of an item being moved interactively: above pinned headers and rows.
  public static let interactivelyMovingItemZIndex = 10_000

  // MARK: - Updates and animation

  /// Told before a batch update which items change, so only those get special animations.
  open func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {}

  /// Told when the batch update's animations are set up.
  open func finalizeCollectionViewUpdates() {}

  /// Where an appearing item starts its animation; by default its final place, transparent.
  open func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
    attributes.alpha = 0
    return attributes
  }

  /// Where a disappearing item ends its animation; by default its old place, transparent.
  /// Called after the update, so the layout answers from what it cached before, if anything.
  open func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// Where an appearing supplementary view starts; by default its final place, transparent.
  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard var attributes = layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) else { return nil }
    attributes.alpha = 0
    return attributes
  }

  /// Where a disappearing supplementary view ends; `nil` lets the collection view fade it out.
  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Where an appearing decoration view starts; by default its final place, transparent.
  open func initialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard var attributes = layoutAttributesForDecorationView(ofKind: kind, at: indexPath) else { return nil }
    attributes.alpha = 0
    return attributes
  }

  /// Where a disappearing decoration view ends; `nil` lets the collection view fade it out.
  open func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Whether supplementary views of `kind` belong to the item at their index path and go
  /// where it goes in a batch update (a tree's connectors): they move with it and leave
  /// with it. The default is `false`: UIKit's rules.
  ///
  /// UIKit's rules for supplementary views in a batch update (the guide: "the first index
  /// corresponds to a specific section"; the rest only identifies the view):
  /// - A supplementary view's index path is not changed by item inserts, deletes or moves:
  ///   the view at `[s, i]` after the update is the view that was at `[s', i]` before, where
  ///   `s'` is section `s`'s place before the update. A view whose frame is the same before
  ///   and after therefore does not move, whatever happened to the items around it.
  /// - Section inserts, deletes and moves carry the first index along; the views of a
  ///   deleted section leave with it. A first index that names no section of the data (a
  ///   timeline's period code) is kept as it is.
  /// - Only ``indexPathsToInsertForSupplementaryView(ofKind:)`` and
  ///   ``indexPathsToDeleteForSupplementaryView(ofKind:)`` make one appear or disappear
  ///   otherwise.
  /// - Views are asked for again after every update (their content may have changed), and
  ///   start from the attributes the view at the same index path had before.
  ///
  /// Return `true` for kinds whose index path is an item's (``TreeLayout``'s connectors):
  /// they then follow that item through inserts, deletes and moves, as a cell does.
  open func supplementaryViewsFollowItems(ofKind kind: String) -> Bool { false }

  /// The supplementary views of `kind` that a batch update adds, at their index paths after
  /// it (UIKit's `indexPathsToInsertForSupplementaryViewOfKind:`). Asked after
  /// ``prepare(forCollectionViewUpdates:)``; each starts from
  /// ``initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)``. The default
  /// is none.
  open func indexPathsToInsertForSupplementaryView(ofKind kind: String) -> [IndexPath] { [] }

  /// The supplementary views of `kind` that a batch update removes, at their index paths
  /// before it; each ends at
  /// ``finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`` (fading out
  /// where it was when that is `nil`). The default is none.
  open func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [IndexPath] { [] }

  /// The decoration views of `kind` that a batch update adds, at their index paths after it.
  /// Decoration views not named here or in ``indexPathsToDeleteForDecorationView(ofKind:)``
  /// keep their index paths and move from their old frames to their new ones.
  open func indexPathsToInsertForDecorationView(ofKind kind: String) -> [IndexPath] { [] }

  /// The decoration views of `kind` that a batch update removes, at their index paths
  /// before it; each fades out (or goes to
  /// ``finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:)``).
  open func indexPathsToDeleteForDecorationView(ofKind kind: String) -> [IndexPath] { [] }

  /// Told that this layout is about to replace `oldLayout` in a layout transition.
  ///
  /// In an animated transition the new layout is asked for the initial attributes of the
  /// elements only it has, and the old layout for the final attributes of the elements
  /// only it had (the `initialLayoutAttributesForAppearing…` and
  /// `finalLayoutAttributesForDisappearing…` methods), as in a batch update.
  open func prepareForTransition(from oldLayout: CollectionLayout) {}

  /// Told that `newLayout` is about to replace this layout.
  open func prepareForTransition(to newLayout: CollectionLayout) {}

  /// Told that a layout transition has finished.
  open func finalizeLayoutTransition() {}

  // MARK: - Decoration views

  /// Registers how to make decoration views of `kind`. Decoration views belong to the
  /// layout, not the data source: the collection view makes them from this registration.
  public final func register(
    decorationViewOfKind kind: String, _ make: @escaping () -> ReusableView
  ) {
    decorationViewFactories[kind] = make
  }
}
