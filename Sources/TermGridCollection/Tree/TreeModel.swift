import TermGridCore
import TermGridViews

/// Serves a tree to a collection view laid out by a ``TreeLayout``: the talk's "data
/// controller" for trees. It is both the collection view's data source and the layout's
/// ``TreeLayoutDataSource``.
///
/// The shown part of the tree is kept depth by depth: section `d` lists the shown nodes at
/// depth `d` in depth-first order, so a node's children are consecutive items of the next
/// section. Each depth is a handful of flat arrays (node numbers, label widths, flags and
/// where each node's children start), so collapsing or expanding moves runs of integers,
/// never objects, and 100,000 nodes are fine.
///
/// Collapse and expand with ``setCollapsed(_:at:in:completion:)``: the model changes, and
/// the collection view is told in one batch update (deleting or inserting the descendants
/// in every section below, and reloading the node for its marker), so the change animates
/// and the focus stays on the node.
///
/// ```swift
/// let model = TreeModel(provider: store)
/// model.register(in: collectionView)
/// let layout = TreeLayout(orientation: .outline)
/// layout.dataSource = model
/// collectionView.dataSource = model
/// ```
public final class TreeModel {
  /// Where the nodes come from.
  public let provider: any TreeNodeProvider

  /// Whether a node with children starts collapsed when it is first shown (and was never
  /// collapsed or expanded by hand); `nil` shows everything expanded. Called with the
  /// node and its depth.
  public var collapsesByDefault: ((_ node: Int, _ depth: Int) -> Bool)?

  /// Configures a node's cell after the model set its label and kind, to style it further.
  public var configureCell: ((_ cell: TreeNodeCell, _ node: Int, _ indexPath: IndexPath) -> Void)?

  /// The reuse identifier of node cells and pinned rows.
  public static let nodeReuseIdentifier = "TreeNode"

  /// The class of the node cells (``BoxedTreeNodeCell`` for a boxed tree layout). Set it
  /// before ``register(in:)``; each class is registered under its own reuse identifier, so
  /// trees of both kinds can share a collection view.
  public var nodeCellClass: TreeNodeCell.Type = TreeNodeCell.self

  /// The reuse identifier of ``nodeCellClass``.
  public var nodeCellReuseIdentifier: String {
    nodeCellClass == TreeNodeCell.self
      ? Self.nodeReuseIdentifier : Self.nodeReuseIdentifier + "." + String(describing: nodeCellClass)
  }
  /// The reuse identifier of connectors.
  public static let connectorReuseIdentifier = "TreeConnector"

  struct Level {
    /// The node shown at each item.
    var nodes: [Int] = []
    /// Each node's label width, -1 until it is measured.
    var widths: [Int32] = []
    /// Each node's flags (``Flags``).
    var flags: [UInt8] = []
    /// Where each node's children start in the next level; one more entry than nodes.
    var childStarts: [Int32] = [0]

    var count: Int { nodes.count }
  }

  enum Flags {
    static let hasChildren: UInt8 = 1
    static let collapsed: UInt8 = 2
    /// Not asked about yet: listed collapsed, past ``TreeModel/eagerlyDescribedNodeLimit``;
    /// whether it has children is asked when it is first needed (it then shows collapsed).
    static let unresolved: UInt8 = 4
  }

  var levels: [Level] = []

  /// How many nodes one reading of the tree (``reload()``, an expansion, a refresh) asks
  /// the provider about at once. Past it, nodes are listed without being described: a
  /// node's label is measured and, when it starts collapsed, whether it has children is
  /// asked, when the layout shows it or someone asks (``TreeNodeDescription/isEstimated``).
  /// Opening a node of a million children then lists them without reading them. A change
  /// takes effect at the next reading (``reload()`` or an expansion).
  public var eagerlyDescribedNodeLimit = 256
  /// Nodes described in the current reading.
  private var describedInReading = 0
  /// Collapse states set by hand, by node; they outlive the node being hidden.
  var explicitCollapse = CollapseStates()
  var descendantCounts: [Int: Int] = [:]

  /// Creates a model over a provider's tree and builds the shown part.
  public init(provider: any TreeNodeProvider, collapsesByDefault: ((_ node: Int, _ depth: Int) -> Bool)? = nil) {
    self.provider = provider
    self.collapsesByDefault = collapsesByDefault
    reload()
  }

