import TermGrid
import Testing

@Suite struct ListCellTests {
  @Test func aListCellShowsTextSecondaryTextAndAccessories() {
    let screen = render([
      content("Fruit", secondary: "3", [.outlineDisclosure(isExpanded: false), .disclosureIndicator]),
      content("abcdefghijklmnop", [.checkmark]),
      content("nuts", indentation: 2, [.outlineDisclosure(isExpanded: true), .label("12")]),
    ])
    #expect(screen.lines == ["▸ Fruit 3  ›", "abcdefghij ✓", "  ▾ nuts  12"])
    #expect(screen[8, 0].style.attributes.contains(.dim), "the secondary text is dim")
    #expect(!screen[2, 0].style.attributes.contains(.dim))
  }

  @Test func reuseClearsTheConfiguration() {
    let cell = ListCell()
    cell.contentConfiguration.text = "x"
    cell.prepareForReuse()
    #expect(cell.contentConfiguration == ListContentConfiguration.cell())
  }

  // MARK: - Fixtures

  func content(
    _ text: String, secondary: String? = nil, indentation: Int = 0, _ accessories: [ListCellAccessory]
  ) -> ListContentConfiguration {
    var content = ListContentConfiguration.cell()
    content.text = text
    content.secondaryText = secondary
    content.indentation = indentation
    content.accessories = accessories
    return content
  }

  func render(_ rows: [ListContentConfiguration]) -> Canvas {
    let source = ListSource(rows: rows)
    let view = CollectionView(
      frame: CellRect(size: CellSize(columns: 12, rows: rows.count)),
      layout: GridLayout(itemSize: Size(width: 12, height: 1), columns: 1))
    view.theme = .monochrome
    view.dataSource = source
    var canvas = Canvas(size: view.frame.size)
    view.draw(into: &canvas)
    return canvas
  }
}

/// Rows of list content, through a cell registration.
final class ListSource: CollectionViewDataSource {
  let rows: [ListContentConfiguration]
  let registration = CellRegistration<ListCell, ListContentConfiguration> { cell, _, content in
    cell.contentConfiguration = content
  }

  init(rows: [ListContentConfiguration]) { self.rows = rows }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: rows[indexPath.item])
  }
}
