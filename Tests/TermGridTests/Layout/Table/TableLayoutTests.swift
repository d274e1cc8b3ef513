import TermGrid
import Testing

@Suite struct TableLayoutTests {
  @Test func cellsSitInRowsAndColumnsWithALineBetweenColumns() {
    let fixture = TableFixture(rows: 3, widths: [4, 6, 2])
    #expect(fixture.frame(row: 0, column: 0) == Rect(x: 0, y: 2, width: 4, height: 1), "under the header and its line")
    #expect(fixture.frame(row: 0, column: 1) == Rect(x: 5, y: 2, width: 6, height: 1))
    #expect(fixture.frame(row: 2, column: 2) == Rect(x: 12, y: 4, width: 2, height: 1))
    #expect(fixture.layout.collectionViewContentSize == Size(width: 14, height: 5))
  }

  @Test func itemsAreRowMajorAndTheLastRowMayBeShort() {
    let fixture = TableFixture(items: 7, widths: [3, 3, 3])
    #expect(fixture.layout.rowCount == 3)
    #expect(fixture.layout.position(of: IndexPath(item: 5, section: 0)) == (1, 2))
    #expect(fixture.layout.indexPath(row: 2, column: 0) == IndexPath(item: 6, section: 0))
    #expect(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0)) == nil)
    let cells = fixture.query(Rect(x: 0, y: 0, width: 100, height: 100)).filter { $0.category == .cell }
    #expect(cells.count == 7)
  }

  @Test func rowSeparatorsAddALineUnderEveryRowButTheLast() {
    let fixture = TableFixture(rows: 3, widths: [4]) { $0.showsRowSeparators = true }
    #expect(fixture.frame(row: 1, column: 0)?.minY == 4)
    let lines = fixture.query(Rect(x: 0, y: 0, width: 10, height: 20)).filter {
      $0.representedElementKind == ElementKind.rowSeparator
    }
    #expect(lines.map(\.indexPath.item).sorted() == [-1, 0, 1], "the header's line and one under rows 0 and 1")
  }

