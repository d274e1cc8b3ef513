import TermGrid
import TestSupport
import Testing

@testable import TermGridLayout

/// Properties of the tree layout over random trees of 1 to 10,000 nodes, in both
/// orientations, with random collapse states and several cell metrics.
@Suite struct TreeLayoutPropertyTests {
  static let cases: [(count: Int, seed: UInt64)] = [
    (1, 1), (2, 2), (3, 3), (7, 4), (40, 5), (300, 6), (2_000, 7), (10_000, 8),
  ]

  @Test(
    .disabled(
      if: SanitizerBuild.isThread, "one thread: nothing for ThreadSanitizer; the plain and address runs take it"),
    arguments: [TreeLayout.Orientation.columns, .outline])
  func noTwoElementsOverlapInPointsOrInCells(orientation: TreeLayout.Orientation) {
    for (count, seed) in Self.cases {
      for metrics in Self.metrics {
        for variant in Self.variants {
          let layout = Self.prepared(
            count: count, seed: seed, orientation: orientation, metrics: metrics, configure: variant.configure)
          let elements = Self.allElements(of: layout)
          #expect(elements.filter { $0.category == .cell }.count == layout.cache.count)
          if let clash = Self.firstOverlap(elements, metrics: metrics) {
            Issue.record("\(count) nodes, seed \(seed), \(metrics), \(variant.name): \(clash.0) overlaps \(clash.1)")
          }
        }
      }
    }
  }

  @Test(arguments: [TreeLayout.Orientation.columns, .outline])
  func connectorLinesStayInsideTheirFrames(orientation: TreeLayout.Orientation) {
    for (count, seed) in Self.cases {
      for metrics in Self.metrics {
        let layout = Self.prepared(count: count, seed: seed, orientation: orientation, metrics: metrics)
        for element in Self.allElements(of: layout) where element.representedElementKind == ElementKind.connector {
          guard let geometry = element.info?.value(as: ConnectorGeometry.self) else {
            Issue.record("connector \(element.indexPath) has no geometry")
            continue
          }
          #expect(geometry.isInsideFrame, "\(element) \(geometry)")
          #expect(geometry.size == metrics.cellRect(for: element.frame).size, "\(element) \(geometry.size)")
        }
      }
    }
  }

