import TermGrid
import Testing

/// Keyboard focus along the tree, and the outline's pinned ancestor rows.
@Suite struct TreeLayoutFocusTests {
  @Test func outlineFocusMovesRowByRowAndAlongTheTree() {
    let harness = TreeHarness(Self.tree, orientation: .outline, size: CellSize(columns: 20, rows: 10))
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "r"))
    var visited: [String] = []
    for _ in 0..<8 {
      view.moveFocus(.down)
      visited.append(Self.focusedLabel(harness))
    }
    #expect(visited == ["a", "a1", "a11", "a2", "b", "c", "c1", "c1"], "down goes row by row and stops at the end")
    view.moveFocus(.up)
    #expect(Self.focusedLabel(harness) == "c")
    view.moveFocus(.up)
    view.moveFocus(.up)
    #expect(Self.focusedLabel(harness) == "a2", "up from b goes to the row above, a2, not to a")
    view.moveFocus(.left)
    #expect(Self.focusedLabel(harness) == "a")
    view.moveFocus(.left)
    #expect(Self.focusedLabel(harness) == "r")
    #expect(!view.moveFocus(.left), "a root has no parent")
    view.moveFocus(.right)
    #expect(Self.focusedLabel(harness) == "a")
    view.focusItem(at: harness.indexPath(of: "b"))
    #expect(!view.moveFocus(.right), "a leaf has no child")
  }

  @Test func columnsFocusMovesWithinADepthColumnAndAlongTheTree() {
    let harness = TreeHarness(Self.tree, orientation: .columns, size: CellSize(columns: 40, rows: 10))
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "a1"))
    view.moveFocus(.down)
    #expect(Self.focusedLabel(harness) == "a2")
    view.moveFocus(.down)
    #expect(Self.focusedLabel(harness) == "c1", "down reaches the cousin below in the same column")
    #expect(!view.moveFocus(.down))
    view.moveFocus(.left)
    #expect(Self.focusedLabel(harness) == "c")
    view.moveFocus(.up)
    #expect(Self.focusedLabel(harness) == "b")
    view.moveFocus(.up)
    view.moveFocus(.right)
    #expect(Self.focusedLabel(harness) == "a1")
    view.moveFocus(.right)
    #expect(Self.focusedLabel(harness) == "a11")
  }

  @Test func theFocusedNodesScrolledOffAncestorsArePinnedAtTheTop() {
    let harness = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "x15"), scrollPosition: nil)
    view.contentOffset = Point(x: 0, y: 12)
    let canvas = harness.render()
    #expect(
      canvas.lines == [
        "root            ",
        "└─ a            ",
        "   └─ a1        ",
        "      ├─ x13    ",
        "      ├─ x14    ",
        "      ├─ x15    ",
        "      ├─ x16    ",
        "      ├─ x17    ",
      ])
    #expect(
      harness.layout.pinnedAncestorIndexPaths() == [
        harness.indexPath(of: "root"), harness.indexPath(of: "a"), harness.indexPath(of: "a1"),
      ])
    // The lowest pinned row is underlined across the width; the others are not.
    #expect(canvas[0, 2].style.attributes.contains(.underline))
    #expect(canvas[15, 2].style.attributes.contains(.underline))
    #expect(!canvas[0, 1].style.attributes.contains(.underline))
    #expect(canvas[9, 5].style == Theme.standard.focused, "x15 keeps its focus style")
  }

  @Test func pinnedRowsNeverCoverTheFocusedNode() {
    let harness = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    let view = harness.collectionView
    view.contentOffset = Point(x: 0, y: 12)
    for label in ["x10", "x11", "x12", "x13"] {
      view.focusItem(at: harness.indexPath(of: label), scrollPosition: nil)
      let focusedRow =
        Int(harness.layout.layoutAttributesForItem(at: harness.indexPath(of: label))?.frame.minY ?? -1) - 12
      let pinned = harness.layout.pinnedAncestorIndexPaths().count
      #expect(focusedRow < 0 || focusedRow >= pinned, "\(label) at row \(focusedRow) under \(pinned) pinned rows")
    }
    view.focusItem(at: harness.indexPath(of: "x13"), scrollPosition: nil)
    #expect(harness.lines[0...3] == ["root            ", "└─ a            ", "   └─ a1        ", "      ├─ x13    "])
    view.focusItem(at: harness.indexPath(of: "x12"), scrollPosition: nil)
    let lines = harness.lines
    #expect(lines[0] == "└─ a            ", "two rows fit: the nearest ancestors, not the root")
    #expect(lines[1] == "   └─ a1        ", "the parent is always among them")
    #expect(lines[2] == "      ├─ x12    ", "only two rows are pinned, so x12 (row 14) shows")
  }

  @Test func withoutFocusInViewTheRowsAboveTheFirstVisibleNodeArePinned() {
    let harness = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    harness.collectionView.contentOffset = Point(x: 0, y: 12)
    let lines = harness.lines
    #expect(lines[0...3] == ["root            ", "└─ a            ", "   └─ a1        ", "      ├─ x13    "])
  }

  @Test func nothingIsPinnedAtTheTopInColumnsOrWhenTurnedOff() {
    let top = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    top.collectionView.focusItem(at: top.indexPath(of: "x3"))
    #expect(top.layout.pinnedAncestorIndexPaths().isEmpty)
    let columns = TreeHarness(Self.long, orientation: .columns, size: CellSize(columns: 30, rows: 8))
    columns.collectionView.focusItem(at: columns.indexPath(of: "x15"))
    #expect(columns.layout.pinnedAncestorIndexPaths().isEmpty)
    let off = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8)) {
      $0.pinsAncestors = false
    }
    off.collectionView.focusItem(at: off.indexPath(of: "x15"), scrollPosition: nil)
    off.collectionView.contentOffset = Point(x: 0, y: 12)
    #expect(off.layout.pinnedAncestorIndexPaths().isEmpty)
    #expect(off.lines[0] == "      ├─ x10    ")
  }

  @Test func pinnedRowsStayOnScreenWhenADeepOutlineIsScrolledSideways() {
    let harness = TreeHarness(Self.deepWithLeaves, orientation: .outline, size: CellSize(columns: 20, rows: 10))
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "leaf15"))
    #expect(view.contentOffset.x > 40, "the outline scrolled far past the first levels' indentation")
    let lines = harness.lines
    // Five rows (half the view) are pinned: the nearest ancestors, n25 to the parent n29,
    // drawn as their rows of the tree are at this scroll position. n25's indentation is off
    // screen, so it starts at the left edge instead of being drawn out of sight.
    #expect(
      lines[0...4] == [
        "n25                 ", "─ n26               ", "  └─ n27            ", "     └─ n28         ",
        "        └─ n29      ",
      ])
    #expect(harness.layout.pinnedAncestorIndexPaths().count == 5)

    // Scrolled back to the left, the pinned rows are their rows of the tree again, guide
    // lines and all.
    view.contentOffset = Point(x: 0, y: view.contentOffset.y)
    #expect(harness.lines[0] == "                    ", "n25 is indented past the right edge")
  }

  @Test func pinnedRowsDrawTheGuideLinesOfTheirOwnRows() {
    let harness = TreeHarness(Self.branching, orientation: .outline, size: CellSize(columns: 24, rows: 8))
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "y12"), scrollPosition: nil)
    view.contentOffset = Point(x: 0, y: 12)
    let lines = harness.lines
    #expect(lines[0] == "├─ a                    ", "a has a sibling after it, b")
    #expect(lines[1] == "│  ├─ a1                ", "root's trunk passes a1's row; a1 has a sibling, a2")
    #expect(lines[2] == "│  │  └─ a11            ", "a11 is a1's last child")
    #expect(harness.layout.pinnedAncestorIndexPaths().map(harness.model.label(ofItemAt:)) == ["a", "a1", "a11"])
    let canvas = harness.render()
    #expect(
      canvas[0, 1].style == Theme.standard.connector.over(Theme.standard.normal), "guide lines in the connector style")
  }

  @Test func pinnedRowsAnswerOnDemandAsInRectQueries() {
    let harness = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    harness.collectionView.focusItem(at: harness.indexPath(of: "x15"), scrollPosition: nil)
    harness.collectionView.contentOffset = Point(x: 0, y: 12)
    _ = harness.lines
    let layout = harness.layout
    let pinned = layout.layoutAttributesForElements(in: harness.collectionView.bounds)
      .filter { $0.representedElementKind == ElementKind.pinnedAncestor }
    #expect(pinned.count == 3)
    for element in pinned {
      #expect(layout.layoutAttributes(for: element.key) == element)
      #expect(element.zIndex > 0)
      #expect(element.frame.width == harness.collectionView.bounds.width)
    }
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.pinnedAncestor, at: harness.indexPath(of: "x1"))
        == nil)
  }

  @Test func scrollingAsksForAPassThatReadsNothing() {
    let harness = TreeHarness(Self.long, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    _ = harness.lines
    let layout = harness.layout
    let full = layout.fullPassCount
    let passes = layout.preparePassCount
    #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 16, height: 8)))
    for row in 1...10 {
      harness.collectionView.contentOffset = Point(x: 0, y: Double(row))
      _ = harness.lines
    }
    #expect(layout.preparePassCount == passes + 10, "each scroll invalidates, as the guide's bounds-change rule asks")
    #expect(layout.fullPassCount == full, "but no pass reads the tree again")
  }

  @Test func aLabelThatChangesWidthIsRemeasuredWithoutReadingTheTree() {
    let harness = TreeHarness(Self.tree, orientation: .columns, size: CellSize(columns: 30, rows: 6))
    _ = harness.lines
    let layout = harness.layout
    let full = layout.fullPassCount
    let b = harness.indexPath(of: "b")
    harness.store.setLabel("bigger label", ofNode: harness.model.node(at: b))
    harness.model.reloadLabel(at: b)
    var context = InvalidationContext()
    context.invalidatedItemIndexPaths = [b]
    layout.invalidateLayout(with: context)
    harness.collectionView.setNeedsLayout()
    (harness.collectionView.cellForItem(at: b) as? TreeNodeCell)?.label = "bigger label"
    let lines = harness.lines
    #expect(lines[0] == "r ─┬─ a ────────────┬─ a1 ─── ", "the depth column widened for the new label")
    #expect(lines[2] == "   ├─ bigger label            ")
    #expect(layout.fullPassCount == full)
  }

  // MARK: - Fixtures

  static let tree = """
    r
      a
        a1
          a11
        a2
      b
      c
        c1
    """

  /// Thirty levels, one node each: n0 holds n1, which holds n2, ...
  static let deep = (0..<30).map { String(repeating: "  ", count: $0) + "n\($0)" }.joined(separator: "\n")

  /// n0 to n29 nested, and twenty leaves under n29.
  static let deepWithLeaves =
    deep + "\n" + (1...20).map { String(repeating: "  ", count: 30) + "leaf\($0)" }.joined(separator: "\n")

  /// Ancestors with siblings after them, so their pinned rows keep trunks and branches.
  static let branching =
    "root\n  a\n    a1\n      a11\n" + (1...20).map { "        y\($0)" }.joined(separator: "\n")
    + "\n    a2\n  b"

  static let long = "root\n  a\n    a1\n" + (1...20).map { "      x\($0)" }.joined(separator: "\n")

  static func focusedLabel(_ harness: TreeHarness) -> String {
    guard let focused = harness.collectionView.indexPathForFocusedItem else { return "-" }
    return harness.model.label(ofItemAt: focused)
  }
}