  @Test func theHeaderRowStaysAtTheTopWhileTheRowsScroll() {
    let fixture = TableFixture(rows: 100, widths: [4, 4])
    fixture.scroll(to: Rect(x: 0, y: 40, width: 20, height: 10))
    let header = fixture.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.columnHeader, at: IndexPath(item: 1, section: 0))
    #expect(header?.frame == Rect(x: 5, y: 40, width: 4, height: 1))
    #expect(header?.zIndex == TableLayout.headerZIndex)
    let line = fixture.layout.layoutAttributesForDecorationView(
      ofKind: ElementKind.rowSeparator, at: IndexPath(item: -1, section: 0))
    #expect(line?.frame.minY == 41, "the header's line goes with it")
    #expect(fixture.layout.obscuredInsets(in: fixture.host.bounds).top == 2)
  }

  @Test func rowHeadersStayAtTheLeftWhileTheColumnsScroll() {
    let fixture = TableFixture(rows: 5, widths: [10, 10, 10], rowHeaderWidth: 3)
    #expect(fixture.frame(row: 0, column: 0)?.minX == 4, "after the row headers and their line")
    fixture.scroll(to: Rect(x: 12, y: 0, width: 15, height: 10))
    let header = fixture.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.rowHeader, at: IndexPath(item: 2, section: 0))
    #expect(header?.frame == Rect(x: 12, y: 4, width: 3, height: 1))
    let corner = fixture.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.tableCorner, at: IndexPath(item: 0, section: 0))
    #expect(corner?.frame == Rect(x: 12, y: 0, width: 3, height: 1))
    #expect(corner?.zIndex == TableLayout.cornerZIndex)
    #expect(fixture.layout.obscuredInsets(in: fixture.host.bounds).left == 4)
  }

  @Test func aRectQueryAgreesWithTheOnDemandAttributes() {
    let fixture = TableFixture(items: 47, widths: [3, 7, 1, 5, 2], rowHeaderWidth: 2)
    for rect in [
      Rect(x: 0, y: 0, width: 9, height: 4), Rect(x: 6, y: 3, width: 5, height: 6),
      Rect(x: 13, y: 8, width: 40, height: 1),
    ] {
      let queried = fixture.query(rect).filter { $0.category == .cell }
      let expected = (0..<47).compactMap { fixture.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        .filter { $0.frame.intersects(rect) }
      #expect(Set(queried.map(\.indexPath)) == Set(expected.map(\.indexPath)))
      for element in queried { #expect(fixture.layout.layoutAttributes(for: element.key)?.frame == element.frame) }
    }
  }

  @Test func aMillionRowsCostNoMoreToQueryThanTen() {
    let small = TableFixture(items: 10 * 20, widths: Array(repeating: 6, count: 20))
    let large = TableFixture(items: 1_000_000 * 20, widths: Array(repeating: 6, count: 20))
    large.scroll(to: Rect(x: 0, y: 900_000, width: 80, height: 24))
    let visible = large.query(large.host.bounds)
    #expect(
      visible.filter { $0.category == .cell }.count == 24 * 12,
      "24 rows (two under the pinned header), 12 columns in 80")
    #expect(small.layout.columnCount == large.layout.columnCount)
    #expect(large.layout.rowCount == 1_000_000)
  }

  @Test func focusMovesAlongRowsAndColumns() {
    let fixture = TableFixture(items: 8, widths: [3, 3, 3])
    let layout = fixture.layout
    let start = IndexPath(item: 4, section: 0)  // row 1, column 1
    #expect(layout.indexPathForFocus(movingFrom: start, direction: .up) == IndexPath(item: 1, section: 0))
    #expect(layout.indexPathForFocus(movingFrom: start, direction: .down) == IndexPath(item: 7, section: 0))
    #expect(layout.indexPathForFocus(movingFrom: start, direction: .left) == IndexPath(item: 3, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 5, section: 0), direction: .right)
        == IndexPath(item: 5, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 5, section: 0), direction: .down)
        == IndexPath(item: 5, section: 0), "no cell below")
  }

  @Test func aTableDrawsHeadersCellsAndJoinedSeparators() throws {
    let table = TableHarness(
      columns: ["name", "size", "kind"],
      rows: [["alpha", "12", "file"], ["beta", "7", "dir"], ["gamma", "1024", "file"]],
      widths: [6, 5, 4], size: CellSize(columns: 24, rows: 6))
    #expect(
      table.lines == [
        "#│name  │size │kind     ",
        "─┼──────┼─────┼────     ",
        "0│alpha │12   │file     ",
        "1│beta  │7    │dir      ",
        "2│gamma │1024 │file     ",
        "                        ",
      ])
  }

  @Test func aScrolledTableKeepsItsHeaderRowAndRowHeaders() throws {
    let rows = (0..<40).map { ["r\($0)", String($0 * $0), "x"] }
    let table = TableHarness(
      columns: ["name", "square", "k"], rows: rows, widths: [5, 7, 3], size: CellSize(columns: 12, rows: 5))
    table.collectionView.contentOffset = Point(x: 6, y: 20)
    try Snapshot.expect(table.lines, named: "table-scrolled")
    #expect(table.lines[0].hasPrefix("#│"), "the corner and the headers stay")
  }

  @Test func frozenColumnsStayAtTheLeftAfterTheRowHeadersWhileTheOthersScroll() {
    let fixture = TableFixture(rows: 5, widths: [6, 10, 10, 10], rowHeaderWidth: 3) { $0.frozenColumnCount = 1 }
    #expect(fixture.frame(row: 0, column: 0)?.minX == 4, "unscrolled, where it always is")
    fixture.scroll(to: Rect(x: 15, y: 0, width: 20, height: 10))
    #expect(fixture.frame(row: 2, column: 0) == Rect(x: 19, y: 4, width: 6, height: 1), "after the row headers")
    #expect(fixture.layout.layoutAttributesForItem(at: fixture.layout.indexPath(row: 2, column: 0))?.zIndex == 5)
    #expect(fixture.frame(row: 2, column: 1)?.minX == 11, "the others scroll")
    let header = fixture.layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.columnHeader, at: IndexPath(item: 0, section: 0))
    #expect(header?.frame == Rect(x: 19, y: 0, width: 6, height: 1), "its header too")
    #expect(header?.zIndex == TableLayout.frozenHeaderZIndex)
    let line = fixture.layout.layoutAttributesForDecorationView(
      ofKind: ElementKind.columnSeparator, at: IndexPath(item: 1, section: 0))
    #expect(line?.frame.minX == 25, "the line after it stays with it")
    #expect(line?.zIndex == TableLayout.pinnedSeparatorZIndex)
    #expect(fixture.layout.obscuredInsets(in: fixture.host.bounds).left == 11, "row headers, the column, its line")
    // A query far to the right still has the frozen column's cells, once each.
    let cells = fixture.query(fixture.host.bounds).filter { $0.category == .cell }
    let frozen = cells.filter { fixture.layout.position(of: $0.indexPath).column == 0 }
    #expect(frozen.count == 5)
    #expect(Set(cells.map(\.indexPath)).count == cells.count, "no cell twice")
    for element in cells { #expect(fixture.layout.layoutAttributes(for: element.key)?.frame == element.frame) }
  }

  @Test func scrollingToAFrozenCellMovesOnlyUpOrDown() {
    let fixture = TableFixture(rows: 5, widths: [6, 10], rowHeaderWidth: 3) { $0.frozenColumnCount = 1 }
    let visible = Rect(x: 12, y: 0, width: 20, height: 10)
    let frozen = fixture.layout.rectForScrollingToItem(at: IndexPath(item: 2, section: 0), visibleRect: visible)
    #expect(frozen?.minX == 12 && frozen?.width == 0 && frozen?.minY == 3)
    #expect(fixture.layout.rectForScrollingToItem(at: IndexPath(item: 3, section: 0), visibleRect: visible) == nil)
  }

  @Test func noFrozenColumnsByDefaultAndMoreThanThereAreFreezeThemAll() {
    let plain = TableFixture(rows: 2, widths: [4, 4], rowHeaderWidth: 2)
    plain.scroll(to: Rect(x: 5, y: 0, width: 20, height: 10))
    #expect(plain.frame(row: 0, column: 0)?.minX == 3, "scrolled away")
    let all = TableFixture(rows: 2, widths: [4, 4]) { $0.frozenColumnCount = 9 }
    #expect(all.layout.frozenColumns == 2)
    #expect(all.layout.isColumnFrozen(1) && !all.layout.isColumnFrozen(2))
  }

  @Test func movingRightBringsWholeColumnsInWhenTheTableScrollsByThem() {
    let rows = (0..<4).map { ["name\($0)", String($0 * $0), "x\($0)", "y\($0)"] }
    let table = TableHarness(
      columns: ["name", "square", "k", "l"], rows: rows, widths: [6, 7, 3, 4], size: CellSize(columns: 16, rows: 4))
    table.layout.scrollsByWholeColumns = true
    table.collectionView.scrollToItem(at: table.layout.indexPath(row: 0, column: 2), at: .nearest)
    #expect(
      table.lines == [
        "#│square │k  │l ",
        "─┼───────┼───┼──",
        "0│0      │x0 │y0",
        "1│1      │x1 │y1",
      ],
      "the name column left whole, the square column whole after the row headers\n\(table.lines.joined(separator: "\n"))"
    )
    // The last column: the view stops with it whole and blank cells after it.
    table.collectionView.scrollToItem(at: table.layout.indexPath(row: 0, column: 3), at: .nearest)
    #expect(
      table.lines == [
        "#│k  │l         ",
        "─┼───┼────      ",
        "0│x0 │y0        ",
        "1│x1 │y1        ",
      ], "\(table.lines.joined(separator: "\n"))")
    // Back to the left: the column comes in whole at the left edge, as before.
    table.collectionView.scrollToItem(at: table.layout.indexPath(row: 0, column: 0), at: .nearest)
    #expect(table.lines[0] == "#│name  │square ")
    // Without it the view moves as little as it can, and cuts the first column.
    let least = TableHarness(
      columns: ["name", "square", "k", "l"], rows: rows, widths: [6, 7, 3, 4], size: CellSize(columns: 16, rows: 4))
    least.collectionView.scrollToItem(at: least.layout.indexPath(row: 0, column: 2), at: .nearest)
    #expect(least.lines[0] == "#│  │square │k  ", "\(least.lines.joined(separator: "\n"))")
  }

  @Test func linesOfColumnsScrolledUnderTheRowHeadersAreLeftOut() {
    let rows = (0..<3).map { ["r\($0)", String($0), "x"] }
    let table = TableHarness(
      columns: ["name", "n", "k"], rows: rows, widths: [4, 3, 3], size: CellSize(columns: 10, rows: 4),
      rowHeaderWidth: 3)
    // The line left of the n column (content column 8) is under the row headers.
    table.collectionView.contentOffset = Point(x: 6, y: 0)
    #expect(
      table.lines == [
        "#  │  │k  ",
        "───┼──┼───",
        "0  │  │x  ",
        "1  │  │x  ",
      ], "\(table.lines.joined(separator: "\n"))")
  }

  @Test func aScrolledTableKeepsItsFrozenColumnWholeWithItsHeader() throws {
    let rows = (0..<10).map { ["name\($0)", String($0 * $0), "x\($0)", "y"] }
    let table = TableHarness(
      columns: ["name", "square", "k", "l"], rows: rows, widths: [6, 7, 3, 2], size: CellSize(columns: 16, rows: 5))
    table.layout.frozenColumnCount = 1
    // Scrolled so far that the square column's values are under the frozen one.
    table.collectionView.contentOffset = Point(x: 6, y: 0)
    #expect(
      table.lines == [
        "#│name  │ │k  │l",
        "─┼──────┼─┼───┼─",
        "0│name0 │ │x0 │y",
        "1│name1 │ │x1 │y",
        "2│name2 │ │x2 │y",
      ], "\(table.lines.joined(separator: "\n"))")
  }
}

