import TermGrid
import Testing

@testable import TermGridLayout

/// Swim lanes: items grouped by a category, each group with lanes of its own under a
/// header row that stays in view while its lanes do.
@Suite struct TimelineLaneGroupTests {
  @Test func eachGroupPacksItsOwnLanesUnderItsHeaderRow() throws {
    // Group 0: a 0–10, c 5–8 (overlaps a); group 1: b 2–4; group 2 has nothing.
    let fixture = GroupedTimelineFixture(
      ranges: [(0, 10), (2, 4), (5, 8)], groups: [0, 1, 0], titles: ["open", "shipped", "empty"])
    // Rows: headers 0–1, "open" header 2, lanes 3–4, "shipped" header 5, lane 6.
    #expect(fixture.frame(0)?.minY == 3)
    #expect(fixture.frame(2)?.minY == 4)
    #expect(fixture.frame(1)?.minY == 6, "b overlaps nothing in its own group: the group's first lane")
    #expect(fixture.layout.laneCount == 3)
    #expect(fixture.layout.collectionViewContentSize.height == 7)
    let headers = fixture.laneHeaders(in: fixture.host.bounds)
    #expect(headers.map(\.title) == ["open", "shipped"], "a group without items has no header")
    #expect(headers.map(\.row) == [2, 5])
    #expect(headers.map(\.itemCount) == [2, 1])
    #expect(headers.map(\.laneCount) == [2, 1])
    let shipped = try #require(
      fixture.layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.timelineLaneHeader, at: IndexPath(item: 1, section: 0)))
    #expect(shipped.frame == Rect(x: 0, y: 5, width: 80, height: 1))
    #expect(fixture.layout.obscuredInsets(in: fixture.host.bounds).top == 3, "date headers and a lane header")
  }

  @Test func withoutGroupsNothingChanges() {
    let ranges: [(Double, Double?)] = [(0, 10), (5, 8), (9, 12), (11, 12)]
    let plain = TimelineFixture(ranges: ranges, pointsPerDay: 2)
    let grouped = GroupedTimelineFixture(ranges: ranges, groups: [0, 0, 0, 0], titles: [])
    #expect((0..<4).map(plain.frame) == (0..<4).map(grouped.frame))
    #expect(grouped.laneHeaders(in: grouped.host.bounds).isEmpty)
    #expect(plain.layout.obscuredInsets(in: plain.host.bounds).top == 2)
  }

  @Test func aGroupsHeaderStaysInViewWhileItsLanesScrollAndIsPushedOutByTheNext() {
    // Group 0: 30 overlapping ranges (30 lanes); group 1: one.
    var ranges: [(Double, Double?)] = (0..<30).map { (Double($0), Double($0) + 40) }
    ranges.append((0, 5))
    let fixture = GroupedTimelineFixture(
      ranges: ranges, groups: Array(repeating: 0, count: 30) + [1], titles: ["many", "one"])
    // Rows: group 0 header at 2, lanes 3…32; group 1 header at 33, its lane at 34.
    fixture.scroll(to: Rect(x: 0, y: 10, width: 80, height: 12))
    var headers = fixture.laneHeaders(in: fixture.host.bounds)
    #expect(headers.first { $0.title == "many" }?.row == 12, "held under the date headers (rows 10–11)")
    fixture.scroll(to: Rect(x: 0, y: 25, width: 80, height: 12))
    headers = fixture.laneHeaders(in: fixture.host.bounds)
    #expect(headers.first { $0.title == "many" }?.row == 27)
    #expect(headers.first { $0.title == "one" }?.row == 33, "the next group's header on its own row")
    fixture.scroll(to: Rect(x: 0, y: 31, width: 80, height: 12))
    headers = fixture.laneHeaders(in: fixture.host.bounds)
    #expect(headers.first { $0.title == "many" }?.row == 32, "no lower than its group's last lane")
  }

  @Test func aRectQueryAgreesWithTheOnDemandAttributesAcrossGroups() {
    let ranges: [(Double, Double?)] = (0..<300).map { index in
      let start = Double((index * 37) % 200)
      return index % 5 == 0 ? (start, nil) : (start, start + Double(index % 17))
    }
    let fixture = GroupedTimelineFixture(
      ranges: ranges, groups: (0..<300).map { ($0 * 7) % 4 }, titles: ["a", "b", "c", "d"])
    for rect in [
      Rect(x: 0, y: 0, width: 80, height: 24), Rect(x: 100, y: 10, width: 30, height: 7),
      Rect(x: 150, y: 40, width: 80, height: 30),
    ] {
      let queried = Set(
        fixture.layout.layoutAttributesForElements(in: rect).filter { $0.category == .cell }.map(\.indexPath))
      let expected = Set(
        (0..<300).compactMap { fixture.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
          .filter { $0.frame.intersects(rect) }.map(\.indexPath))
      #expect(queried == expected)
    }
    // Every item sits below its own group's header and above the next one's.
    let headerRows = fixture.laneHeaders(in: Rect(x: 0, y: 0, width: 80, height: 10_000)).map(\.row)
    for item in 0..<300 {
      guard let row = fixture.frame(item)?.minY else { continue }
      let group = (item * 7) % 4
      #expect(Int(row) > headerRows[group])
      if group + 1 < headerRows.count { #expect(Int(row) < headerRows[group + 1]) }
    }
  }

  @Test func laneHeadersStayPutThroughABatchUpdate() {
    let layout = TimelineLayout()
    #expect(!layout.supplementaryViewsFollowItems(ofKind: ElementKind.timelineLaneHeader))
  }
}

/// A ``TimelineFixture`` whose items fall into groups of lanes.
final class GroupedTimelineFixture: TimelineLayoutDelegate {
  let host: StaticLayoutHost
  let layout: TimelineLayout
  let ranges: [(Double, Double?)]
  let groups: [Int]
  let titles: [String]

  init(ranges: [(Double, Double?)], groups: [Int], titles: [String]) {
    host = StaticLayoutHost(itemCounts: [ranges.count], bounds: Rect(x: 0, y: 0, width: 80, height: 24))
    layout = TimelineLayout(pointsPerSecond: 2 / 86_400)
    self.ranges = ranges
    self.groups = groups
    self.titles = titles
    layout.collectionView = host
    layout.delegate = self
    layout.prepareIfNeeded()
  }

  func timelineLayout(_ layout: TimelineLayout, rangeForItemAt indexPath: IndexPath) -> TimelineRange? {
    let (start, end) = ranges[indexPath.item]
    return TimelineRange(start: start * 86_400, end: end.map { $0 * 86_400 })
  }

  func numberOfLaneGroups(in layout: TimelineLayout) -> Int { titles.count }

  func timelineLayout(_ layout: TimelineLayout, laneGroupForItemAt indexPath: IndexPath) -> Int {
    groups[indexPath.item]
  }

  func timelineLayout(_ layout: TimelineLayout, titleForLaneGroup group: Int) -> String { titles[group] }

  func frame(_ item: Int) -> Rect? { layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame }

  func laneHeaders(in rect: Rect) -> [(title: String, row: Int, itemCount: Int, laneCount: Int)] {
    layout.layoutAttributesForElements(in: rect).filter { $0.representedElementKind == ElementKind.timelineLaneHeader }
      .compactMap { attributes in
        attributes.info?.value(as: TimelineLaneHeaderInfo.self).map {
          ($0.title, Int(attributes.frame.minY), $0.itemCount, $0.laneCount)
        }
      }.sorted { $0.row < $1.row }
  }

  func scroll(to bounds: Rect) {
    let context =
      layout.shouldInvalidateLayout(forBoundsChange: bounds) ? layout.invalidationContext(forBoundsChange: bounds) : nil
    host.bounds = bounds
    if let context { layout.invalidateLayout(with: context) }
    layout.prepareIfNeeded()
  }
}
