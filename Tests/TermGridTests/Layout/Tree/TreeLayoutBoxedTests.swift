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
}
