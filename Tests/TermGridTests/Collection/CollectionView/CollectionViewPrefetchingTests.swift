import TermGrid
import Testing

@Suite struct CollectionViewPrefetchingTests {
  @Test func theScreenBelowIsAskedForFirstAndWhatScrollsIntoViewIsNotCancelled() {
    let (fixture, prefetcher) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    // Items 0-3 are visible: the next screen, 4-7, nearest first.
    #expect(prefetcher.log == ["fetch 4 5 6 7"])
    #expect(view.indexPathsBeingPrefetched == [ip(4), ip(5), ip(6), ip(7)])
    prefetcher.log = []
    view.scroll(byRows: 2)
    view.layoutIfNeeded()
    // 4 and 5 came into view; 6 and 7 are still ahead; 8 and 9 are new.
    #expect(prefetcher.log == ["fetch 8 9"])
    #expect(view.indexPathsBeingPrefetched == [ip(6), ip(7), ip(8), ip(9)])
  }

  @Test func scrollingBackLooksUpAndCancelsWhatWasLeftBelow() {
    let (fixture, prefetcher) = makeFixture()
    let view = fixture.collectionView
    view.contentOffset = Point(x: 0, y: 20)
    view.layoutIfNeeded()
    #expect(prefetcher.log == ["fetch 24 25 26 27"])
    prefetcher.log = []
    view.scroll(byRows: -1)
    view.layoutIfNeeded()
    // Moving up: the screen above, nearest first; what lay below is cancelled.
    #expect(prefetcher.log == ["cancel 24 25 26 27", "fetch 18 17 16 15"])
  }

  @Test func contentThatFitsAsksForNothing() {
    let (fixture, prefetcher) = makeFixture(items: 3)
    fixture.collectionView.layoutIfNeeded()
    fixture.collectionView.scroll(byRows: 1)
    fixture.collectionView.layoutIfNeeded()
    #expect(prefetcher.log.isEmpty)
  }

  @Test func afterAReloadPrefetchingStartsAfresh() {
    let (fixture, prefetcher) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    prefetcher.log = []
    fixture.dataSource.sections[0].removeFirst(2)
    view.reloadData()
    view.layoutIfNeeded()
    #expect(prefetcher.log == ["fetch 4 5 6 7"])
    prefetcher.log = []
    fixture.dataSource.sections[0].insert("new", at: 0)
    view.insertItems(at: [ip(0)])
    view.layoutIfNeeded()
    #expect(prefetcher.log == ["fetch 4 5 6 7"])
  }

  @Test func turningPrefetchingOffCancelsWhatWasAskedFor() {
    let (fixture, prefetcher) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    view.isPrefetchingEnabled = false
    #expect(prefetcher.log == ["fetch 4 5 6 7", "cancel 4 5 6 7"])
    view.scroll(byRows: 3)
    view.layoutIfNeeded()
    #expect(prefetcher.log.count == 2)
    #expect(view.indexPathsBeingPrefetched.isEmpty)
    view.isPrefetchingEnabled = true
    view.layoutIfNeeded()
    #expect(prefetcher.log.last == "fetch 7 8 9 10")
  }

  @Test func aNewPrefetchDataSourceStartsAfreshAndPrefetchingStaysOffWhenTurnedOff() {
    let (fixture, first) = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let second = PrefetchLog()
    view.prefetchDataSource = second
    view.scroll(byRows: 1)
    view.layoutIfNeeded()
    #expect(first.log == ["fetch 4 5 6 7"])
    #expect(second.log == ["fetch 5 6 7 8"])
    view.isPrefetchingEnabled = false
    let third = PrefetchLog()
    view.prefetchDataSource = third
    view.scroll(byRows: 1)
    view.layoutIfNeeded()
    #expect(!view.isPrefetchingEnabled)
    #expect(third.log.isEmpty)
  }

  // MARK: - Fixtures

  /// A column of 4×1 items in a 4×4 frame, with a prefetcher that logs.
  func makeFixture(items: Int = 40) -> (Fixture<GridLayout>, PrefetchLog) {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 1), sections: [letters(items)],
      size: CellSize(columns: 4, rows: 4))
    let prefetcher = PrefetchLog()
    fixture.collectionView.prefetchDataSource = prefetcher
    return (fixture, prefetcher)
  }
}

/// Logs prefetch requests and cancellations by item number.
final class PrefetchLog: CollectionViewDataSourcePrefetching {
  var log: [String] = []

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    log.append("fetch " + indexPaths.map { String($0.item) }.joined(separator: " "))
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    log.append("cancel " + indexPaths.map { String($0.item) }.joined(separator: " "))
  }
}
