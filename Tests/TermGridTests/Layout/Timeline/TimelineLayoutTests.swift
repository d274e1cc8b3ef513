import TermGrid
import Testing

@testable import TermGridLayout

@Suite struct TimelineCalendarTests {
  @Test func dayNumbersRoundTripThroughCivilDates() {
    #expect(TimelineCalendar.days(year: 1970, month: 1, day: 1) == 0)
    #expect(TimelineCalendar.days(year: 2000, month: 3, day: 1) == 11_017)
    #expect(TimelineCalendar.days(year: 1969, month: 12, day: 31) == -1)
    for days in stride(from: -1_000_000, through: 1_000_000, by: 997) {
      let date = TimelineCalendar.date(fromDays: days)
      #expect(TimelineCalendar.days(year: date.year, month: date.month, day: date.day) == days)
    }
  }

  @Test func extremeYearsNeitherCrashNorWrap() {
    let yearZero = Double(TimelineCalendar.days(year: 0, month: 1, day: 1)) * 86_400
    #expect(TimelineCalendar.split(yearZero).date == TimelineCalendar.Date(year: 0, month: 1, day: 1))
    let far = Double(TimelineCalendar.days(year: 275_760, month: 9, day: 13)) * 86_400
    #expect(TimelineCalendar.split(far).date.year == 275_760)
    #expect(TimelineCalendar.split(.greatestFiniteMagnitude).date.year > 200_000_000, "clamped, not trapped")
    #expect(TimelineCalendar.split(-86_400.5).date == TimelineCalendar.Date(year: 1969, month: 12, day: 30))
  }

  @Test func periodsNameTheirStartAndContainTheirTimes() {
    let month = TimelineCalendar.Period(unit: .month, step: 1)
    let march2024 = Double(TimelineCalendar.days(year: 2024, month: 3, day: 15)) * 86_400
    let index = month.index(containing: march2024)
    #expect(month.label(forIndex: index) == "Mar 2024")
    #expect(month.start(ofIndex: index) == Double(TimelineCalendar.days(year: 2024, month: 3, day: 1)) * 86_400)
    let hour = TimelineCalendar.Period(unit: .hour, step: 6)
    #expect(hour.label(forIndex: hour.index(containing: march2024 + 13 * 3600)) == "15 Mar 12:00")
    let years = TimelineCalendar.Period(unit: .year, step: 10)
    #expect(years.label(forIndex: years.index(containing: march2024)) == "2020")
    #expect(years.label(forIndex: years.index(containing: -1e9)) == "1930")
  }
}

@Suite struct MinHeapTests {
  @Test func popsInKeyOrderWhateverThePushOrder() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<50 {
      var heap = MinHeap()
      var keys: [Int] = []
      for value in 0..<(round * 7 + 1) {
        let key = Int.random(in: -50...50, using: &generator)
        keys.append(key)
        heap.push(key: key, value: value)
      }
      var popped: [Int] = []
      while let top = heap.peek {
        popped.append(top.key)
        #expect(keys[top.value] == top.key, "a value stays with its key")
        heap.pop()
      }
      #expect(popped == keys.sorted())
    }
    var empty = MinHeap()
    empty.pop()
    #expect(empty.peek == nil)
  }
}