  @Test(
    .disabled(
      if: SanitizerBuild.isThread, "one thread: nothing for ThreadSanitizer; the plain and address runs take it"),
    arguments: [TreeLayout.Orientation.columns, .outline])
  func rectQueriesReturnExactlyWhatABruteForceFilterFinds(orientation: TreeLayout.Orientation) {
    var random = SeededRandom(seed: 99)
    for (count, seed) in Self.cases {
      for (metrics, variant) in zip(Self.metrics + Self.metrics, Self.variants + Self.variants.reversed()) {
        let layout = Self.prepared(
          count: count, seed: seed, orientation: orientation, metrics: metrics, configure: variant.configure)
        let all = Self.allElements(of: layout)
        let content = layout.collectionViewContentSize
        for _ in 0..<25 {
          let width = random.double(in: 0.1...(max(1, content.width) / 2 + 40))
          let height = random.double(in: 0.1...(max(1, content.height) / 2 + 20))
          let rect = Rect(
            x: random.double(in: -20...(content.width + 5)), y: random.double(in: -20...(content.height + 5)),
            width: width, height: height)
          let found = layout.layoutAttributesForElements(in: rect)
          let expected = all.filter { $0.frame.intersects(rect) }
          #expect(found.count == Set(found).count, "a rect query returned an element twice")
          #expect(Set(found) == Set(expected), "\(count) nodes, \(metrics), rect \(rect)")
        }
        // The whole content finds everything.
        let everything = layout.layoutAttributesForElements(
          in: Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2))
        #expect(Set(everything) == Set(all))
      }
    }
  }

  @Test(arguments: [TreeLayout.Orientation.columns, .outline])
  func onDemandAttributesEqualThoseOfRectQueries(orientation: TreeLayout.Orientation) {
    for (count, seed) in Self.cases {
      let layout = Self.prepared(count: count, seed: seed, orientation: orientation, metrics: .identity)
      let content = layout.collectionViewContentSize
      let everything = layout.layoutAttributesForElements(
        in: Rect(x: 0, y: 0, width: content.width, height: content.height))
      for element in everything {
        #expect(layout.layoutAttributes(for: element.key) == element, "\(element)")
      }
      // Nodes without shown children have no connector; index paths past the end, nothing.
      let host = layout.collectionView
      let sections = host?.numberOfSections ?? 0
      #expect(
        layout.layoutAttributesForItem(at: IndexPath(item: host?.numberOfItems(inSection: 0) ?? 0, section: 0)) == nil)
      #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: sections)) == nil)
      #expect(layout.layoutAttributesForSupplementaryView(ofKind: "other", at: IndexPath(item: 0, section: 0)) == nil)
    }
  }

  @Test func aColumnsSubtreeTakesExactlyTheRowsOfItsLeaves() {
    for (count, seed) in Self.cases {
      for alignment in [TreeLayout.ParentAlignment.firstChild, .centered] {
        let layout = Self.prepared(count: count, seed: seed, orientation: .columns, metrics: .identity) {
          $0.parentAlignment = alignment
        }
        let cache = layout.cache
        // Rows a subtree spans, from its leaves, bottom-up (children come after parents).
        var low = cache.rows.map(Int.init)
        var high = low
        var leaves = 0
        for node in stride(from: cache.count - 1, through: 0, by: -1) {
          if cache.childCounts[node] == 0 { leaves += 1 }
          let parent = Int(cache.parents[node])
          if parent >= 0 {
            low[parent] = min(low[parent], low[node])
            high[parent] = max(high[parent], high[node])
          }
        }
        #expect(cache.totalRows == leaves, "no wasted rows: \(count) nodes")
        for node in 0..<cache.count where cache.childCounts[node] > 0 {
          let first = Int(cache.firstChildren[node])
          let children = Int(cache.childCounts[node])
          // The subtree is exactly as tall as its leaves, and the siblings' subtrees follow
          // one another without a gap or an overlap.
          for child in first..<(first + children - 1) {
            #expect(high[child] + 1 == low[child + 1], "siblings \(child) and \(child + 1)")
          }
          let firstRow = Int(cache.rows[first])
          let lastRow = Int(cache.rows[first + children - 1])
          let expectedRow = alignment == .firstChild ? firstRow : firstRow + (lastRow - firstRow) / 2
          #expect(Int(cache.rows[node]) == expectedRow)
        }
      }
    }
  }

  @Test func theOutlineShowsOneNodePerRowInDepthFirstOrder() {
    for (count, seed) in Self.cases {
      let layout = Self.prepared(count: count, seed: seed, orientation: .outline, metrics: .identity)
      let cache = layout.cache
      #expect(cache.totalRows == cache.count)
      // Depth-first: every node's row follows its parent's, and a node's next sibling comes
      // right after the node's whole subtree.
      var subtreeEnd = cache.rows.map(Int.init)
      for node in stride(from: cache.count - 1, through: 0, by: -1) where cache.parents[node] >= 0 {
        let parent = Int(cache.parents[node])
        #expect(cache.rows[node] > cache.rows[parent])
        subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[node])
      }
      for node in 0..<cache.count where cache.childCounts[node] > 0 {
        let first = Int(cache.firstChildren[node])
        #expect(Int(cache.rows[first]) == Int(cache.rows[node]) + 1)
        for child in first..<(first + Int(cache.childCounts[node]) - 1) {
          #expect(subtreeEnd[child] + 1 == Int(cache.rows[child + 1]))
        }
      }
    }
  }

  @Test func aModelsOneLoopDescriptionLaysOutLikeThePerItemQuestions() {
    for (count, seed) in Self.cases.suffix(3) {
      let store = RandomTree.store(count: count, seed: seed)
      let model = TreeModel(provider: store, collapsesByDefault: RandomTree.collapseRule(seed: seed, oneIn: 5))
      let slow = PerItemQuestions(model)
      let host = StaticLayoutHost(
        itemCounts: (0..<model.numberOfSections).map(model.numberOfItems(inSection:)),
        bounds: Rect(x: 0, y: 0, width: 80, height: 24))
      for orientation in [TreeLayout.Orientation.columns, .outline] {
        let fast = TreeLayout(orientation: orientation)
        fast.dataSource = model
        fast.collectionView = host
        let asked = TreeLayout(orientation: orientation)
        asked.dataSource = slow
        asked.collectionView = host
        fast.prepareIfNeeded()
        asked.prepareIfNeeded()
        let content = fast.collectionViewContentSize
        #expect(asked.collectionViewContentSize == content)
        let everything = Rect(x: 0, y: 0, width: content.width, height: content.height)
        #expect(
          Set(fast.layoutAttributesForElements(in: everything))
            == Set(asked.layoutAttributesForElements(in: everything)))
      }
      withExtendedLifetime((model, slow, host)) {}
    }
  }

  // MARK: - Fixtures

  /// Forwards the per-item questions to a model, leaving `describeItems` to the default.
  final class PerItemQuestions: TreeLayoutDataSource {
    let model: TreeModel
    init(_ model: TreeModel) { self.model = model }
    func childItems(ofItemAt indexPath: IndexPath) -> Range<Int> { model.childItems(ofItemAt: indexPath) }
    func labelWidth(ofItemAt indexPath: IndexPath) -> Int { model.labelWidth(ofItemAt: indexPath) }
    func isItemCollapsed(at indexPath: IndexPath) -> Bool { model.isItemCollapsed(at: indexPath) }
    func hiddenDescendantCount(ofItemAt indexPath: IndexPath) -> Int {
      model.hiddenDescendantCount(ofItemAt: indexPath)
    }
  }

  static let metrics: [CellMetrics] = [
    .identity,
    CellMetrics(pointsPerColumn: 8, pointsPerRow: 16),
    CellMetrics(pointsPerColumn: 3.7, pointsPerRow: 7.3, zoom: 1.6),
  ]

  /// Settings the properties must hold under.
  static let variants: [(name: String, configure: @Sendable (TreeLayout) -> Void)] = [
    ("defaults", { _ in }),
    (
      "centred, spaced",
      {
        $0.parentAlignment = .centered
        $0.siblingSpacing = 2
        $0.columnSpacing = 3
        $0.indentWidth = 2
      }
    ),
    (
      "marked, wide",
      {
        $0.marksExpandedNodes = true
        $0.maximumNodeWidth = 40
        $0.columnSpacing = 8
        $0.indentWidth = 4
      }
    ),
  ]

  /// A tree layout that keeps its data source and host alive (the layout holds both weakly).
  final class OwningTreeLayout: TreeLayout {
    var owned: [AnyObject] = []
  }

  /// A prepared layout over a random tree, with about one node in five collapsed.
  static func prepared(
    count: Int, seed: UInt64, orientation: TreeLayout.Orientation, metrics: CellMetrics,
    configure: (TreeLayout) -> Void = { _ in }
  ) -> TreeLayout {
    let store = RandomTree.store(count: count, seed: seed)
    let model = TreeModel(provider: store, collapsesByDefault: RandomTree.collapseRule(seed: seed, oneIn: 5))
    let host = StaticLayoutHost(
      itemCounts: (0..<model.numberOfSections).map(model.numberOfItems(inSection:)),
      bounds: Rect(x: 0, y: 0, width: 80, height: 24), cellMetrics: metrics)
    let layout = OwningTreeLayout(orientation: orientation)
    layout.owned = [model, host]
    layout.pinsAncestors = false
    layout.maximumNodeWidth = 12
    configure(layout)
    layout.dataSource = model
    layout.collectionView = host
    layout.prepareIfNeeded()
    return layout
  }

  /// Every element, found by index path (not by a rect query).
  static func allElements(of layout: TreeLayout) -> [LayoutAttributes] {
    guard let host = layout.collectionView else { return [] }
    var result: [LayoutAttributes] = []
    for section in 0..<host.numberOfSections {
      for item in 0..<host.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        if let node = layout.layoutAttributesForItem(at: indexPath) { result.append(node) }
        if let connector = layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.connector, at: indexPath) {
          result.append(connector)
        }
      }
    }
    return result
  }

  /// Whether two frames share more area than floating-point rounding explains: with a
  /// scale like 3.7 / 1.6, `x + width` of one cell-aligned frame can exceed the next
  /// frame's `x` by an ulp. Cells, what the terminal shows, are compared exactly.
  static func overlapsBeyondRounding(_ a: Rect, _ b: Rect) -> Bool {
    guard let shared = a.intersection(b) else { return false }
    let tolerance = 1e-9 * max(1, abs(a.maxX), abs(a.maxY), abs(b.maxX), abs(b.maxY))
    return shared.width > tolerance && shared.height > tolerance
  }

  /// The first two elements that share area, in cells or (beyond rounding) in points; each
  /// row's spans are sorted and checked against the furthest end so far.
  static func firstOverlap(_ elements: [LayoutAttributes], metrics: CellMetrics) -> (
    LayoutAttributes, LayoutAttributes
  )? {
    var byRow: [Int: [(cells: CellRect, element: Int)]] = [:]
    for (index, element) in elements.enumerated() {
      let cells = metrics.cellRect(for: element.frame)
      for row in cells.row..<cells.maxRow { byRow[row, default: []].append((cells, index)) }
    }
    for (_, spans) in byRow {
      let sorted = spans.sorted { $0.cells.column < $1.cells.column }
      var furthest: (end: Int, element: Int)?
      for span in sorted {
        if let last = furthest, span.cells.column < last.end { return (elements[last.element], elements[span.element]) }
        if let last = furthest, overlapsBeyondRounding(elements[last.element].frame, elements[span.element].frame) {
          return (elements[last.element], elements[span.element])
        }
        if furthest == nil || span.cells.maxColumn > furthest!.end { furthest = (span.cells.maxColumn, span.element) }
      }
    }
    return nil
  }
}
