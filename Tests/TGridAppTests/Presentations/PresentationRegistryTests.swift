import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The one registry of views (issue 27.2): what each view declares, and what the browser and
  /// the key tables read from it.
  @Suite struct PresentationRegistryTests {
    @Test func theSixViewsAreRegisteredInTheOrderOfTheirDigits() {
      let all = PresentationRegistry.all
      #expect(all.map(\.kind) == [.grid, .tree, .table, .timeline, .schematic, .chart])
      #expect(PresentationKind.allCases == all.map(\.kind))
      #expect(all.map(\.digitKey) == ["1", "2", "3", "4", "5", "6"])
      #expect(all.map(\.commandLineName) == ["grid", "tree", "table", "timeline", "schematic", "chart"])
      #expect(
        all.map(\.switchingCommand) == [.showGrid, .showTree, .showTable, .showTimeline, .showSchematic, .showChart])
      #expect(
        all.map(\.helpTitle) == ["a grid of cards", "a tree", "a table", "a timeline", "a schematic", "a chart"])
    }

    @Test func noTwoViewsShareANameAKeyOrACommand() {
      let all = PresentationRegistry.all
      #expect(Set(all.map(\.kind)).count == all.count)
      #expect(Set(all.map(\.digitKey)).count == all.count)
      #expect(Set(all.map(\.commandLineName)).count == all.count)
      #expect(Set(all.map(\.switchingCommand)).count == all.count)
      #expect(all.allSatisfy { $0.digitKey.isNumber })
    }

    @Test func aKindIsFoundByItsSwitchingCommandAndItsCommandLineName() {
      for registration in PresentationRegistry.all {
        #expect(PresentationKind(switchingCommand: registration.switchingCommand) == registration.kind)
        #expect(
          PresentationRegistry.registration(commandLineName: registration.commandLineName)?.kind == registration.kind)
        #expect(registration.kind.registration.commandLineName == registration.commandLineName)
      }
      #expect(PresentationKind(switchingCommand: .undo) == nil)
      #expect(PresentationRegistry.registration(commandLineName: "map") == nil)
    }

    @Test func tabAndShiftTabGoRoundTheRegistry() {
      let kinds = PresentationKind.allCases
      #expect(kinds.map(\.next) == [.tree, .table, .timeline, .schematic, .chart, .grid])
      #expect(kinds.map(\.previous) == [.chart, .grid, .tree, .table, .timeline, .schematic])
    }

    @Test func everyViewsKeyTableSwitchesToEveryView() {
      for registration in PresentationRegistry.all {
        let keys = registration.keyBindings
        for other in PresentationRegistry.all {
          #expect(
            keys.command(for: KeyEvent(.character(other.digitKey))) == other.switchingCommand,
            "\(other.digitKey) in \(registration.kind)")
        }
        #expect(keys.command(for: KeyEvent(.tab)) == registration.kind.next.switchingCommand)
        #expect(keys.command(for: KeyEvent(.backTab)) == registration.kind.previous.switchingCommand)
        let help = keys.helpText(width: 100).joined(separator: "\n")
        for other in PresentationRegistry.all where other.kind != registration.kind {
          #expect(help.contains(other.helpTitle), "\(registration.kind)'s help names \(other.helpTitle)")
        }
      }
    }

    @Test func theBrowserMakesEachViewFromItsRegistration() throws {
      for kind in PresentationKind.allCases {
        let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: kind)
        #expect(pilot.browser.presentation.kind == kind)
        #expect(pilot.browser.presentation.keyBindings == kind.registration.keyBindings)
      }
    }

    @Test func theTimelinesDateFieldsReachItWhetherMadeBeforeOrAfter() throws {
      let before = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), presentation: .timeline)
      #expect((before.browser.presentation as? TimelinePresentation)?.model.startField == "start")
      before.browser.presentationOptions.timeFields = ["shipped"]
      #expect((before.browser.presentation as? TimelinePresentation)?.model.startField == "shipped")

      let after = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12))
      after.browser.presentationOptions.timeFields = ["shipped", "start"]
      after.press("4")
      let timeline = try #require(after.browser.presentation as? TimelinePresentation)
      #expect(timeline.model.startField == "shipped")
      #expect(timeline.model.endField == "start")
    }

    @Test func theTreeIsMadeInTheShapeTheBrowserWasGiven() throws {
      let pilot = try Pilot(json: Self.plan, size: CellSize(columns: 80, rows: 12), treeOrientation: .columns)
      pilot.press("2")
      let tree = try #require(pilot.browser.presentation as? TreePresentation)
      #expect(tree.treeLayout.orientation == .columns)
    }

    // MARK: - Fixtures

    static let plan = """
      [{"name": "design", "start": "2024-01-01", "due": "2024-02-01", "shipped": "2024-03-01"},
       {"name": "build", "start": "2024-02-01", "due": "2024-04-01", "shipped": "2024-05-01"}]
      """
  }
}