@Suite struct TimelineLayoutTests {
  @Test func overlappingRangesArePackedIntoTheLowestFreeLane() {
    // Days: a 0–10, b 5–8 (overlaps a), c 9–12 (overlaps a, not b), d 11–12 (fits after a).
    let fixture = TimelineFixture(ranges: [(0, 10), (5, 8), (9, 12), (11, 12)], pointsPerDay: 2)
    #expect(fixture.lanes == [0, 1, 1, 0])
    #expect(fixture.layout.laneCount == 2)
    #expect(
      fixture.frame(0) == Rect(x: 1, y: 2, width: 20, height: 1), "after a blank column, under the headers and axis")
    #expect(fixture.frame(1) == Rect(x: 11, y: 3, width: 6, height: 1))
  }

  @Test func aPassWithTheSameItemsKeepsItsLanesAndAnyChangeIsPackedAgain() {
    let fixture = TimelineFixture(ranges: [(0, 10), (5, 8), (9, 12), (11, 12)], pointsPerDay: 2)
    let frames = (0..<4).map(fixture.frame)
    fixture.layout.invalidateLayout()
    fixture.layout.prepareIfNeeded()
    #expect((0..<4).map(fixture.frame) == frames, "the same data: the same places")
    #expect(fixture.lanes == [0, 1, 1, 0])
    // b now starts after everything else ends: it moves to the first lane.
    fixture.ranges[1] = (13, 14)
    fixture.layout.invalidateLayout()
    fixture.layout.prepareIfNeeded()
    #expect(fixture.lanes == [0, 0, 1, 0], "b and d take a's lane after it, c the next")
    #expect(fixture.frame(1)?.minX == 27)
    // Wider markers and another scale are other inputs too.
    fixture.ranges = [(0, nil), (1, nil), (2, nil), (3, nil)]
    fixture.layout.invalidateLayout()
    fixture.layout.prepareIfNeeded()
    let narrow = fixture.lanes
    fixture.minimumWidth = 5
    fixture.layout.invalidateLayout()
    fixture.layout.prepareIfNeeded()
    #expect(fixture.lanes != narrow, "wider labels overlap, so they take more lanes: \(narrow) → \(fixture.lanes)")
    #expect(fixture.frame(0)?.width == 5)
    // Fitting the width: a wider screen is another scale, so every item moves.
    let fitted = TimelineFixture(ranges: [(0, 10), (20, 30)], pointsPerDay: nil)
    let before = fitted.frame(1)
    fitted.host.bounds = Rect(x: 0, y: 0, width: 160, height: 24)
    fitted.layout.invalidateLayout()
    fitted.layout.prepareIfNeeded()
    #expect(fitted.frame(1) != before)
    #expect(
      (fitted.frame(1)?.maxX ?? 0) > 80,
      "the last range reaches into the wider width: \(String(describing: fitted.frame(1)))")
  }

  @Test func pointEventsAreMarkersAsWideAsTheDelegateAsks() {
    let fixture = TimelineFixture(ranges: [(0, nil), (1, nil), (3, 6)], pointsPerDay: 2, minimumWidth: 4)
    let marker = fixture.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
    #expect(marker?.info?.value(as: TimelineItemInfo.self)?.isMarker == true)
    #expect(marker?.frame.width == 4)
    #expect(fixture.lanes == [0, 1, 0], "a marker's width is what packs, not its instant")
  }

  @Test func headersMarkAPeriodChosenByTheScale() {
    let coarse = TimelineFixture(ranges: [(0, 3650)], pointsPerDay: 0.05)
    #expect(coarse.layout.period.unit == .year)
    let fine = TimelineFixture(ranges: [(0, 3)], pointsPerDay: 20)
    #expect(fine.layout.period.unit == .day)
    let hours = TimelineFixture(ranges: [(0, 1)], pointsPerDay: 24 * 20)
    #expect(hours.layout.period == TimelineCalendar.Period(unit: .hour, step: 1))
    let headers = hours.query(Rect(x: 0, y: 0, width: 80, height: 5)).filter {
      $0.representedElementKind == ElementKind.timelineHeader
    }
    #expect(headers.count >= 3)
    for header in headers {
      #expect(
        header.frame.width >= 14 || header.frame.minX == 0
          || header.frame.maxX >= hours.layout.collectionViewContentSize.width)
      #expect(header.indexPath.section == hours.layout.period.code)
    }
  }

  @Test func aLayoutWithoutAScaleFitsEverythingInTheWidth() {
    let fixture = TimelineFixture(ranges: [(0, 100), (50, 400), (390, nil)], pointsPerDay: nil)
    #expect(fixture.layout.collectionViewContentSize.width <= 80)
  }

  @Test func headersAndTheAxisStayAtTheTopWhileLanesScroll() {
    let fixture = TimelineFixture(ranges: (0..<50).map { (Double($0), Double($0) + 30) }, pointsPerDay: 2)
    #expect(fixture.layout.laneCount > 20)
    fixture.scroll(to: Rect(x: 10, y: 12, width: 40, height: 10))
    let elements = fixture.query(fixture.host.bounds)
    let axis = elements.first { $0.representedElementKind == ElementKind.timelineAxis }
    #expect(axis?.frame == Rect(x: 10, y: 13, width: 40, height: 1))
    #expect(
      elements.filter { $0.representedElementKind == ElementKind.timelineHeader }.allSatisfy { $0.frame.minY == 12 })
    #expect(fixture.layout.obscuredInsets(in: fixture.host.bounds).top == 2)
  }

  @Test func aRectQueryAgreesWithTheOnDemandAttributes() {
    let ranges: [(Double, Double?)] = (0..<300).map { index in
      let start = Double((index * 37) % 200)
      return index % 5 == 0 ? (start, nil) : (start, start + Double(index % 17))
    }
    let fixture = TimelineFixture(ranges: ranges, pointsPerDay: 1.5, minimumWidth: 3)
    for rect in [
      Rect(x: 0, y: 0, width: 80, height: 24), Rect(x: 100, y: 10, width: 30, height: 7),
      Rect(x: 250, y: 40, width: 80, height: 30),
    ] {
      let queried = Set(fixture.query(rect).filter { $0.category == .cell }.map(\.indexPath))
      let expected = Set(
        (0..<300).compactMap { fixture.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
          .filter { $0.frame.intersects(rect) }.map(\.indexPath))
      #expect(queried == expected)
    }
  }

  @Test func nothingInALaneOverlaps() {
    var ranges: [(Double, Double?)] = []
    for index in 0..<500 {
      let start = Double((index * 7919) % 365)
      let end: Double? = index % 3 == 0 ? nil : start + Double(index % 40)
      ranges.append((start, end))
    }
    let fixture = TimelineFixture(ranges: ranges, pointsPerDay: 3, minimumWidth: 2)
    var byLane: [Int: [Rect]] = [:]
    for item in 0..<500 {
      guard let frame = fixture.frame(item) else { continue }
      byLane[fixture.lanes[item], default: []].append(frame)
    }
    for frames in byLane.values {
      let sorted = frames.sorted { $0.minX < $1.minX }
      for (left, right) in zip(sorted, sorted.dropFirst()) { #expect(left.maxX < right.minX) }
    }
  }

  @Test func focusMovesAlongALaneAndToTheNearestItemOfTheNextLane() {
    let fixture = TimelineFixture(ranges: [(0, 10), (5, 8), (20, 30), (9, 12)], pointsPerDay: 2)
    let layout = fixture.layout
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 0, section: 0), direction: .right)
        == IndexPath(item: 2, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 2, section: 0), direction: .left)
        == IndexPath(item: 0, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 2, section: 0), direction: .down)
        == IndexPath(item: 3, section: 0))
  }

  @Test func zoomingKeepsTheDataAndChangesOnlyTheScale() {
    let fixture = TimelineFixture(ranges: [(0, 10), (20, 30)], pointsPerDay: 2)
    let zoomed = fixture.layout.copy(pointsPerSecond: 4 / 86_400)
    zoomed.collectionView = fixture.host
    zoomed.prepareIfNeeded()
    #expect(zoomed.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 81)
  }

  @Test func deletingAnEventLeavesTheDateHeadersWhereTheyAre() {
    // The bug this guards: headers of custom kinds followed items, so every header slid
    // one slot during the animation of a delete.
    let timeline = TimelineHarness(days: [0, 40, 80, 120, 160], size: CellSize(columns: 60, rows: 8))
    timeline.collectionView.animatesChanges = true
    var now = 0
    timeline.collectionView.clock = { now }
    timeline.collectionView.layoutIfNeeded()
    let headersBefore = timeline.headerFrames()
    timeline.days.remove(at: 2)
    timeline.collectionView.performBatchUpdates {
      timeline.collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
    }
    now = 50
    timeline.collectionView.layoutIfNeeded()
    let midway = timeline.headerFrames()
    for (path, frame) in midway {
      if let old = headersBefore[path] { #expect(old == frame, "header \(path) stays put") }
    }
    let fading = timeline.collectionView.attributesOnScreen.filter {
      $0.category == .supplementaryView && $0.alpha < 1
    }
    #expect(fading.isEmpty, "no header fades out and in again: \(fading)")
    #expect(!midway.isEmpty)
  }

  @Test func aShrunkRangeRemovesTheHeadersItNoLongerReaches() {
    let timeline = TimelineHarness(days: [0, 400], size: CellSize(columns: 60, rows: 8), pointsPerDay: 0.2)
    timeline.collectionView.layoutIfNeeded()
    timeline.days.removeLast()
    timeline.days.append(100)
    timeline.collectionView.performBatchUpdates {
      timeline.collectionView.reloadItems(at: [IndexPath(item: 1, section: 0)])
      timeline.layout.invalidateLayout()
    }
    let deleted = timeline.deletedHeaders
    #expect(!deleted.isEmpty, "the months after day 100 are gone")
  }

  @Test func aTimelineDrawsHeadersAxisAndBars() throws {
    let timeline = TimelineHarness(
      days: [0, 20, 35, 50], ends: [30, 28, nil, 70], size: CellSize(columns: 48, rows: 6))
    timeline.layout.now = 45 * 86_400
    try Snapshot.expect(timeline.lines, named: "timeline-days")
    let text = timeline.lines.joined(separator: "\n")
    #expect(text.contains("Jan 1970") && text.contains("Feb 1970"))
  }
}

