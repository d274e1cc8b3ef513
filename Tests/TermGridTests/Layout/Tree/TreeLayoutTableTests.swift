import TermGrid
import Testing

/// Table sections in an outline: a node's children laid out as the rows of a table, their
/// children as cells in columns, with a header row pinned while the rows are in view.
@Suite struct TreeLayoutTableTests {
  @Test func aTableSectionIsDrawnInPlaceWithAHeaderAndColumnsSizedFromContent() {
    let harness = TreeTableHarness(
      Self.cars, tables: ["cars [3]": ["Name", "Miles_per_Gallon", "Cyl"]], columns: 50, rows: 8)
    #expect(
      harness.lines == [
        "root                                              ",
        "├─ cars [3]                                       ",
        "│  │       Name             Miles_per_Gallon  Cyl ",
        "│  ├─ [0]  chevelle malibu  18                8   ",
        "│  ├─ [1]  buick                              8   ",
        "│  └─ [2]                   36                    ",
        "└─ after                                          ",
        "                                                  ",
      ])
  }

  @Test func trailingColumnsEndAtTheirRightEdgeAndGapsShowTheMissingMark() {
    let harness = TreeTableHarness(
      Self.cars, tables: ["cars [3]": ["Name", "Miles_per_Gallon", "Cyl"]], trailingColumns: [1, 2], missingMark: "·",
      columns: 50, rows: 8)
    #expect(
      harness.lines == [
        "root                                              ",
        "├─ cars [3]                                       ",
        "│  │       Name             Miles_per_Gallon  Cyl ",
        "│  ├─ [0]  chevelle malibu                18    8 ",
        "│  ├─ [1]  buick                           ·    8 ",
        "│  └─ [2]  ·                              36    · ",
        "└─ after                                          ",
        "                                                  ",
      ])
    // The gaps are a supplementary view at the row's index path, under its cells.
    let gaps = harness.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.tableGaps, at: harness.indexPath(of: "[2]"))
    #expect(gaps?.zIndex == -1)
    #expect(
      gaps?.info?.value(as: TreeTableGapsInfo.self)?.offsets == [0, 37], "Name at its left, Cyl at its right edge")
    #expect(
      harness.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.tableGaps, at: harness.indexPath(of: "[0]")) == nil, "a full row has no gaps")
  }

  @Test func columnsAreAsWideAsTheirWidestTitleOrCellUpToTheMaximum() throws {
    let harness = TreeTableHarness(
      Self.cars, tables: ["cars [3]": ["Name", "Miles_per_Gallon", "Cyl"]], columns: 50, rows: 8)
    let layout = harness.layout
    // Name: the widest cell (15); Miles_per_Gallon: its title (16); Cyl: its title (3).
    #expect(harness.frame(of: "chevelle malibu") == CellRect(column: 11, row: 3, columns: 15, rows: 1))
    #expect(harness.frame(of: "18") == CellRect(column: 28, row: 3, columns: 16, rows: 1))
    #expect(harness.frame(of: "buick") == CellRect(column: 11, row: 4, columns: 15, rows: 1), "a column, not a label")
    // Rows are one indent in, as wide as their widest label.
    #expect(harness.frame(of: "[2]") == CellRect(column: 6, row: 5, columns: 3, rows: 1))
    // A cell missing from a row leaves its column empty: [2]'s only cell is in the second.
    #expect(harness.frame(of: "36") == CellRect(column: 28, row: 5, columns: 16, rows: 1))
    let header = try #require(
      layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.tableHeader, at: harness.indexPath(of: "cars [3]")))
    #expect(header.frame == Rect(x: 6, y: 2, width: 43, height: 1))
    let info = try #require(header.info?.value(as: TreeTableHeaderInfo.self))
    #expect(info.columnOffsets == [5, 22, 40] && info.columnWidths == [15, 16, 3] && !info.isPinned)

    layout.maximumTableColumnWidth = 10
    harness.collectionView.layoutIfNeeded()
    #expect(harness.frame(of: "chevelle malibu") == CellRect(column: 11, row: 3, columns: 10, rows: 1))
    #expect(harness.frame(of: "18") == CellRect(column: 23, row: 3, columns: 10, rows: 1))
    #expect(harness.lines[3] == "│  ├─ [0]  chevelle …  18          8              ")
  }

  @Test func theHeaderIsPinnedWhileTheTablesRowsAreInViewAndOnlyThen() throws {
    let harness = TreeTableHarness(Self.longTable(rows: 20), tables: ["t": ["a", "b"]], columns: 24, rows: 6)
    let view = harness.collectionView
    let table = harness.indexPath(of: "t")
    func header() throws -> LayoutAttributes {
      try #require(harness.layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.tableHeader, at: table))
    }
    // Root on row 0, t on 1, the header on 2, rows 3…22, then ten more rows.
    #expect(try header().frame.minY == 2)
    #expect(try header().info?.value(as: TreeTableHeaderInfo.self)?.isPinned == false)
    view.contentOffset = Point(x: 0, y: 10)
    #expect(try header().frame.minY == 10, "pinned to the top row")
    #expect(try header().info?.value(as: TreeTableHeaderInfo.self)?.isPinned == true)
    #expect(harness.layout.pinnedAncestorIndexPaths().isEmpty, "the header takes the top row")
    #expect(harness.layout.obscuredInsets(in: view.bounds).top == 1)
    #expect(
      harness.lines == [
        "│  ├─       a    b      ",
        "│  ├─ [8]   a8   b8     ",
        "│  ├─ [9]   a9   b9     ",
        "│  ├─ [10]  a10  b10    ",
        "│  ├─ [11]  a11  b11    ",
        "│  ├─ [12]  a12  b12    ",
      ])
    // The last row at the top: still pinned, over it.
    view.contentOffset = Point(x: 0, y: 22)
    #expect(try header().frame.minY == 22)
    // Past the table: its header is back on its own row, out of sight.
    view.contentOffset = Point(x: 0, y: 23)
    #expect(try header().frame.minY == 2)
    #expect(harness.layout.obscuredInsets(in: view.bounds).top == 0)
    #expect(!harness.lines[0].contains("a    b"))
  }

  @Test func aFocusMoveAsksForTheVisibleElementsOnlyWhereAncestorsMayBePinned() throws {
    let layout = CountingTreeLayout(orientation: .outline)
    let harness = TreeTableHarness(
      Self.longTable(rows: 20), tables: ["t": ["a", "b"]], layout: layout, columns: 24, rows: 6)
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "[0]"))
    view.layoutIfNeeded()
    // At the top nothing is hidden above the focus: a move redraws the cells' states only.
    var queries = layout.elementQueries
    #expect(view.moveFocus(.down))
    view.layoutIfNeeded()
    #expect(harness.focusedLabel == "[1]")
    #expect(layout.elementQueries == queries, "no layout pass for a focus move at the top")
    // Scrolled into the table: its header is pinned over the top row, where ancestors
    // would go, so moving down its rows asks for nothing either.
    view.contentOffset = Point(x: 0, y: 10)
    view.focusItem(at: harness.indexPath(of: "[9]"))
    view.layoutIfNeeded()
    queries = layout.elementQueries
    #expect(view.moveFocus(.down))
    view.layoutIfNeeded()
    #expect(harness.focusedLabel == "[10]")
    #expect(layout.elementQueries == queries, "no layout pass for a focus move under a pinned header")
    #expect(harness.lines[0] == "│  ├─       a    b      ", "the header is still pinned")
    // Past the table, scrolled: the focus decides which ancestors are pinned.
    view.contentOffset = Point(x: 0, y: 24)
    view.focusItem(at: harness.indexPath(of: "after3"))
    view.layoutIfNeeded()
    queries = layout.elementQueries
    #expect(view.moveFocus(.down))
    view.layoutIfNeeded()
    #expect(harness.focusedLabel == "after4")
    #expect(layout.elementQueries > queries, "a focus move asks again where the pinned rows follow it")
    // In columns nothing is pinned.
    #expect(!TreeLayout(orientation: .columns).visibleElementsDependOnFocus)
  }

  @Test func theFocusMovesAcrossCellsByColumnAndDownAColumn() {
    let harness = TreeTableHarness(
      Self.cars, tables: ["cars [3]": ["Name", "Miles_per_Gallon", "Cyl"]], columns: 50, rows: 8)
    let view = harness.collectionView
    view.focusItem(at: harness.indexPath(of: "[0]"))
    view.moveFocus(.right)
    #expect(harness.focusedLabel == "chevelle malibu", "Right from a row goes to its first column")
    view.moveFocus(.right)
    #expect(harness.focusedLabel == "18")
    view.moveFocus(.down)
    #expect(harness.focusedLabel == "[1]", "no cell in that column: the row")
    view.focusItem(at: harness.indexPath(of: "18"))
    view.moveFocus(.right)
    view.moveFocus(.down)
    #expect(harness.focusedLabel == "8", "down the Cyl column")
    #expect(view.indexPathForFocusedItem == harness.indexPaths(of: "8")[1])
    view.moveFocus(.left)
    #expect(harness.focusedLabel == "buick", "left skips the empty column")
    view.moveFocus(.left)
    #expect(harness.focusedLabel == "[1]")
    view.moveFocus(.down)
    #expect(harness.focusedLabel == "[2]", "down from a row is the next row, not its cells")
    view.moveFocus(.down)
    #expect(harness.focusedLabel == "after")
    view.moveFocus(.up)
    #expect(harness.focusedLabel == "[2]", "up into a table lands on its row")
    view.focusItem(at: harness.indexPath(of: "chevelle malibu"))
    view.moveFocus(.up)
    #expect(harness.focusedLabel == "cars [3]", "up from the first row is the table's node")
  }

  @Test func aCellExpandedInPlaceShowsItsChildrenBelowItsRow() {
    let harness = TreeTableHarness(Self.nested, tables: ["t": ["name", "tags"]], columns: 30, rows: 7)
    #expect(harness.frame(of: "x") == CellRect(column: 11, row: 3, columns: 4, rows: 1))
    #expect(harness.frame(of: "tags [2]") == CellRect(column: 17, row: 3, columns: 8, rows: 1))
    #expect(harness.frame(of: "red").row == 4, "a cell's children come after the cells of its row")
    #expect(harness.frame(of: "blue").row == 5)
    #expect(harness.frame(of: "[1]").row == 6, "the next row comes after them")
  }

  @Test func aTreeWithoutTablesIsLaidOutAsBefore() {
    let plain = TreeTableHarness(Self.cars, tables: [:], columns: 30, rows: 12)
    #expect(plain.layout.tableIndexPaths.isEmpty)
    #expect(plain.frame(of: "chevelle malibu") == CellRect(column: 9, row: 3, columns: 15, rows: 1))
    #expect(plain.frame(of: "[1]").row == 6)
  }

  @Test func rowsInGroupsAreOneTableOneHeaderPinnedAcrossAllGroupsColumnsSharedByAll() throws {
    let harness = TreeTableHarness(
      Self.groupedTable, tables: ["t": ["a", "b"]], groupedTables: ["t"], columns: 28, rows: 4)
    // Root 0, t 1, the header 2, g0 3, its rows 4 and 5, g1 6, its rows 7 and 8, after 9.
    // The rows are one indent right of their groups, the header over their columns.
    #expect(
      harness.lines == [
        "root                        ",
        "├─ t                        ",
        "│  │          a   b         ",
        "│  ├─ g0                    ",
      ])
    // One set of columns: b is as wide as its widest cell, in the second group.
    #expect(harness.frame(of: "b0") == CellRect(column: 18, row: 4, columns: 7, rows: 1))
    #expect(harness.frame(of: "long-b2") == CellRect(column: 18, row: 7, columns: 7, rows: 1))
    #expect(harness.model.tableColumn(ofItemAt: harness.indexPath(of: "long-b2")) == 1)
    #expect(harness.layout.isTableRow(at: harness.indexPath(of: "[2]")))
    #expect(!harness.layout.isTableRow(at: harness.indexPath(of: "g1")), "a group is no row")
    #expect(harness.layout.tableIndexPaths == [harness.indexPath(of: "t")], "one table, not one per group")
    let view = harness.collectionView
    let table = harness.indexPath(of: "t")
    func header() throws -> LayoutAttributes {
      try #require(harness.layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.tableHeader, at: table))
    }
    // Scrolled through both groups (the rows of the first, the second's label): one header,
    // pinned on top, over the label of the group scrolled under it.
    for top in [4, 5, 6] {
      view.contentOffset = Point(x: 0, y: Double(top))
      #expect(try header().frame.minY == Double(top), "pinned at \(top)")
      #expect(try header().info?.value(as: TreeTableHeaderInfo.self)?.isPinned == true)
    }
    #expect(
      harness.lines == [
        "│  └─ g1      a   b         ",
        "│     ├─ [2]  a2  long-b2   ",
        "│     └─ [3]  a3  b3        ",
        "└─ after                    ",
      ])
    // Down from a group's last row is the next group, then its first row.
    view.focusItem(at: harness.indexPath(of: "[1]"))
    view.moveFocus(.down)
    #expect(harness.focusedLabel == "g1")
    view.moveFocus(.down)
    #expect(harness.focusedLabel == "[2]")
    view.moveFocus(.right)
    #expect(harness.focusedLabel == "a2")
    view.moveFocus(.up)
    #expect(harness.focusedLabel == "g1", "up from the first row of a group is its group")
  }

  // MARK: - Fixtures

  /// Cells are written `column|text`.
  static let cars = """
    root
      cars [3]
        [0]
          0|chevelle malibu
          1|18
          2|8
        [1]
          0|buick
          2|8
        [2]
          1|36
      after
    """

  static let nested = """
    root
      t
        [0]
          0|x
          1|tags [2]
            red
            blue
        [1]
          0|y
    """

  static let groupedTable = """
    root
      t
        g0
          [0]
            0|a0
            1|b0
          [1]
            0|a1
            1|b1
        g1
          [2]
            0|a2
            1|long-b2
          [3]
            0|a3
            1|b3
      after
    """

  static func longTable(rows: Int) -> String {
    var outline = "root\n  t\n"
    for row in 0..<rows { outline += "    [\(row)]\n      0|a\(row)\n      1|b\(row)\n" }
    return outline + (0..<10).map { "  after\($0)\n" }.joined()
  }
}