  /// A rule for ``collapsesByDefault`` that opens a tree as deep as fits: depth after depth
  /// is shown while the shown nodes stay within `limit` (a screenful, say); nodes at the
  /// first depth that would pass it start collapsed. Walks only what it counts.
  public static func collapseRule(showingAtMost limit: Int, of provider: any TreeNodeProvider)
    -> (_ node: Int, _ depth: Int) -> Bool
  {
    var level = provider.rootNodes
    var shown = level.count
    var depth = 0
    levels: while !level.isEmpty {
      var next: [Int] = []
      for node in level {
        // Count first: a node with millions of children is never listed here.
        if shown + next.count + provider.childCount(ofNode: node) > limit { break levels }
        provider.forEachChild(ofNode: node) { next.append($0) }
      }
      shown += next.count
      level = next
      depth += 1
    }
    let cutoff = depth
    return { _, nodeDepth in nodeDepth >= cutoff }
  }

  /// Reads the tree again from the provider (after it changed), keeping collapse states
  /// set by hand. Call the collection view's `reloadData()` afterwards.
  public func reload() {
    descendantCounts = [:]
    describedInReading = 0
    var top = makeLevel(nodes: provider.rootNodes, depth: 0)
    levels = []
    var depth = 0
    while true {
      let next = fillChildren(of: &top, depth: depth)
      levels.append(top)
      guard next.count > 0 else { break }
      depth += 1
      top = next
    }
  }

  /// Registers the node cell, the connector view, the pinned row view, the table header
  /// and the table rows' gaps.
  public func register(in collectionView: CollectionView) {
    collectionView.register(
      TreeTableHeaderView.self, forSupplementaryViewOfKind: ElementKind.tableHeader,
      withReuseIdentifier: Self.tableHeaderReuseIdentifier)
    collectionView.register(
      TreeTableGapsView.self, forSupplementaryViewOfKind: ElementKind.tableGaps,
      withReuseIdentifier: Self.tableGapsReuseIdentifier)
    collectionView.register(nodeCellClass, forCellWithReuseIdentifier: nodeCellReuseIdentifier)
    collectionView.register(
      ConnectorView.self, forSupplementaryViewOfKind: ElementKind.connector,
      withReuseIdentifier: Self.connectorReuseIdentifier)
    collectionView.register(
      TreeNodeCell.self, forSupplementaryViewOfKind: ElementKind.pinnedAncestor,
      withReuseIdentifier: Self.nodeReuseIdentifier)
  }

  // MARK: - Reading

  /// The number of depths with a section (some may be empty after a collapse).
  public var numberOfSections: Int { levels.count }

  /// The number of shown nodes at a depth.
  public func numberOfItems(inSection section: Int) -> Int {
    levels.indices.contains(section) ? levels[section].count : 0
  }

  /// The number of shown nodes.
  public var numberOfShownNodes: Int { levels.reduce(0) { $0 + $1.count } }

  /// The node shown at an index path.
  public func node(at indexPath: IndexPath) -> Int {
    precondition(isValid(indexPath), "TreeModel.node(at:): \(indexPath) names no shown node")
    return levels[indexPath.section].nodes[indexPath.item]
  }

  /// Where a node is shown, or `nil` when it is hidden. Searches the shown nodes: O(n).
  public func indexPath(forNode node: Int) -> IndexPath? {
    for (section, level) in levels.enumerated() {
      if let item = level.nodes.firstIndex(of: node) { return IndexPath(item: item, section: section) }
    }
    return nil
  }

  /// Whether an index path names a shown node.
  public func isValid(_ indexPath: IndexPath) -> Bool {
    levels.indices.contains(indexPath.section) && indexPath.item >= 0
      && indexPath.item < levels[indexPath.section].count
  }

