import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Golden screens of the table, timeline and schematic: the demo data, and data that is
  /// awkward for each (`RECORD_SNAPSHOTS=1` records them again).
  @Suite struct ViewsSnapshotTests {
    // MARK: - Demo data

    @Test func theCountriesAsATable() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 100, rows: 16), presentation: .table)
      expectSnapshot(pilot.screen, named: "views-table-countries-100x16")
      pilot.press("l", "l", "l", "S")  // by population, the largest first
      expectSnapshot(pilot.screen, named: "views-table-countries-by-population-100x16")
    }

    @Test func theProjectPlanAsATimeline() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("timeline.json"), size: CellSize(columns: 100, rows: 20), presentation: .timeline)
      expectSnapshot(pilot.screen, named: "views-timeline-plan-100x20")
      pilot.press("+", "+")
      expectSnapshot(pilot.screen, named: "views-timeline-plan-zoomed-100x20")
    }

    @Test func theSchematicDemoAsASchematic() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("schematic.json"), size: CellSize(columns: 120, rows: 24), presentation: .schematic
      )
      expectSnapshot(pilot.screen, named: "views-schematic-demo-120x24")
    }

    @Test func theClassHierarchyAsASchematic() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("classes.json"), size: CellSize(columns: 120, rows: 24), presentation: .schematic)
      expectSnapshot(pilot.screen, named: "views-schematic-classes-120x24")
    }

    // MARK: - Awkward data

    @Test func aHeterogeneousArrayInEachView() throws {
      let json = #"[1, {"a": 2, "b": {"c": [1, 2]}}, "x", [3, 4], null, {"b": true, "d": "late key"}, 2.5e300]"#
      for view in [PresentationKind.table, .timeline, .schematic] {
        let pilot = try Pilot(json: json, size: CellSize(columns: 70, rows: 12), presentation: view)
        expectSnapshot(pilot.screen, named: "views-\(view.rawValue)-heterogeneous-70x12")
      }
    }

    @Test func recordsWithoutDatesInEachView() throws {
      let json = #"[{"name": "a", "n": 1}, {"name": "b", "n": "2024"}, {"name": "c", "when": "soon"}]"#
      for view in [PresentationKind.table, .timeline, .schematic] {
        let pilot = try Pilot(json: json, size: CellSize(columns: 70, rows: 10), presentation: view)
        expectSnapshot(pilot.screen, named: "views-\(view.rawValue)-no-dates-70x10")
      }
    }

    @Test func tenThousandColumns() throws {
      let record = "{" + (0..<10_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
      let json = "[" + record + "," + record + "]"
      let pilot = try Pilot(json: json, size: CellSize(columns: 80, rows: 8), presentation: .table)
      expectSnapshot(pilot.screen, named: "views-table-10000-columns-80x8")
      pilot.press("End", "$")
      expectSnapshot(pilot.screen, named: "views-table-10000-columns-end-80x8")
      let schematic = try Pilot(json: json, size: CellSize(columns: 80, rows: 8), presentation: .schematic)
      expectSnapshot(schematic.screen, named: "views-schematic-10000-columns-80x8")
    }

    @Test func aColumnOneMegabyteWide() throws {
      let wide = String(repeating: "wide ", count: 200_000)
      let json = #"[{"id": 1, "text": ""# + wide + #"", "after": "x"}, {"id": 2, "text": "short", "after": "y"}]"#
      let pilot = try Pilot(json: json, size: CellSize(columns: 80, rows: 8), presentation: .table)
      expectSnapshot(pilot.screen, named: "views-table-1MB-column-80x8")
      pilot.press("l", ">", ">", ">", ">", ">", ">", ">", ">", ">", ">", ">", ">", ">", ">", ">")
      expectSnapshot(pilot.screen, named: "views-table-1MB-column-widened-80x8")
      let timeline = try Pilot(
        json: #"[{"date": "2025-01-01", "title": ""# + wide + #""}]"#, size: CellSize(columns: 80, rows: 8),
        presentation: .timeline)
      expectSnapshot(timeline.screen, named: "views-timeline-1MB-label-80x8")
    }

    @Test func datesOutOfRange() throws {
      let json = """
        [{"title": "year zero", "date": "0000-01-01"}, {"title": "far future", "date": "+275760-09-13"},
         {"title": "before the epoch", "date": -86400}, {"title": "epoch ms", "date": 1700000000000},
         {"title": "not a date", "date": "2025-13-45"}]
        """
      let pilot = try Pilot(json: json, size: CellSize(columns: 90, rows: 12), presentation: .timeline)
      expectSnapshot(pilot.screen, named: "views-timeline-out-of-range-90x12")
      pilot.press("+", "+", "+", "+")
      expectSnapshot(pilot.screen, named: "views-timeline-out-of-range-zoomed-90x12")
      let table = try Pilot(json: json, size: CellSize(columns: 90, rows: 12), presentation: .table)
      expectSnapshot(table.screen, named: "views-table-out-of-range-90x12")
    }

    @Test func aScalarInEachView() throws {
      for view in [PresentationKind.table, .timeline, .schematic] {
        let pilot = try Pilot(json: #""just a string""#, size: CellSize(columns: 50, rows: 6), presentation: view)
        expectSnapshot(pilot.screen, named: "views-\(view.rawValue)-scalar-50x6")
      }
    }
  }
}
