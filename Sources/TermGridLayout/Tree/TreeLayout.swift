import TermGridCore

extension ElementKind {
  /// A pinned copy of a focused node's ancestor row, kept at the top of the visible area
  /// (tree layout, outline orientation).
  public static let pinnedAncestor = "pinnedAncestor"
}

/// Lays a tree out, as in the guide's worked example ("Custom Layouts: A Worked Example") and
/// the talk's schematic, done better: every section is one depth of the tree, nodes are
/// sized by their labels, connector lines are supplementary views, and subtrees take
/// exactly the rows their leaves need.
///
/// Two orientations come from the same data:
///
/// ```
/// .columns                 .outline
/// root ─┬─ a ─┬─ a1        root
///       │     └─ a2        ├─ a
///       └─ b               │  ├─ a1
///                          │  └─ a2
///                          └─ b
/// ```
///
/// The layout learns the tree's shape from a ``TreeLayoutDataSource``: ``dataSource`` when
/// set, otherwise the collection view's layout delegate
/// (``LayoutHost/layoutDelegate``) if it conforms. Without either the layout is empty.
///
/// Elements:
/// - a cell per node, one row tall (three for ``NodeStyle/boxed``) and as wide as its
///   marker, label and badge (at most ``maximumNodeWidth``, plus a box's borders), with a ``TreeNodeInfo`` in ``LayoutAttributes/info``;
/// - a supplementary view of kind ``ElementKind/connector`` per node with shown children, at
///   the node's index path, covering the lines to its children, with a
///   ``ConnectorGeometry`` in its info (draw it with ``ConnectorView``);
/// - in the outline orientation, supplementary views of kind ``ElementKind/pinnedAncestor``
///   at the index paths of the focused node's ancestors that scrolled off the top, pinned to
///   the top of the visible area (see ``pinsAncestors``).
///
/// All sizes are in cells (columns and rows) and become points through the host's
/// ``CellMetrics``. `prepare()` reads the data source once and keeps flat arrays; rect
/// queries use them by column and row without visiting every node, and the on-demand
/// methods are O(1), except that a node the data source described with an estimated size
/// (``TreeNodeDescription/isEstimated``) is measured, once, when it is first asked about.
open class TreeLayout: CollectionLayout {
  /// How the tree is drawn.
  public enum Orientation: Hashable, Sendable {
    /// The guide's figure: a root at the left, each depth one column to the right.
    case columns
    /// One node per row, indented by depth, like `tree` and jless.
    case outline
  }

  /// Where a parent sits next to its children in the columns orientation.
  public enum ParentAlignment: Hashable, Sendable {
    /// On its first child's row.
    case firstChild
    /// In the middle of its children's rows.
    case centered
  }

  /// The object that describes the tree; when `nil`, the collection view's layout delegate
  /// is asked if it is a ``TreeLayoutDataSource``.
  public weak var dataSource: (any TreeLayoutDataSource)? {
    didSet { invalidateLayout() }
  }

  /// Columns or outline.
  public var orientation: Orientation {
    didSet { if orientation != oldValue { invalidateLayout() } }
  }

  /// Where a parent sits next to its children (columns orientation).
  public var parentAlignment: ParentAlignment = .firstChild {
    didSet { if parentAlignment != oldValue { invalidateLayout() } }
  }

  /// With ``ParentAlignment/centered``, the most rows a parent's children may span for it to
  /// be centred on them; a parent of a longer run sits on its first child's row instead, so
  /// it stays in sight at the top of its children rather than a long way down. `nil`: no
  /// limit.
  public var maximumCenteredSpan: Int? {
    didSet { if maximumCenteredSpan != oldValue { invalidateLayout() } }
  }

  /// Columns between one depth column and the next, where the connector lines run
  /// (columns orientation). At least 3 are used (`─┬─`); 5 or more leave a blank on each side.
  public var columnSpacing = 5 {
    didSet { if columnSpacing != oldValue { invalidateLayout() } }
  }

  /// Blank rows between the subtrees of two siblings.
  public var siblingSpacing = 0 {
    didSet { if siblingSpacing != oldValue { invalidateLayout() } }
  }

  /// Columns each depth is indented by (outline orientation): 3 gives `├─ child`. At least
  /// 2 are used.
  public var indentWidth = 3 {
    didSet { if indentWidth != oldValue { invalidateLayout() } }
  }

  /// The widest a node may be, in columns; longer labels are cut with `…` by their cell.
  /// A depth column is as wide as its widest node, up to this.
  public var maximumNodeWidth = 32 {
    didSet { if maximumNodeWidth != oldValue { invalidateLayout() } }
  }

