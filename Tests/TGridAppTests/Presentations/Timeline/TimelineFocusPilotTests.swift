import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The timeline finds a record's event by its id with nothing kept beside the events: a
  /// binary search while the ids ascend (the document as loaded), the items sorted by id
  /// once edits have put new ids among them.
  @Suite struct TimelineFocusPilotTests {
    static let records: String = {
      let records = (0..<30).map { index in
        "{\"name\": \"event \(index)\", \"date\": \"1999-0\(1 + index % 9)-1\(index % 10)\"}"
      }
      return "[" + records.joined(separator: ",\n") + "]"
    }()

    @Test func duplicatedRecordsAreFocusedAndFoundAgainAfterASwitch() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 100, rows: 20), presentation: .timeline)
      for _ in 0..<5 { pilot.press("l") }
      let before = pilot.focusedPath
      pilot.press("D")
      // The copy has a new id, larger than every other: the ids no longer ascend.
      #expect(pilot.statusLine.contains("duplicated"), "\(pilot.statusLine)")
      let copy = pilot.focusedPath
      #expect(copy != before, "the copy is focused: \(copy)")
      pilot.press("D")
      let second = pilot.focusedPath
      // Away and back: the focus is found again by its id, in the other order.
      pilot.press("2")
      pilot.press("4")
      #expect(pilot.focusedPath == second, "\(pilot.focusedPath) after the switch, \(second) before")
      // Every record is still found: focus each by path and read it back.
      for position in [0, 12, 29, 31] {
        _ = pilot.browser.reading.goTo(pathText: ".[\(position)]")
        pilot.resize(to: pilot.terminal.size)
        #expect(pilot.focusedPath == ".[\(position)]", "go to .[\(position)]: \(pilot.focusedPath)")
      }
    }
  }
}
