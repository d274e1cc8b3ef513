import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Swim lanes on the timeline: `--lane FIELD` and `w` group the lanes by a category, each
  /// group under a header row; a duration field gives events without an end their length.
  @Suite struct TimelineLanesPilotTests {
    /// Twelve deploys of three teams in March 1999 (before any "now" line), each a day or
    /// two long by its duration, labelled by name.
    static let deploys: String = {
      let teams = ["web", "api", "ops"]
      let records = (0..<12).map { index in
        let day = 1 + index * 2
        let team = teams[index % 3]
        let duration = index % 2 == 0 ? "P1D" : "PT36H"
        return
          "{\"name\": \"deploy \(index)\", \"team\": \"\(team)\", \"date\": \"1999-03-\(day < 10 ? "0" : "")\(day)\", \"duration\": \"\(duration)\"}"
      }
      return "[" + records.joined(separator: ",\n") + "]"
    }()

    @Test func wGroupsTheLanesByTheNextCategoryAndThenByNone() throws {
      let pilot = try Pilot(json: Self.deploys, size: CellSize(columns: 100, rows: 20), presentation: .timeline)
      #expect(!pilot.screen.contains("── web"), "not grouped at first:\n\(pilot.screen)")
      pilot.press("w")
      #expect(pilot.statusLine.contains("lanes by team: 3 groups"), "\(pilot.statusLine)")
      let rows = pilot.lines
      let headers = ["web", "api", "ops"].map { team in rows.firstIndex { $0.hasPrefix("── \(team) · 4 ") } }
      #expect(headers.allSatisfy { $0 != nil }, "a header row per team:\n\(pilot.screen)")
      // Every deploy sits under its own team's header, before the next team's.
      let positions = headers.compactMap { $0 }
      for index in 0..<12 {
        guard let row = rows.firstIndex(where: { $0.contains("deploy \(index) ") || $0.contains("deploy \(index)…") })
        else { continue }
        let group = index % 3
        #expect(row > positions[group], "deploy \(index) below its header:\n\(pilot.screen)")
        if group + 1 < positions.count { #expect(row < positions[group + 1]) }
      }
      pilot.press("w")
      #expect(pilot.statusLine.contains("lanes not grouped"))
      #expect(!pilot.screen.contains("── web"))
    }

    @Test func theLaneOptionGroupsFromTheStartAndTheDumpShowsIt() throws {
      let options = try ViewOptions.parse(["--lane", "team"])
      let pilot = try Pilot(json: Self.deploys, size: CellSize(columns: 100, rows: 20), presentation: .timeline)
      BrowserSession.configure(pilot.browser, with: options.settings(animates: false))
      pilot.resize(to: pilot.terminal.size)
      #expect(pilot.statusLine.contains("lanes by team"), "\(pilot.statusLine)")
      expectSnapshot(pilot.screen, named: "timeline-lanes-by-team-100x20")
    }

    @Test func aDurationFieldMakesRangesOfTheRightLength() throws {
      let pilot = try Pilot(json: Self.deploys, size: CellSize(columns: 100, rows: 20), presentation: .timeline)
      #expect(pilot.statusLine.contains("for duration"), "\(pilot.statusLine)")
      let model = try #require((pilot.browser.presentation as? TimelinePresentation)?.model)
      #expect(model.events.count == 12)
      #expect(model.events[0].end.map { $0 - model.events[0].start } == Double(86_400))
      #expect(model.events[1].end.map { $0 - model.events[1].start } == Double(36 * 3600))
    }

    @Test func focusMovesIntoTheNextGroupAndTheHeaderStaysInView() throws {
      // 40 overlapping events of one team and one of another: the first group's lanes
      // outgrow the screen.
      let records =
        (0..<40).map { "{\"name\": \"e\($0)\", \"team\": \"a\", \"start\": \"1999-01-01\", \"end\": \"1999-02-01\"}" }
        + ["{\"name\": \"last\", \"team\": \"b\", \"start\": \"1999-01-10\", \"end\": \"1999-01-20\"}"]
      let pilot = try Pilot(
        json: "[" + records.joined(separator: ",") + "]", size: CellSize(columns: 80, rows: 12),
        presentation: .timeline)
      pilot.press("w")
      #expect(pilot.lines[2].hasPrefix("── a · 40"), "\(pilot.screen)")
      for _ in 0..<20 { pilot.press("j") }
      #expect(pilot.lines[2].hasPrefix("── a · 40"), "the group's header stays under the dates:\n\(pilot.screen)")
      for _ in 0..<25 { pilot.press("j") }
      #expect(pilot.focusedPath == ".[40]", "down from the last lane of a reaches b: \(pilot.focusedPath)")
      #expect(pilot.screen.contains("── b · 1"), "\(pilot.screen)")
    }
  }
}

@Suite struct TimelineDurationTests {
  @Test func isoDurationsReadAsSeconds() {
    #expect(TimelineModel.isoDurationSeconds("PT1H30M") == 5400)
    #expect(TimelineModel.isoDurationSeconds("P2DT3H") == Double(2 * 86_400 + 3 * 3600))
    #expect(TimelineModel.isoDurationSeconds("PT0.5S") == 0.5)
    #expect(TimelineModel.isoDurationSeconds("P1W") == Double(7 * 86_400))
    #expect(TimelineModel.isoDurationSeconds("PT1,5M") == 90)
    for bad in ["P", "PT", "1H", "PT1X", "P1H", "PT1", "PTT1H", "P1DT"] {
      #expect(TimelineModel.isoDurationSeconds(bad) == nil, "\(bad)")
    }
  }
}