  /// How each node is drawn.
  public enum NodeStyle: Hashable, Sendable {
    /// One row: marker, label and badge (a ``TreeNodeCell``).
    case plain
    /// The talk's schematic: a bordered box three rows tall around the label, two columns
    /// wider on each side (a ``BoxedTreeNodeCell``); connectors meet boxes at their middle row.
    case boxed
    /// The schematic drawn compactly: a box one row tall, its side borders around the
    /// label (`│ label │`), two columns wider on each side as `.boxed` is (a
    /// ``BoxedTreeNodeCell``); connectors meet the side borders (`─┤ label ├─`). A node's
    /// content is one line (a label cut with `…`), so every box fits in one row and a
    /// screen shows three times the boxes `.boxed` shows.
    case compactBoxed

    /// Whether nodes are drawn as boxes (``BoxedTreeNodeCell``): connectors join their
    /// borders edge to edge.
    public var isBoxed: Bool { self != .plain }

    /// Rows each node takes.
    public var nodeHeight: Int { self == .boxed ? 3 : 1 }
  }

  /// How each node is drawn; plain by default.
  public var nodeStyle = NodeStyle.plain {
    didSet { if nodeStyle != oldValue { invalidateLayout() } }
  }

  /// Whether expanded nodes with children show a `▾` marker (collapsed ones always show `▸`).
  public var marksExpandedNodes = false {
    didSet { if marksExpandedNodes != oldValue { invalidateLayout() } }
  }

  /// The widest a column of a table section gets (outline orientation); longer cells are
  /// cut with `…` by their view.
  public var maximumTableColumnWidth = 24 {
    didSet { if maximumTableColumnWidth != oldValue { invalidateLayout() } }
  }

  /// Blank columns between two columns of a table section, and after its row labels.
  public var tableColumnSpacing = 2 {
    didSet { if tableColumnSpacing != oldValue { invalidateLayout() } }
  }

  /// How many of a table section's first rows (and its last row) its column widths are
  /// measured from, with the column titles: a table of a million rows is sized from what a
  /// person sees first, not read whole, and its columns do not move while it scrolls.
  public var tableSampleRows = 200 {
    didSet { if tableSampleRows != oldValue { invalidateLayout() } }
  }

  /// Whether, in the outline orientation, the rows of the focused node's ancestors stay
  /// pinned at the top of the visible area when they scroll off it.
  public var pinsAncestors = true

  /// The most ancestor rows pinned at once; never more than half the visible rows.
  public var maximumPinnedAncestors = 8

  /// The z-index of connectors: under the cells.
  public static let connectorZIndex = -1
  /// The z-index of pinned ancestor rows: over everything else.
  public static let pinnedAncestorZIndex = 100

  var cache: TreeLayoutCache
  /// The cache before the last full pass, for the final frames of disappearing items.
  var previousCache: TreeLayoutCache?
  /// True between `prepare(forCollectionViewUpdates:)` and `finalizeCollectionViewUpdates()`.
  var isApplyingUpdates = false
  /// How many full passes (reading the whole tree) have run; cheaper passes do not count.
  public private(set) var fullPassCount = 0

  /// Creates a tree layout.
  public init(orientation: Orientation = .columns) {
    self.orientation = orientation
    cache = TreeLayoutCache(
      parameters: TreeLayoutCache.Parameters(
        orientation: orientation, parentAlignment: .firstChild, columnSpacing: 5, siblingSpacing: 0, indentWidth: 3,
        maximumNodeWidth: 32, marksExpandedNodes: false))
    super.init()
  }

  /// A new layout with the same settings and data source in another orientation: switch
  /// with ``CollectionView/setCollectionViewLayout(_:animated:keepingFocusInPlace:completion:)`` to animate
  /// every node to its new place.
  open func copy(orientation: Orientation) -> TreeLayout {
    let layout = TreeLayout(orientation: orientation)
    copySettings(to: layout)
    return layout
  }

  /// Gives another tree layout this one's settings and data source, all but the
  /// orientation: a subclass's ``copy(orientation:)`` makes a layout of its own class and
  /// calls this, then copies what it adds.
  public func copySettings(to layout: TreeLayout) {
    layout.dataSource = dataSource
    layout.parentAlignment = parentAlignment
    layout.maximumCenteredSpan = maximumCenteredSpan
    layout.columnSpacing = columnSpacing
    layout.siblingSpacing = siblingSpacing
    layout.indentWidth = indentWidth
    layout.maximumNodeWidth = maximumNodeWidth
    layout.marksExpandedNodes = marksExpandedNodes
    layout.nodeStyle = nodeStyle
    layout.pinsAncestors = pinsAncestors
    layout.maximumPinnedAncestors = maximumPinnedAncestors
    layout.maximumTableColumnWidth = maximumTableColumnWidth
    layout.tableColumnSpacing = tableColumnSpacing
    layout.tableSampleRows = tableSampleRows
  }

