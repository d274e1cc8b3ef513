import TermGrid
import Testing

/// Frame problem 4 of issue 32: a connector's lines are a payload of its layout attributes
/// (``ConnectorGeometry`` in ``LayoutAttributes/info``), which interpolates with its frame
/// (``Interpolatable``), so every branch stays on its box's row on every frame.
@Suite struct ConnectorInterpolationFrameTests {
  /// Expanding `a` in columns pushes `b` and `c` down four rows while the root's connector
  /// grows: on every frame each of its branches ends beside a box on its row.
  @Test(arguments: [CellMetrics.identity, CellMetrics(pointsPerColumn: 2, pointsPerRow: 3)])
  func branchesStayOnTheirBoxesRowsOnEveryFrameOfAnExpand(metrics: CellMetrics) {
    let harness = TreeHarness(
      store: TreeOutline.store(Self.tree), orientation: .columns, size: CellSize(columns: 30, rows: 10),
      cellMetrics: metrics)
    let view = harness.collectionView
    var now = 0
    view.clock = { now }
    let a = harness.indexPath(of: "a")
    harness.model.setCollapsed(true, at: a, in: view)
    _ = harness.lines
    view.animatesChanges = true
    view.animationDuration = 100
    harness.model.setCollapsed(false, at: a, in: view)
    #expect(view.isAnimating)
    var checked = 0
    var rootLines: [ConnectorGeometry] = []
    while now <= 100 {
      _ = harness.render()
      checked += expectBranchesAttached(in: view, at: now)
      if let root = rootConnector(in: view) { rootLines.append(root) }
      now += 5
    }
    #expect(!view.isAnimating)
    #expect(checked > 40, "the root's branches were checked on every frame")
    // The lines changed on the way, not only at the end (as a payload that switches would).
    let between = Set(rootLines.dropFirst().dropLast()).subtracting(
      [rootLines.first, rootLines.last].compactMap { $0 })
    #expect(between.count >= 2, "the root's connector has lines of its own on the frames in between")
  }

  /// Collapsing `a` back: the same in reverse, `b` and `c` rising.
  @Test func branchesStayOnTheirBoxesRowsOnEveryFrameOfACollapse() {
    let harness = TreeHarness(Self.tree, orientation: .columns, size: CellSize(columns: 30, rows: 10))
    let view = harness.collectionView
    var now = 0
    view.clock = { now }
    _ = harness.lines
    view.animatesChanges = true
    view.animationDuration = 100
    harness.model.setCollapsed(true, at: harness.indexPath(of: "a"), in: view)
    var checked = 0
    while now <= 100 {
      _ = harness.render()
      checked += expectBranchesAttached(in: view, at: now)
      now += 5
    }
    #expect(checked > 40)
  }

  @Test func aPayloadInterpolatesOnlyWithAPayloadOfItsType() {
    var start = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 4, height: 1))
    var end = start
    end.frame.origin.y = 10
    start.info = LayoutInfo(Gauge(fill: 0))
    end.info = LayoutInfo(Gauge(fill: 1))
    #expect(start.interpolated(to: end, progress: 0.25).info(as: Gauge.self) == Gauge(fill: 0.25))
    #expect(start.interpolated(to: end, progress: 1).info(as: Gauge.self) == Gauge(fill: 1))
    end.info = LayoutInfo("another type")
    #expect(start.interpolated(to: end, progress: 0.5).info(as: Gauge.self) == Gauge(fill: 0))
  }

  // MARK: - Fixtures

  /// `a`'s four children push `b` and `c` four rows down when it expands.
  static let tree = """
    r
      a
        a1
        a2
          a21
        a3
        a4
      b
      c
        c1
    """

  /// The lines of the connector from the root (the first item of the first section).
  func rootConnector(in view: CollectionView) -> ConnectorGeometry? {
    view.attributesOnScreen.first {
      $0.representedElementKind == ElementKind.connector && $0.indexPath == IndexPath(item: 0, section: 0)
    }?.info(as: ConnectorGeometry.self)
  }

  struct Gauge: Interpolatable {
    var fill: Double
    func interpolated(to other: Gauge, context: InterpolationContext) -> Gauge {
      Gauge(fill: fill + (other.fill - fill) * context.progress)
    }
  }

  /// Checks the opaque connectors on screen: every branch after the parent's line ends one
  /// or two columns before a box on its row, and the parent's line starts beside a box on
  /// its row. Returns how many branches it checked.
  func expectBranchesAttached(in view: CollectionView, at now: Int) -> Int {
    let boxes = view.attributesOnScreen.filter { $0.category == .cell && $0.alpha == 1 }.map {
      view.screenRect(for: $0.frame)
    }
    var checked = 0
    for connector in view.attributesOnScreen
    where connector.representedElementKind == ElementKind.connector && connector.alpha == 1 {
      guard let geometry = connector.info(as: ConnectorGeometry.self) else { continue }
      let region = view.screenRect(for: connector.frame)
      let horizontals = geometry.segments.filter { $0.axis == .horizontal }
      for (index, line) in horizontals.enumerated() {
        let row = region.row + line.start.row
        let attached: Bool
        if index == 0 {
          let left = region.column + line.start.column
          attached = boxes.contains { $0.row == row && (left - 2...left).contains($0.maxColumn) }
        } else {
          let right = region.column + line.end.column
          attached = boxes.contains { $0.row == row && (right + 1...right + 2).contains($0.column) }
        }
        #expect(attached, "at \(now) ms, line \(index) of \(connector.indexPath) on row \(row) joins no box")
        checked += 1
      }
    }
    return checked
  }
}
