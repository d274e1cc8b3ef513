import TermGrid
import Testing

@Suite struct CollectionViewDisplayTests {
  @Test(arguments: [true, false])
  func aFocusMoveAsksForTheVisibleElementsAgainOnlyWhenTheLayoutSaysTheyDependOnIt(_ depends: Bool) {
    let layout = ScatterLayout(
      frames: (0..<4).map { Rect(x: Double($0) * 5, y: 0, width: 4, height: 1) },
      contentSize: Size(width: 20, height: 1))
    layout.dependsOnFocus = depends
    let fixture = Fixture(layout: layout, sections: [letters(4)], size: CellSize(columns: 20, rows: 2))
    let view = fixture.collectionView
    view.focusItem(at: ip(0))
    _ = fixture.render()
    #expect(view.moveFocus(.right))
    // (The move itself looks for the nearest item by geometry: the frame after it is measured.)
    let before = layout.queryCount
    _ = fixture.render()
    #expect(view.indexPathForFocusedItem == ip(1))
    #expect(layout.queryCount - before == (depends ? 1 : 0))
    // Either way the cells show the new focus.
    #expect(fixture.cell(1)?.isFocused == true)
    #expect(fixture.cell(0)?.isFocused == false)
  }

  @Test func cellsAndHeadersAreToldWhenTheyComeOnScreenAndWhenTheyLeave() {
    let (fixture, delegate) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    // Rows 0-3: the header of section 0 and items 0-2.
    #expect(delegate.log == ["will header[0, 0]", "will cell[0, 0]", "will cell[0, 1]", "will cell[0, 2]"])
    delegate.log = []
    view.contentOffset = Point(x: 0, y: 2)
    view.layoutIfNeeded()
    #expect(Set(delegate.log) == ["end header[0, 0]", "end cell[0, 0]", "will cell[0, 3]", "will cell[0, 4]"])
    // Every end was told of a view the delegate saw come, by the same object.
    #expect(delegate.unmatchedEnds == 0)
    // Ends come before the views are reused for what comes in.
    #expect(delegate.log.firstIndex(of: "end cell[0, 0]")! < delegate.log.firstIndex(of: "will cell[0, 3]")!)
  }

  @Test func aPageScrollEndsEveryViewThatLeftAndBalancesEveryWill() {
    let (fixture, delegate) = makeFixture(items: 200)
    let view = fixture.collectionView
    for _ in 0..<30 {
      view.scroll(byPages: 1)
      view.layoutIfNeeded()
    }
    view.scrollToStart()
    view.layoutIfNeeded()
    #expect(delegate.unmatchedEnds == 0)
    // On screen now: exactly the views told "will" and not yet "end".
    #expect(delegate.displayed.count == view.visibleViewCount)
    #expect(delegate.displayed.values.sorted() == ["cell[0, 0]", "cell[0, 1]", "cell[0, 2]", "header[0, 0]"])
  }

  @Test func reloadingDataEndsEveryViewAndTheNextPassShowsThemAgain() {
    let (fixture, delegate) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    delegate.log = []
    view.reloadData()
    #expect(Set(delegate.log) == ["end header[0, 0]", "end cell[0, 0]", "end cell[0, 1]", "end cell[0, 2]"])
    delegate.log = []
    view.layoutIfNeeded()
    #expect(delegate.log == ["will header[0, 0]", "will cell[0, 0]", "will cell[0, 1]", "will cell[0, 2]"])
  }

  @Test func aDeletedItemEndsWhenItsFadeEndsAtItsOldIndexPath() {
    let (fixture, delegate) = makeFixture(animated: true)
    let view = fixture.collectionView
    view.layoutIfNeeded()
    delegate.log = []
    fixture.dataSource.sections[0].remove(at: 1)
    view.deleteItems(at: [ip(1)])
    fixture.clock.now += 75
    view.layoutIfNeeded()
    // Half way: the deleted cell is still drawn, fading; item 3 moves up into view. (The
    // header is asked for again after every batch update: its text may count the items.)
    #expect(delegate.log == ["end header[0, 0]", "will header[0, 0]", "will cell[0, 2]"])
    fixture.clock.now += 75
    view.layoutIfNeeded()
    #expect(delegate.log.last == "end cell[0, 1]")
    #expect(delegate.log.count == 4)
    #expect(delegate.unmatchedEnds == 0)
  }

