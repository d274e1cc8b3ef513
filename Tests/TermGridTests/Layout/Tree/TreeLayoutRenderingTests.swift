import TermGrid
import Testing

/// Golden screens: trees drawn through a collection view into a headless canvas.
@Suite struct TreeLayoutRenderingTests {
  @Test func columnsPutEachDepthInItsOwnColumnWithBranchesAndAnElbowForTheLastChild() {
    let harness = TreeHarness(Self.small, orientation: .columns, size: CellSize(columns: 20, rows: 4))
    #expect(
      harness.lines == [
        "root ─┬─ a ─┬─ a1   ",
        "      │     └─ a2   ",
        "      └─ b          ",
        "                    ",
      ])
  }

  @Test func outlineIndentsEachDepthLikeTree() {
    let harness = TreeHarness(Self.small, orientation: .outline, size: CellSize(columns: 12, rows: 6))
    #expect(
      harness.lines == [
        "root        ",
        "├─ a        ",
        "│  ├─ a1    ",
        "│  └─ a2    ",
        "└─ b        ",
        "            ",
      ])
  }

  @Test func aParentCentredOnItsChildrenJoinsTheTrunkWithACross() {
    let harness = TreeHarness(Self.wide, orientation: .columns, size: CellSize(columns: 12, rows: 3)) {
      $0.parentAlignment = .centered
    }
    #expect(
      harness.lines == [
        "      ┌─ a  ",
        "root ─┼─ b  ",
        "      └─ c  ",
      ])
  }

  @Test func aParentAlignedWithItsFirstChildBranchesDownWithATee() {
    let harness = TreeHarness(Self.wide, orientation: .columns, size: CellSize(columns: 12, rows: 3))
    #expect(
      harness.lines == [
        "root ─┬─ a  ",
        "      ├─ b  ",
        "      └─ c  ",
      ])
  }

  @Test func aParentWithOneChildIsJoinedByAStraightLine() {
    let harness = TreeHarness("root\n  only", orientation: .columns, size: CellSize(columns: 14, rows: 1))
    #expect(harness.lines == ["root ─── only "])
    let outline = TreeHarness("root\n  only", orientation: .outline, size: CellSize(columns: 8, rows: 2))
    #expect(outline.lines == ["root    ", "└─ only "])
  }

  @Test func aShortParentInAWideColumnReachesTheTrunkWithALongerLine() {
    let harness = TreeHarness(
      "root\n  x\n    x1\n  longer\n    l1", orientation: .columns, size: CellSize(columns: 22, rows: 3))
    #expect(
      harness.lines == [
        "root ─┬─ x ──────── x1",
        "      └─ longer ─── l1",
        "                      ",
      ])
  }

  @Test func collapsedNodesShowAMarkerAndHowManyDescendantsTheyHide() {
    let columns = TreeHarness(
      store: TreeOutline.store(Self.deep), orientation: .columns, size: CellSize(columns: 22, rows: 3),
      collapsesByDefault: { _, depth in depth == 1 })
    #expect(
      columns.lines == [
        "root ─┬─ ▸ a (+4)     ",
        "      └─ b            ",
        "                      ",
      ])
    let outline = TreeHarness(
      store: TreeOutline.store(Self.deep), orientation: .outline, size: CellSize(columns: 14, rows: 3),
      collapsesByDefault: { _, depth in depth == 1 })
    #expect(
      outline.lines == [
        "root          ",
        "├─ ▸ a (+4)   ",
        "└─ b          ",
      ])
  }

  @Test func expandedNodesCanBeMarkedToo() {
    let harness = TreeHarness(Self.small, orientation: .outline, size: CellSize(columns: 12, rows: 5)) {
      $0.marksExpandedNodes = true
    }
    #expect(
      harness.lines == [
        "▾ root      ",
        "├─ ▾ a      ",
        "│  ├─ a1    ",
        "│  └─ a2    ",
        "└─ b        ",
      ])
  }

  @Test func longLabelsAreCutWithAnEllipsisAtTheMaximumWidth() {
    let harness = TreeHarness(
      "root\n  a label much too long\n  b", orientation: .columns, size: CellSize(columns: 20, rows: 2)
    ) { $0.maximumNodeWidth = 8 }
    #expect(
      harness.lines == [
        "root ─┬─ a label…   ",
        "      └─ b          ",
      ])
  }

  @Test func aCutCollapsedLabelKeepsItsBadge() {
    let harness = TreeHarness(
      store: TreeOutline.store("root\n  a very long name\n    x\n    y"), orientation: .outline,
      size: CellSize(columns: 18, rows: 2), collapsesByDefault: { _, depth in depth == 1 },
      configure: { $0.maximumNodeWidth = 12 })
    #expect(
      harness.lines == [
        "root              ",
        "└─ ▸ a ve… (+2)   ",
      ])
  }

  @Test func wideCharactersTakeTwoColumnsAndAreCutWhole() {
    let columns = TreeHarness(Self.cjk, orientation: .columns, size: CellSize(columns: 20, rows: 2)) {
      $0.maximumNodeWidth = 9
    }
    #expect(
      columns.lines == [
        "日本 ─┬─ 東京都庁…  ",
        "      └─ b          ",
      ])
    let outline = TreeHarness(Self.cjk, orientation: .outline, size: CellSize(columns: 14, rows: 3)) {
      $0.maximumNodeWidth = 9
    }
    #expect(
      outline.lines == [
        "日本          ",
        "├─ 東京都庁…  ",
        "└─ b          ",
      ])
  }

  @Test func siblingSpacingLeavesBlankRowsBetweenSubtreesAndTheTrunkRunsThrough() {
    let columns = TreeHarness(Self.small, orientation: .columns, size: CellSize(columns: 14, rows: 5)) {
      $0.siblingSpacing = 1
      $0.columnSpacing = 3
    }
    #expect(
      columns.lines == [
        "root─┬─a─┬─a1 ",
        "     │   │    ",
        "     │   └─a2 ",
        "     │        ",
        "     └─b      ",
      ])
    let outline = TreeHarness(Self.small, orientation: .outline, size: CellSize(columns: 8, rows: 7)) {
      $0.siblingSpacing = 1
    }
    #expect(
      outline.lines == [
        "root    ",
        "├─ a    ",
        "│  ├─ a1",
        "│  │    ",
        "│  └─ a2",
        "│       ",
        "└─ b    ",
      ])
  }

  @Test func severalRootsStackWithoutLinesBetweenThem() {
    let harness = TreeHarness("one\n  x\ntwo\n  y", orientation: .outline, size: CellSize(columns: 6, rows: 4))
    #expect(harness.lines == ["one   ", "└─ x  ", "two   ", "└─ y  "])
  }

  @Test func nodeKindsDrawTheirLabelsInTheThemesKindStyles() {
    let harness = TreeHarness(Self.schematic, orientation: .columns, size: CellSize(columns: 24, rows: 3))
    let canvas = harness.render()
    #expect(
      canvas.lines == [
        "power ─┬─ fan           ",
        "       ├─ disk          ",
        "       └─ cpu           ",
      ])
    let theme = Theme.standard
    let important = theme.kinds["important"]
    let critical = theme.kinds["critical"]
    #expect(important != nil && critical != nil && important != critical)
    #expect(canvas[0, 0].style == theme.normal)
    #expect(canvas[10, 0].style == theme.normal, "fan is normal")
    for column in 10..<14 { #expect(canvas[column, 1].style == important, "disk is important") }
    for column in 10..<13 { #expect(canvas[column, 2].style == critical, "cpu is critical") }
    for column in 6..<9 { #expect(canvas[column, 0].style == theme.connector, "lines use the connector style") }
  }

  @Test func theBadgeUsesTheBadgeStyleAndTheFocusedNodeTheFocusedStyle() {
    let harness = TreeHarness(
      store: TreeOutline.store(Self.deep), orientation: .outline, size: CellSize(columns: 14, rows: 3),
      collapsesByDefault: { _, depth in depth == 1 })
    harness.collectionView.focusItem(at: harness.indexPath(of: "b"))
    let canvas = harness.render()
    let theme = Theme.standard
    // "├─ ▸ a (+4)": the marker and label in the node's style, the badge in the badge style.
    #expect(canvas[3, 1].character == "▸")
    #expect(canvas[3, 1].style == theme.normal)
    for column in 6..<11 { #expect(canvas[column, 1].style == theme.badge, "badge column \(column)") }
    #expect(canvas[3, 2].character == "b")
    #expect(canvas[3, 2].style == theme.focused)
    #expect(canvas[4, 2].style == theme.normal, "the focus covers the node's own width only")
  }

  @Test func aFocusedImportantNodeKeepsItsKindColourOverTheFocusBackground() {
    let harness = TreeHarness(Self.schematic, orientation: .columns, size: CellSize(columns: 24, rows: 3))
    harness.collectionView.focusItem(at: harness.indexPath(of: "disk"))
    let canvas = harness.render()
    let expected = Theme.standard.kinds["important"].map { $0.over(Theme.standard.focused) }
    #expect(canvas[10, 1].style == expected)
    #expect(canvas[10, 1].style.background == Theme.standard.focused.background)
  }

  @Test func connectorsThatMeetMergeIntoOneJunctionWhicheverDrawsFirst() {
    // Two connectors sharing a cell: one brings a vertical line, the other a horizontal one.
    let vertical = ConnectorGeometry(
      size: CellSize(columns: 3, rows: 3), segments: [.vertical(column: 1, from: 0, to: 2)])
    let horizontal = ConnectorGeometry(
      size: CellSize(columns: 3, rows: 3), segments: [.horizontal(row: 1, from: 0, to: 2)])
    func draw(_ geometries: [ConnectorGeometry]) -> [String] {
      var canvas = Canvas(size: CellSize(columns: 3, rows: 3))
      for geometry in geometries {
        let view = ConnectorView()
        var attributes = LayoutAttributes(
          forSupplementaryViewOfKind: ElementKind.connector, with: IndexPath(item: 0, section: 0),
          frame: Rect(x: 0, y: 0, width: 3, height: 3))
        attributes.info = LayoutInfo(geometry)
        view.apply(attributes)
        view.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: DrawingContext())
      }
      return canvas.lines
    }
    #expect(draw([vertical, horizontal]) == [" │ ", "─┼─", " │ "])
    #expect(draw([horizontal, vertical]) == [" │ ", "─┼─", " │ "])
  }

  @Test func aConnectorInASmallerFrameCutsItsLinesAtTheFramesEdges() {
    var canvas = Canvas(size: CellSize(columns: 5, rows: 4))
    let view = ConnectorView()
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.connector, with: IndexPath(item: 0, section: 0),
      frame: Rect(x: 0, y: 0, width: 3, height: 2))
    attributes.info = LayoutInfo(
      ConnectorGeometry(
        size: CellSize(columns: 4, rows: 4),
        segments: [
          .vertical(column: 0, from: 0, to: 3), .horizontal(row: 3, from: 0, to: 3),
          .horizontal(row: 1, from: 0, to: 3),
        ]))
    view.apply(attributes)
    let region = CellRect(column: 0, row: 0, columns: 3, rows: 2)
    view.draw(in: &canvas, region: region, clip: canvas.bounds, context: DrawingContext())
    #expect(canvas.lines == ["│    ", "├──  ", "     ", "     "])
  }

  @Test func theGuidesClassHierarchyFitsInItsColumns() throws {
    let harness = TreeHarness(Self.classes, orientation: .columns, size: CellSize(columns: 128, rows: 12))
    try Snapshot.expect(harness.lines, named: "tree-classes-columns")
    let outline = TreeHarness(Self.classes, orientation: .outline, size: CellSize(columns: 40, rows: 21))
    try Snapshot.expect(outline.lines, named: "tree-classes-outline")
  }

  // MARK: - Fixtures

  static let small = """
    root
      a
        a1
        a2
      b
    """

  static let wide = """
    root
      a
      b
      c
    """

  static let deep = """
    root
      a
        a1
          a11
          a12
        a2
      b
    """

  static let cjk = """
    日本
      東京都庁舎ビル
      b
    """

  static let schematic = """
    power
      fan
      disk #important
      cpu #critical
    """

  static let classes = """
    NSObject
      NSLayoutConstraint
      NSLayoutManager
      UIResponder
        UIApplication
        UIView
          UIControl
            UIButton
            UISwitch
          UIImageView
          UIScrollView
            UICollectionView
            UITableView
        UIViewController
          UICollectionViewController
          UINavigationController
      UICollectionViewLayout
        UICollectionViewFlowLayout
    """
}
