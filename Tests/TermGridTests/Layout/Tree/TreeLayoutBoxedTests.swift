import TermGrid
import Testing

@Suite struct TreeLayoutBoxedTests {
  @Test func boxedNodesAreThreeRowsTallAndFourColumnsWider() {
    let harness = TreeHarness("root\n  a\n  bb", orientation: .columns, size: CellSize(columns: 40, rows: 10)) {
      $0.nodeStyle = .boxed
    }
    harness.collectionView.layoutIfNeeded()
    let layout = harness.layout
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 0, width: 8, height: 3)
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame
        == Rect(x: 13, y: 3, width: 6, height: 3))
    #expect(layout.collectionViewContentSize.height == 6)
  }

  @Test func connectorsJoinBoxesAtTheirMiddleRows() {
    let harness = TreeHarness("root\n  a\n  bb", orientation: .columns, size: CellSize(columns: 22, rows: 6)) {
      $0.nodeStyle = .boxed
    }
    #expect(
      harness.lines == [
        "┌──────┐     ┌───┐    ",
        "│ root ├──┬──┤ a │    ",
        "└──────┘  │  └───┘    ",
        "          │  ┌────┐   ",
        "          └──┤ bb │   ",
        "             └────┘   ",
      ])
  }

  @Test func aRectQueryFindsBoxesThatStartAboveIt() {
    let harness = TreeHarness("root\n  a\n  b\n  c", orientation: .columns, size: CellSize(columns: 30, rows: 10)) {
      $0.nodeStyle = .boxed
    }
    harness.collectionView.layoutIfNeeded()
    // Row 4 is the middle of b's box (rows 3–5).
    let found = harness.layout.layoutAttributesForElements(in: Rect(x: 0, y: 4, width: 30, height: 1))
    #expect(found.contains { $0.category == .cell && $0.indexPath == IndexPath(item: 1, section: 1) })
    #expect(found.contains { $0.category == .supplementaryView }, "the connector passes through")
  }

  @Test func theGuidesClassHierarchyAsASchematic() throws {
    let harness = TreeHarness(
      TreeLayoutRenderingTests.classes, orientation: .columns, size: CellSize(columns: 120, rows: 30)
    ) {
      $0.nodeStyle = .boxed
      $0.columnSpacing = 4
    }
    try Snapshot.expect(harness.lines, named: "tree-classes-boxed")
  }

  // MARK: - Compact boxes

  @Test func compactBoxesAreOneRowTallAndFourColumnsWider() {
    let harness = TreeHarness("root\n  a\n  bb", orientation: .columns, size: CellSize(columns: 40, rows: 10)) {
      $0.nodeStyle = .compactBoxed
    }
    harness.collectionView.layoutIfNeeded()
    let layout = harness.layout
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 0, width: 8, height: 1)
    )
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame
        == Rect(x: 13, y: 1, width: 6, height: 1))
    #expect(layout.collectionViewContentSize.height == 2)
  }

  @Test func connectorsJoinCompactBoxesAtTheirSideBorders() {
    let harness = TreeHarness(
      "root\n  a\n    a1\n    a2\n  bb", orientation: .columns, size: CellSize(columns: 30, rows: 4)
    ) {
      $0.nodeStyle = .compactBoxed
    }
    #expect(
      harness.lines == [
        "│ root ├──┬──┤ a ├───┬──┤ a1 │",
        "          │          └──┤ a2 │",
        "          └──┤ bb │           ",
        "                              ",
      ])
  }

  @Test func compactBoxesCentredOnTheirChildrenAsTheTalkDrawsItsTree() {
    let harness = TreeHarness(
      "root\n  a\n  b\n  c", orientation: .columns, size: CellSize(columns: 20, rows: 3)
    ) {
      $0.nodeStyle = .compactBoxed
      $0.parentAlignment = .centered
      $0.columnSpacing = 4
    }
    #expect(
      harness.lines == [
        "          ┌─┤ a │   ",
        "│ root ├──┼─┤ b │   ",
        "          └─┤ c │   ",
      ])
  }

  @Test func aCollapsedCompactBoxKeepsItsMarkerAndBadgeInsideItsBorders() {
    let harness = TreeHarness(
      store: TreeOutline.store("root\n  a\n    a1\n    a2"), orientation: .columns,
      size: CellSize(columns: 28, rows: 2), collapsesByDefault: { _, depth in depth == 1 },
      configure: { $0.nodeStyle = .compactBoxed })
    #expect(harness.lines[0] == "│ root ├─────┤ ▸ a (+2) │   ")
  }

  @Test func aRectQueryFindsCompactBoxesAndTheConnectorsBetweenThem() {
    let harness = TreeHarness("root\n  a\n  b\n  c", orientation: .columns, size: CellSize(columns: 30, rows: 10)) {
      $0.nodeStyle = .compactBoxed
    }
    harness.collectionView.layoutIfNeeded()
    let found = harness.layout.layoutAttributesForElements(in: Rect(x: 0, y: 2, width: 30, height: 1))
    #expect(found.filter { $0.category == .cell }.map(\.indexPath) == [IndexPath(item: 2, section: 1)])
    #expect(found.contains { $0.category == .supplementaryView }, "the trunk passes through row 2")
    let connector = harness.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.connector, at: IndexPath(item: 0, section: 0))
    // From the root's right border to the children's left borders, over their three rows.
    #expect(connector?.frame == Rect(x: 7, y: 0, width: 7, height: 3))
  }

  @Test func aParentOfMoreChildrenThanTheCentredSpanStaysOnItsFirstChild() {
    let harness = TreeHarness(
      "root\n  a\n    a1\n    a2\n    a3\n    a4\n  b\n    b1\n    b2", orientation: .columns,
      size: CellSize(columns: 30, rows: 10)
    ) {
      $0.nodeStyle = .compactBoxed
      $0.parentAlignment = .centered
      $0.maximumCenteredSpan = 3
    }
    harness.collectionView.layoutIfNeeded()
    let layout = harness.layout
    func row(_ label: String) -> Double? {
      layout.layoutAttributesForItem(at: harness.indexPath(of: label))?.frame.minY
    }
    #expect(row("a") == 0, "a's children span 4 rows: a stays on a1's row")
    #expect(row("b") == 4, "b's span 2 rows: b is centred (the upper middle)")
    #expect(row("root") == 0, "the root's children span rows 0–4, more than 3")
    layout.maximumCenteredSpan = nil
    harness.collectionView.layoutIfNeeded()
    #expect(row("a") == 1)
    #expect(row("root") == 2, "between a (row 1) and b (row 4)")
  }
}
