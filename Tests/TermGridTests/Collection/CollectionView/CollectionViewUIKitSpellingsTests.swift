import TermGrid
import Testing

/// UIKit's spellings: `deselectItem(at:animated:)`, `indexPathForItem(at:)` in content
/// points, `reconfigureItems(at:)`, and cell and supplementary registrations.
@Suite struct CollectionViewUIKitSpellingsTests {
  @Test func deselectingAnimatedDeselectsWithoutTellingTheDelegate() {
    let fixture = makeGrid(letters(4))
    fixture.collectionView.selectItem(at: ip(1))
    fixture.delegate.log = []
    fixture.collectionView.deselectItem(at: ip(1), animated: true)
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(fixture.delegate.log.isEmpty)
    #expect(fixture.cell(1)?.isSelected == false)
  }

  @Test func indexPathForItemTakesContentPointsOnScreenOrNot() {
    // Items 4 wide with a column of spacing, 4 per row; 2 rows shown of 5.
    let layout = GridLayout(itemSize: Size(width: 3, height: 1), columns: 4, spacing: 1)
    let fixture = Fixture(layout: layout, sections: [letters(20)], size: CellSize(columns: 16, rows: 2))
    _ = fixture.render()
    let view = fixture.collectionView
    #expect(view.indexPathForItem(at: Point(x: 5, y: 0)) == ip(1))
    #expect(view.indexPathForItem(at: Point(x: 3.5, y: 0)) == nil, "the spacing between items")
    // Row 4 (y 8) is far below the visible area: still found, by the layout's frames.
    #expect(view.indexPathForItem(at: Point(x: 12, y: 8.5)) == ip(19))
    // Scrolled, a content point names the same item; a screen cell names another.
    view.contentOffset = Point(x: 0, y: 4)
    _ = fixture.render()
    #expect(view.indexPathForItem(at: Point(x: 5, y: 0)) == ip(1))
    #expect(view.indexPathForItem(atScreen: CellPoint(column: 5, row: 0)) == ip(9))
    #expect(view.indexPathForItem(at: Point(x: 0, y: 100)) == nil)
  }

  @Test func reconfiguringKeepsTheCellAndAsksTheDataSourceAgain() {
    let fixture = makeGrid(["a", "b", "c"])
    let view = fixture.collectionView
    let before = fixture.cell(1)
    let created = view.createdViewCount
    fixture.dataSource.sections[0][1] = "B"
    view.reconfigureItems(at: [ip(1), ip(40)])
    #expect(fixture.cell(1) === before)
    #expect(before?.text == "B")
    #expect(before?.prepareForReuseCount == 0)
    #expect(view.createdViewCount == created)
    #expect(fixture.lines[0] == "a   B   c       ")
    #expect(!view.isAnimating)
  }

  @Test func reconfiguringMeasuresASelfSizingCellAgain() {
    let fixture = Fixture(layout: ListLayout(), sections: [["a", "b"]], size: CellSize(columns: 4, rows: 4))
    _ = fixture.render()
    fixture.dataSource.preferredHeights = ["A": 2]
    fixture.dataSource.sections[0][0] = "A"
    fixture.collectionView.reconfigureItems(at: [ip(0)])
    #expect(fixture.lines == ["A   ", "    ", "b   ", "    "])
  }

  @Test func registrationsRegisterThemselvesAndConfigureTypedCells() {
    let source = RegisteredSource(items: ["x", "y"])
    let view = CollectionView(
      frame: CellRect(size: CellSize(columns: 8, rows: 3)),
      layout: GridLayout(itemSize: Size(width: 8, height: 1), columns: 1, headerHeight: 1))
    view.dataSource = source
    var canvas = Canvas(size: CellSize(columns: 8, rows: 3))
    view.draw(into: &canvas)
    #expect(canvas.lines == ["items 2 ", "0 x     ", "1 y     "])
    view.reloadData()
    view.draw(into: &canvas)
    #expect(view.createdViewCount == 3, "reloading reuses the registered views")
    #expect(source.cellRegistration.reuseIdentifier != RegisteredSource().cellRegistration.reuseIdentifier)
  }

  // MARK: - Fixtures

  func makeGrid(_ items: [String]) -> Fixture<GridLayout> {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4), sections: [items],
      size: CellSize(columns: 16, rows: 2))
    _ = fixture.render()
    return fixture
  }
}

/// A data source that writes no reuse identifier: its registrations carry their own.
final class RegisteredSource: CollectionViewDataSource {
  var items: [String]
  let cellRegistration = CellRegistration<TextCell, String> { cell, indexPath, item in
    cell.text = "\(indexPath.item) \(item)"
  }
  let headerRegistration = SupplementaryRegistration<LabelView>(elementKind: ElementKind.header) { label, _, _ in
    label.text = "items"
  }

  init(items: [String] = []) { self.items = items }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: items[indexPath.item])
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    let label = collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
    label.text += " \(items.count)"
    return label
  }
}
