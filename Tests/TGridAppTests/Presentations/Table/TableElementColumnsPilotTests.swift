import Foundation
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// An array of arrays in the table (issue 29, as VisiData shows one): a column per
  /// position, `[0]`, `[1]`, …, typed, sorted, counted and summarized like any column, a
  /// cell's edit changing that element; arrays among records still readable.
  @Suite struct TableElementColumnsPilotTests {
    /// Levenshtein examples, as Python's test data has them: two strings and their distance.
    static let examples = #"""
      [["", "AabBbb", 6], ["kitten", "sitting", 3], ["flaw", "lawn", 2], ["a", "b", 1],
       ["", "", 0], ["saturday", "sunday", 3]]
      """#

    func examples(size: CellSize = CellSize(columns: 60, rows: 12)) throws -> Pilot {
      try Pilot(json: Self.examples, size: size, presentation: .table)
    }

    /// The cells of a screen line, trimmed.
    func cells(_ line: String) -> [String] {
      line.split(separator: "│", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func anArrayOfArraysHasAColumnPerPosition() throws {
      let pilot = try examples()
      let header = pilot.lines[0]
      #expect(header.contains("[0]") && header.contains("[1]") && header.contains("[2]"), "\(pilot.screen)")
      #expect(!pilot.screen.contains("(value)"))
      #expect(!pilot.screen.contains(#"["kitten""#), "no previews of whole rows:\n\(pilot.screen)")
      #expect(pilot.screen.contains("kitten") && pilot.screen.contains("sitting"))
      #expect(pilot.statusLine.contains("column 1/3 [0]"), "\(pilot.statusLine)")
      pilot.press("l", "l")
      #expect(pilot.statusLine.contains("column 3/3 [2]"), "\(pilot.statusLine)")
      expectSnapshot(pilot.screen, named: "table-array-of-arrays-60x12")
    }

    @Test func aPositionColumnIsTypedAndSortsAsNumbers() throws {
      let pilot = try examples()
      pilot.press("l", "l", "s")
      #expect(pilot.statusLine.contains("sorted by [2] ↑"), "\(pilot.statusLine)")
      let distances = pilot.lines.compactMap { line -> String? in
        let fields = cells(line)
        return fields.count > 3 && Int(fields[3]) != nil ? fields[3] : nil
      }
      #expect(distances == ["0", "1", "2", "3", "3", "6"], "\(pilot.screen)")
      // A column of numbers: its numbers against the right edge, the header marked.
      #expect(pilot.lines[0].contains("#"), "\(pilot.lines[0])")
    }

    @Test func editingACellEditsThatElement() throws {
      let pilot = try examples()
      pilot.press("j", "l", "e", "Ctrl-U")
      pilot.type("sat")
      pilot.press("Enter")
      #expect(pilot.text.contains(#"["kitten", "sat", 3]"#), "\(pilot.text)")
      #expect(pilot.screen.contains("sat"))
      #expect(pilot.statusLine.contains("column 2/3 [1]"), "the focus stays on the cell: \(pilot.statusLine)")
    }

    @Test func theFrequencySheetCountsAPositionAndEnterFiltersItsRows() throws {
      let pilot = try examples()
      pilot.press("=")
      #expect(pilot.statusLine.contains("frequency of [0]"), "\(pilot.statusLine)")
      #expect(pilot.lines[2].hasPrefix(#""""#), "the empty string twice, first:\n\(pilot.screen)")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("2 of 6"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains(#"filter: type == "array" and .[0] =="#), "\(pilot.statusLine)")
      #expect(!pilot.screen.contains("kitten") && pilot.screen.contains("AabBbb"), "\(pilot.screen)")
    }

    @Test func theSummarySheetHasARowPerPosition() throws {
      let pilot = try examples(size: CellSize(columns: 120, rows: 12))
      pilot.press("I")
      #expect(pilot.statusLine.contains("summary of 3 columns"), "\(pilot.statusLine)")
      let rows = pilot.lines.map(cells)
      let distance = try #require(rows.first { $0.first == "[2]" || $0.dropFirst().first == "[2]" }, "\(pilot.screen)")
      #expect(distance.contains("number") && distance.contains("6") && distance.contains("0"), "\(distance)")
      pilot.press("j", "j", "Enter")
      #expect(pilot.statusLine.contains("column 3/3 [2]"), "Enter goes to the column: \(pilot.statusLine)")
    }

    @Test func arraysAmongRecordsShowTheirElementsAndScalarsTheirValue() throws {
      let json = #"[{"name": "a", "n": 1}, ["b", 2], 7, [], {"name": "c"}]"#
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 10), presentation: .table)
      // The names without their type markers (`(value) *`, `[1] #`).
      let header = cells(pilot.lines[0]).map { $0.split(separator: " ").first.map(String.init) ?? "" }
      #expect(header.contains("(value)") && header.contains("name") && header.contains("[1]"), "\(pilot.screen)")
      // The records' keys first (the first row is a record), then the positions.
      #expect(
        (header.firstIndex(of: "name") ?? 99) < (header.firstIndex(of: "[0]") ?? 0), "\(pilot.screen)")
      let rowB = try #require(pilot.lines.first { cells($0).contains("b") }, "\(pilot.screen)")
      #expect(cells(rowB).contains("2"), "the array's elements in their columns: \(rowB)")
      // The scalar and the empty array (previewed by its count) in the value column.
      let values = pilot.lines.map(cells).filter { $0.count > 2 && ["2", "3"].contains($0[0]) }.map { $0[1] }
      #expect(values == ["7", "[0]"], "\(pilot.screen)")
    }
  }
}
