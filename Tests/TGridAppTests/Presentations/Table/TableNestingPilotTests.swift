import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Nested columns in the table (issue 29.5): `(` expands a column of objects into
  /// sub-columns named `address.city`, `)` collapses them, `z(` and `z)` do every level; a
  /// column of arrays shows a count and a preview; sub-columns sort, filter, count and
  /// summarise like the others, and a cell still opens on Enter.
  @Suite struct TableNestingPilotTests {
    static let people = #"""
      [{"name": "Ada", "address": {"city": "Paris", "geo": {"lat": 48.9, "lon": 2.35}}, "tags": ["x", "y"]},
       {"name": "Bob", "address": {"city": "Oslo", "zip": "0150", "geo": {"lat": 59.9, "lon": 10.7}}, "tags": []},
       {"name": "Cleo", "address": {"city": "Lyon", "geo": {"lat": 45.8, "lon": 4.8}}, "tags": ["z"]},
       {"name": "Dan", "address": null, "tags": ["x", "y", "z", "w"]},
       {"name": "Eve", "address": {"city": "Paris", "zip": "75001"}}]
      """#

    func people(size: CellSize = CellSize(columns: 100, rows: 12)) throws -> Pilot {
      try Pilot(json: Self.people, size: size, presentation: .table)
    }

    /// The header row's column names (without their type markers).
    func headers(_ pilot: Pilot) -> [String] {
      pilot.lines[0].split(separator: "│").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Moves the focus right to a column, from the first.
    func move(_ pilot: Pilot, to column: String) {
      for _ in 0..<10 { pilot.press("h") }
      for _ in 0..<12 where !pilot.statusLine.contains(" \(column) ") { pilot.press("l") }
      #expect(pilot.statusLine.contains(" \(column) "), "\(pilot.statusLine)")
    }

    @Test func parenExpandsAColumnOfObjectsAndCloseParenCollapsesIt() throws {
      let pilot = try people()
      #expect(headers(pilot).starts(with: ["name", "address", "tags"]), "\(pilot.screen)")
      #expect(pilot.screen.contains("[2] x, y") && pilot.screen.contains("[0]"), "arrays: a count and a preview")
      move(pilot, to: "address")
      pilot.press("(")
      #expect(
        headers(pilot).starts(with: ["name", "address.city", "address.geo", "address.zip", "tags"]), "\(pilot.screen)")
      #expect(pilot.statusLine.contains("address expanded into 3 columns"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains(" address.city "), "the focus is on the first sub-column")
      expectSnapshot(pilot.screen, named: "table-nested-address-expanded-100x12")
      pilot.press("(")
      #expect(pilot.statusLine.contains("address.city holds no objects"), "\(pilot.statusLine)")
      pilot.press(")")
      #expect(headers(pilot).starts(with: ["name", "address", "tags"]), "\(pilot.screen)")
      #expect(pilot.statusLine.contains(" address "), "\(pilot.statusLine)")
      pilot.press(")")
      #expect(pilot.statusLine.contains("address is not a sub-column"), "\(pilot.statusLine)")
    }

    @Test func zParenExpandsEveryLevelAndZCloseParenCollapsesEveryLevel() throws {
      let pilot = try people(size: CellSize(columns: 140, rows: 12))
      move(pilot, to: "address")
      pilot.press("z", "(")
      #expect(
        headers(pilot).starts(with: [
          "name", "address.city", "address.geo.lat", "address.geo.lon", "address.zip", "tags",
        ]), "\(pilot.screen)")
      #expect(pilot.statusLine.contains("address expanded into 4 columns at every level"), "\(pilot.statusLine)")
      expectSnapshot(pilot.screen, named: "table-nested-address-every-level-140x12")
      move(pilot, to: "address.geo.lon")
      pilot.press(")")
      #expect(headers(pilot).contains("address.geo") && headers(pilot).contains("address.city"), "one level")
      move(pilot, to: "address.geo")
      pilot.press("(")
      move(pilot, to: "address.geo.lat")
      pilot.press("z", ")")
      #expect(headers(pilot).starts(with: ["name", "address", "tags"]), "every level:\n\(pilot.screen)")
    }

    @Test func subColumnsSortFilterCountAndOpenLikeOtherColumns() throws {
      let pilot = try people()
      move(pilot, to: "address")
      pilot.press("(")
      pilot.press("s")
      #expect(pilot.statusLine.contains("sorted by address.city"), "\(pilot.statusLine)")
      let firstColumn = pilot.lines.dropFirst(2).prefix(5).map { $0.split(separator: "│")[1] }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      #expect(firstColumn == ["Cleo", "Bob", "Ada", "Eve", "Dan"], "Lyon, Oslo, Paris, Paris, missing last")
      // The frequency sheet counts the sub-column; Enter filters on its path.
      pilot.press("=")
      #expect(pilot.statusLine.contains("frequency of address.city"), "\(pilot.statusLine)")
      #expect(pilot.lines[2].hasPrefix("Paris "), "\(pilot.screen)")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains(#"filter: .address.city == "Paris""#), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("2 of 5"), "\(pilot.statusLine)")
      pilot.press("F")
      // The summary has a row for the sub-column.
      pilot.press("I")
      #expect(pilot.screen.contains("address.city"), "\(pilot.screen)")
      pilot.press("q")
      // Enter on a sub-column's cell of objects opens it as before.
      move(pilot, to: "address.geo")
      for _ in 0..<5 { pilot.press("k") }
      pilot.press("Enter")
      #expect(pilot.screen.contains("lat") && pilot.screen.contains("45.8"), "Lyon's geo, opened:\n\(pilot.screen)")
    }

    @Test func subColumnsHideMoveAndTakeATypeKey() throws {
      let pilot = try people()
      move(pilot, to: "address")
      pilot.press("(")
      move(pilot, to: "address.zip")
      pilot.press("#")
      #expect(pilot.lines[0].contains("address.zip #"), "\(pilot.screen)")
      pilot.press("Alt-h")
      #expect(headers(pilot).starts(with: ["name", "address.city", "address.zip", "address.geo"]), "\(pilot.screen)")
      pilot.press("-")
      #expect(!headers(pilot).contains("address.zip"), "\(pilot.screen)")
      pilot.press("_")
      #expect(headers(pilot).contains("address.zip"), "\(pilot.screen)")
    }
  }
}
