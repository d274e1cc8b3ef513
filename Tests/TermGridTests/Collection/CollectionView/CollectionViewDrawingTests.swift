import TermGrid
import Testing

@Suite struct CollectionViewDrawingTests {
  @Test func aSmallGridDrawsAsText() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 5, height: 2), spacing: 1),
      sections: [["one", "two", "three", "four", "five"]],
      size: CellSize(columns: 17, rows: 5))
    #expect(
      fixture.lines == [
        "one   two   three",
        "                 ",
        "                 ",
        "four  five       ",
        "                 ",
      ])
  }

  @Test func headersAndSectionsDrawInOrder() {
    let layout = GridLayout(itemSize: Size(width: 3, height: 1), columns: 3, headerHeight: 1)
    let fixture = Fixture(
      layout: layout, sections: [letters(4), letters(2, from: "x")], size: CellSize(columns: 9, rows: 6),
      registersHeader: true)
    #expect(
      fixture.lines == [
        "Section 0",
        "a  b  c  ",
        "d        ",
        "Section 1",
        "x  y     ",
        "         ",
      ])
  }

  @Test func theCollectionViewDrawsOnlyInsideItsFrame() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 6, height: 1), columns: 2), sections: [["abcdef", "ghijkl", "mnopqr"]],
      size: CellSize(columns: 9, rows: 2))
    fixture.collectionView.frame = CellRect(column: 2, row: 1, columns: 9, rows: 2)
    var canvas = Canvas(size: CellSize(columns: 13, rows: 4))
    canvas.fill(canvas.bounds, with: ".", style: .plain)
    fixture.collectionView.draw(into: &canvas)
    #expect(canvas.lines == [".............", "..abcdefghi..", "..mnopqr   ..", "............."])
  }

  @Test func scrolledContentIsClippedAtTheFrameEdges() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 2), columns: 4),
      sections: [["ab", "cd", "ef", "gh", "ij", "kl"]], size: CellSize(columns: 6, rows: 2))
    fixture.collectionView.contentOffset = Point(x: 3, y: 1)
    #expect(fixture.lines == ["      ", " kl   "])
  }

  @Test func cellsShowFocusSelectionAndHighlightWithTheThemeStyles() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 3, height: 1)), sections: [letters(4)],
      size: CellSize(columns: 12, rows: 1))
    let view = fixture.collectionView
    view.allowsMultipleSelection = true
    view.selectItem(at: ip(1))
    view.selectItem(at: ip(2))
    view.focusItem(at: ip(2))
    view.beginPress(at: ip(3))
    let canvas = fixture.render()
    let theme = Theme.standard
    #expect(canvas[0, 0].style == theme.normal)
    #expect(canvas[3, 0].style == theme.selected)
    #expect(canvas[5, 0].style == theme.selected)
    #expect(canvas[6, 0].style == theme.selectedFocused)
    #expect(canvas[9, 0].style == theme.highlighted)
    view.endPress(at: ip(3))
    #expect(fixture.render()[9, 0].style == theme.selected)
  }

  @Test func cellBackgroundStylesFillTheWholeCell() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 3, height: 2)), sections: [letters(2)],
      size: CellSize(columns: 6, rows: 2))
    let red = Style(background: .red)
    let blue = Style(background: .blue)
    for item in 0..<2 {
      fixture.cell(item)?.backgroundStyle = red
      fixture.cell(item)?.selectedBackgroundStyle = blue
    }
    fixture.collectionView.selectItem(at: ip(1))
    let canvas = fixture.render()
    #expect([canvas[0, 0].style, canvas[2, 1].style] == [red, red])
    #expect([canvas[3, 0].style, canvas[5, 1].style] == [blue, blue])
  }

  @Test func elementsDrawByZIndexThenInLayoutOrder() {
    let layout = GridLayout(itemSize: Size(width: 4, height: 1), columns: 3)
    layout.register(decorationViewOfKind: "under") { fill("_") }
    layout.register(decorationViewOfKind: "over") { fill("*") }
    layout.register(decorationViewOfKind: "later") { fill("+") }
    layout.decorations = [
      decoration("under", x: 0, width: 12, zIndex: -1),
      decoration("over", x: 2, width: 2, zIndex: 1),
      decoration("later", x: 3, width: 2, zIndex: 1),
    ]
    layout.itemZIndex = [ip(2): 2]
    let fixture = Fixture(layout: layout, sections: [["abcd", "efgh", "ijkl"]], size: CellSize(columns: 12, rows: 1))
    // The band under the cells is covered; of the two over them, the later one wins where
    // they overlap; the cell with z 2 is over everything.
    #expect(fixture.lines == ["ab*++fghijkl"])
    #expect(fixture.collectionView.attributesOnScreen.map(\.zIndex) == [-1, 0, 0, 1, 1, 2])
  }

  @Test func decorationViewsAreMadeFromTheLayoutsRegistrationWithoutTheDataSource() {
    let layout = GridLayout(itemSize: Size(width: 4, height: 1), columns: 2)
    var made = 0
    layout.register(decorationViewOfKind: "rule") {
      made += 1
      return fill("=")
    }
    layout.decorations = [decoration("rule", x: 0, width: 8, zIndex: 0, y: 1)]
    let fixture = Fixture(layout: layout, sections: [["ab", "cd"]], size: CellSize(columns: 8, rows: 2))
    #expect(fixture.lines == ["ab  cd  ", "========"])
    #expect(made == 1)
    #expect(fixture.dataSource.supplementaryRequests.isEmpty)
    #expect(fixture.dataSource.cellRequests == [ip(0), ip(1)])
    // After a reload, the decoration's view comes back from the queue.
    fixture.collectionView.reloadData()
    _ = fixture.render()
    #expect(made == 1)
  }

  @Test func hiddenElementsAreNotDrawnAndGetNoView() {
    let layout = GridLayout(itemSize: Size(width: 3, height: 1), columns: 3)
    layout.register(decorationViewOfKind: "band") { fill("=") }
    var band = decoration("band", x: 0, width: 9, zIndex: 1)
    band.isHidden = true
    layout.decorations = [band]
    layout.hiddenItems = [ip(1)]
    let fixture = Fixture(layout: layout, sections: [letters(3)], size: CellSize(columns: 9, rows: 1))
    #expect(fixture.lines == ["a     c  "])
    #expect(fixture.collectionView.visibleViewCount == 2)
    #expect(fixture.dataSource.cellRequests == [ip(0), ip(2)])
  }

  @Test func elementsWithAlphaBelowOneDrawDimAndTransparentOnesNotAtAll() {
    let layout = GridLayout(itemSize: Size(width: 3, height: 1), columns: 3)
    layout.register(decorationViewOfKind: "shade") { fill("~") }
    var shade = decoration("shade", x: 0, width: 9, zIndex: -1, y: 1)
    shade.alpha = 0.4
    layout.decorations = [shade]
    layout.itemAlpha = [ip(0): 0.5, ip(2): 0]
    let fixture = Fixture(layout: layout, sections: [letters(3)], size: CellSize(columns: 9, rows: 2))
    let canvas = fixture.render()
    #expect(canvas.lines == ["a  b     ", "~~~~~~~~~"])
    #expect(canvas[0, 0].style.attributes.contains(.dim))
    #expect(canvas[2, 0].style.attributes.contains(.dim))
    #expect(!canvas[3, 0].style.attributes.contains(.dim))
    #expect(canvas[4, 1].style.attributes.contains(.dim))
  }

  @Test func hitTestingFindsTheTopmostItemUnderAScreenCell() {
    let layout = GridLayout(itemSize: Size(width: 4, height: 1), columns: 3)
    layout.itemZIndex = [ip(1): 1]
    let fixture = Fixture(layout: layout, sections: [letters(3)], size: CellSize(columns: 12, rows: 2))
    fixture.collectionView.frame = CellRect(column: 1, row: 1, columns: 12, rows: 2)
    #expect(fixture.collectionView.indexPathForItem(atScreen: CellPoint(column: 5, row: 1)) == ip(1))
    #expect(fixture.collectionView.indexPathForItem(atScreen: CellPoint(column: 0, row: 1)) == nil)
    #expect(fixture.collectionView.indexPathForItem(atScreen: CellPoint(column: 1, row: 2)) == nil)
  }

  // MARK: - Fixtures

  func decoration(_ kind: String, x: Double, width: Double, zIndex: Int, y: Double = 0) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: kind, with: IndexPath(item: 0, section: 0),
      frame: Rect(x: x, y: y, width: width, height: 1))
    attributes.zIndex = zIndex
    return attributes
  }
}

/// A decoration view filled with one character.
func fill(_ character: Character) -> ReusableView {
  let view = FillView()
  view.character = character
  return view
}
