import TGridSystem
import TermGrid

/// Runs the tree-layout benchmarks: `tgrid-bench tree [NODES]` (100,000 nodes by default).
///
/// The tree looks like a JSON document: a root with a 10,000-node subtree ("big": 100
/// objects of 99 fields) and records of 100 nodes each (fields, a tag array, an array of
/// small objects) up to the node count. It prints, for both orientations, the median time
/// of a full `prepare()`, of a visible-rect query at random offsets, and of collapsing and
/// expanding the 10,000-node subtree — the layout work alone (model update, invalidation,
/// `prepare()`) and the whole batch update through a `CollectionView` (without drawing).
func runTreeBenchmarks(arguments: [String]) {
  var nodeCount = 100_000
  for argument in arguments {
    guard let count = Int(argument.filter { $0 != "_" }), count >= 10_200 else {
      print("usage: tgrid-bench tree [NODES (at least 10200)]")
      ProcessIdentity.exit(2)
    }
    nodeCount = count
  }
  let tree = TreeBenchmark.makeTree(nodeCount: nodeCount)
  print("Tree layout: \(tree.store.count) nodes, depth \(tree.depth), a subtree of \(tree.bigDescendants) nodes to")
  print(
    "collapse; visible rect \(TreeBenchmark.visible.columns)×\(TreeBenchmark.visible.rows) cells; times are medians.")
  print("store built (labels measured) in \(tree.buildMilliseconds.formatted(1)) ms")
  print("")
  print(
    "orientation".leftPadded(11), "model ms".leftPadded(9), "prepare ms".leftPadded(11), "query µs".leftPadded(9),
    "query p99".leftPadded(10), "elements".leftPadded(9), "collapse ms".leftPadded(12), "expand ms".leftPadded(10),
    "cv collapse".leftPadded(12), "cv expand".leftPadded(10), "draw ms".leftPadded(8), "peak MB".leftPadded(8))
  for orientation in [TreeLayout.Orientation.columns, .outline] {
    let result = TreeBenchmark(tree: tree, orientation: orientation).run()
    print(
      (orientation == .columns ? "columns" : "outline").leftPadded(11),
      result.modelMilliseconds.formatted(2).leftPadded(9),
      result.prepareMilliseconds.formatted(2).leftPadded(11), result.queryMicroseconds.formatted(2).leftPadded(9),
      result.queryP99Microseconds.formatted(2).leftPadded(10), String(result.elementsPerQuery).leftPadded(9),
      result.collapseMilliseconds.formatted(2).leftPadded(12), result.expandMilliseconds.formatted(2).leftPadded(10),
      result.collectionCollapseMilliseconds.formatted(2).leftPadded(12),
      result.collectionExpandMilliseconds.formatted(2).leftPadded(10),
      result.drawMilliseconds.formatted(2).leftPadded(8),
      result.peakMegabytes.formatted(1).leftPadded(8))
  }
  print("")
  print("model: TreeModel built from the store, everything expanded (the data source's own work).")
  print("prepare: full pass after invalidateLayout() (median of \(TreeBenchmark.prepareRuns)).")
  print("query: layoutAttributesForElements(in:) at \(TreeBenchmark.queryCount) random offsets (nodes, connectors,")
  print("       pinned rows in the outline); elements: median returned.")
  print("collapse/expand: the 10,000-node subtree; TreeModel.setCollapsed, invalidation and prepare().")
  print("cv collapse/expand: the same through CollectionView.performBatchUpdates (validation, focus, views")
  print("       for the visible rect), animation off; draw: one frame into a canvas, for reference.")
  print("peak MB: the process's peak resident memory so far (getrusage ru_maxrss).")
  if TreeBenchmark.sink == 42 { print("") }
}

/// One tree-layout benchmark case.
struct TreeBenchmark {
  /// The benchmark's tree.
  struct Tree {
    var store: TreeNodeStore
    var big: Int
    var bigDescendants: Int
    var depth: Int
    var buildMilliseconds: Double
  }

  /// What one case measured.
  struct Result {
    var modelMilliseconds: Double
    var prepareMilliseconds: Double
    var queryMicroseconds: Double
    var queryP99Microseconds: Double
    var elementsPerQuery: Int
    var collapseMilliseconds: Double
    var expandMilliseconds: Double
    var collectionCollapseMilliseconds: Double
    var collectionExpandMilliseconds: Double
    var drawMilliseconds: Double
    var peakMegabytes: Double
  }

  static let visible = CellSize(columns: 200, rows: 50)
  static let prepareRuns = 15
  static let queryCount = 2_000
  static let toggleRuns = 10
  nonisolated(unsafe) static var sink = 0

  let tree: Tree
  let orientation: TreeLayout.Orientation

  /// A JSON-like tree of about `nodeCount` nodes.
  static func makeTree(nodeCount: Int) -> Tree {
    let store = TreeNodeStore()
    var big = 0
    let milliseconds = FlowBenchmark.milliseconds {
      let root = store.append(label: "document {…}")
      big = store.append(label: "\"big\": [100]", kind: TreeNodeKind.important, parent: root)
      for object in 0..<100 {
        let entry = store.append(label: "\(object): {99}", parent: big)
        for field in 0..<99 { store.append(label: "\"field\(field)\": \(object * 99 + field)", parent: entry) }
      }
      var record = 0
      while store.count + 100 <= nodeCount {
        let node = store.append(label: "\(record): {record}", parent: root)
        for field in 0..<8 {
          store.append(
            label: "\"key\(field)\": \"value \(record)-\(field)\"",
            kind: field == 3 && record % 7 == 0 ? TreeNodeKind.critical : TreeNodeKind.normal,
            parent: node)
        }
        let tags = store.append(label: "\"tags\": [10]", parent: node)
        for tag in 0..<10 { store.append(label: "\"tag \(tag)\"", parent: tags) }
        let items = store.append(label: "\"items\": [8]", parent: node)
        for item in 0..<8 {
          let object = store.append(label: "\(item): {9}", parent: items)
          for field in 0..<9 {
            store.append(label: "\"n\(field)\": \(record &* 31 &+ item &* 7 &+ field)", parent: object)
          }
        }
        record += 1
      }
      while store.count < nodeCount { store.append(label: "\"extra\": true", parent: root) }
    }
    return Tree(
      store: store, big: big, bigDescendants: store.descendantCount(ofNode: big), depth: 4,
      buildMilliseconds: milliseconds)
  }