  /// The parent of a shown node, or `nil` for a root.
  public func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
    guard isValid(indexPath), indexPath.section > 0 else { return nil }
    let starts = levels[indexPath.section - 1].childStarts
    // The last parent whose children start at or before the item.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if Int(starts[middle + 1]) <= indexPath.item { low = middle + 1 } else { high = middle }
    }
    return IndexPath(item: low, section: indexPath.section - 1)
  }

  /// Whether the node has children (shown or not).
  public func hasChildren(at indexPath: IndexPath) -> Bool {
    isValid(indexPath) && resolvedFlags(at: indexPath) & Flags.hasChildren != 0
  }

  /// Whether the node is collapsed.
  public func isCollapsed(at indexPath: IndexPath) -> Bool {
    isValid(indexPath) && resolvedFlags(at: indexPath) & Flags.collapsed != 0
  }

  /// A valid node's flags, asking the provider first whether it has children if it was
  /// listed without asking.
  func resolvedFlags(at indexPath: IndexPath) -> UInt8 {
    let flags = levels[indexPath.section].flags[indexPath.item]
    guard flags & Flags.unresolved != 0 else { return flags }
    // Listed unasked only when it was to start collapsed.
    let resolved =
      provider.hasChildren(levels[indexPath.section].nodes[indexPath.item])
      ? Flags.hasChildren | Flags.collapsed : 0
    levels[indexPath.section].flags[indexPath.item] = resolved
    return resolved
  }

  /// A valid node's label width, measured first if it was listed without measuring.
  func measuredWidth(at indexPath: IndexPath) -> Int {
    let width = levels[indexPath.section].widths[indexPath.item]
    guard width < 0 else { return Int(width) }
    let measured = Int32(clamping: max(0, provider.labelWidth(ofNode: levels[indexPath.section].nodes[indexPath.item])))
    levels[indexPath.section].widths[indexPath.item] = measured
    return Int(measured)
  }

  /// Whether `indexPath` is shown below `ancestor`.
  public func isDescendant(_ indexPath: IndexPath, of ancestor: IndexPath) -> Bool {
    guard isValid(indexPath), isValid(ancestor), indexPath.section > ancestor.section else { return false }
    var range = ancestor.item..<(ancestor.item + 1)
    for section in ancestor.section..<indexPath.section {
      let starts = levels[section].childStarts
      range = Int(starts[range.lowerBound])..<Int(starts[range.upperBound])
      if range.isEmpty { return false }
    }
    return range.contains(indexPath.item)
  }

  /// Measures a node's label again after the provider changed it. Then either reload the
  /// item (``CollectionView/reloadItems(at:)``, a full layout pass), or, cheaper, invalidate
  /// the layout with the index path in ``InvalidationContext/invalidatedItemIndexPaths``
  /// (it re-measures without reading the tree) and set the visible cell's label.
  public func reloadLabel(at indexPath: IndexPath) {
    guard isValid(indexPath) else { return }
    levels[indexPath.section].widths[indexPath.item] = Int32(
      clamping: provider.labelWidth(ofNode: levels[indexPath.section].nodes[indexPath.item]))
  }

  // MARK: - Collapsing and expanding

  /// Collapses or expands a node. With a collection view, the change goes through one
  /// batch update (animated when the collection view animates changes), and the focus,
  /// if it was on a node the collapse hides, moves to the collapsed node.
  /// - Returns: the changes made (empty when the node has no children or already was so).
  @discardableResult
  public func setCollapsed(
    _ collapsed: Bool, at indexPath: IndexPath, in collectionView: CollectionView? = nil,
    completion: ((Bool) -> Void)? = nil
  ) -> TreeUpdate {
    guard hasChildren(at: indexPath), isCollapsed(at: indexPath) != collapsed else {
      completion?(true)
      return TreeUpdate()
    }
    guard let collectionView else {
      return collapsed ? collapse(at: indexPath) : expand(at: indexPath)
    }
    if collapsed, let focused = collectionView.indexPathForFocusedItem, isDescendant(focused, of: indexPath) {
      collectionView.focusItem(at: indexPath, scrollPosition: nil)
    }
    // Finish any pending pass (and animation) while this model still matches the collection
    // view's counts: once the batch starts, it describes the state after the change.
    collectionView.finishAnimationsNow()
    collectionView.layoutIfNeeded()
    var update = TreeUpdate()
    collectionView.performBatchUpdates(
      {
        update = collapsed ? self.collapse(at: indexPath) : self.expand(at: indexPath)
        update.record(in: collectionView)
      }, completion: completion)
    return update
  }

  /// Collapses an expanded node or expands a collapsed one.
  @discardableResult
  public func toggleCollapsed(at indexPath: IndexPath, in collectionView: CollectionView? = nil) -> TreeUpdate {
    setCollapsed(!isCollapsed(at: indexPath), at: indexPath, in: collectionView)
  }

  /// Hides a node's descendants. Each depth below loses one run of items: the children of
  /// the run above.
  func collapse(at indexPath: IndexPath) -> TreeUpdate {
    let depth = indexPath.section
    let item = indexPath.item
    var runs: [(section: Int, range: Range<Int>)] = []
    var range = Int(levels[depth].childStarts[item])..<Int(levels[depth].childStarts[item + 1])
    var section = depth + 1
    while section < levels.count, !range.isEmpty {
      runs.append((section, range))
      let starts = levels[section].childStarts
      range = Int(starts[range.lowerBound])..<Int(starts[range.upperBound])
      section += 1
    }
    var update = TreeUpdate(reloadedIndexPaths: [indexPath])
    update.deletedIndexPaths.reserveCapacity(runs.reduce(0) { $0 + $1.range.count })
    for run in runs {
      for item in run.range { update.deletedIndexPaths.append(IndexPath(item: item, section: run.section)) }
    }
    // The node's own children end where they start now.
    let removedChildren = Int32(runs.first?.range.count ?? 0)
    adjustStarts(of: depth, after: item, by: -removedChildren)
    for run in runs {
      var level = levels[run.section]
      let starts = level.childStarts
      let removedBelow = starts[run.range.upperBound] - starts[run.range.lowerBound]
      level.nodes.removeSubrange(run.range)
      level.widths.removeSubrange(run.range)
      level.flags.removeSubrange(run.range)
      level.childStarts.removeSubrange((run.range.lowerBound + 1)..<(run.range.upperBound + 1))
      levels[run.section] = level
      adjustStarts(of: run.section, after: run.range.lowerBound, by: -removedBelow)
    }
    levels[depth].flags[item] |= Flags.collapsed
    explicitCollapse[levels[depth].nodes[item]] = true
    return update
  }

  /// Shows a node's children, and below them whatever is not collapsed. Each depth below
  /// gains one run of items, where the run above has its children.
  func expand(at indexPath: IndexPath) -> TreeUpdate {
    describedInReading = 0
    let depth = indexPath.section
    let item = indexPath.item
    let node = levels[depth].nodes[item]
    levels[depth].flags[item] &= ~Flags.collapsed
    explicitCollapse[node] = false

    // The new runs, depth by depth, with their children's starts counted from 0.
    var parentLevel = Level(nodes: [node], widths: [0], flags: [Flags.hasChildren], childStarts: [0])
    var runs: [Level] = []
    var next = fillChildren(of: &parentLevel, depth: depth)
    var runDepth = depth + 1
    while next.count > 0 {
      var run = next
      next = fillChildren(of: &run, depth: runDepth)
      runs.append(run)
      runDepth += 1
    }
    // Where each run goes: under the node's position in the level above.
    var positions: [Int] = []
    var position = Int(levels[depth].childStarts[item])
    for (offset, _) in runs.enumerated() {
      positions.append(position)
      let section = depth + 1 + offset
      position = section < levels.count ? Int(levels[section].childStarts[position]) : 0
    }

    var update = TreeUpdate(reloadedIndexPaths: [indexPath])
    let sectionCountBefore = levels.count
    adjustStarts(of: depth, after: item, by: Int32(runs.first?.count ?? 0))
    for (offset, run) in runs.enumerated() {
      let section = depth + 1 + offset
      let at = positions[offset]
      if section >= levels.count {
        levels.append(run)
        update.insertedSections.append(section)
        continue
      }
      let grandchildren = run.childStarts[run.count]
      var level = levels[section]
      let base = level.childStarts[at]
      level.nodes.insert(contentsOf: run.nodes, at: at)
      level.widths.insert(contentsOf: run.widths, at: at)
      level.flags.insert(contentsOf: run.flags, at: at)
      level.childStarts.insert(contentsOf: run.childStarts.dropFirst().map { $0 + base }, at: at + 1)
      levels[section] = level
      // The starts after the run were counted without the run's children below.
      adjustStarts(of: section, after: at + run.count, by: grandchildren)
      if section < sectionCountBefore {
        update.insertedIndexPaths.reserveCapacity(update.insertedIndexPaths.count + run.count)
        for item in at..<(at + run.count) { update.insertedIndexPaths.append(IndexPath(item: item, section: section)) }
      }
    }
    return update
  }

  /// Adds `delta` to the starts of the children of items after `item` in a level.
  private func adjustStarts(of section: Int, after item: Int, by delta: Int32) {
    guard delta != 0 else { return }
    levels[section].childStarts.withUnsafeMutableBufferPointer { starts in
      for index in (item + 1)..<starts.count { starts[index] += delta }
    }
  }

  // MARK: - Building levels

  /// A level listing `nodes`, with widths and flags; children not filled in yet.
  private func makeLevel(nodes: [Int], depth: Int) -> Level {
    var level = Level(nodes: nodes, widths: [], flags: [], childStarts: [0])
    level.widths.reserveCapacity(nodes.count)
    level.flags.reserveCapacity(nodes.count)
    let explicitNodes = explicitCollapse.nodeRange
    for node in nodes { appendDetails(of: node, depth: depth, explicitNodes: explicitNodes, to: &level) }
    return level
  }

  /// Appends a node's width and flags. Past ``eagerlyDescribedNodeLimit`` a node that
  /// starts collapsed is listed as it is, with nothing asked of the provider.
  private func appendDetails(of node: Int, depth: Int, explicitNodes: ClosedRange<Int>?, to level: inout Level) {
    func startsCollapsed() -> Bool {
      let explicit = explicitNodes?.contains(node) == true ? explicitCollapse[node] : nil
      return explicit ?? collapsesByDefault?(node, depth) ?? false
    }
    if describedInReading >= eagerlyDescribedNodeLimit {
      level.widths.append(-1)
      if startsCollapsed() {
        level.flags.append(Flags.unresolved)
        return
      }
      // It shows its children: whether it has any is needed now, its label can wait.
    } else {
      describedInReading += 1
      level.widths.append(Int32(clamping: provider.labelWidth(ofNode: node)))
    }
    var flags: UInt8 = 0
    if provider.hasChildren(node) {
      flags |= Flags.hasChildren
      if startsCollapsed() { flags |= Flags.collapsed }
    }
    level.flags.append(flags)
  }

  /// Lists the children of `level`'s expanded nodes as the next level, and records where
  /// each node's children start in it.
  private func fillChildren(of level: inout Level, depth: Int) -> Level {
    var next = Level()
    level.childStarts = [0]
    level.childStarts.reserveCapacity(level.count + 1)
    let explicitNodes = explicitCollapse.nodeRange
    for index in 0..<level.count {
      if level.flags[index] & Flags.collapsed == 0, level.flags[index] & Flags.hasChildren != 0 {
        provider.forEachChild(ofNode: level.nodes[index]) { child in
          next.nodes.append(child)
          appendDetails(of: child, depth: depth + 1, explicitNodes: explicitNodes, to: &next)
        }
      }
      level.childStarts.append(Int32(next.count))
    }
    return next
  }

  /// How many descendants a node hides when collapsed (asked once per node, then kept).
  func hiddenCount(ofNode node: Int) -> Int {
    if let known = descendantCounts[node] { return known }
    let count = provider.descendantCount(ofNode: node)
    descendantCounts[node] = count
    return count
  }
}

/// Collapse states set by hand, by node, with the least and greatest node among them kept
/// as states are set. (Finding them in the table at each reading made revealing a value
/// 100,000 levels deep quadratic: every ancestor opened read the whole table twice.)
struct CollapseStates: Equatable {
  private var states: [Int: Bool] = [:]
  /// A range holding every node with a state (it may be wider once a state is removed):
  /// nodes outside have none, so most skip the table.
  private(set) var nodeRange: ClosedRange<Int>?

  /// Removes the states of the nodes `removes` picks.
  mutating func removeStates(where removes: (Int) -> Bool) {
    for node in states.keys where removes(node) { states[node] = nil }
  }

  subscript(node: Int) -> Bool? {
    get { states[node] }
    set {
      states[node] = newValue
      guard newValue != nil else { return }
      if let range = nodeRange {
        if !range.contains(node) { nodeRange = min(range.lowerBound, node)...max(range.upperBound, node) }
      } else {
        nodeRange = node...node
      }
    }
  }
}
