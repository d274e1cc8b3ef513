import TermGrid
import TermGridTesting
import Testing

@Suite struct CollectionViewAnimatedScrollingTests {
  @Test func anAnimatedOffsetEasesToItsTargetOnTheCollectionViewsClock() {
    let fixture = makeFixture()
    let view = fixture.collectionView
    view.setContentOffset(Point(x: 0, y: 10), animated: true)
    #expect(view.isScrollAnimating)
    #expect(view.targetContentOffset == Point(x: 0, y: 10))
    #expect(view.contentOffset == .zero)
    #expect(view.millisecondsUntilNextFrame == 16)
    #expect(fixture.lines[0] == "a   ")

    // Half the duration: half way (the curve passes through the middle).
    fixture.clock.now += 75
    #expect(fixture.lines[0] == "f   ")
    #expect(view.contentOffset == Point(x: 0, y: 5))
    #expect(view.isScrollAnimating)

    fixture.clock.now += 75
    #expect(fixture.lines[0] == "k   ")
    #expect(view.contentOffset == Point(x: 0, y: 10))
    #expect(!view.isScrollAnimating)
    #expect(view.millisecondsUntilNextFrame == nil)
  }

  @Test func theTargetIsClampedToTheContent() {
    let fixture = makeFixture()
    fixture.collectionView.setContentOffset(Point(x: 50, y: 500), animated: true)
    #expect(fixture.collectionView.targetContentOffset == Point(x: 0, y: 16))
    fixture.clock.now += 150
    fixture.collectionView.layoutIfNeeded()
    #expect(fixture.collectionView.contentOffset == Point(x: 0, y: 16))
  }

  @Test func scrollingWithoutAnimationStopsAnAnimatedScrollWhereItIs() {
    let fixture = makeFixture()
    let view = fixture.collectionView
    view.setContentOffset(Point(x: 0, y: 10), animated: true)
    fixture.clock.now += 75
    view.layoutIfNeeded()
    view.scroll(byRows: 1)
    #expect(!view.isScrollAnimating)
    #expect(view.contentOffset == Point(x: 0, y: 6))
    fixture.clock.now += 500
    view.layoutIfNeeded()
    #expect(view.contentOffset == Point(x: 0, y: 6))
  }

  @Test func aNewAnimatedScrollStartsFromWhereTheRunningOneHasGot() {
    let fixture = makeFixture()
    let view = fixture.collectionView
    view.setContentOffset(Point(x: 0, y: 16), animated: true)
    fixture.clock.now += 75
    view.layoutIfNeeded()
    #expect(view.contentOffset == Point(x: 0, y: 8))
    view.setContentOffset(Point(x: 0, y: 0), animated: true)
    #expect(view.contentOffset == Point(x: 0, y: 8))
    fixture.clock.now += 75
    view.layoutIfNeeded()
    #expect(view.contentOffset == Point(x: 0, y: 4))
    fixture.clock.now += 75
    view.layoutIfNeeded()
    #expect(view.contentOffset == .zero)
  }

  @Test func withAnimationsOffAnAnimatedScrollLandsAtOnce() {
    let fixture = makeFixture(animated: false)
    fixture.collectionView.setContentOffset(Point(x: 0, y: 7), animated: true)
    #expect(!fixture.collectionView.isScrollAnimating)
    #expect(fixture.collectionView.contentOffset == Point(x: 0, y: 7))
    fixture.collectionView.scrollToItem(at: ip(12), at: .top, animated: true)
    #expect(fixture.collectionView.contentOffset == Point(x: 0, y: 12))
  }

  @Test func anAnimatedScrollToAnItemEndsWhereTheImmediateOneDoes() {
    for position in [ScrollPosition.top, .center, .bottom, .nearest] {
      let animated = makeFixture()
      let immediate = makeFixture()
      animated.collectionView.scrollToItem(at: ip(9), at: position, animated: true)
      immediate.collectionView.scrollToItem(at: ip(9), at: position)
      #expect(animated.collectionView.contentOffset == .zero)
      animated.clock.now += 150
      #expect(animated.lines == immediate.lines, "\(position)")
      #expect(animated.collectionView.contentOffset == immediate.collectionView.contentOffset, "\(position)")
    }
  }

  @Test func selectingAnimatedSelectsAtOnceWithoutTellingTheDelegateAndScrollsOverTime() {
    let fixture = makeFixture()
    let view = fixture.collectionView
    view.selectItem(at: ip(15), animated: true, scrollPosition: .top)
    #expect(view.indexPathsForSelectedItems == [ip(15)])
    #expect(fixture.delegate.log.isEmpty)
    #expect(view.targetContentOffset == Point(x: 0, y: 15))
    fixture.clock.now += 150
    #expect(fixture.lines[0] == "p   ")
    // No scroll position: the offset stays.
    view.selectItem(at: ip(1), animated: true, scrollPosition: nil)
    #expect(!view.isScrollAnimating)
    #expect(view.indexPathsForSelectedItems == [ip(1)])
  }

  @Test func finishingAnimationsNowPutsTheScrollAtItsTarget() {
    let fixture = makeFixture()
    fixture.collectionView.setContentOffset(Point(x: 0, y: 9), animated: true)
    fixture.collectionView.finishAnimationsNow()
    #expect(!fixture.collectionView.isScrollAnimating)
    #expect(fixture.collectionView.contentOffset == Point(x: 0, y: 9))
  }

  /// The run loop over a headless terminal steps the scroll frame by frame on the
  /// terminal's virtual clock, without sleeping.
  @Test func aRunLoopOverAHeadlessTerminalDrawsEveryFrameOfTheScroll() {
    let size = CellSize(columns: 4, rows: 4)
    let root = ScrollingRoot(size: size)
    let pilot = ScreenPilot(root, size: size, collectionViews: [root.collectionView])
    let frames = pilot.recordFrames { pilot.press("g") }
    #expect(pilot.lastExit == .inputEnded)
    #expect(pilot.lines[0] == "q   ")
    // One frame after the key, then about one every 16 ms of 150.
    #expect(frames.count >= 9)
    #expect(pilot.elapsedMilliseconds >= 150)
    #expect(frames.map(\.milliseconds) == frames.map(\.milliseconds).sorted())
    // Each frame's top row is further down the column: a, then on to q.
    let tops = frames.map { $0.lines[0] }
    #expect(tops.first != "q   " && tops.last == "q   ")
    #expect(root.offsetsSeen.count >= 8)
    #expect(root.offsetsSeen == root.offsetsSeen.sorted())
  }

  // MARK: - Fixtures

  /// A column of 20 items, 4×1, in a 4×4 frame: the offset runs from 0 to 16.
  func makeFixture(animated: Bool = true) -> Fixture<GridLayout> {
    Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 1), sections: [letters(20)],
      size: CellSize(columns: 4, rows: 4), animated: animated)
  }
}

/// A run loop root that scrolls its collection view to item 16, animated, on any key.
final class ScrollingRoot: RunLoopRoot {
  let dataSource = TestDataSource(sections: [letters(20)])
  let collectionView: CollectionView
  var offsetsSeen: [Double] = []

  init(size: CellSize) {
    collectionView = CollectionView(
      frame: CellRect(size: size), layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 1))
    collectionView.register(TextCell.self, forCellWithReuseIdentifier: TestDataSource.cellIdentifier)
    collectionView.dataSource = dataSource
  }

  func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    collectionView.scrollToItem(at: ip(16), at: .top, animated: true)
    return .unchanged
  }

  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
    offsetsSeen.append(collectionView.contentOffset.y)
  }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }
}