  func run() -> Result {
    var model: TreeModel?
    let modelMilliseconds = FlowBenchmark.median(
      (0..<5).map { _ in FlowBenchmark.milliseconds { model = TreeModel(provider: tree.store) } })
    guard let model else { return Self.emptyResult }
    let host = StaticLayoutHost(
      itemCounts: Self.counts(model),
      bounds: Rect(x: 0, y: 0, width: Double(Self.visible.columns), height: Double(Self.visible.rows)))
    let layout = TreeLayout(orientation: orientation)
    layout.dataSource = model
    layout.collectionView = host
    layout.prepareIfNeeded()

    var prepareTimes: [Double] = []
    for _ in 0..<Self.prepareRuns {
      layout.invalidateLayout()
      prepareTimes.append(FlowBenchmark.milliseconds { layout.prepareIfNeeded() })
    }

    // Visible-rect queries at random offsets over the content.
    let content = layout.collectionViewContentSize
    var generator = BenchmarkGenerator(seed: 7)
    var queryTimes: [Double] = []
    var elementCounts: [Double] = []
    for _ in 0..<Self.queryCount {
      let x =
        content.width > Double(Self.visible.columns)
        ? Double(Int.random(in: 0...Int(content.width) - Self.visible.columns, using: &generator)) : 0
      let y = Double(Int.random(in: 0...max(0, Int(content.height) - Self.visible.rows), using: &generator))
      let rect = Rect(x: x, y: y, width: Double(Self.visible.columns), height: Double(Self.visible.rows))
      host.bounds = rect
      var found = 0
      queryTimes.append(
        FlowBenchmark.milliseconds { found = layout.layoutAttributesForElements(in: rect).count } * 1_000)
      elementCounts.append(Double(found))
      Self.sink &+= found
    }

    // Collapsing and expanding the big subtree: the layout's side.
    guard let bigPath = model.indexPath(forNode: tree.big) else { return Self.emptyResult }
    var collapseTimes: [Double] = []
    var expandTimes: [Double] = []
    for _ in 0..<Self.toggleRuns {
      for collapsed in [true, false] {
        let time = FlowBenchmark.milliseconds {
          model.setCollapsed(collapsed, at: bigPath)
          host.itemCounts = Self.counts(model)
          var context = InvalidationContext.everything
          context.invalidateDataSourceCounts = true
          layout.invalidateLayout(with: context)
          layout.prepareIfNeeded()
        }
        if collapsed { collapseTimes.append(time) } else { expandTimes.append(time) }
      }
    }

    // The same through a collection view, without drawing.
    let collectionLayout = TreeLayout(orientation: orientation)
    collectionLayout.dataSource = model
    let collectionView = CollectionView(frame: CellRect(size: Self.visible), layout: collectionLayout)
    collectionView.animatesChanges = false
    model.register(in: collectionView)
    collectionView.dataSource = model
    collectionView.focusItem(at: bigPath)
    collectionView.layoutIfNeeded()
    var collectionCollapse: [Double] = []
    var collectionExpand: [Double] = []
    var drawTimes: [Double] = []
    var canvas = Canvas(size: Self.visible)
    for _ in 0..<Self.toggleRuns {
      for collapsed in [true, false] {
        let time = FlowBenchmark.milliseconds {
          model.setCollapsed(collapsed, at: bigPath, in: collectionView)
          collectionView.layoutIfNeeded()
        }
        if collapsed { collectionCollapse.append(time) } else { collectionExpand.append(time) }
        drawTimes.append(FlowBenchmark.milliseconds { collectionView.draw(into: &canvas) })
      }
    }
    Self.sink &+= canvas.lines.count
    withExtendedLifetime(host) {}

    return Result(
      modelMilliseconds: modelMilliseconds, prepareMilliseconds: FlowBenchmark.median(prepareTimes),
      queryMicroseconds: FlowBenchmark.median(queryTimes),
      queryP99Microseconds: FlowBenchmark.percentile(queryTimes, 0.99),
      elementsPerQuery: Int(FlowBenchmark.median(elementCounts)),
      collapseMilliseconds: FlowBenchmark.median(collapseTimes),
      expandMilliseconds: FlowBenchmark.median(expandTimes),
      collectionCollapseMilliseconds: FlowBenchmark.median(collectionCollapse),
      collectionExpandMilliseconds: FlowBenchmark.median(collectionExpand),
      drawMilliseconds: FlowBenchmark.median(drawTimes),
      peakMegabytes: FlowBenchmark.peakResidentMegabytes())
  }

  static func counts(_ model: TreeModel) -> [Int] {
    (0..<model.numberOfSections).map(model.numberOfItems(inSection:))
  }

  static let emptyResult = Result(
    modelMilliseconds: .nan, prepareMilliseconds: .nan, queryMicroseconds: .nan, queryP99Microseconds: .nan,
    elementsPerQuery: 0, collapseMilliseconds: .nan, expandMilliseconds: .nan, collectionCollapseMilliseconds: .nan,
    collectionExpandMilliseconds: .nan, drawMilliseconds: .nan, peakMegabytes: .nan)
}
