import Foundation
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Golden screens of reading and finding (issue 12): the value viewer, the source view,
  /// a search's status line and a filtered grid, on the demo data.
  @Suite struct FindingSnapshotTests {
    func countries(_ presentation: PresentationKind = .tree) throws -> Pilot {
      let text = try String(contentsOfFile: demoDataPath("countries.json"), encoding: .utf8)
      return try Pilot(
        json: text, name: "countries.json", size: CellSize(columns: 80, rows: 16), presentation: presentation)
    }

    @Test func theValueViewerShowsAValueWholeWithItsPath() throws {
      let pilot = try countries()
      pilot.press(":")
      pilot.type(".[2].languages")
      pilot.press("Enter", "K")
      expectSnapshot(pilot.screen, named: "viewer-countries-languages-80x16")
    }

    @Test func theSourceViewShowsNumberedLinesAroundTheValue() throws {
      let pilot = try countries()
      pilot.press(":")
      pilot.type(".[4].capital")
      pilot.press("Enter", "V")
      expectSnapshot(pilot.screen, named: "source-countries-capital-80x16")
    }

    @Test func aSearchShowsItsMatchNumberInTheStatusLine() throws {
      let pilot = try countries()
      pilot.press("/")
      pilot.type("spanish")
      pilot.press("Enter")
      _ = pilot.waitForBackgroundWork { $0.statusLine.contains("match 1/") }
      pilot.press("n")
      expectSnapshot(pilot.screen, named: "search-countries-spanish-80x16")
    }

    @Test func aFilteredGridSaysWhatItKeeps() throws {
      let pilot = try countries(.grid)
      pilot.press("f")
      pilot.type(#".landlocked and .population > 20000000"#)
      pilot.press("Enter")
      expectSnapshot(pilot.screen, named: "filter-countries-landlocked-80x16")
    }
  }
}
