import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Details of tables inside the tree (issue 29.6): a key met only in a later group of a
  /// grouped table gets its titled column, and a row closed with `h` shows its record's
  /// preview across its line.
  @Suite struct TreeTableDetailsPilotTests {
    @Test func aKeyOnlyInALaterGroupGetsItsTitledColumnWhenTheGroupOpens() throws {
      let count = TreePresentation.groupSize + 2_500
      let json =
        "["
        + (0..<count).map {
          $0 == 10_003 ? #"{"id": 10003, "name": "n10003", "late": "x3"}"# : #"{"id": \#($0), "name": "n\#($0)"}"#
        }.joined(separator: ",\n") + "]"
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 10), presentation: .tree)
      pilot.press("T")
      #expect(!pilot.lines[1].contains("late"), "\n\(pilot.screen)")
      pilot.press("End", "Right", "Right", "j", "j", "j")
      #expect(pilot.focusedPath == ".[10003]", "\(pilot.focusedPath)")
      let header = pilot.lines[0]
      #expect(header.contains("id #") && header.contains("name") && header.contains("late"), "\n\(pilot.screen)")
      let lateColumn = try #require(header.range(of: "late")).lowerBound.utf16Offset(in: header)
      let row = try #require(pilot.lines.first { $0.contains("[10003]") }, "\n\(pilot.screen)")
      #expect(
        try #require(row.range(of: "x3")).lowerBound.utf16Offset(in: row) == lateColumn, "\n\(pilot.screen)")
      let other = try #require(pilot.lines.first { $0.contains("[10002]") }, "\n\(pilot.screen)")
      #expect(other.contains("·"), "a row without the key marks it missing: \(other)")
    }

    @Test func aCollapsedRowShowsItsPreviewAcrossItsLine() throws {
      let json = #"{"t": [{"a": 1, "b": "x"}, {"a": 2, "b": "y"}, {"a": 3, "b": "z"}]}"#
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 8), presentation: .tree)
      pilot.press("j", "j", "j")
      #expect(pilot.focusedPath == ".t[1]", "\(pilot.focusedPath)")
      pilot.press("h")
      let row = try #require(pilot.lines.first { $0.contains("[1]") }, "\n\(pilot.screen)")
      #expect(row.contains("▸ [1]: {") && row.contains("\"y\"") && row.contains("a: 2"), "\n\(pilot.screen)")
      #expect(row.contains("(+2)"), "\n\(pilot.screen)")
      // Its neighbours are rows of the table as before.
      let next = try #require(pilot.lines.first { $0.contains("[2]") }, "\n\(pilot.screen)")
      #expect(next.contains("z") && !next.contains("{"), "\n\(pilot.screen)")
    }
  }
}
