import TermGrid
import TermGridTesting
import Testing

@testable import ClassTree

@Suite struct ClassTreeTests {
  @Test func eachDepthIsAColumnAndEachClassSitsOnItsFirstSubclassesRow() {
    let size = CellSize(columns: 80, rows: 14)
    let tree = ClassTree(size: size)
    let pilot = examplePilot(tree, collectionView: tree.collectionView, size: size)
    expectScreen(pilot.screen(after: []), named: "class-tree-80x14")
  }

  @Test func movingRightThroughTheDepthsScrollsSideways() {
    let size = CellSize(columns: 80, rows: 14)
    let tree = ClassTree(size: size)
    let pilot = examplePilot(tree, collectionView: tree.collectionView, size: size)
    let lines = pilot.screen(after: ["Right", "Right", "Right", "Right", "Right", "Space"])
    expectScreen(lines, named: "class-tree-deepest-80x14")
    #expect(tree.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 4)])
    #expect(tree.collectionView.contentOffset.x > 0)
  }

  /// The layout's rules, from the guide: a parent is on its first child's row, siblings
  /// follow each other's subtrees, and the content is as tall as the root's rows.
  @Test func theLayoutFollowsTheGuidesFramingProcess() {
    let tree = ClassTree(size: CellSize(columns: 120, rows: 20))
    let layout = tree.layout
    tree.collectionView.layoutIfNeeded()
    func row(_ item: Int, _ section: Int) -> Double? {
      layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame.minY
    }
    // NSObject, UIResponder, UIView, UIControl and UIButton share the first row.
    #expect([row(0, 0), row(0, 1), row(0, 2), row(0, 3), row(0, 4)] == [1, 1, 1, 1, 1])
    // UIScrollView comes after UIControl's three subclasses; UIViewController after UIView's 7 rows.
    #expect(row(1, 3) == 4)
    #expect(row(1, 2) == 8)
    #expect(layout.collectionViewContentSize == Size(width: 110, height: 12))
    let children = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.info(as: ClassNodeInfo.self)?
      .children
    #expect(
      children == [
        IndexPath(item: 0, section: 3), IndexPath(item: 1, section: 3), IndexPath(item: 2, section: 3),
        IndexPath(item: 3, section: 3),
      ])
    let connector = layout.layoutAttributesForSupplementaryView(
      ofKind: ClassTreeLayout.connectorKind, at: IndexPath(item: 0, section: 2))
    #expect(connector?.frame == Rect(x: 64, y: 1, width: 4, height: 7))
    #expect(connector?.info(as: Connection.self)?.childRows == [0, 3, 5, 6])
  }
}