// MARK: - Fixtures

/// A table layout on a static host, with column widths from a closure.
final class TableFixture: TableLayoutDelegate {
  let host: StaticLayoutHost
  let layout: TableLayout
  let widths: [Int]
  let rowHeaderWidth: Int

  convenience init(rows: Int, widths: [Int], rowHeaderWidth: Int = 0, configure: (TableLayout) -> Void = { _ in }) {
    self.init(items: rows * widths.count, widths: widths, rowHeaderWidth: rowHeaderWidth, configure: configure)
  }

  init(items: Int, widths: [Int], rowHeaderWidth: Int = 0, configure: (TableLayout) -> Void = { _ in }) {
    host = StaticLayoutHost(itemCounts: [items], bounds: Rect(x: 0, y: 0, width: 80, height: 24))
    layout = TableLayout()
    self.widths = widths
    self.rowHeaderWidth = rowHeaderWidth
    layout.collectionView = host
    layout.delegate = self
    configure(layout)
    layout.prepareIfNeeded()
  }

  func numberOfColumns(in tableLayout: TableLayout) -> Int { widths.count }
  func tableLayout(_ tableLayout: TableLayout, widthOfColumn column: Int) -> Int { widths[column] }
  func widthOfRowHeaders(in tableLayout: TableLayout) -> Int { rowHeaderWidth }

