import TermGrid
import Testing

/// A node cut by the edge of the visible area ends in `…` there (issue 14.8): a long number
/// cut at the right edge must not read as a shorter one.
@Suite struct TreeNodeCellClipTests {
  @Test func aNodeCutAtTheRightEdgeOfTheScreenEndsInAnEllipsis() {
    let harness = TreeHarness(
      "root\n  n: 12345678901234567890\n  short", orientation: .outline, size: CellSize(columns: 16, rows: 3))
    let lines = harness.lines
    #expect(lines[1] == "├─ n: 123456789…", "\(lines)")
    #expect(lines[2] == "└─ short        ", "a node that fits is untouched")
    harness.collectionView.contentOffset = Point(x: 20, y: 0)
    #expect(harness.lines[1] == "5678901234567890", "scrolled sideways to the end, the rest shows, uncut")
  }

  @Test func aNodeCutByTheLayoutsMaximumWidthKeepsItsOwnEllipsisOnly() {
    let harness = TreeHarness(
      "root\n  " + String(repeating: "x", count: 40), orientation: .outline, size: CellSize(columns: 60, rows: 2)
    ) {
      $0.maximumNodeWidth = 10
    }
    #expect(harness.lines[1] == "└─ xxxxxxxxx…" + String(repeating: " ", count: 47))
  }
}
