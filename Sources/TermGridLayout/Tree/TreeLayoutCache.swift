import TermGridCore

/// Everything a ``TreeLayout`` computes in `prepare()`, in flat arrays indexed by a node's
/// global number (`sectionStarts[section] + item`), in cells.
///
/// Nothing here is per-node objects: a pass over 100,000 nodes fills a dozen arrays of
/// integers, and attributes are assembled from them in O(1) when asked for.
struct TreeLayoutCache {
  /// The settings a pass was computed with.
  struct Parameters: Hashable {
    var orientation: TreeLayout.Orientation
    var parentAlignment: TreeLayout.ParentAlignment
    /// Columns between two depth columns (columns orientation), at least 3.
    var columnSpacing: Int
    /// Blank rows between the subtrees of two siblings.
    var siblingSpacing: Int
    /// Columns per depth level (outline orientation), at least 2.
    var indentWidth: Int
    /// The widest a node may be, in columns.
    var maximumNodeWidth: Int
    /// Whether expanded nodes with children get a `▾` marker.
    var marksExpandedNodes: Bool
    /// Rows each node takes (3 for boxed nodes, 1 for compact boxes and plain rows).
    var nodeHeight = 1
    /// Columns each node takes beyond its content (4 for a box's borders and padding); when
    /// there are any, connectors reach over the borders they join.
    var nodePadding = 0
    /// The most rows children may span for a centred parent to be centred on them.
    var maximumCenteredSpan = Int.max
    /// The widest a table section's column gets.
    var maximumTableColumnWidth = 24
    /// Blank columns between two columns of a table section.
    var tableColumnSpacing = 2
    /// How many of a table section's first rows its columns are sized from.
    var tableSampleRows = 200
  }

  var parameters: Parameters
  /// Where each section's nodes start in the global numbering; one more entry than sections.
  var sectionStarts: [Int] = [0]
  /// Each node's depth.
  var depths: [Int32] = []
  /// Each node's parent (global number), or -1 for a root.
  var parents: [Int32] = []
  /// Each node's first child (global number); meaningless when it has none.
  var firstChildren: [Int32] = []
  /// How many shown children each node has.
  var childCounts: [Int32] = []
  /// Each label's own width.
  var labelWidths: [Int32] = []
  /// Each node's width as laid out: marker, label and badge, at most the maximum width.
  var widths: [Int32] = []
  /// Each node's marker (0 none, 1 collapsed, 2 expanded).
  var markers: [UInt8] = []
  /// Each node's hidden descendant count (0 unless it is collapsed and hides any).
  var hiddenCounts: [Int32] = []
  /// Whether each node's width, marker and badge are still the data source's estimate
  /// (``TreeNodeDescription/isEstimated``); empty when none is.
  var estimated: [Bool] = []
  /// How many nodes are still estimated.
  var estimatedCount = 0
  /// Each node's row.
  var rows: [Int32] = []
  /// Nodes in row order: per depth (slices at `sectionStarts`) for columns, all nodes in
  /// one run for outline.
  var order: [Int32] = []
  /// Each node's position in ``order``.
  var orderIndex: [Int32] = []
  /// Nodes in depth-first order, when that is not ``order`` (columns orientation; the
  /// outline's rows are already in depth-first order, so it stays empty there).
  var depthFirstOrder: [Int32] = []
  /// Each node's position in ``depthFirstOrder`` (columns orientation only).
  var depthFirstIndex: [Int32] = []
  /// The left column of each depth (columns orientation).
  var columnX: [Int] = []
  /// The width of each depth column: its widest node (columns orientation).
  var columnWidths: [Int] = []
  /// The table sections (outline only), by the global number of the node laid out as a
  /// table; empty when there are none.
  var tables: [Int: TreeTableGeometry] = [:]
  /// The nodes laid out as tables, in row order.
  var tableNodes: [Int] = []
  /// Each node's column when it is a cell of a table section, else -1; empty when there
  /// are no tables.
  var cellColumns: [Int32] = []
  /// The table each node is a row of, else -1; empty when there are no tables.
  var rowTables: [Int32] = []
  /// Rows the content takes.
  var totalRows = 0
  /// Columns the content takes.
  var contentColumns = 0

