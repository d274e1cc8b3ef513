import TestSupport
import Testing

@testable import TermGrid
@testable import TermGridCollection
@testable import TermGridLayout

/// Wide trees listed without being read: nodes past ``TreeModel/eagerlyDescribedNodeLimit``
/// are described (label measured, children asked about) only when the layout shows them.
@Suite struct TreeModelEstimateTests {
  /// A provider that counts what it is asked.
  final class CountingProvider: TreeNodeProvider {
    let store: TreeNodeStore
    var labelWidthCalls = 0
    var hasChildrenCalls = 0
    var descendantCountCalls = 0

    init(_ store: TreeNodeStore) { self.store = store }

    var rootNodes: [Int] { store.rootNodes }
    func forEachChild(ofNode node: Int, _ body: (Int) -> Void) { store.forEachChild(ofNode: node, body) }
    func label(ofNode node: Int) -> String { store.label(ofNode: node) }
    func kind(ofNode node: Int) -> String { store.kind(ofNode: node) }
    func labelWidth(ofNode node: Int) -> Int {
      labelWidthCalls += 1
      return store.labelWidth(ofNode: node)
    }
    func hasChildren(_ node: Int) -> Bool {
      hasChildrenCalls += 1
      return store.hasChildren(node)
    }
    func childCount(ofNode node: Int) -> Int { store.childCount(ofNode: node) }
    func descendantCount(ofNode node: Int) -> Int {
      descendantCountCalls += 1
      return store.descendantCount(ofNode: node)
    }
  }

  /// A root with `count` children, each with two children of its own.
  static func wideStore(count: Int) -> TreeNodeStore {
    let store = TreeNodeStore()
    let root = store.append(label: "records", kind: TreeNodeKind.normal, parent: nil)
    for record in 0..<count {
      let node = store.append(label: "[\(record)] record", kind: TreeNodeKind.normal, parent: root)
      store.append(label: "id: \(record)", kind: TreeNodeKind.normal, parent: node)
      store.append(
        label: "name: \(String(repeating: "x", count: record % 40))", kind: TreeNodeKind.normal, parent: node)
    }
    return store
  }

  @Test func aWideLevelIsListedWithoutReadingWhatIsNotShown() {
    let provider = CountingProvider(Self.wideStore(count: 20_000))
    let model = TreeModel(provider: provider, collapsesByDefault: { _, depth in depth >= 1 })
    #expect(model.numberOfItems(inSection: 1) == 20_000)
    // The root and the first records up to the limit; nothing about the rest.
    #expect(provider.labelWidthCalls == model.eagerlyDescribedNodeLimit)
    #expect(provider.hasChildrenCalls == model.eagerlyDescribedNodeLimit)
    #expect(provider.descendantCountCalls == 0)

    let layout = TreeLayout(orientation: .outline)
    layout.dataSource = model
    let view = CollectionView(frame: CellRect(size: CellSize(columns: 60, rows: 12)), layout: layout)
    view.animatesChanges = false
    model.register(in: view)
    view.dataSource = model
    var canvas = Canvas(size: view.frame.size)
    view.draw(into: &canvas)
    // Drawing the top asks only about what the top shows.
    #expect(provider.labelWidthCalls == model.eagerlyDescribedNodeLimit)
    // Hidden counts are asked for the collapsed records that were described, no more.
    #expect(provider.descendantCountCalls <= model.eagerlyDescribedNodeLimit)
    #expect(canvas.lines[1].contains("[0] record"))

    // Far down, the records drawn are measured and asked about then, and look as they
    // would had they been read from the start.
    let before = provider.labelWidthCalls
    view.setContentOffset(Point(x: 0, y: 15_000), animated: false)
    canvas = Canvas(size: view.frame.size)
    view.draw(into: &canvas)
    #expect(provider.labelWidthCalls - before <= 14)
    // Row 15,006 holds record 15,005 (the root takes row 0), under the pinned root row.
    #expect(canvas.lines.contains { $0.contains("▸ [15005] record") })
  }