  func frame(row: Int, column: Int) -> Rect? {
    layout.layoutAttributesForItem(at: layout.indexPath(row: row, column: column))?.frame
  }

  func query(_ rect: Rect) -> [LayoutAttributes] { layout.layoutAttributesForElements(in: rect) }

  func scroll(to bounds: Rect) {
    let context =
      layout.shouldInvalidateLayout(forBoundsChange: bounds) ? layout.invalidationContext(forBoundsChange: bounds) : nil
    host.bounds = bounds
    if let context { layout.invalidateLayout(with: context) }
    layout.prepareIfNeeded()
  }
}

/// A table of strings in a collection view, drawn headless.
final class TableHarness: CollectionViewDataSource, TableLayoutDelegate {
  let columns: [String]
  var rows: [[String]]
  let widths: [Int]
  let layout = TableLayout()
  let collectionView: CollectionView

  let rowHeaderWidth: Int

  init(columns: [String], rows: [[String]], widths: [Int], size: CellSize, rowHeaderWidth: Int = 1) {
    self.columns = columns
    self.rows = rows
    self.widths = widths
    self.rowHeaderWidth = rowHeaderWidth
    layout.delegate = nil
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    collectionView.animatesChanges = false
    collectionView.register(RowTextCell.self, forCellWithReuseIdentifier: "text")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.columnHeader, withReuseIdentifier: "h")
    collectionView.register(LabelView.self, forSupplementaryViewOfKind: ElementKind.rowHeader, withReuseIdentifier: "h")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.tableCorner, withReuseIdentifier: "h")
    layout.delegate = self
    collectionView.dataSource = self
  }

  var lines: [String] {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas.lines
  }

  func numberOfColumns(in tableLayout: TableLayout) -> Int { columns.count }
  func tableLayout(_ tableLayout: TableLayout, widthOfColumn column: Int) -> Int { widths[column] }
  func widthOfRowHeaders(in tableLayout: TableLayout) -> Int { rowHeaderWidth }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    rows.count * columns.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(RowTextCell.self, withReuseIdentifier: "text", for: indexPath)
    let (row, column) = layout.position(of: indexPath)
    cell.text = rows[row][column]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    let label = collectionView.dequeueReusableSupplementaryView(
      LabelView.self, ofKind: kind, withReuseIdentifier: "h", for: indexPath)
    label.role = .normal
    switch kind {
    case ElementKind.columnHeader: label.text = columns[indexPath.item]
    case ElementKind.rowHeader: label.text = String(indexPath.item)
    default: label.text = "#"
    }
    return label
  }
}
