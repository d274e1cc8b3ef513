import TermGrid
import Testing

@Suite struct CompositionalOrthogonalTests {
  @Test func theFocusScrollsARowSidewaysAndEachSectionKeepsItsOwnOffset() {
    let fixture = makeFixture(slide: 0)
    let view = fixture.collectionView
    #expect(fixture.lines[0] == "a      b      c     ")
    view.focusItem(at: ip(0, 0))
    for _ in 0..<3 { view.moveFocus(.right) }
    #expect(view.indexPathForFocusedItem == ip(3, 0))
    // Card d spans 21..<27 in the row: the row moves 7 columns so it ends at the edge.
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 0) == 7)
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 1) == 0)
    #expect(fixture.lines[0] == "b      c      d     ")
    #expect(fixture.lines[3] == "A      B      C     ")

    // A full invalidation, a resize back and forth and a batch update keep both offsets.
    fixture.layout.invalidateLayout()
    view.layoutIfNeeded()
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 0) == 7)
    fixture.dataSource.sections[1].append("Z")
    view.insertItems(at: [ip(4, 1)])
    view.layoutIfNeeded()
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 0) == 7)
    #expect(fixture.lines[0] == "b      c      d     ")

    // The second row scrolls on its own.
    view.focusItem(at: ip(0, 1))
    for _ in 0..<4 { view.moveFocus(.right) }
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 1) == 14)
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 0) == 7)
    #expect(fixture.lines[3] == "C      D      Z     ")
    // Back left: as little as shows the item again.
    for _ in 0..<3 { view.moveFocus(.left) }
    #expect(view.indexPathForFocusedItem == ip(1, 1))
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 1) == 7)
  }

  @Test(arguments: [
    (OrthogonalScrollingBehavior.groupPaging, 21.0), (.paging, 20.0), (.continuousGroupLeadingBoundary, 21.0),
    (.groupPagingCentered, 14.0),
  ])
  func eachBehaviourStopsWhereItSays(behavior: OrthogonalScrollingBehavior, offset: Double) {
    let fixture = makeFixture(slide: 0, behavior: behavior)
    fixture.collectionView.focusItem(at: ip(3, 0))
    #expect(fixture.layout.orthogonalScrollOffset(inSection: 0) == offset)
    let frame = fixture.layout.layoutAttributesForItem(at: ip(3, 0))?.frame
    #expect(frame.map { $0.minX >= 0 && $0.maxX <= 20 } == true)
  }

  @Test func aSidewaysScrollSlidesFrameByFrameOnTheClockAndAnInvalidationDoesNotMakeItJump() {
    let fixture = makeFixture(slide: 120)
    let view = fixture.collectionView
    view.focusItem(at: ip(2, 0))
    _ = fixture.lines
    view.moveFocus(.right)
    #expect(view.indexPathForFocusedItem == ip(3, 0))
    // Nothing has moved yet: the slide starts from what is on screen.
    #expect(fixture.lines[0] == "a      b      c     ")
    #expect(view.millisecondsUntilNextFrame == 16)
    #expect(fixture.layout.isOrthogonalScrollAnimating)

    var positions: [Double] = []
    var frames = 0
    while let wait = view.millisecondsUntilNextFrame, frames < 50 {
      fixture.clock.now += max(1, wait)
      if frames == 3 {
        // Half way, a full invalidation: the row goes on from where it is.
        let before = fixture.layout.layoutAttributesForItem(at: ip(3, 0))?.frame.minX
        fixture.layout.invalidateLayout()
        view.layoutIfNeeded()
        #expect(fixture.layout.layoutAttributesForItem(at: ip(3, 0))?.frame.minX == before)
      }
      let lines = fixture.lines
      let x = fixture.layout.layoutAttributesForItem(at: ip(3, 0))?.frame.minX ?? -1
      positions.append(x)
      // Every frame on whole cells, and what is drawn is where the layout says.
      #expect(x == x.rounded())
      if x < 20 {
        let column = Int(x)
        #expect(Array(lines[0])[column] == "d", "frame \(frames): d is not at column \(column): \(lines[0])")
      }
      frames += 1
    }
    #expect(frames >= 5)
    #expect(positions.last == 14)
    #expect(!fixture.layout.isOrthogonalScrollAnimating)
    // It eases in one direction only, through several intermediate columns.
    #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 >= $1 })
    #expect(Set(positions.filter { $0 > 14 && $0 < 21 }).count >= 3)
    #expect(fixture.lines[0] == "b      c      d     ")
  }

  // MARK: - Visible items handler

  @Test func aSectionsVisibleItemsHandlerSeesTheRowsItemsAndOffsetAndChangesThem() {
    var calls: [(items: [IndexPath], offset: Point)] = []
    let fixture = makeFixture(slide: 0) { items, offset, environment in
      guard items.first?.indexPath.section == 0 else { return }
      #expect(environment.container.contentSize.width == 20)
      calls.append((items.map(\.indexPath), offset))
      // The card at the row's leading edge fades, as a carousel's would.
      for index in items.indices where items[index].frame.minX <= 0 { items[index].alpha = 0.5 }
    }
    let view = fixture.collectionView
    _ = fixture.lines
    #expect(calls.last?.items == [ip(0, 0), ip(1, 0), ip(2, 0)])
    #expect(calls.last?.offset == Point(x: 0, y: 0))
    view.focusItem(at: ip(0, 0))
    for _ in 0..<3 { view.moveFocus(.right) }
    _ = fixture.lines
    #expect(calls.last?.items == [ip(1, 0), ip(2, 0), ip(3, 0)])
    #expect(calls.last?.offset == Point(x: 7, y: 0))
    let shown = fixture.layout.layoutAttributesForElements(in: view.bounds)
    #expect(shown.first { $0.indexPath == ip(1, 0) && $0.category == .cell }?.alpha == 0.5)
    #expect(shown.first { $0.indexPath == ip(2, 0) && $0.category == .cell }?.alpha == 1)
    // The other section's items are left as they are.
    #expect(shown.filter { $0.indexPath.section == 1 }.allSatisfy { $0.alpha == 1 })
  }

  @Test func aVisibleItemsHandlerIsCalledAgainWhenTheViewScrolls() {
    var offsets: [Point] = []
    var firstShown: [Int] = []
    let row = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)), subitems: [row])
    let section = LayoutSection(group: group)
    section.visibleItemsInvalidationHandler = { items, offset, _ in
      offsets.append(offset)
      firstShown.append(items.first?.indexPath.item ?? -1)
    }
    let fixture = Fixture(
      layout: CompositionalLayout(section: section), sections: [letters(20)], size: CellSize(columns: 10, rows: 8))
    _ = fixture.lines
    fixture.collectionView.setContentOffset(Point(x: 0, y: 5), animated: false)
    _ = fixture.lines
    #expect(offsets.last == Point(x: 0, y: 5))
    #expect(firstShown.last == 5)
  }

  // MARK: - Fixtures

  /// Two rows of 6×2 cards a column apart that scroll sideways in a 20×8 view, with a row
  /// between them.
  func makeFixture(
    slide: Int, behavior: OrthogonalScrollingBehavior = .continuous,
    visibleItemsHandler: VisibleItemsInvalidationHandler? = nil
  ) -> Fixture<CompositionalLayout> {
    let card = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .absolute(6), heightDimension: .absolute(2)), subitems: [card])
    let section = LayoutSection(group: group)
    section.interGroupSpacing = 1
    section.orthogonalScrollingBehavior = behavior
    section.visibleItemsInvalidationHandler = visibleItemsHandler
    section.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
    let layout = CompositionalLayout(section: section)
    layout.orthogonalScrollAnimationDuration = slide
    return Fixture(
      layout: layout, sections: [letters(10), letters(4, from: "A")], size: CellSize(columns: 20, rows: 8),
      animated: slide > 0)
  }
}