  @Test func aReloadedItemEndsItsOldCellAndDisplaysTheNewOne() {
    let (fixture, delegate) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let old = view.cellForItem(at: ip(1))
    delegate.log = []
    fixture.dataSource.sections[0][1] = "B"
    view.reloadItems(at: [ip(1)])
    view.layoutIfNeeded()
    #expect(delegate.log.filter { $0.contains("cell") } == ["end cell[0, 1]", "will cell[0, 1]"])
    #expect((view.cellForItem(at: ip(1)) as? TextCell)?.text == "B")
    #expect(delegate.unmatchedEnds == 0)
    _ = old
  }

  /// What the documentation promises of a layout switch: the cells on screen in both
  /// layouts are kept (not asked for again, not told they end), and only their attributes
  /// change; cells that come into view are dequeued as usual.
  @Test func aLayoutSwitchKeepsTheCellsOnScreenWithoutAskingTheDataSourceAgain() throws {
    let (fixture, delegate) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let cellA = try #require(view.cellForItem(at: ip(0)))
    let requests = fixture.dataSource.cellRequests.count
    delegate.log = []
    // Two columns instead of one: items 0-5 show; 0-2 were on screen before.
    view.setCollectionViewLayout(
      GridLayout(itemSize: Size(width: 4, height: 1), columns: 2, headerHeight: 1), animated: false)
    view.layoutIfNeeded()
    #expect(view.cellForItem(at: ip(0)) === cellA)
    #expect(cellA.layoutAttributes?.frame == Rect(x: 0, y: 1, width: 4, height: 1))
    #expect(fixture.dataSource.cellRequests[requests...] == [ip(3), ip(4), ip(5)])
    #expect(delegate.log == ["will cell[0, 3]", "will cell[0, 4]", "will cell[0, 5]"])
  }

  @Test func aBackgroundViewFillsTheFrameBehindTheContentAndDoesNotScroll() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 3, height: 1), columns: 2, spacing: 1), sections: [letters(12)],
      size: CellSize(columns: 9, rows: 3))
    let background = FillView()
    background.character = "."
    fixture.collectionView.backgroundView = background
    // Items 3 wide with 1 between them, and 1 row between rows: the background shows
    // through the gaps and to the right.
    #expect(fixture.lines == ["a  .b  ..", ".........", "c  .d  .."])
    fixture.collectionView.scroll(byRows: 1)
    #expect(fixture.lines == [".........", "c  .d  ..", "........."])
    fixture.collectionView.backgroundView = nil
    #expect(fixture.lines == ["         ", "c   d    ", "         "])
  }

  // MARK: - Fixtures

  /// One column of 4×1 items under a 1-row header, in a 8×4 frame, with a delegate that
  /// logs display calls.
  func makeFixture(items: Int = 20, animated: Bool = false) -> (Fixture<GridLayout>, DisplayLog) {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 1, headerHeight: 1), sections: [letters(items)],
      size: CellSize(columns: 8, rows: 4), animated: animated, registersHeader: true)
    let delegate = DisplayLog()
    fixture.collectionView.delegate = delegate
    return (fixture, delegate)
  }
}

/// Logs willDisplay and didEndDisplaying, and checks they pair up by view.
final class DisplayLog: CollectionViewDelegate {
  var log: [String] = []
  /// The element each view on screen was displayed for.
  var displayed: [ObjectIdentifier: String] = [:]
  var unmatchedEnds = 0

  func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {
    record(will: "cell\(indexPath)", cell)
  }

  func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath) {
    record(end: "cell\(indexPath)", cell)
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind elementKind: String,
    at indexPath: IndexPath
  ) {
    record(will: "\(elementKind)\(indexPath)", view)
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    record(end: "\(elementKind)\(indexPath)", view)
  }

  private func record(will element: String, _ view: ReusableView) {
    log.append("will " + element)
    displayed[ObjectIdentifier(view)] = element
  }

  private func record(end element: String, _ view: ReusableView) {
    log.append("end " + element)
    if displayed.removeValue(forKey: ObjectIdentifier(view)) == nil { unmatchedEnds += 1 }
  }
}
