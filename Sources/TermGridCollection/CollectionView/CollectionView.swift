import TermGridCore
import TermGridLayout
import TermGridPlatform
import TermGridViews

/// The hub of the collection-view model: asks its data source for views, its layout for
/// where they go, and draws them into a canvas.
///
/// Data goes one way: the data source gives counts and views, the layout gives attributes,
/// the collection view puts views at their attributes' frames and draws them. A layout never
/// reads views and a view never reads the layout; only the collection view talks to all.
///
/// Views exist only for elements in the visible rectangle: scrolling hands views that leave
/// it back to a reuse queue, and the data source dequeues them for elements that enter.
/// The delegate hears of both (`willDisplay`, `didEndDisplaying`).
///
/// A layout switch (``setCollectionViewLayout(_:animated:keepingFocusInPlace:completion:)``) keeps the cells and
/// supplementary views that are on screen in both layouts: the data source is not asked for
/// them again, and they are only given their new attributes (``ReusableView/apply(_:)``).
public final class CollectionView: LayoutHost {
  /// Provides counts and views.
  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { if !isSwitchingDataSource { reloadData() } }
  }
  /// Decides on and hears about highlighting, selection and the edit menu.
  public weak var delegate: (any CollectionViewDelegate)?

  /// The layout; change it with ``setCollectionViewLayout(_:animated:keepingFocusInPlace:completion:)``.
  public internal(set) var collectionViewLayout: CollectionLayout

  /// Where the collection view sits on the screen, in cells.
  public var frame: CellRect {
    didSet { if frame != oldValue { setNeedsLayout() } }
  }

  /// How layout points map to cells.
  public var cellMetrics: CellMetrics {
    didSet {
      if cellMetrics != oldValue {
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
      }
    }
  }

  /// The styles views draw with.
  public var theme: Theme = .standard {
    didSet { needsDisplay = true }
  }

  /// The top-left corner of the visible part of the content, in points. Setting it clamps
  /// it to the content (see ``clampedContentOffset(_:)``).
  public var contentOffset: Point {
    get { storedContentOffset }
    set {
      // Setting the offset directly stops an animated scroll, as in UIKit (and the offset
      // of a layout switch stops moving).
      scrollAnimation = nil
      animation?.offsetMotion = nil
      let clamped = clampedContentOffset(newValue)
      if clamped != storedContentOffset {
        storedContentOffset = clamped
        setNeedsLayout()
      }
    }
  }

  /// Whether items can be selected at all.
  public var allowsSelection = true
  /// Whether more than one item can be selected at once.
  public var allowsMultipleSelection = false {
    didSet {
      if !allowsMultipleSelection, selectedIndexPaths.count > 1, let keep = selectionAnchor ?? selectedIndexPaths.min()
      {
        for indexPath in selectedIndexPaths where indexPath != keep {
          deselectItem(at: indexPath, notifyDelegate: true)
        }
      }
    }
  }

  /// True when something changed that is not on screen yet. Each time it becomes true the
  /// collection view tells its ``displayHost``.
  public internal(set) var needsDisplay = true {
    didSet {
      // Anything but a layout pass that asks for a frame may have changed what views show.
      if needsDisplay { isDrawingStale = true }
      if needsDisplay, !oldValue { displayHost?.setNeedsDisplay() }
    }
  }

  /// Whether ``draw(into:)`` copies the cells whose view and attributes are those it drew
  /// last time from that drawing, instead of asking each view to draw itself again.
  ///
  /// A layout pass that changes nothing on screen (items inserted far below, say) then
  /// costs a copy, not a frame of drawing: only new views, views whose attributes, state or
  /// neighbours changed, and supplementary and decoration views (whose content an app may
  /// set in place) are drawn. Anything else that asks for a frame draws everything again,
  /// as does ``setNeedsDisplay()``: an app that turns this on calls it whenever a cell on
  /// screen may show something else without the collection view knowing (a cell's state
  /// read at draw time, a key that changes how cells look). Off by default.
  public var reusesDrawingOfUnchangedCells = false {
    didSet { isDrawingStale = true }
  }

  /// Where the collection view asks for frames: give it the run loop
  /// (`RunLoopRoot/willRun(in:)` is the place), and every change it makes reaches the
  /// screen without the app forwarding ``needsDisplay``.
  public weak var displayHost: (any DisplayHost)? {
    didSet {
      if needsDisplay { displayHost?.setNeedsDisplay() }
    }
  }

  /// Marks the collection view as needing to be drawn again (its views changed in a way
  /// it cannot see: a cell's text, say) and tells its ``displayHost``.
  public func setNeedsDisplay() {
    isDrawingStale = true
    // Becoming true tells the host; already true, tell it again (a frame may have been
    // drawn without this collection view since).
    if needsDisplay { displayHost?.setNeedsDisplay() } else { needsDisplay = true }
  }

  /// An app-level object the layouts may ask layout questions (a ``FlowLayoutDelegate``).
  /// Defaults to ``delegate``.
  public weak var layoutDelegateOverride: AnyObject?

  // MARK: - State

  var storedContentOffset = Point.zero
  /// True while ``setCollectionViewLayout(_:dataSource:animated:completion:)`` swaps the data
  /// source itself (without the reload that setting ``dataSource`` does).
  var isSwitchingDataSource = false
  var sectionCounts: [Int]? {
    // Counts are set on every reload and batch update: what prefetching asked for is stale.
    didSet { dataGeneration &+= 1 }
  }
  var dataGeneration = 0
  var cellRegistrations: [String: (cellClass: Cell.Type, slot: Int)] = [:]
  var supplementaryRegistrations: [String: (viewClass: ReusableView.Type, slot: Int)] = [:]
  /// Reuse queue slots of decoration kinds, by kind.
  var decorationSlots: [String: Int] = [:]
  var reuseQueue = ReuseQueue()
  /// The views on screen, by element.
  var visibleViews: [ElementKey: ReusableView] = [:]
  /// What is on screen now, in the order it is drawn.
  var displayedAttributes: [LayoutAttributes] = []
  /// The view of each of ``displayedAttributes``, in the same order.
  var displayedViews: [ReusableView] = []
  /// Supplementary elements the data source gave no view for (asked once per reload).
  var elementsWithoutViews: Set<ElementKey> = []
  var needsLayout = true
  /// Counts layout passes; a view stamped with the current one is in use in this pass.
  var layoutPassNumber = 0
  var committedBounds: Rect?
  var boundsOverride: Rect?
  /// How many views were ever created (not dequeued from a queue).
  public private(set) var createdViewCount = 0

  // Selection state lives here, not in cells (cells only mirror it).
  var selectedIndexPaths: Set<IndexPath> = []
  var selectionAnchor: IndexPath?
  /// Where the last range extended to from the anchor (`nil` until one is extended).
  var selectionExtent: IndexPath?
  var highlightedIndexPath: IndexPath?
  var focusedItem: IndexPath?

  // Batch updates being recorded, and how deeply performBatchUpdates calls nest.
  var pendingBatch: [BatchOperation] = []
  var pendingCompletions: [(Bool) -> Void] = []
  var batchDepth = 0
  var ghostCounter = 0
  /// Whether something other than a layout pass changed what views show since the last
  /// drawing (see ``reusesDrawingOfUnchangedCells``).
  var isDrawingStale = true
  /// Views made, configured or given another state since the last drawing.
  var viewsChangedSinceDrawing: Set<ObjectIdentifier> = []
  /// What the last drawing showed, for ``reusesDrawingOfUnchangedCells``.
  var lastDrawing: DrawingMemory?
  /// How many cells the last ``draw(into:)`` copied from the drawing before it instead of
  /// asking their views to draw (see ``reusesDrawingOfUnchangedCells``).
  public internal(set) var reusedCellCount = 0
  /// Cells made to be measured before a batch update's animation, waiting for the layout
  /// pass that shows them (see `measureCellsBeforeAnimating`).
  var measuredViews: [ElementKey: ReusableView] = [:]
  /// The cell ``reconfigureItems(at:)`` hands back to the data source's next dequeue.
  var reconfiguringCell: Cell?

  // The edit menu and the pasteboard (CollectionView+EditMenu.swift).
  var editMenuState = EditMenuState()

  // An item being moved interactively (CollectionView+InteractiveMovement.swift).
  var interactiveMovement: InteractiveMovement?
  /// Where the last left press was, for a drag that picks the item up.
  var pressPoint: CellPoint?

  // Animations in flight (inserts, deletes, moves, layout switches).
  var animation: ElementAnimation?
  /// Whether changes animate; off in tests and with `--no-animation`.
  public var animatesChanges = true
  /// How long change animations last, in milliseconds.
  public var animationDuration = 150
  /// The clock animations read, in milliseconds: batch updates, layout switches and
  /// animated scrolling all step by it.
  ///
  /// It reads the monotonic clock. Headless, point it at the terminal's virtual time
  /// (`collectionView.clock = { terminal.elapsedMilliseconds }`, and the run loop's clock
  /// too), so a ``TerminalRunLoop`` over a ``HeadlessTerminal`` steps every animation frame
  /// without sleeping; a test may instead move a counter of its own, or turn
  /// ``animatesChanges`` off to see only final states.
  public var clock: () -> Int = { MonotonicClock.milliseconds() }

  // Display callbacks, animated scrolling, prefetching, the background view and the content
  // inset (CollectionView+Display.swift, +AnimatedScrolling.swift, +Prefetching.swift,
  // +ContentInset.swift).
  /// The element (category and kind) of each view the delegate was told will display.
  var displayedViewElements: [ObjectIdentifier: ElementKey] = [:]
  var scrollAnimation: ScrollAnimation?
  var prefetchState = PrefetchState()
  var storedContentInset = EdgeInsets.zero

  /// Where prefetching asks for data ahead of the visible area; see
  /// ``CollectionViewDataSourcePrefetching``.
  public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)? {
    didSet {
      prefetchState.requested = []
      prefetchState.lastBounds = nil
    }
  }

  /// A view drawn behind all the content, filling the frame; it does not scroll.
  public var backgroundView: ReusableView? {
    didSet { setNeedsDisplay() }
  }

  // MARK: - Creating

  /// Creates a collection view with a layout, placed at `frame` on the screen.
  public init(frame: CellRect, layout: CollectionLayout, cellMetrics: CellMetrics = .identity) {
    self.frame = frame
    self.collectionViewLayout = layout
    self.cellMetrics = cellMetrics
    layout.collectionView = self
  }

  // MARK: - LayoutHost

  /// The visible part of the content, in points: the content offset and the frame's size.
  public var bounds: Rect {
    if let boundsOverride { return boundsOverride }
    return Rect(origin: storedContentOffset, size: cellMetrics.size(for: frame.size))
  }

  public var numberOfSections: Int {
    loadCountsIfNeeded()
    return sectionCounts?.count ?? 0
  }

  public func numberOfItems(inSection section: Int) -> Int {
    loadCountsIfNeeded()
    guard let counts = sectionCounts, counts.indices.contains(section) else { return 0 }
    return counts[section]
  }

  public var layoutDelegate: AnyObject? { layoutDelegateOverride ?? delegate }

  /// The collection view's ``clock``, which layouts that animate by themselves step by.
  public var layoutClockMilliseconds: Int { clock() }

  func loadCountsIfNeeded() {
    guard sectionCounts == nil else { return }
    sectionCounts = currentDataSourceCounts()
  }

  func currentDataSourceCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
  }

  // MARK: - Registering and dequeuing

  /// Registers the cell class to create for `identifier`.
  public func register(_ cellClass: Cell.Type, forCellWithReuseIdentifier identifier: String) {
    cellRegistrations[identifier] = (cellClass, reuseQueue.slot(for: "cell\u{0}" + identifier))
  }

  /// Registers the view class to create for supplementary views of `kind` with `identifier`.
  public func register(
    _ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
  ) {
    let key = Self.supplementaryKey(kind, identifier)
    supplementaryRegistrations[key] = (viewClass, reuseQueue.slot(for: "supplementary\u{0}" + key))
  }

  /// A cell ready to configure: a recycled one after `prepareForReuse()`, or a new one.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> Cell {
    guard let registration = cellRegistrations[identifier] else {
      fatalError(
        "dequeueReusableCell: no cell class is registered for the reuse identifier \"\(identifier)\" (index path \(indexPath)); call register(_:forCellWithReuseIdentifier:) first"
      )
    }
    if let cell = reconfiguringCell, cell.reuseSlot == registration.slot {
      // Reconfiguring: the same cell, as it is, for the data source to update.
      reconfiguringCell = nil
      return cell
    }
    if let view = reuseQueue.dequeue(slot: registration.slot) as? Cell {
      view.layoutAttributes = nil
      view.prepareForReuse()
      return view
    }
    let cell = registration.cellClass.init()
    cell.reuseIdentifier = identifier
    cell.reuseSlot = registration.slot
    createdViewCount += 1
    return cell
  }

  /// A typed cell ready to configure; the class registered for `identifier` must be `T`.
  public func dequeueReusableCell<T: Cell>(
    _ type: T.Type, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> T {
    let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    guard let typed = cell as? T else {
      fatalError(
        "dequeueReusableCell: the cell registered for \"\(identifier)\" is \(Swift.type(of: cell)), not \(T.self)")
    }
    return typed
  }

  /// A supplementary view ready to configure: recycled after `prepareForReuse()`, or new.
  public func dequeueReusableSupplementaryView(
    ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> ReusableView {
    guard let registration = supplementaryRegistrations[Self.supplementaryKey(kind, identifier)] else {
      fatalError(
        "dequeueReusableSupplementaryView: no view class is registered for kind \"\(kind)\" with the reuse identifier \"\(identifier)\" (index path \(indexPath)); call register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first"
      )
    }
    if let view = reuseQueue.dequeue(slot: registration.slot) {
      view.layoutAttributes = nil
      view.prepareForReuse()
      return view
    }
    let view = registration.viewClass.init()
    view.reuseIdentifier = identifier
    view.reuseSlot = registration.slot
    createdViewCount += 1
    return view
  }

  /// A typed supplementary view; the class registered must be `T`.
  public func dequeueReusableSupplementaryView<T: ReusableView>(
    _ type: T.Type, ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> T {
    let view = dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
    guard let typed = view as? T else {
      fatalError(
        "dequeueReusableSupplementaryView: the view registered for \"\(kind)\"/\"\(identifier)\" is \(Swift.type(of: view)), not \(T.self)"
      )
    }
    return typed
  }

  static func supplementaryKey(_ kind: String, _ identifier: String) -> String { kind + "\u{0}" + identifier }

  func makeDecorationView(kind: String) -> ReusableView? {
    let slot: Int
    if let known = decorationSlots[kind] {
      slot = known
    } else {
      slot = reuseQueue.slot(for: "decoration\u{0}" + kind)
      decorationSlots[kind] = slot
    }
    if let view = reuseQueue.dequeue(slot: slot) {
      view.layoutAttributes = nil
      view.prepareForReuse()
      return view
    }
    guard let make = collectionViewLayout.decorationViewFactories[kind] else { return nil }
    let view = make()
    view.reuseIdentifier = kind
    view.reuseSlot = slot
    createdViewCount += 1
    return view
  }

  // MARK: - Reloading

  /// Throws away every view and count and asks the data source again.
  ///
  /// Selection and focus keep the index paths that still exist.
  public func reloadData() {
    sectionCounts = nil
    for (_, view) in visibleViews { recycle(view) }
    visibleViews.removeAll()
    recycleMeasuredViews()
    displayedAttributes.removeAll()
    displayedViews.removeAll()
    elementsWithoutViews.removeAll()
    let cancelled = animation?.completions ?? []
    animation = nil
    // The items may have changed under it: a movement in progress ends where it is.
    if interactiveMovement != nil { cancelInteractiveMovement() }
    // Counts may have changed: layouts that keep per-item state (preferred sizes) drop it.
    var context = InvalidationContext.everything
    context.invalidateDataSourceCounts = true
    collectionViewLayout.invalidateLayout(with: context)
    loadCountsIfNeeded()
    selectedIndexPaths = selectedIndexPaths.filter(isValid)
    if let anchor = selectionAnchor, !isValid(anchor) { selectionAnchor = nil }
    if let extent = selectionExtent, !isValid(extent) { selectionExtent = nil }
    if let highlighted = highlightedIndexPath, !isValid(highlighted) { highlightedIndexPath = nil }
    if let focused = focusedItem, !isValid(focused) {
      focusedItem = nearestValidItem(to: focused)
      delegate?.collectionView(self, didFocusItemAt: focusedItem)
    }
    setNeedsLayout()
    for completion in cancelled { completion(false) }
  }

  /// Whether an index path names an existing item.
  public func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < numberOfSections && indexPath.item >= 0
      && indexPath.item < numberOfItems(inSection: indexPath.section)
  }

  func nearestValidItem(to indexPath: IndexPath) -> IndexPath? {
    let sections = numberOfSections
    guard sections > 0 else { return nil }
    var section = min(max(0, indexPath.section), sections - 1)
    let count = numberOfItems(inSection: section)
    if count > 0 { return IndexPath(item: min(max(0, indexPath.item), count - 1), section: section) }
    // The section is empty: the next item after it, or the last one before it.
    for next in section..<sections where numberOfItems(inSection: next) > 0 {
      return IndexPath(item: 0, section: next)
    }
    while section > 0 {
      section -= 1
      let count = numberOfItems(inSection: section)
      if count > 0 { return IndexPath(item: count - 1, section: section) }
    }
    return nil
  }

  // MARK: - The layout pass

  /// Marks the view as needing a layout pass before the next draw.
  public func setNeedsLayout() {
    needsLayout = true
    requestFrameForLayout()
  }

  /// Runs the layout pass now if anything changed: prepares the layout, clamps the offset,
  /// asks for the visible elements and gives each a view.
  ///
  /// Self-sizing views (``ReusableView/preferredLayoutAttributesFitting(_:)``) may ask for
  /// another size; when the layout agrees
  /// (``CollectionLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``)
  /// it is invalidated with its context and the pass runs again, a few times at most.
  public func layoutIfNeeded() {
    if let running = animation, running.isFinished(now: clock()) {
      // The last frame of an animation is the layout itself: drop ghosts and transients now.
      finishAnimation()
    }
    advanceAnimation()
    advanceScrollAnimation()
    // A layout moving something of its own (an orthogonal section sliding) is asked again
    // on each of its frames.
    let layoutMoves = collectionViewLayout.millisecondsUntilNextFrame(now: clock()) != nil
    guard needsLayout || collectionViewLayout.needsPrepare || animation != nil || layoutMoves else { return }
    loadCountsIfNeeded()
    for _ in 0..<Self.maximumSelfSizingPasses {
      layoutPass()
      guard collectionViewLayout.needsPrepare, animation == nil else { break }
    }
    needsLayout = false
    requestFrameForLayout()
    if prefetchDataSource != nil { updatePrefetching() }
  }

  /// How many times one ``layoutIfNeeded()`` may run the pass again for self-sizing views.
  static let maximumSelfSizingPasses = 4

  private func layoutPass() {
    let layout = collectionViewLayout
    let newBounds = bounds
    if let committedBounds, committedBounds != newBounds {
      // The layout compares against the bounds it was laid out for.
      boundsOverride = committedBounds
      let invalidate = layout.shouldInvalidateLayout(forBoundsChange: newBounds)
      let context = invalidate ? layout.invalidationContext(forBoundsChange: newBounds) : nil
      boundsOverride = nil
      if let context { layout.invalidateLayout(with: context) }
    }
    if layout.needsPrepare, let adjustment = layout.pendingInvalidation?.contentOffsetAdjustment, adjustment != .zero {
      // The invalidation asked to keep the content still while something above it changed size.
      storedContentOffset = storedContentOffset.offsetBy(dx: adjustment.x, dy: adjustment.y)
    }
    layout.prepareIfNeeded()
    // While the offset moves with a layout switch it may start beyond the new content.
    let movingOffset = animation?.offsetMotion
    let clamped = movingOffset == nil ? clampedContentOffset(storedContentOffset) : storedContentOffset
    if clamped != storedContentOffset { storedContentOffset = clamped }
    committedBounds = bounds
    var queried = bounds
    if let movingOffset { queried = queried.union(Rect(origin: movingOffset.to, size: queried.size)) }
    var current = layout.layoutAttributesForElements(in: queried)
    if current.contains(where: \.isHidden) { current.removeAll(where: \.isHidden) }
    let shown =
      animation.map { $0.frameAttributes(current: current, now: clock(), cellMetrics: cellMetrics) } ?? current
    let preferred = updateViews(for: shown, checkPreferredSizes: animation == nil)
    // Measured for an update but not shown after all (scrolled away, say).
    if !measuredViews.isEmpty { recycleMeasuredViews() }
    for (original, fitting) in preferred
    where layout.shouldInvalidateLayout(forPreferredLayoutAttributes: fitting, withOriginalAttributes: original) {
      layout.invalidateLayout(
        with: layout.invalidationContext(forPreferredLayoutAttributes: fitting, withOriginalAttributes: original))
    }
  }

  /// Gives every element a view (keeping the ones already on screen) and recycles the rest.
  /// - Returns: the elements whose views prefer other attributes (original, preferred).
  private func updateViews(
    for attributes: [LayoutAttributes], checkPreferredSizes: Bool
  ) -> [(LayoutAttributes, LayoutAttributes)] {
    layoutPassNumber &+= 1
    let pass = layoutPassNumber
    var drawn: [LayoutAttributes] = []
    drawn.reserveCapacity(attributes.count)
    var views: [ReusableView?] = []
    views.reserveCapacity(attributes.count)
    var missing = 0
    // First keep the views of elements still shown, so the ones that left go back to the
    // queue before any new one is dequeued: a page scroll reuses them at once. (The
    // dictionary is moved out while it is read, so it is not copied or access-checked.)
    var live = visibleViews
    visibleViews = [:]
    for element in attributes {
      if let view = live[element.key] {
        if view.layoutPass == pass { continue }  // the same element twice: draw it once
        view.layoutPass = pass
        views.append(view)
      } else {
        views.append(nil)
        missing += 1
      }
      drawn.append(element)
    }
    let kept = drawn.count - missing
    if live.count > kept {
      if live.count - kept > kept {
        // Most views left (a page scroll): keep the few that stay in a fresh dictionary
        // rather than removing the many one by one.
        var staying: [ElementKey: ReusableView] = [:]
        staying.reserveCapacity(drawn.count)
        for (key, view) in live {
          if view.layoutPass == pass { staying[key] = view } else { recycle(view) }
        }
        live = staying
      } else {
        var gone: [ElementKey] = []
        for (key, view) in live where view.layoutPass != pass { gone.append(key) }
        for key in gone {
          if let view = live.removeValue(forKey: key) { recycle(view) }
        }
      }
    }
    visibleViews = live
    var allHaveViews = missing == 0
    // New views, told to the delegate once their attributes are applied (willDisplay).
    var appeared: [Int] = []
    let hasDisplayDelegate = delegate != nil
    if missing > 0 {
      // The data source may look at the visible views while it configures new ones.
      allHaveViews = true
      for index in drawn.indices where views[index] == nil {
        guard let view = makeView(for: drawn[index]) else {
          allHaveViews = false
          continue
        }
        view.layoutPass = pass
        if let first = visibleViews.updateValue(view, forKey: drawn[index].key) {
          // The layout listed the element twice: the first copy keeps its view.
          visibleViews[drawn[index].key] = first
          recycle(view)
          allHaveViews = false
          continue
        }
        views[index] = view
        if reusesDrawingOfUnchangedCells { viewsChangedSinceDrawing.insert(ObjectIdentifier(view)) }
        if hasDisplayDelegate { appeared.append(index) }
      }
    }
    var shown = drawn
    var shownViews: [ReusableView] = []
    shownViews.reserveCapacity(drawn.count)
    if allHaveViews {
      for view in views { if let view { shownViews.append(view) } }
    } else {
      shown.removeAll(keepingCapacity: true)
      for (element, view) in zip(drawn, views) {
        guard let view else { continue }
        shown.append(element)
        shownViews.append(view)
      }
    }
    var preferred: [(LayoutAttributes, LayoutAttributes)] = []
    let mirrorsSelection = !selectedIndexPaths.isEmpty
    for (element, view) in zip(shown, shownViews) {
      if element.category == .cell, let cell = view as? Cell, !element.key.isGhost {
        let isSelected = mirrorsSelection && selectedIndexPaths.contains(element.indexPath)
        let isHighlighted = highlightedIndexPath == element.indexPath
        let isFocused = focusedItem == element.indexPath
        if reusesDrawingOfUnchangedCells,
          cell.isSelected != isSelected || cell.isHighlighted != isHighlighted || cell.isFocused != isFocused
        {
          viewsChangedSinceDrawing.insert(ObjectIdentifier(cell))
        }
        cell.isSelected = isSelected
        cell.isHighlighted = isHighlighted
        cell.isFocused = isFocused
      }
      guard !view.hasLayoutAttributes(equalTo: element) else { continue }
      view.apply(element)
      if checkPreferredSizes, element.category != .decorationView, !element.key.isGhost {
        let fitting = view.preferredLayoutAttributesFitting(element)
        if fitting.frame.size != element.frame.size { preferred.append((element, fitting)) }
      }
    }
    for index in appeared {
      if let view = views[index] { willDisplay(view, for: drawn[index]) }
    }
    // Draw by zIndex; equal zIndex keeps the layout's order (a stable sort), which is
    // already the case for most layouts: only sort when it is not.
    var isOrdered = true
    for index in shown.indices.dropFirst() where shown[index - 1].zIndex > shown[index].zIndex {
      isOrdered = false
      break
    }
    if isOrdered {
      displayedAttributes = shown
      displayedViews = shownViews
    } else {
      let order = shown.indices.sorted {
        shown[$0].zIndex != shown[$1].zIndex ? shown[$0].zIndex < shown[$1].zIndex : $0 < $1
      }
      displayedAttributes = order.map { shown[$0] }
      displayedViews = order.map { shownViews[$0] }
    }
    return preferred
  }

  func makeView(for element: LayoutAttributes) -> ReusableView? {
    // Ghosts of deleted elements only ever use the view they had.
    if element.key.isGhost { return nil }
    if !measuredViews.isEmpty, let measured = measuredViews.removeValue(forKey: element.key) { return measured }
    switch element.category {
    case .cell:
      guard let dataSource, isValid(element.indexPath) else { return nil }
      let cell = dataSource.collectionView(self, cellForItemAt: element.indexPath)
      precondition(
        cell.reuseSlot >= 0,
        "collectionView(_:cellForItemAt:) must return a cell from dequeueReusableCell(withReuseIdentifier:for:) (index path \(element.indexPath))"
      )
      return cell
    case .supplementaryView:
      let key = element.key
      guard let dataSource, !elementsWithoutViews.contains(key) else { return nil }
      guard
        let view = dataSource.collectionView(
          self, viewForSupplementaryElementOfKind: element.representedElementKind ?? "", at: element.indexPath)
      else {
        elementsWithoutViews.insert(key)
        return nil
      }
      return view
    case .decorationView:
      return makeDecorationView(kind: element.representedElementKind ?? "")
    }
  }

  func recycleMeasuredViews() {
    for (_, view) in measuredViews { recycle(view) }
    measuredViews.removeAll()
  }

  func recycle(_ view: ReusableView) {
    if !displayedViewElements.isEmpty { endDisplaying(view) }
    guard view.reuseSlot >= 0 else { return }
    reuseQueue.enqueue(view, slot: view.reuseSlot)
  }

  func mirrorState(into cell: Cell, at indexPath: IndexPath) {
    cell.isSelected = selectedIndexPaths.contains(indexPath)
    cell.isHighlighted = highlightedIndexPath == indexPath
    cell.isFocused = focusedItem == indexPath
  }

  /// Updates the state cells show after selection, highlight or focus changed.
  func refreshCellStates() {
    for (key, view) in visibleViews where key.category == .cell && !key.isGhost {
      if let cell = view as? Cell { mirrorState(into: cell, at: key.indexPath) }
    }
    needsDisplay = true
  }

  // MARK: - Drawing

  /// The content offset in whole cells: where the frame's top-left cell is in the content.
  public var contentOffsetInCells: CellPoint {
    CellPoint(
      column: cellMetrics.column(forX: storedContentOffset.x), row: cellMetrics.row(forY: storedContentOffset.y))
  }

  /// The screen cells an element's frame covers (possibly partly off screen).
  public func screenRect(for frame: Rect) -> CellRect {
    let offset = contentOffsetInCells
    return cellMetrics.cellRect(for: frame).offsetBy(
      columns: self.frame.column - offset.column, rows: self.frame.row - offset.row)
  }

  /// Draws the visible elements into the canvas, inside ``frame``.
  public func draw(into canvas: inout Canvas) {
    layoutIfNeeded()
    let context = DrawingContext(theme: theme, cellMetrics: cellMetrics)
    canvas.fill(frame, style: theme.normal)
    if let backgroundView { backgroundView.draw(in: &canvas, region: frame, clip: frame, context: context) }
    let offset = contentOffsetInCells
    let columns = frame.column - offset.column
    let rows = frame.row - offset.row
    let reused = reusableCells(canvasSize: canvas.size)
    for (element, view) in zip(displayedAttributes, displayedViews) where !element.isHidden && element.alpha > 0 {
      let region = cellMetrics.cellRect(for: element.frame).offsetBy(columns: columns, rows: rows)
      let clip = region.intersection(frame)
      guard !clip.isEmpty else { continue }
      if !reused.isEmpty, reused.contains(ObjectIdentifier(view)), let lastDrawing {
        canvas.copy(clip, from: lastDrawing.canvas)
        continue
      }
      view.draw(in: &canvas, region: region, clip: clip, context: context)
      if element.alpha < 1 { canvas.restyle(clip) { $0.adding(.dim) } }
    }
    drawInteractiveMovement(into: &canvas, context: context)
    drawEditMenu(into: &canvas, context: context)
    rememberDrawing(canvas, reusedCount: reused.count)
    needsDisplay = false
    isDrawingStale = false
  }

  // MARK: - Looking up elements

  /// The views on screen now, by element.
  public var visibleViewCount: Int { visibleViews.count }

  /// Views waiting in the reuse queues.
  public var queuedViewCount: Int { reuseQueue.count }

  /// The visible cells (not those of deleted items still fading out).
  public var visibleCells: [Cell] {
    visibleViews.compactMap { $0.key.category == .cell && !$0.key.isGhost ? $0.value as? Cell : nil }
  }

  /// The index paths of the visible items, in order.
  public var indexPathsForVisibleItems: [IndexPath] {
    visibleViews.keys.filter { $0.category == .cell && !$0.isGhost }.map(\.indexPath).sorted()
  }

  /// The cell on screen for an item, if it is visible.
  public func cellForItem(at indexPath: IndexPath) -> Cell? {
    visibleViews[.cell(indexPath)] as? Cell
  }

  /// The supplementary view on screen for an element, if it is visible.
  public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> ReusableView? {
    visibleViews[.supplementary(kind, indexPath)]
  }

  /// The attributes of what is drawn now (interpolated while animating), in drawing order.
  public var attributesOnScreen: [LayoutAttributes] { displayedAttributes }

  /// The layout attributes of an item.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The item under a screen cell, found through the layout's frames (hit testing).
  public func indexPathForItem(atScreen point: CellPoint) -> IndexPath? {
    guard frame.contains(point) else { return nil }
    layoutIfNeeded()
    // Topmost first: the reverse of drawing order.
    for element in displayedAttributes.reversed()
    where element.category == .cell && element.alpha > 0 && !element.key.isGhost {
      if screenRect(for: element.frame).intersection(frame).contains(point) { return element.indexPath }
    }
    return nil
  }

  /// The element (cell, header...) under a screen cell, topmost first.
  public func element(atScreen point: CellPoint) -> LayoutAttributes? {
    guard frame.contains(point) else { return nil }
    layoutIfNeeded()
    for element in displayedAttributes.reversed() where element.alpha > 0 && !element.key.isGhost {
      if screenRect(for: element.frame).intersection(frame).contains(point) { return element }
    }
    return nil
  }
}