  init(parameters: Parameters) {
    self.parameters = parameters
  }

  /// The number of nodes.
  var count: Int { depths.count }
  /// The number of sections (depths), empty ones included.
  var sectionCount: Int { sectionStarts.count - 1 }

  /// A node's global number, or `nil` when the index path names no node.
  @inline(__always)
  func globalIndex(of indexPath: IndexPath) -> Int? {
    guard indexPath.section >= 0, indexPath.section < sectionCount, indexPath.item >= 0 else { return nil }
    let global = sectionStarts[indexPath.section] + indexPath.item
    return global < sectionStarts[indexPath.section + 1] ? global : nil
  }

  /// A node's index path.
  @inline(__always)
  func indexPath(ofGlobal global: Int) -> IndexPath {
    let section = Int(depths[global])
    return IndexPath(item: global - sectionStarts[section], section: section)
  }

  /// The column where a node starts.
  @inline(__always)
  func column(ofGlobal global: Int) -> Int {
    let depth = Int(depths[global])
    switch parameters.orientation {
    case .columns: return columnX[depth]
    case .outline: return depth * parameters.indentWidth
    }
  }

  /// The cells a node covers.
  @inline(__always)
  func cellRect(ofGlobal global: Int) -> CellRect {
    if !tables.isEmpty, let rect = tableCellRect(ofGlobal: global) { return rect }
    return CellRect(
      column: column(ofGlobal: global), row: Int(rows[global]), columns: Int(widths[global]),
      rows: parameters.nodeHeight)
  }

  /// The row within a node where connector lines meet it: its middle row.
  var lineOffset: Int { parameters.nodeHeight / 2 }

  /// The row of a node's last shown child (its own row when it has none).
  @inline(__always)
  func lastChildRow(ofGlobal global: Int) -> Int {
    let children = Int(childCounts[global])
    guard children > 0 else { return Int(rows[global]) }
    return Int(rows[Int(firstChildren[global]) + children - 1])
  }

  /// The marker a node is drawn with.
  func marker(ofGlobal global: Int) -> TreeNodeInfo.Marker {
    switch markers[global] {
    case 1: return .collapsed
    case 2: return .expanded
    default: return .none
    }
  }

  /// Attributes of a node's cell.
  func nodeAttributes(ofGlobal global: Int, frame: Rect) -> LayoutAttributes {
    var attributes = LayoutAttributes(forCellWith: indexPath(ofGlobal: global), frame: frame)
    attributes.info = LayoutInfo(nodeInfo(ofGlobal: global))
    return attributes
  }

  /// What a node's view needs beyond its frame.
  func nodeInfo(ofGlobal global: Int) -> TreeNodeInfo {
    var info = TreeNodeInfo(
      depth: Int(depths[global]), marker: marker(ofGlobal: global),
      hiddenDescendantCount: Int(hiddenCounts[global]), labelWidth: Int(labelWidths[global]),
      width: Int(widths[global]) - parameters.nodePadding)
    if !tables.isEmpty { describeTablePart(ofGlobal: global, in: &info) }
    return info
  }

  /// A node's position in depth-first order: the order its rows are read in.
  @inline(__always)
  func depthFirstPosition(ofGlobal global: Int) -> Int {
    parameters.orientation == .outline ? Int(orderIndex[global]) : Int(depthFirstIndex[global])
  }

  /// The node at a position in depth-first order.
  @inline(__always)
  func global(atDepthFirstPosition position: Int) -> Int {
    parameters.orientation == .outline ? Int(order[position]) : Int(depthFirstOrder[position])
  }

  /// A node's ancestors, root first.
  func ancestors(ofGlobal global: Int) -> [Int] {
    var chain: [Int] = []
    var node = Int(parents[global])
    while node >= 0 {
      chain.append(node)
      node = Int(parents[node])
    }
    return chain.reversed()
  }
}
