import TermGrid
import Testing

/// The tree's reading order: depth-first, the rows as shown. Range selection and Home/End
/// follow it, so they never cross depths in index order.
@Suite struct TreeLayoutReadingOrderTests {
  static let tree = TreeLayoutFocusTests.tree

  static func labels(_ harness: TreeHarness, _ indexPaths: [IndexPath]) -> [String] {
    indexPaths.map(harness.model.label(ofItemAt:))
  }

  @Test(arguments: [TreeLayout.Orientation.outline, .columns])
  func readingOrderIsDepthFirstInBothOrientations(_ orientation: TreeLayout.Orientation) {
    let harness = TreeHarness(Self.tree, orientation: orientation, size: CellSize(columns: 40, rows: 10))
    _ = harness.lines
    let layout = harness.layout
    #expect(layout.numberOfItemsInReadingOrder == 8)
    let order = (0..<8).compactMap(layout.indexPathForItem(atReadingPosition:))
    #expect(Self.labels(harness, order) == ["r", "a", "a1", "a11", "a2", "b", "c", "c1"])
    for (position, indexPath) in order.enumerated() {
      #expect(layout.readingPosition(ofItemAt: indexPath) == position)
    }
    #expect(layout.indexPathForItem(atReadingPosition: 8) == nil)
    #expect(layout.readingPosition(ofItemAt: IndexPath(item: 9, section: 1)) == nil)
    let range = layout.indexPathsInReadingOrder(from: harness.indexPath(of: "a2"), through: harness.indexPath(of: "a1"))
    #expect(Self.labels(harness, range) == ["a2", "a11", "a1"], "backwards from the end to the start")
  }

  @Test func shiftDownFromAnExpandedNodeOntoItsFirstChildSelectsTwoRows() {
    let harness = TreeHarness(Self.tree, orientation: .outline, size: CellSize(columns: 20, rows: 10))
    let view = harness.collectionView
    view.allowsMultipleSelection = true
    view.focusItem(at: harness.indexPath(of: "a"))
    view.perform(.extendSelectionDown)
    #expect(Self.labels(harness, view.indexPathsForSelectedItems).sorted() == ["a", "a1"])
    view.perform(.extendSelectionDown)
    view.perform(.extendSelectionDown)
    #expect(Set(Self.labels(harness, view.indexPathsForSelectedItems)) == ["a", "a1", "a11", "a2"])
    view.perform(.extendSelectionUp)
    view.perform(.extendSelectionUp)
    #expect(Set(Self.labels(harness, view.indexPathsForSelectedItems)) == ["a", "a1"], "moving back shrinks the range")
    view.perform(.extendSelectionUp)
    view.perform(.extendSelectionUp)
    #expect(
      Set(Self.labels(harness, view.indexPathsForSelectedItems)) == ["r", "a"], "past the anchor it grows upwards")
  }

  @Test func aRangeInColumnsIsTheSubtreesBetweenItsEnds() {
    let harness = TreeHarness(Self.tree, orientation: .columns, size: CellSize(columns: 40, rows: 10))
    let view = harness.collectionView
    view.allowsMultipleSelection = true
    view.selectItem(at: harness.indexPath(of: "a1"))
    view.extendSelection(to: harness.indexPath(of: "b"))
    #expect(Set(Self.labels(harness, view.indexPathsForSelectedItems)) == ["a1", "a11", "a2", "b"])
  }

  @Test(arguments: [TreeLayout.Orientation.outline, .columns])
  func endGoesToTheLastRowShownAndKeepsItOnScreen(_ orientation: TreeLayout.Orientation) {
    let harness = TreeHarness(
      TreeLayoutFocusTests.long + "\n  b\n    b1\n  c", orientation: orientation, size: CellSize(columns: 30, rows: 6))
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "root"))
    view.perform(.moveToLast)
    #expect(TreeLayoutFocusTests.focusedLabel(harness) == "c", "the last row, not the deepest level's last node (x20)")
    let lines = harness.lines
    #expect(
      lines.contains { $0.contains("c") && !$0.contains("x") && !$0.contains("b") }, "the focus is on screen: \(lines)")
    view.perform(.moveToFirst)
    #expect(TreeLayoutFocusTests.focusedLabel(harness) == "root")
    #expect(view.contentOffset == .zero)
  }
}