// MARK: - Fixtures

/// A timeline over day numbers (day 0 is 1970-01-01) on a static host.
final class TimelineFixture: TimelineLayoutDelegate {
  let host: StaticLayoutHost
  let layout: TimelineLayout
  var ranges: [(Double, Double?)]
  var minimumWidth: Int

  init(ranges: [(Double, Double?)], pointsPerDay: Double?, minimumWidth: Int = 1) {
    host = StaticLayoutHost(itemCounts: [ranges.count], bounds: Rect(x: 0, y: 0, width: 80, height: 24))
    layout = TimelineLayout(pointsPerSecond: pointsPerDay.map { $0 / 86_400 })
    self.ranges = ranges
    self.minimumWidth = minimumWidth
    layout.collectionView = host
    layout.delegate = self
    layout.prepareIfNeeded()
  }

  func timelineLayout(_ layout: TimelineLayout, rangeForItemAt indexPath: IndexPath) -> TimelineRange? {
    let (start, end) = ranges[indexPath.item]
    return TimelineRange(start: start * 86_400, end: end.map { $0 * 86_400 })
  }

  func timelineLayout(_ layout: TimelineLayout, minimumWidthForItemAt indexPath: IndexPath) -> Int { minimumWidth }

  var lanes: [Int] {
    (0..<ranges.count).map {
      layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.info?.value(as: TimelineItemInfo.self)?.lane
        ?? -1
    }
  }