/// A tree whose nodes named in `tables` are laid out as tables; cells are labelled
/// `column|text` and show the text.
final class TableTreeProvider: TreeNodeProvider {
  let store: TreeNodeStore
  let tables: [String: [String]]
  var trailingColumns: Set<Int> = []
  var missingMark: String?
  /// The tables whose children are groups of rows.
  var groupedTables: Set<String> = []

  init(_ outline: String, tables: [String: [String]]) {
    store = TreeOutline.store(outline)
    self.tables = tables
  }

  func tableDescription(ofNode node: Int) -> TreeTableDescription? {
    tableColumns(ofNode: node).map {
      TreeTableDescription(
        columnTitles: $0, trailingColumns: trailingColumns, missingMark: missingMark,
        rowsAreGrouped: groupedTables.contains(store.label(ofNode: node)))
    }
  }

  var rootNodes: [Int] { store.rootNodes }
  func forEachChild(ofNode node: Int, _ body: (Int) -> Void) { store.forEachChild(ofNode: node, body) }
  func label(ofNode node: Int) -> String {
    let label = store.label(ofNode: node)
    return label.firstIndex(of: "|").map { String(label[label.index(after: $0)...]) } ?? label
  }
  func tableColumns(ofNode node: Int) -> [String]? { tables[store.label(ofNode: node)] }
  func tableColumn(ofNode node: Int, inTableOf table: Int) -> Int? {
    store.label(ofNode: node).split(separator: "|").first.flatMap { Int($0) }
  }
}