  /// The data source in use: ``dataSource``, or the host's layout delegate if it is one.
  public var resolvedDataSource: (any TreeLayoutDataSource)? {
    dataSource ?? (collectionView?.layoutDelegate as? any TreeLayoutDataSource)
  }

  var parameters: TreeLayoutCache.Parameters {
    TreeLayoutCache.Parameters(
      orientation: orientation, parentAlignment: parentAlignment, columnSpacing: max(3, columnSpacing),
      siblingSpacing: max(0, siblingSpacing), indentWidth: max(2, indentWidth),
      maximumNodeWidth: max(1, maximumNodeWidth), marksExpandedNodes: marksExpandedNodes,
      nodeHeight: nodeStyle.nodeHeight, nodePadding: nodeStyle.isBoxed ? 4 : 0,
      maximumCenteredSpan: maximumCenteredSpan.map { max(0, $0) } ?? Int.max,
      maximumTableColumnWidth: max(1, maximumTableColumnWidth), tableColumnSpacing: max(1, tableColumnSpacing),
      tableSampleRows: max(1, tableSampleRows))
  }

  var metrics: CellMetrics { collectionView?.cellMetrics ?? .identity }

  // MARK: - The core layout process

  open override func prepare() {
    let parameters = parameters
    guard let host = collectionView, let source = resolvedDataSource else {
      cache = TreeLayoutCache(parameters: parameters)
      return
    }
    if let context = pendingInvalidation, !context.invalidateEverything, !context.invalidateDataSourceCounts,
      context.invalidatedSupplementaryIndexPaths.isEmpty, cache.parameters == parameters,
      cache.sectionCount == host.numberOfSections
    {
      // Scrolling (pinned rows are placed when asked) or labels that changed width: the
      // tree's shape is the same, so no row moves.
      let changed = context.invalidatedItemIndexPaths.union(context.preferredItemSizes.keys)
      if !changed.isEmpty { cache.remeasure(changed.compactMap(cache.globalIndex(of:)), dataSource: source) }
      return
    }
    let counts = (0..<host.numberOfSections).map { host.numberOfItems(inSection: $0) }
    previousCache = cache
    cache = TreeLayoutCache(parameters: parameters, sectionCounts: counts, dataSource: source)
    fullPassCount += 1
  }

  open override var collectionViewContentSize: Size {
    metrics.size(for: CellSize(columns: cache.contentColumns, rows: cache.totalRows))
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let metrics = metrics
    let columns = metrics.column(forX: rect.minX) - 1..<metrics.column(forX: rect.maxX) + 1
    let rows = metrics.row(forY: rect.minY) - 1..<metrics.row(forY: rect.maxY) + 1
    measureEstimatedNodes(columns: columns, rows: rows)
    // One copy of the cache for the whole query: reaching into the stored property for
    // every node would copy it (and retain its arrays) each time.
    let cache = cache
    let hasTables = !cache.tables.isEmpty
    var result: [LayoutAttributes] = []
    result.reserveCapacity(64)
    cache.forEachCandidate(
      columns: columns, rows: rows,
      node: { global in
        let frame = metrics.rect(for: cache.cellRect(ofGlobal: global))
        if frame.intersects(rect) { result.append(cache.nodeAttributes(ofGlobal: global, frame: frame)) }
        if hasTables, let gaps = tableGapsAttributes(ofRow: global, in: cache, metrics: metrics),
          gaps.frame.intersects(rect)
        {
          result.append(gaps)
        }
      },
      connector: { global in
        let cells = cache.connectorCellRect(ofGlobal: global)
        let frame = metrics.rect(for: cells)
        if frame.intersects(rect) {
          result.append(
            cache.connectorAttributes(
              ofGlobal: global, cells: cells, frame: frame, rows: connectorWindow(ofGlobal: global)))
        }
      })
    if orientation == .outline && pinsAncestors {
      for pinned in pinnedAncestorAttributes() where pinned.frame.intersects(rect) { result.append(pinned) }
    }
    if !cache.tables.isEmpty {
      for header in tableHeaderAttributes() where header.frame.intersects(rect) { result.append(header) }
    }
    return result
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let global = cache.globalIndex(of: indexPath) else { return nil }
    measureEstimatedNode(global)
    let cache = cache
    return cache.nodeAttributes(ofGlobal: global, frame: metrics.rect(for: cache.cellRect(ofGlobal: global)))
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    switch kind {
    case ElementKind.connector:
      let cache = cache
      guard let global = cache.globalIndex(of: indexPath), cache.childCounts[global] > 0,
        !cache.hasConnectorlessChildren(global)
      else { return nil }
      let cells = cache.connectorCellRect(ofGlobal: global)
      return cache.connectorAttributes(
        ofGlobal: global, cells: cells, frame: metrics.rect(for: cells), rows: connectorWindow(ofGlobal: global))
    case ElementKind.pinnedAncestor:
      return pinnedAncestorAttributes().first { $0.indexPath == indexPath }
    case ElementKind.tableHeader:
      return tableHeaderAttributes().first { $0.indexPath == indexPath }
    case ElementKind.tableGaps:
      let cache = cache
      return cache.globalIndex(of: indexPath).flatMap { tableGapsAttributes(ofRow: $0, in: cache, metrics: metrics) }
    default:
      return nil
    }
  }

