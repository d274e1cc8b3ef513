import TermGrid
import Testing

/// Switching orientation, animated collapse and expand, and data sources that break the
/// tree's rules.
@Suite struct TreeLayoutUpdateTests {
  @Test func switchingOrientationKeepsTheSettingsTheFocusAndTheNodeOnScreen() {
    let harness = TreeHarness(TreeLayoutFocusTests.long, orientation: .columns, size: CellSize(columns: 24, rows: 6)) {
      $0.maximumNodeWidth = 10
      $0.marksExpandedNodes = true
    }
    let view = harness.collectionView
    let x18 = harness.indexPath(of: "x18")
    view.focusItem(at: x18)
    _ = harness.lines
    let outline = harness.layout.copy(orientation: .outline)
    #expect(outline.maximumNodeWidth == 10 && outline.marksExpandedNodes && outline.dataSource === harness.model)
    view.setCollectionViewLayout(outline, animated: false)
    #expect(view.indexPathForFocusedItem == x18)
    let frame = outline.layoutAttributesForItem(at: x18)?.frame ?? .zero
    #expect(view.bounds.contains(frame), "the focused node is on screen after the switch")
    #expect(harness.lines.contains("      ├─ x18            "))
    view.setCollectionViewLayout(outline.copy(orientation: .columns), animated: false)
    #expect(harness.lines.contains { $0.hasSuffix("├─ x18") || $0.contains("├─ x18 ") })
  }

  @Test func anAnimatedCollapseFoldsTheSubtreeAwayAndEndsOnTheFinalScreen() {
    let harness = TreeHarness(TreeModelTests.tree, orientation: .outline, size: CellSize(columns: 14, rows: 8))
    let view = harness.collectionView
    var now = 0
    view.clock = { now }
    view.animatesChanges = true
    view.animationDuration = 100
    let a = harness.indexPath(of: "a")
    view.focusItem(at: a)
    _ = harness.lines
    var finished = false
    harness.model.setCollapsed(true, at: a, in: view) { finished = $0 }
    #expect(view.isAnimating)
    now = 50
    let middle = harness.render()
    #expect(middle.lines[1].hasPrefix("├─"), "the root's lines stay, cut to its shrinking frame")
    now = 150
    let end = harness.lines
    #expect(!view.isAnimating)
    #expect(finished)
    #expect(
      end == [
        "r             ",
        "├─ ▸ a (+3)   ",
        "├─ b          ",
        "└─ c          ",
        "   └─ c1      ",
        "              ",
        "              ",
        "              ",
      ])
    #expect(view.indexPathForFocusedItem == a)
  }

  @Test func appearingNodesGrowOutOfTheirParentAndDisappearingOnesFoldIntoIt() {
    let harness = TreeHarness(TreeModelTests.tree, orientation: .outline, size: CellSize(columns: 14, rows: 8))
    _ = harness.lines
    let layout = harness.layout
    let a1 = harness.indexPath(of: "a1")
    let a = harness.indexPath(of: "a")
    let parentFrame = layout.layoutAttributesForItem(at: a)?.frame
    let appearing = layout.initialLayoutAttributesForAppearingItem(at: a1)
    #expect(appearing?.frame.origin == parentFrame?.origin)
    #expect(appearing?.alpha == 0)
    let disappearing = layout.finalLayoutAttributesForDisappearingItem(at: a1)
    #expect(disappearing?.frame.origin == parentFrame?.origin)
    #expect(disappearing?.alpha == 0)
  }

  @Test func aChildClaimedByTwoParentsStopsWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      TreeLayoutUpdateTests.prepareLayout(over: BrokenTree(children: [[0..<1, 0..<1]]), itemCounts: [2, 1])
    }
  }

  @Test func aNodeWithoutAParentStopsWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      TreeLayoutUpdateTests.prepareLayout(over: BrokenTree(children: [[0..<1]]), itemCounts: [1, 2])
    }
  }

  @Test func childrenOutsideTheNextSectionStopWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      TreeLayoutUpdateTests.prepareLayout(over: BrokenTree(children: [[0..<3]]), itemCounts: [1, 2])
    }
  }

  /// Prepares a tree layout over a data source and counts that may break its rules (the
  /// exit tests above expect the layout to stop with a message).
  static func prepareLayout(over source: BrokenTree, itemCounts: [Int]) {
    let layout = TreeLayout()
    let host = StaticLayoutHost(itemCounts: itemCounts, bounds: Rect(x: 0, y: 0, width: 10, height: 10))
    layout.dataSource = source
    layout.collectionView = host
    layout.prepareIfNeeded()
    withExtendedLifetime(source) {}
    withExtendedLifetime(host) {}
  }

  @Test func withoutADataSourceTheLayoutIsEmpty() {
    let layout = TreeLayout()
    let host = StaticLayoutHost(itemCounts: [3], bounds: Rect(x: 0, y: 0, width: 10, height: 10))
    layout.collectionView = host
    layout.prepareIfNeeded()
    #expect(layout.collectionViewContentSize == .zero)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
  }

  @Test func theLayoutDelegateServesWhenNoDataSourceIsSet() {
    let layout = TreeLayout()
    let source = BrokenTree(children: [[0..<2]])
    let host = StaticLayoutHost(itemCounts: [1, 2], bounds: Rect(x: 0, y: 0, width: 20, height: 5))
    host.layoutDelegate = source
    layout.collectionView = host
    layout.prepareIfNeeded()
    #expect(layout.collectionViewContentSize == Size(width: 13, height: 2), "node ─┬─ node")
    #expect(
      layout.childIndexPaths(ofItemAt: IndexPath(item: 0, section: 0)) == [
        IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1),
      ])
    #expect(layout.parentIndexPath(ofItemAt: IndexPath(item: 1, section: 1)) == IndexPath(item: 0, section: 0))
    withExtendedLifetime(source) {}
  }
}

// MARK: - Fixtures

/// A data source that answers children from a table, labels "node".
final class BrokenTree: TreeLayoutDataSource {
  let children: [[Range<Int>]]

  init(children: [[Range<Int>]]) {
    self.children = children
  }

  func childItems(ofItemAt indexPath: IndexPath) -> Range<Int> {
    guard indexPath.section < children.count, indexPath.item < children[indexPath.section].count else { return 0..<0 }
    return children[indexPath.section][indexPath.item]
  }

  func label(ofItemAt indexPath: IndexPath) -> String { "node" }
}
