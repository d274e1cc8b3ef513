import TermGrid
import TermGridTesting
import Testing

@testable import Timeline

@Suite struct TimelineTests {
  @Test func eventsSitOnTheirDaysWithLabelsSpansAndTheTodayLine() {
    expectScreen(run().lines, named: "timeline-80x12")
  }

  @Test func zoomingInSwitchesToAWiderLayoutAndTodayScrollsIntoView() {
    let (timeline, lines) = run(keys: ["+", "+", "t"])
    expectScreen(lines, named: "timeline-zoomed-80x12")
    #expect(timeline.layout?.scale == 5)
    #expect(timeline.collectionView.contentOffset.x > 0)
  }

  @Test func zoomingOutFitsTheWholeMonth() {
    let (timeline, lines) = run(keys: ["-", "-"])
    expectScreen(lines, named: "timeline-zoomed-out-80x12")
    #expect(timeline.layout?.scale == 1)
  }

  /// The layout switch animates: half way, the dots are between their old and new columns.
  @Test func aZoomSlidesEveryElementToItsNewPlace() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 80, rows: 12))
    let timeline = Timeline(size: terminal.size)
    var now = 0
    timeline.collectionView.clock = { now }
    var canvas = Canvas(size: terminal.size)
    timeline.collectionView.draw(into: &canvas)
    timeline.zoom(by: 1)
    now += timeline.collectionView.animationDuration / 2
    timeline.collectionView.layoutIfNeeded()
    let sketches = try #require(
      timeline.collectionView.attributesOnScreen.first { $0.key == .cell(IndexPath(item: 1, section: 0)) })
    // Day 3 is at column 10 + 3×3 = 19 before and 10 + 3×4 = 22 after.
    #expect(sketches.frame.minX > 19 && sketches.frame.minX < 22)
    now += timeline.collectionView.animationDuration
    timeline.collectionView.layoutIfNeeded()
    #expect(
      timeline.collectionView.attributesOnScreen.first { $0.key == .cell(IndexPath(item: 1, section: 0)) }?.frame.minX
        == 22)
  }

  // MARK: - Fixtures

  func run(keys: [String] = []) -> (timeline: Timeline, lines: [String]) {
    let size = CellSize(columns: 80, rows: 12)
    let timeline = Timeline(size: size)
    let pilot = examplePilot(timeline, collectionView: timeline.collectionView, size: size)
    return (timeline, pilot.screen(after: keys))
  }
}
