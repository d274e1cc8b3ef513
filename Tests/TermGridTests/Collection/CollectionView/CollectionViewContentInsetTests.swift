import TermGrid
import Testing

@Suite struct CollectionViewContentInsetTests {
  @Test func theOffsetRunsFromMinusTheTopMarginToTheEndPlusTheBottomOne() {
    let fixture = makeGridFixture()
    let view = fixture.collectionView
    view.contentInset = EdgeInsets(top: 2, left: 0, bottom: 1, right: 0)
    // At the start when the inset came, so still at the start: the margin shows first.
    #expect(view.contentOffset == Point(x: 0, y: -2))
    #expect(view.minimumContentOffset == Point(x: 0, y: -2))
    #expect(fixture.lines == ["    ", "    ", "a   ", "b   "])
    view.scrollToEnd()
    // 10 rows of content and a 1-row margin in a 4-row frame.
    #expect(view.contentOffset == Point(x: 0, y: 7))
    #expect(fixture.lines == ["h   ", "i   ", "j   ", "    "])
    view.contentOffset = Point(x: 0, y: -10)
    #expect(view.contentOffset == Point(x: 0, y: -2))
    view.scroll(byRows: 1)
    view.scrollToStart()
    #expect(view.contentOffset == Point(x: 0, y: -2))
  }

  @Test func contentThatOnlyScrollsSidewaysStillPagesSidewaysWithATopMargin() {
    // Ten 4×1 items on one line, 40 wide, in a 16×3 frame with a 1-row top margin.
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 10), sections: [letters(10)],
      size: CellSize(columns: 16, rows: 3))
    let view = fixture.collectionView
    view.contentInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
    #expect(view.contentOffset == Point(x: 0, y: -1))
    view.scroll(byPages: 1)
    #expect(view.contentOffset == Point(x: 15, y: -1))
    view.scrollToEnd()
    #expect(view.contentOffset == Point(x: 24, y: -1))
    #expect(fixture.lines == ["                ", "g   h   i   j   ", "                "])
  }

  @Test func anOffsetAwayFromTheStartStaysWhenTheInsetChanges() {
    let fixture = makeGridFixture()
    fixture.collectionView.contentOffset = Point(x: 0, y: 3)
    fixture.collectionView.contentInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
    #expect(fixture.collectionView.contentOffset == Point(x: 0, y: 3))
  }

  @Test func scrollingToAnItemKeepsItOutOfTheMargins() {
    let fixture = makeGridFixture()
    let view = fixture.collectionView
    view.contentInset = EdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    view.scrollToItem(at: ip(5), at: .top)
    #expect(fixture.lines[1] == "f   ")
    view.scrollToItem(at: ip(8), at: .bottom)
    #expect(fixture.lines[2] == "i   ")
    view.scrollToItem(at: ip(3), at: .nearest)
    #expect(fixture.lines[1] == "d   ")
  }

  @Test func aFlowLayoutsLinesAreAsLongAsTheFrameLessTheSideMargins() {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 4, height: 1)
    layout.minimumInteritemSpacing = 1
    layout.minimumLineSpacing = 0
    layout.alignment = .leading
    let fixture = Fixture(layout: layout, sections: [letters(7)], size: CellSize(columns: 16, rows: 3))
    #expect(fixture.lines == ["a    b    c     ", "d    e    f     ", "g               "])
    // 16 less 2 and 1: 13 columns hold two 4-wide items with their gap, not three.
    fixture.collectionView.contentInset = EdgeInsets(top: 0, left: 2, bottom: 0, right: 1)
    #expect(fixture.collectionView.contentSize.width == 13)
    #expect(fixture.collectionView.contentOffset == Point(x: -2, y: 0))
    #expect(fixture.lines == ["  a    b        ", "  c    d        ", "  e    f        "])
    // Nothing to scroll sideways: the margins take up the rest of the frame.
    fixture.collectionView.scroll(columns: 5)
    #expect(fixture.collectionView.contentOffset.x == -2)
  }

  @Test func pinnedHeadersStayInsideTheTopMargin() {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 4, height: 1)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.sectionHeadersPinToVisibleBounds = true
    let fixture = Fixture(
      layout: layout, sections: [letters(10)], size: CellSize(columns: 4, rows: 5), registersHeader: true)
    let view = fixture.collectionView
    view.contentInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
    #expect(fixture.lines == ["    ", "Sec…", "a   ", "b   ", "c   "])
    view.scroll(byRows: 4)
    // Scrolled, the header floats just under the margin, over the items scrolled into it.
    #expect(fixture.lines == ["c   ", "Sec…", "e   ", "f   ", "g   "])
    // An item scrolled to the top goes below the margin and the header.
    view.scrollToItem(at: ip(7), at: .top)
    #expect(fixture.lines[2] == "h   ")
  }

  // MARK: - Fixtures

  /// A column of 10 items, 4×1, in a 4×4 frame.
  func makeGridFixture() -> Fixture<GridLayout> {
    Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 1), sections: [letters(10)],
      size: CellSize(columns: 4, rows: 4))
  }
}