  // MARK: - Attributes

  func frame(ofGlobal global: Int, metrics: CellMetrics) -> Rect {
    metrics.rect(for: cache.cellRect(ofGlobal: global))
  }

  // MARK: - Invalidation

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    // Pinned rows follow the visible area; the pass this asks for does no work (see
    // `invalidationContext(forBoundsChange:)`).
    orientation == .outline && (pinsAncestors || !cache.tables.isEmpty)
  }

  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    context.newBounds = newBounds
    return context
  }

  /// A pinned table header covers the top row of the visible area.
  open override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    tableObscuredInsets(in: visibleRect)
  }

  // MARK: - Focus and updates

  /// Only the pinned ancestor rows depend on the focus, and only where some could be
  /// pinned: in the outline, scrolled down (at the top nothing is hidden above the focus),
  /// with no table header pinned over the top row (it takes that row instead). Elsewhere,
  /// in a table section most of all, a focus move that scrolls nothing redraws the cells'
  /// states without asking for the visible elements again (no row, connector or preview
  /// is laid out for it).
  open override var visibleElementsDependOnFocus: Bool {
    guard orientation == .outline, pinsAncestors, maximumPinnedAncestors > 0 else { return false }
    guard let host = collectionView else { return true }
    let topRow = metrics.row(forY: host.bounds.minY)
    if topRow <= 0 { return false }
    return cache.tables.isEmpty || cache.pinnedTable(topRow: topRow) == nil
  }

  /// Moves the focus along the tree, not by geometry:
  /// Left to the parent, Right to the first child, Up and Down by row (outline) or within
  /// the depth column (columns).
  open override func indexPathForFocus(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
    treeFocusTarget(movingFrom: indexPath, direction: direction)
  }

  /// Depth-first order: the rows as shown, whatever their depth, so a range selection in
  /// the tree is the rows between its ends and End goes to the last row.
  open override func readingPosition(ofItemAt indexPath: IndexPath) -> Int? {
    treeReadingPosition(ofItemAt: indexPath)
  }

  open override func indexPathForItem(atReadingPosition position: Int) -> IndexPath? {
    treeIndexPathForItem(atReadingPosition: position)
  }

  open override var numberOfItemsInReadingOrder: Int { cache.count }

  open override func indexPathsInReadingOrder(from start: IndexPath, through end: IndexPath) -> [IndexPath] {
    treeIndexPathsInReadingOrder(from: start, through: end)
  }

  /// Connectors and pinned ancestors are at their nodes' index paths: they go where their
  /// nodes go in a batch update.
  open override func supplementaryViewsFollowItems(ofKind kind: String) -> Bool {
    kind == ElementKind.connector || kind == ElementKind.pinnedAncestor || kind == ElementKind.tableHeader
      || kind == ElementKind.tableGaps || super.supplementaryViewsFollowItems(ofKind: kind)
  }

  open override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    isApplyingUpdates = true
  }

  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    isApplyingUpdates = false
  }

  /// Nodes shown by an expansion grow out of their parent: they start at its place, unseen.
  open override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    attributesGrowingOutOfParent(at: indexPath)
  }

  /// Nodes hidden by a collapse fold into their parent: they end at its place, unseen.
  open override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    attributesFoldingIntoParent(at: indexPath)
  }

  // MARK: - Reading the tree

  /// The parent of a node, or `nil` for a root (or an index path that names no node).
  public func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
    guard let global = cache.globalIndex(of: indexPath), cache.parents[global] >= 0 else { return nil }
    return cache.indexPath(ofGlobal: Int(cache.parents[global]))
  }

  /// The shown children of a node, from the last pass.
  public func childIndexPaths(ofItemAt indexPath: IndexPath) -> [IndexPath] {
    guard let global = cache.globalIndex(of: indexPath) else { return [] }
    let first = Int(cache.firstChildren[global])
    return (0..<Int(cache.childCounts[global])).map { cache.indexPath(ofGlobal: first + $0) }
  }

  /// A node's ancestors from its root down to its parent.
  public func ancestorIndexPaths(ofItemAt indexPath: IndexPath) -> [IndexPath] {
    guard let global = cache.globalIndex(of: indexPath) else { return [] }
    return cache.ancestors(ofGlobal: global).map(cache.indexPath(ofGlobal:))
  }
}