  @Test(arguments: [TreeLayout.Orientation.outline, .columns])
  func estimatedNodesDrawTheSameScreensAsMeasuredOnes(orientation: TreeLayout.Orientation) {
    var estimatedAfterFirstScreen = 0
    for seed in UInt64(1)...UInt64(4) {
      let store = RandomTree.store(count: 900, seed: seed)
      let rule = RandomTree.collapseRule(seed: seed, oneIn: 5)
      let eager = TreeHarness(
        store: store, orientation: orientation, size: CellSize(columns: 70, rows: 16), collapsesByDefault: rule)
      eager.model.eagerlyDescribedNodeLimit = .max
      eager.model.reload()
      eager.collectionView.reloadData()
      let lazy = TreeHarness(
        store: store, orientation: orientation, size: CellSize(columns: 70, rows: 16), collapsesByDefault: rule)
      lazy.model.eagerlyDescribedNodeLimit = 0
      lazy.model.reload()
      lazy.collectionView.reloadData()
      _ = eager.lines
      _ = lazy.lines
      estimatedAfterFirstScreen += lazy.layout.cache.estimatedCount
      #expect(eager.layout.cache.estimatedCount == 0)
      let height = eager.collectionView.contentSize.height
      #expect(lazy.collectionView.contentSize.height == height)
      for fraction in [0.0, 0.3, 0.55, 1.0] {
        let offset = Point(x: 0, y: (height * fraction).rounded(.down))
        eager.collectionView.setContentOffset(offset, animated: false)
        lazy.collectionView.setContentOffset(offset, animated: false)
        #expect(lazy.lines == eager.lines, "seed \(seed), \(orientation), offset \(offset)")
      }
      if orientation == .columns {
        // Columns are as wide as their widest node: nothing stays estimated.
        #expect(lazy.layout.cache.estimatedCount == 0)
        #expect(lazy.collectionView.contentSize == eager.collectionView.contentSize)
      }
    }
    // An outline leaves what it has not shown unmeasured; columns measure everything.
    #expect((estimatedAfterFirstScreen > 0) == (orientation == .outline))
  }

  @Test func anOutlineWidensWhenAWideEstimatedNodeComesIntoView() {
    let store = TreeNodeStore()
    let root = store.append(label: "root", kind: TreeNodeKind.normal, parent: nil)
    for index in 0..<200 {
      store.append(
        label: index == 150 ? String(repeating: "w", count: 60) : "n\(index)", kind: TreeNodeKind.normal, parent: root)
    }
    let harness = TreeHarness(
      store: store, orientation: .outline, size: CellSize(columns: 40, rows: 10),
      configure: { layout in layout.maximumNodeWidth = 100 })
    harness.model.eagerlyDescribedNodeLimit = 10
    harness.model.reload()
    harness.collectionView.reloadData()
    _ = harness.lines
    let narrow = harness.collectionView.contentSize.width
    #expect(narrow < 60)
    harness.collectionView.setContentOffset(Point(x: 0, y: 145), animated: false)
    _ = harness.lines
    #expect(harness.layout.collectionViewContentSize.width >= 63)
  }

  /// A root with 40 children, each with one leaf whose label is as long as its number + 1.
  static func comb() -> TreeNodeStore {
    let store = TreeNodeStore()
    let root = store.append(label: "root", kind: TreeNodeKind.normal, parent: nil)
    for index in 0..<40 {
      let parent = store.append(label: "c\(index)", kind: TreeNodeKind.normal, parent: root)
      store.append(label: String(repeating: "x", count: index + 1), kind: TreeNodeKind.normal, parent: parent)
    }
    return store
  }

  @Test func theAttributesBeforeABatchUpdateAreNotMeasuredAgainstTheNewData() throws {
    let model = TreeModel(provider: Self.comb())
    model.eagerlyDescribedNodeLimit = 3
    model.reload()
    let layout = TreeLayout(orientation: .outline)
    layout.pinsAncestors = false
    layout.dataSource = model
    let view = CollectionView(frame: CellRect(size: CellSize(columns: 40, rows: 10)), layout: layout)
    view.animatesChanges = true
    model.register(in: view)
    view.dataSource = model
    var canvas = Canvas(size: view.frame.size)
    view.draw(into: &canvas)
    // The leaf of c5, below the screen but in the area animated from: not measured yet.
    let leaf = IndexPath(item: 5, section: 2)
    let global = try #require(layout.cache.globalIndex(of: leaf))
    #expect(layout.cache.estimated[global])
    model.setCollapsed(true, at: IndexPath(item: 0, section: 1), in: view)
    // Measured then, it would have read the width of c6's leaf (7) at its old index path.
    let old = try #require(layout.previousCache)
    #expect(old.estimated.isEmpty || old.estimated[global], "left estimated while the data is the new one")
    #expect(old.labelWidths[global] != 7)
    view.finishAnimationsNow()
    canvas = Canvas(size: view.frame.size)
    view.draw(into: &canvas)
    #expect(!layout.isAnsweringForPreviousData)
  }

  @Test func anOutlineIsAsWideAsTheNodesMeasuredSoFar() {
    let store = TreeNodeStore()
    let root = store.append(label: "r", kind: TreeNodeKind.normal, parent: nil)
    for index in 0..<30 { store.append(label: "n\(index % 10)", kind: TreeNodeKind.normal, parent: root) }
    func harness(limit: Int) -> TreeHarness {
      let harness = TreeHarness(store: store, orientation: .outline, size: CellSize(columns: 12, rows: 40))
      harness.model.eagerlyDescribedNodeLimit = limit
      harness.model.reload()
      harness.collectionView.reloadData()
      _ = harness.lines
      return harness
    }
    let eager = harness(limit: .max)
    let lazy = harness(limit: 1)
    #expect(lazy.layout.cache.estimatedCount == 0)
    #expect(lazy.lines == eager.lines)
    #expect(lazy.collectionView.contentSize == eager.collectionView.contentSize)
  }
}
