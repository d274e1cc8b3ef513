import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The table, timeline and schematic, and switching between the six views, pressed
  /// through the real run loop.
  @Suite struct ViewsPilotTests {
    @Test func digitsAndTabSwitchViewsKeepingTheFocusedValue() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 16))
      pilot.press("l", "l")
      let focused = pilot.focusedPath
      #expect(focused == ".[2]")
      pilot.press("3")
      #expect(pilot.statusLine.contains("row 3/4"), "the table focuses the same record: \(pilot.statusLine)")
      pilot.press("4")
      #expect(pilot.focusedPath == ".[2]")
      #expect(pilot.statusLine.contains("event"))
      pilot.press("5")
      #expect(pilot.focusedPath.hasPrefix(".[2]"))
      pilot.press("2")
      #expect(pilot.focusedPath == ".[2]")
      pilot.press("1")
      #expect(pilot.focusedPath == ".[2]")
      pilot.press("Tab")
      #expect(pilot.browser.presentation.kind == .tree)
      pilot.press("Tab", "Tab", "Tab", "Tab")
      #expect(pilot.browser.presentation.kind == .chart)
      pilot.press("Tab")
      #expect(pilot.browser.presentation.kind == .grid, "Tab wraps around after the chart")
      pilot.press("Shift-Tab")
      #expect(pilot.browser.presentation.kind == .chart)
      #expect(pilot.focusedPath == ".[2]", "the chart focuses the same record: \(pilot.statusLine)")
      pilot.press("Shift-Tab")
      #expect(pilot.browser.presentation.kind == .schematic)
      #expect(pilot.focusedPath.hasPrefix(".[2]"))
    }

    @Test func theFocusedFirstRecordIsOnScreenAfterASwitchToTheTable() throws {
      let records = "[" + (0..<50).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",") + "]"
      let pilot = try Pilot(json: records, size: CellSize(columns: 60, rows: 10))
      pilot.press("3")
      #expect(pilot.statusLine.contains("row 1/50"))
      #expect(pilot.lines[2].hasPrefix(" 0│   0│n0 "), "the first row, under the header row:\n\(pilot.screen)")
    }

    @Test func aSwitchKeepsTheSelection() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 16))
      pilot.press("Space", "l", "Space")
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("2")
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("4")
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("1")
      #expect(pilot.statusLine.contains("2 selected"))
    }

    @Test func theTableSortsNarrowsWidensAndOpensNestedValues() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: .table)
      #expect(pilot.lines[0].contains("title") && pilot.lines[0].contains("start"))
      pilot.press("l", "l", "l")  // the `days` column
      #expect(pilot.statusLine.contains("column 4/6 days"))
      pilot.press("S")
      #expect(pilot.lines[2].contains("Build"), "the longest task first:\n\(pilot.screen)")
      #expect(pilot.text == Self.plan, "a sort is a view: the document keeps its order")
      pilot.press("s")
      #expect(pilot.lines[2].contains("Launch"))
      let wide = pilot.lines[0]
      pilot.press(">")
      #expect(pilot.lines[0] != wide)
      pilot.press("<")
      #expect(pilot.lines[0] == wide)
      pilot.press("h", "h", "h", "l", "l", "l", "l", "Enter")  // tags of the first row
      #expect(pilot.statusLine.contains("row 1/2"), "the tags array opens as a table: \(pilot.statusLine)")
      pilot.press("Backspace")
      #expect(pilot.statusLine.contains("/4"))
    }

    @Test func theTimelineZoomsFitsAndCyclesDateFields() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: .timeline)
      #expect(pilot.statusLine.contains("start–end"))
      #expect(pilot.screen.contains("Build"))
      let fitted = pilot.lines[0]
      pilot.press("+")
      #expect(pilot.lines[0] != fitted, "zoomed in, the headers change")
      pilot.press("-", "-")
      pilot.press("0")
      #expect(pilot.lines[0] == fitted)
      pilot.press("T")
      #expect(pilot.statusLine.contains("end") || pilot.statusLine.contains("dates from"))
    }

    /// A switch back to the timeline lays it out once (the switch's own pass, which reads
    /// every item's range), not twice: only a size it has not seen asks for another.
    @Test func aSwitchBackToTheTimelineAsksForNoSecondPass() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: .timeline)
      let timeline = try #require(pilot.browser.presentation as? TimelinePresentation)
      let screen = Array(pilot.lines.dropLast())
      pilot.press("1", "4")
      #expect(pilot.browser.presentation === timeline)
      #expect(Array(pilot.lines.dropLast()) == screen, "the same timeline:\n\(pilot.screen)")
      // What the browser does after every switch: the same size, no pass asked for.
      timeline.didResize()
      #expect(!timeline.timelineLayout.needsPrepare, "the same size: nothing to lay out again")
      // A size it has not seen (a resize right after a switch, which the collection view
      // does not compare with the last): a pass.
      pilot.browser.collectionView.resize(to: CellRect(column: 0, row: 0, columns: 100, rows: 11))
      timeline.didResize()
      #expect(timeline.timelineLayout.needsPrepare, "a new size: a pass")
    }

    @Test func ctrlWheelZoomsTheTimelineAndAPlainWheelDoesNot() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: .timeline)
      let fitted = pilot.lines[0]
      pilot.send(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 10, row: 4))))
      #expect(pilot.lines[0] == fitted, "a plain wheel scrolls, it does not zoom")
      pilot.send(.mouse(MouseEvent(.wheelUp, at: CellPoint(column: 10, row: 4), modifiers: .control)))
      #expect(pilot.lines[0] != fitted, "Ctrl+wheel up zooms in:\n\(pilot.screen)")
      #expect(pilot.statusLine.contains("headers by"))
      pilot.send(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 10, row: 4), modifiers: .control)))
      #expect(pilot.lines[0] == fitted, "Ctrl+wheel down zooms back out")
    }

    @Test func theSchematicOpensAndClosesBoxes() throws {
      let pilot = try Pilot(json: Self.hierarchy, size: CellSize(columns: 60, rows: 14), presentation: .schematic)
      #expect(pilot.screen.contains("│ root ├"))
      #expect(pilot.screen.contains("leaf a │"))
      pilot.press("Enter")
      #expect(!pilot.screen.contains("leaf a"), "the root's children fold away: \(pilot.statusLine)")
      pilot.press("Enter")
      #expect(pilot.screen.contains("leaf a"))
    }

    @Test func theSchematicOpensOnlyTheGroupOfBoxesThatHoldsTheFocus() throws {
      let many = "[" + (0..<6_000).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]"
      let pilot = try Pilot(json: many, size: CellSize(columns: 60, rows: 12))
      pilot.press("l", "l")
      pilot.press("5")
      #expect(pilot.browser.presentation.kind == .schematic)
      #expect(pilot.focusedPath == ".[2]", "the focus is revealed inside its group")
      // The array's six groups and the first one's thousand boxes, not 6,000 boxes.
      #expect(pilot.statusLine.contains("1,007 boxes"), "\(pilot.statusLine)")
      pilot.press("h")
      #expect(pilot.statusLine.contains("group 1–1000 of 6,000"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("[0 … 999]"), "\(pilot.screen)")
    }

    @Test func badInputShowsSomethingSensible() throws {
      let mixed = try Pilot(
        json: #"[1, {"a": 2}, "x", [3], null]"#, size: CellSize(columns: 40, rows: 10), presentation: .table)
      #expect(mixed.lines[0].contains("(value)") && mixed.lines[0].contains("a"))
      let undated = try Pilot(
        json: #"[{"a": 1}, {"a": 2}]"#, size: CellSize(columns: 60, rows: 8), presentation: .timeline)
      #expect(undated.statusLine.contains("2 without a date"))
      let scalar = try Pilot(json: "42", size: CellSize(columns: 40, rows: 8), presentation: .schematic)
      #expect(scalar.screen.contains("42"))
      let scalarTable = try Pilot(json: "42", size: CellSize(columns: 40, rows: 8), presentation: .table)
      #expect(scalarTable.screen.contains("42"))
      let wideRecord = "[{" + (0..<10_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}]"
      let wide = try Pilot(json: wideRecord, size: CellSize(columns: 80, rows: 8), presentation: .table)
      wide.press("End", "$")
      #expect(wide.statusLine.contains("column 10000/10000"))
      let huge = "[{\"text\": \"" + String(repeating: "x", count: 1_000_000) + "\"}]"
      let cut = try Pilot(json: huge, size: CellSize(columns: 60, rows: 8), presentation: .table)
      #expect(cut.lines[2].contains("…"))
      let extreme =
        #"[{"date": "0000-01-01"}, {"date": "+275760-09-13"}, {"date": -86400}, {"date": "1969-12-31T23:59:59Z"}]"#
      let far = try Pilot(json: extreme, size: CellSize(columns: 80, rows: 10), presentation: .timeline)
      #expect(far.statusLine.contains("event"))
      far.press("+", "+", "+", "0", "-")
      #expect(far.statusLine.contains("event"))
    }

    @Test func tableRowsFollowEdits() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: .table)
      #expect(pilot.lines[2].contains("Plan"))
      pilot.press("d")
      #expect(!pilot.lines[2].contains("Plan"), "the record's title is gone from its row:\n\(pilot.screen)")
      #expect(pilot.statusLine.contains("/4"))
      pilot.press("u")
      #expect(pilot.lines[2].contains("Plan"))
    }

    // MARK: - Fixtures

    static let plan = """
      [
        {"title": "Plan", "start": "2025-01-06", "end": "2025-01-20", "days": 14, "tags": ["a", "b"], "owner": "ana"},
        {"title": "Build", "start": "2025-01-13", "end": "2025-03-10", "days": 56, "tags": [], "owner": "ben"},
        {"title": "Test", "start": "2025-02-24", "end": "2025-03-24", "days": 28, "tags": ["qa"], "owner": "chen"},
        {"title": "Launch", "start": "2025-03-31", "days": 0, "tags": [], "owner": "ana"}
      ]
      """

    static let hierarchy = """
      {"name": "root", "kind": "important", "children": [
        {"name": "leaf a"}, {"name": "branch", "children": [{"name": "leaf b", "kind": "critical"}]}
      ]}
      """
  }
}
