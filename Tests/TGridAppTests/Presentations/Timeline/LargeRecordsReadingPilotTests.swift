import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Issue 34.4 through the real run loop: the timeline and the table read many records of
  /// one shape in slices, by position and by shape, and answer keys when done.
  @Suite struct LargeRecordsReadingPilotTests {
    static let count = 12_000

    static var records: String {
      "["
        + (0..<count).map { index in
          let day = index % 28 < 9 ? "0\(index % 28 + 1)" : "\(index % 28 + 1)"
          return
            #"{"id": \#(index), "name": "n\#(index)", "start": "2024-01-\#(day)", "manager": \#(index % 3 == 0 ? "null" : "7")}"#
        }.joined(separator: ",") + "]"
    }

    @Test func theTimelineReadsRecordsOfOneShapeByPosition() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 16))
      pilot.press("4")
      let timeline = try #require(pilot.browser.presentation as? TimelinePresentation)
      pilot.waitForBackgroundWork { _ in !timeline.isReading }
      #expect(timeline.model.events.count == Self.count)
      // One record by name a slice: a record by name each took most of a gigabyte's 38 s.
      #expect(timeline.model.recordsReadByName * 20 < Self.count, "\(timeline.model.recordsReadByName) by name")
      pilot.press("Ctrl-L")
      #expect(pilot.statusLine.contains("/12000"), "\(pilot.statusLine)")
      #expect(!pilot.statusLine.contains("reading"), "\(pilot.statusLine)")
    }

    @Test func theTableDecodesTheKeysOfOneRowASlice() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 16))
      pilot.press("3")
      let table = try #require(pilot.browser.presentation as? TablePresentation)
      pilot.waitForBackgroundWork { _ in !table.isReading }
      #expect(table.model.isScanned)
      #expect(table.model.columns == ["id", "name", "start", "manager"])
      #expect(table.model.keyDecodedRowCount * 20 < Self.count, "\(table.model.keyDecodedRowCount) rows decoded")
      pilot.press("G")
      #expect(pilot.statusLine.contains("row 12000/12000"), "\(pilot.statusLine)")
    }
  }
}