  func frame(_ item: Int) -> Rect? { layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame }

  func query(_ rect: Rect) -> [LayoutAttributes] { layout.layoutAttributesForElements(in: rect) }

  func scroll(to bounds: Rect) {
    let context =
      layout.shouldInvalidateLayout(forBoundsChange: bounds) ? layout.invalidationContext(forBoundsChange: bounds) : nil
    host.bounds = bounds
    if let context { layout.invalidateLayout(with: context) }
    layout.prepareIfNeeded()
  }
}

/// A timeline of day ranges in a collection view, drawn headless.
final class TimelineHarness: CollectionViewDataSource, TimelineLayoutDelegate {
  var days: [Double]
  var ends: [Double?]
  let layout: TimelineLayout
  let collectionView: CollectionView
  private(set) var deletedHeaders: [IndexPath] = []

  init(days: [Double], ends: [Double?]? = nil, size: CellSize, pointsPerDay: Double = 1) {
    self.days = days
    self.ends = ends ?? days.map { $0 + 10 }
    layout = RecordingTimelineLayout(pointsPerSecond: pointsPerDay / 86_400)
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    collectionView.animatesChanges = false
    collectionView.register(RowTextCell.self, forCellWithReuseIdentifier: "text")
    collectionView.register(
      TimelineHeaderView.self, forSupplementaryViewOfKind: ElementKind.timelineHeader, withReuseIdentifier: "h")
    layout.delegate = self
    (layout as? RecordingTimelineLayout)?.onDeletedHeaders = { [unowned self] in self.deletedHeaders += $0 }
    collectionView.dataSource = self
  }

  var lines: [String] {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas.lines
  }

  func headerFrames() -> [IndexPath: Rect] {
    var frames: [IndexPath: Rect] = [:]
    for element in collectionView.attributesOnScreen where element.category == .supplementaryView {
      frames[element.indexPath] = element.frame
    }
    return frames
  }

  func timelineLayout(_ layout: TimelineLayout, rangeForItemAt indexPath: IndexPath) -> TimelineRange? {
    let end = indexPath.item < ends.count ? ends[indexPath.item] : nil
    return TimelineRange(start: days[indexPath.item] * 86_400, end: end.map { $0 * 86_400 })
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { days.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(RowTextCell.self, withReuseIdentifier: "text", for: indexPath)
    cell.text = String(repeating: "=", count: 40)
    cell.text = "e\(indexPath.item)" + String(repeating: "=", count: 40)
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    collectionView.dequeueReusableSupplementaryView(
      TimelineHeaderView.self, ofKind: kind, withReuseIdentifier: "h", for: indexPath)
  }
}

/// Records what a batch update was told to delete.
final class RecordingTimelineLayout: TimelineLayout {
  var onDeletedHeaders: ([IndexPath]) -> Void = { _ in }

  override func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [IndexPath] {
    let paths = super.indexPathsToDeleteForSupplementaryView(ofKind: kind)
    if kind == ElementKind.timelineHeader { onDeletedHeaders(paths) }
    return paths
  }
}
