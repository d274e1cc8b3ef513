import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// `--kind FIELD`: the schematic colours each record's box by a member's value, as the
  /// talk colours its boxes normal, important or critical.
  @Suite struct SchematicKindPilotTests {
    static let services = """
      [{"name": "db-1", "status": "ok"}, {"name": "web-2", "status": "Degraded"},
       {"name": "queue", "status": "failed"}, {"name": "cache"}]
      """

    func kinds(of pilot: Pilot) throws -> [String: String] {
      let schematic = try #require(pilot.browser.presentation as? SchematicPresentation)
      var kinds: [String: String] = [:]
      for item in 0..<schematic.model.collectionView(pilot.browser.collectionView, numberOfItemsInSection: 1) {
        let indexPath = IndexPath(item: item, section: 1)
        let node = schematic.model.node(at: indexPath)
        guard let value = schematic.provider.value(node),
          let name = pilot.store.document.child(forKey: "name", of: value)
        else { continue }
        kinds[pilot.store.document.string(of: name) ?? ""] = schematic.model.kind(ofItemAt: indexPath)
      }
      return kinds
    }

    @Test func theKindOptionColoursEachRecordsBoxByItsValue() throws {
      let pilot = try Pilot(json: Self.services, size: CellSize(columns: 100, rows: 20), presentation: .schematic)
      #expect(try kinds(of: pilot).values.allSatisfy { $0 == TreeNodeKind.normal }, "no colours without --kind")
      let options = try ViewOptions.parse(["--kind", "status"])
      BrowserSession.configure(pilot.browser, with: options.settings(animates: false))
      pilot.resize(to: pilot.terminal.size)
      let kinds = try kinds(of: pilot)
      #expect(kinds == ["db-1": "normal", "web-2": "important", "queue": "critical", "cache": "normal"], "\(kinds)")
      // The border of the critical box is drawn in the theme's critical style.
      let row = try #require(pilot.lines.firstIndex { $0.contains("queue") })
      let column = try #require(
        pilot.lines[row].firstIndex(of: "┤").map {
          pilot.lines[row].distance(from: pilot.lines[row].startIndex, to: $0)
        })
      #expect(
        pilot.terminal.screen[column, row].style.foreground == Theme.standard.kinds["critical"]?.foreground,
        "the box's border in the critical colour")
    }

    @Test func aKindNamesTheTalksThreeStylesByTheWordsLogsUse() {
      #expect(JSONTreeProvider.kind(named: "ERROR") == "critical")
      #expect(JSONTreeProvider.kind(named: "warn") == "important")
      #expect(JSONTreeProvider.kind(named: "anything") == "normal")
    }
  }
}
