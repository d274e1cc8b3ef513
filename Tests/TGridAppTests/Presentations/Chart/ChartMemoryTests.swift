import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The chart finds a record's point by its id without a dictionary (issue 34, item 2):
  /// a binary search over the ids while they ascend, over the items sorted by id once an
  /// edit inserted a record; an edit reads the values again into arrays made the right
  /// size at once.
  @Suite struct ChartMemoryTests {
    /// `count` records `{"name": "r3", "v": 3}`.
    private static func records(_ count: Int) -> String {
      "[" + (0..<count).map { #"{"name": "r\#($0)", "v": \#($0)}"# }.joined(separator: ",") + "]"
    }

    /// Every record's point, and the point of a value inside each record, is the record's
    /// item.
    private static func expectEveryRecordFound(
      in chart: ChartPresentation, store: DocumentStore, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let document = store.document
      for (position, record) in document.children(of: document.root).enumerated() {
        let id = store.id(record)
        #expect(chart.item(ofRecord: id) == position, "record \(position)", sourceLocation: sourceLocation)
        let value = document.children(of: record).first { document.key(of: $0) == "v" }
        #expect(
          value.flatMap { chart.indexPath(for: store.id($0), reveal: false)?.item } == position,
          "the value of record \(position)", sourceLocation: sourceLocation)
      }
      #expect(chart.item(ofRecord: NodeID(-1)) == nil, sourceLocation: sourceLocation)
      #expect(chart.item(ofRecord: NodeID(Int.max)) == nil, sourceLocation: sourceLocation)
    }

    @Test func pointsAreFoundByIDBeforeAndAfterARecordIsInserted() throws {
      let pilot = try Pilot(json: Self.records(40), size: CellSize(columns: 60, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      #expect(chart.model.isRead)
      Self.expectEveryRecordFound(in: chart, store: pilot.store)
      // A copy pasted after the first record: a new id, larger than every other.
      pilot.press("g", "y", "p")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == 41)
      #expect(ChartPresentation.itemsByID(chart.model.ids) != nil, "the ids no longer ascend")
      Self.expectEveryRecordFound(in: chart, store: pilot.store)
      pilot.press("u")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == 40)
      Self.expectEveryRecordFound(in: chart, store: pilot.store)
    }

    /// A chart read in slices gives the heap's freed pages back once it has every record,
    /// after its pass over all of them (issue 34, item 2: 1.17 × the file after every view
    /// was 1.12 × once given back), once and not at every slice or frame; each edit and
    /// undo gives them back once more.
    @Test func theChartGivesTheFreedPagesBackOnceItHasReadEveryRecord() throws {
      // Enough records for several of the run loop's 10 ms slices in an optimized build too
      // (with 8,000, an optimized AddressSanitizer build read the 6,000 after the first
      // 2,000 in one slice).
      let count = ChartModel.initialReadRecords * 50
      let pilot = try Pilot(json: Self.records(count), size: CellSize(columns: 60, rows: 16))
      let before = pilot.store.freedHeapPageReturns
      let frames = pilot.frameCount
      pilot.press("6")
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      pilot.waitForBackgroundWork { _ in !chart.isReading }
      #expect(pilot.frameCount > frames + 2, "read in slices, a frame each")
      #expect(pilot.store.freedHeapPageReturns == before + 1, "once, not at every slice")
      pilot.press("Ctrl-L", "l", "h")
      #expect(pilot.store.freedHeapPageReturns == before + 1, "not at every frame")
      pilot.press("g", "d", "u")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == count)
      #expect(pilot.store.freedHeapPageReturns == before + 3, "after the edit and after the undo")
    }

    @Test func itemsByIDAreNoneWhileTheIdsAscendElseTheItemsInTheOrderOfTheirIds() {
      #expect(ChartPresentation.itemsByID([]) == nil)
      #expect(ChartPresentation.itemsByID([NodeID(3), NodeID(8), NodeID(20)]) == nil)
      #expect(ChartPresentation.itemsByID([NodeID(3), NodeID(900), NodeID(8)]) == [0, 2, 1])
      #expect(ChartPresentation.itemsByID([NodeID(9), NodeID(3), NodeID(5)]) == [1, 2, 0])
    }

    /// The arrays an edit reads the values into are made for every record at once: grown
    /// by doubling, the smaller copies freed on the way stayed resident in the heap.
    @Test func anEditReadsTheValuesIntoArraysOfTheRightSize() throws {
      let pilot = try Pilot(json: Self.records(1_000), size: CellSize(columns: 60, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      pilot.press("g", "d")
      #expect(chart.model.ids.count == 999)
      // Grown by doubling they would hold 1,024.
      #expect(chart.model.ids.capacity < 1_016, "\(chart.model.ids.capacity)")
      #expect(chart.model.x.capacity < 1_016, "\(chart.model.x.capacity)")
      #expect(chart.model.y.allSatisfy { $0.capacity < 1_016 })
    }
  }
}