/// A tree layout that counts the rect queries made of it.
final class CountingTreeLayout: TreeLayout {
  private(set) var elementQueries = 0

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    elementQueries += 1
    return super.layoutAttributesForElements(in: rect)
  }
}

/// A ``TableTreeProvider`` shown in an outline, drawn headless.
final class TreeTableHarness {
  let provider: TableTreeProvider
  let model: TreeModel
  let layout: TreeLayout
  let collectionView: CollectionView

  init(
    _ outline: String, tables: [String: [String]], trailingColumns: Set<Int> = [], missingMark: String? = nil,
    groupedTables: Set<String> = [], layout: TreeLayout = TreeLayout(orientation: .outline), columns: Int, rows: Int
  ) {
    self.layout = layout
    provider = TableTreeProvider(outline, tables: tables)
    provider.groupedTables = groupedTables
    provider.trailingColumns = trailingColumns
    provider.missingMark = missingMark
    model = TreeModel(provider: provider)
    layout.dataSource = model
    collectionView = CollectionView(frame: CellRect(size: CellSize(columns: columns, rows: rows)), layout: layout)
    collectionView.animatesChanges = false
    model.register(in: collectionView)
    collectionView.dataSource = model
    collectionView.layoutIfNeeded()
  }

  var lines: [String] {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas.lines
  }

  func indexPaths(of label: String) -> [IndexPath] {
    var found: [IndexPath] = []
    for section in 0..<model.numberOfSections {
      for item in 0..<model.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        if provider.label(ofNode: model.node(at: indexPath)) == label { found.append(indexPath) }
      }
    }
    return found
  }

  func indexPath(of label: String) -> IndexPath {
    guard let first = indexPaths(of: label).first else { preconditionFailure("no shown node is labelled \(label)") }
    return first
  }

  func frame(of label: String) -> CellRect {
    collectionView.layoutIfNeeded()
    let frame = layout.layoutAttributesForItem(at: indexPath(of: label))?.frame ?? .zero
    return CellMetrics.identity.cellRect(for: frame)
  }

  var focusedLabel: String? {
    collectionView.indexPathForFocusedItem.map { provider.label(ofNode: model.node(at: $0)) }
  }
}
