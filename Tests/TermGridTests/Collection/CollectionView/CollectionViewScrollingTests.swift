import TermGrid
import Testing

@Suite struct CollectionViewScrollingTests {
  @Test func theOffsetIsClampedToTheContentInBothDirections() {
    // 40 items of 10×2 in 4 fixed columns: content 40×20 in a 20×6 frame.
    let fixture = makeFixture(columns: 4)
    let view = fixture.collectionView
    #expect(view.contentSize == Size(width: 40, height: 20))
    view.contentOffset = Point(x: 100, y: 100)
    #expect(view.contentOffset == Point(x: 20, y: 14))
    view.contentOffset = Point(x: -5, y: -1)
    #expect(view.contentOffset == .zero)
    view.contentOffset = Point(x: 7, y: 3)
    #expect(view.contentOffset == Point(x: 7, y: 3))
  }

  @Test func contentSmallerThanTheFrameDoesNotScroll() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1)), sections: [letters(3)],
      size: CellSize(columns: 20, rows: 5))
    fixture.collectionView.scroll(byRows: 3, columns: 2)
    fixture.collectionView.scrollToEnd()
    #expect(fixture.collectionView.contentOffset == .zero)
  }

  @Test func linesPagesStartAndEnd() {
    let fixture = makeFixture(columns: 2)
    let view = fixture.collectionView
    // 40 items in 2 columns: 20 rows of height 2, content height 40, frame 6 rows.
    view.scroll(byRows: 1)
    #expect(view.contentOffset.y == 1)
    view.scroll(byRows: -3)
    #expect(view.contentOffset.y == 0)
    view.scroll(byPages: 1)
    #expect(view.contentOffset.y == 5)  // a page keeps one line in view
    view.scroll(byPages: 2)
    #expect(view.contentOffset.y == 15)
    view.scroll(byPages: -1)
    #expect(view.contentOffset.y == 10)
    view.scrollToEnd()
    #expect(view.contentOffset.y == 34)
    view.scroll(byPages: 1)
    #expect(view.contentOffset.y == 34)
    view.scrollToStart()
    #expect(view.contentOffset == .zero)
  }

  @Test func contentThatOnlyScrollsSidewaysPagesSideways() {
    // Ten 4×1 items on one line, 40 wide, in a 16×2 frame.
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 10), sections: [letters(10)],
      size: CellSize(columns: 16, rows: 2))
    let view = fixture.collectionView
    view.scroll(byPages: 1)
    #expect(view.contentOffset == Point(x: 15, y: 0))
    view.scroll(byPages: -1)
    #expect(view.contentOffset == .zero)
    view.scrollToEnd()
    #expect(view.contentOffset == Point(x: 24, y: 0))
    #expect(fixture.lines[0] == "g   h   i   j   ")
    view.scrollToStart()
    #expect(view.contentOffset == .zero)
  }

  @Test func pageScrollingHonoursTheLayoutsTargetOffset() {
    let fixture = makeFixture(columns: 2)
    fixture.layout.snapsToRows = true
    let view = fixture.collectionView
    view.scroll(byPages: 1)
    // Proposed 5, snapped to the row start at 4.
    #expect(fixture.layout.targetOffsetRequests.last == Point(x: 0, y: 5))
    #expect(view.contentOffset.y == 4)
    view.scroll(byPages: 1)
    #expect(view.contentOffset.y == 8)
    #expect(fixture.lines.first == "i         j         ")
  }

  @Test func aTargetOffsetThatWouldNotMoveIsOverruled() {
    // A page key must always move while there is content: snapping that falls back to
    // where the view already is gives way to the plain page.
    let fixture = makeFixture(columns: 2)
    fixture.layout.snapsToRows = true
    fixture.layout.itemSize = Size(width: 10, height: 12)
    fixture.layout.invalidateLayout()
    let view = fixture.collectionView
    view.scroll(byPages: 1)
    #expect(view.contentOffset.y == 5)
    view.scroll(byPages: -1)
    #expect(view.contentOffset.y == 0)
  }

  @Test func scrollToItemPutsItAtTheTopCentreBottomOrNearest() {
    let fixture = makeFixture(columns: 2)
    let view = fixture.collectionView
    // Item 20 is at y 20..<22 in a 6-row view.
    view.scrollToItem(at: ip(20), at: .top)
    #expect(view.contentOffset.y == 20)
    view.scrollToItem(at: ip(20), at: .bottom)
    #expect(view.contentOffset.y == 16)
    view.scrollToItem(at: ip(20), at: .center)
    #expect(view.contentOffset.y == 18)
    view.scrollToItem(at: ip(21), at: .nearest)
    #expect(view.contentOffset.y == 18)
    view.scrollToItem(at: ip(30), at: .nearest)
    #expect(view.contentOffset.y == 26)
    view.scrollToItem(at: ip(4), at: .nearest)
    #expect(view.contentOffset.y == 4)
    view.scrollToItem(at: ip(39), at: .top)
    #expect(view.contentOffset.y == 34)
  }

  @Test func scrollToNearestKeepsTheWholeItemOnScreenWhenFramesAreBetweenRows() {
    // Items 1.5 rows tall: scrolling down to one must show its last row, not cut it.
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1.5), columns: 1), sections: [letters(20)],
      size: CellSize(columns: 4, rows: 4))
    let view = fixture.collectionView
    view.scrollToItem(at: ip(4), at: .nearest)
    // Item 4 covers y 6..<7.5; its last row (7) must be visible: offset 4 shows rows 4...7.
    #expect(view.contentOffset.y == 4)
    let region = view.screenRect(for: view.layoutAttributesForItem(at: ip(4))!.frame)
    #expect(region.maxRow <= 4)
  }

  @Test func scrollingSidewaysFollowsAnItemPastTheRightEdge() {
    let fixture = makeFixture(columns: 4)
    let view = fixture.collectionView
    view.scrollToItem(at: ip(3), at: .nearest)
    #expect(view.contentOffset == Point(x: 20, y: 0))
    view.scrollToItem(at: ip(4), at: .nearest)
    #expect(view.contentOffset == Point(x: 0, y: 0))
  }

  // MARK: Focus

  @Test func arrowKeysMoveTheFocusToTheNearestItemInThatDirection() {
    let fixture = makeFixture(columns: 4)
    let view = fixture.collectionView
    view.focusItem(at: ip(5))
    #expect(view.moveFocus(.right))
    #expect(view.indexPathForFocusedItem == ip(6))
    view.moveFocus(.down)
    #expect(view.indexPathForFocusedItem == ip(10))
    view.moveFocus(.left)
    view.moveFocus(.left)
    view.moveFocus(.left)
    #expect(view.indexPathForFocusedItem == ip(8))
    #expect(!view.moveFocus(.left))
    view.moveFocus(.up)
    #expect(view.indexPathForFocusedItem == ip(4))
  }

  @Test func focusFollowsGeometryNotIndexOrder() {
    // Item 0 top left, item 1 bottom left, item 2 top right, item 3 far right and lower.
    let layout = ScatterLayout(
      frames: [
        Rect(x: 0, y: 0, width: 4, height: 1), Rect(x: 0, y: 3, width: 4, height: 1),
        Rect(x: 6, y: 0, width: 4, height: 1), Rect(x: 12, y: 2, width: 4, height: 1),
      ], contentSize: Size(width: 16, height: 4))
    let fixture = Fixture(layout: layout, sections: [letters(4)], size: CellSize(columns: 16, rows: 4))
    let view = fixture.collectionView
    view.focusItem(at: ip(0))
    view.moveFocus(.right)
    #expect(view.indexPathForFocusedItem == ip(2))
    view.moveFocus(.right)
    #expect(view.indexPathForFocusedItem == ip(3))
    view.moveFocus(.left)
    #expect(view.indexPathForFocusedItem == ip(2))
    view.moveFocus(.down)
    #expect(view.indexPathForFocusedItem == ip(3))
    view.focusItem(at: ip(0))
    view.moveFocus(.down)
    #expect(view.indexPathForFocusedItem == ip(1))
  }

  @Test func theFocusedItemIsKeptVisible() {
    let fixture = makeFixture(columns: 2)
    let view = fixture.collectionView
    view.focusItem(at: ip(0))
    for _ in 0..<5 { view.moveFocus(.down) }
    #expect(view.indexPathForFocusedItem == ip(10))
    // Item 10 is at y 10..<12: the view scrolled just enough to show it.
    #expect(view.contentOffset.y == 6)
    #expect(fixture.cell(10)?.isFocused == true)
    let lines = fixture.lines
    #expect(lines[4] == "k         l         ")
    view.focusItem(at: ip(1))
    #expect(view.contentOffset.y == 0)
  }

  @Test func focusMovesThroughAHugeLayoutWithoutScanningIt() {
    // Moving down from the last item of the first line to a far item keeps working.
    let layout = ScatterLayout(
      frames: [Rect(x: 0, y: 0, width: 4, height: 1), Rect(x: 0, y: 5_000, width: 4, height: 1)],
      contentSize: Size(width: 4, height: 5_001))
    let fixture = Fixture(layout: layout, sections: [letters(2)], size: CellSize(columns: 4, rows: 3))
    fixture.collectionView.focusItem(at: ip(0))
    fixture.collectionView.moveFocus(.down)
    #expect(fixture.collectionView.indexPathForFocusedItem == ip(1))
    #expect(fixture.collectionView.contentOffset.y == 4_998)
  }

  @Test func aSidewaysMoveWithNothingBesideLooksOnlyAtRowsNearTheFocus() {
    // One column of 100,000 items: nothing is to the right, and finding that out must not
    // list every item (it did: the search spanned the content's whole height).
    let frames = (0..<100_000).map { Rect(x: 0, y: Double($0), width: 4, height: 1) }
    let layout = ScatterLayout(frames: frames, contentSize: Size(width: 8, height: 100_000))
    let fixture = Fixture(layout: layout, sections: [letters(100_000)], size: CellSize(columns: 8, rows: 3))
    fixture.collectionView.focusItem(at: ip(50_000))
    layout.largestQuery = 0
    #expect(!fixture.collectionView.moveFocus(.right))
    #expect(!fixture.collectionView.moveFocus(.left))
    #expect(layout.largestQuery <= 100, "\(layout.largestQuery) items listed for one move")
    #expect(fixture.collectionView.indexPathForFocusedItem == ip(50_000))
  }

  @Test func pagingMovesTheFocusWithTheScreen() {
    let fixture = makeFixture(columns: 2)
    let view = fixture.collectionView
    view.focusItem(at: ip(1))
    view.moveFocus(byPages: 1)
    // The focus was on the second column of the top line: it stays there on screen.
    #expect(view.contentOffset.y == 5)
    #expect(view.indexPathForFocusedItem == ip(7))
  }

  @Test func pagingAtTheEndMovesTheFocusToTheLastLineOnScreen() {
    let fixture = makeFixture(columns: 2)
    let view = fixture.collectionView
    view.scrollToEnd()
    view.focusItem(at: ip(34))
    view.moveFocus(byPages: 1)
    #expect(view.contentOffset.y == 34)
    #expect(view.indexPathForFocusedItem == ip(38))
  }

  @Test func pagingSidewaysMovesTheFocusWithTheScreen() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 10), sections: [letters(10)],
      size: CellSize(columns: 16, rows: 2))
    let view = fixture.collectionView
    view.focusItem(at: ip(0))
    view.moveFocus(byPages: 1)
    #expect(view.contentOffset.x == 15)
    #expect(view.indexPathForFocusedItem == ip(4))
    view.moveFocus(byPages: 1)
    #expect(view.contentOffset.x == 24)
    view.moveFocus(byPages: 1)
    #expect(view.indexPathForFocusedItem == ip(9))
  }

  // MARK: Pinned headers

  @Test(arguments: [false, true])
  func pagingDownLeavesTheFirstLineWholeBelowAPinnedHeader(snapsToLines: Bool) {
    // Lines of cards start at 1, 6, 11, ...; a plain page (6 rows) would stop with the
    // line at 6 at the very top, under the header, hiding the cards' first row.
    let fixture = makePinnedFixture { $0.snapsToLines = snapsToLines }
    let view = fixture.collectionView
    view.focusItem(at: ip(0))
    view.moveFocus(byPages: 1)
    #expect(view.contentOffset.y == 5)
    #expect(view.indexPathForFocusedItem == ip(2))
    #expect(fixture.lines[0...1] == ["Section 0-------", "c       d       "])
    view.moveFocus(byPages: 1)
    #expect(view.contentOffset.y == 10)
    #expect(view.indexPathForFocusedItem == ip(4))
    #expect(fixture.lines[0...1] == ["Section 0-------", "e       f       "])
    view.moveFocus(byPages: -1)
    #expect(view.contentOffset.y == 5)
    #expect(fixture.lines[0...1] == ["Section 0-------", "c       d       "])
  }

  @Test func focusMovedUpIntoALineUnderAPinnedHeaderScrollsItIntoView() {
    let fixture = makePinnedFixture()
    let view = fixture.collectionView
    // The line of c and d starts at 6, the top of the view, where the header floats.
    view.contentOffset = Point(x: 0, y: 6)
    view.focusItem(at: ip(4), scrollPosition: nil)
    #expect(fixture.lines[0...1] == ["Section 0-------", "                "])
    view.moveFocus(.up)
    #expect(view.indexPathForFocusedItem == ip(2))
    #expect(view.contentOffset.y == 5)
    #expect(fixture.lines[0...1] == ["Section 0-------", "c       d       "])
  }

  @Test func scrollingAnItemToTheTopPutsItBelowThePinnedHeader() {
    let fixture = makePinnedFixture()
    let view = fixture.collectionView
    view.scrollToItem(at: ip(6), at: .top)
    #expect(view.contentOffset.y == 15)
    #expect(fixture.lines[0...1] == ["Section 0-------", "g       h       "])
    view.scrollToItem(at: ip(6), at: .bottom)
    #expect(view.contentOffset.y == 14, "the bottom is not covered: the item's last row is the view's")
    view.scrollToItem(at: ip(1), at: .nearest)
    #expect(view.contentOffset.y == 0, "the first line sits under the header at its own place")
  }

  // MARK: - Fixtures

  /// 26 cards of 8×5 cells, two to a line, under a pinned header one row tall, in a 16×7
  /// frame: the header at 0, lines at 1, 6, 11, ..., content 66 rows tall.
  func makePinnedFixture(configure: (FlowLayout) -> Void = { _ in }) -> Fixture<FlowLayout> {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 8, height: 5)
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.sectionHeadersPinToVisibleBounds = true
    configure(layout)
    return Fixture(layout: layout, sections: [letters(26)], size: CellSize(columns: 16, rows: 7), registersHeader: true)
  }

  /// 40 items of 10×2 cells in a 20×6 frame.
  func makeFixture(columns: Int) -> Fixture<GridLayout> {
    Fixture(
      layout: GridLayout(itemSize: Size(width: 10, height: 2), columns: columns),
      sections: [letters(26) + letters(14, from: "A")],
      size: CellSize(columns: 20, rows: 6))
  }
}
