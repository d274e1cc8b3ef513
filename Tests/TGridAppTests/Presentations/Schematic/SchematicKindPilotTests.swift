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

extension PilotTests {
  /// `B`: the kind field chosen in the app, as `w` chooses the timeline's lanes: a prompt
  /// whose Tab goes through the record's keys.
  @Suite struct SchematicKindKeyPilotTests {
    @Test func bAsksForTheKindFieldAndTabListsTheRecordsKeys() throws {
      let pilot = try Pilot(
        json: SchematicKindPilotTests.services, size: CellSize(columns: 140, rows: 20), presentation: .schematic)
      pilot.press("l")
      pilot.press("B")
      #expect(pilot.statusLine.contains("colour boxes by:"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("Tab: name status"), "the record's keys listed: \(pilot.statusLine)")
      pilot.press("Tab")
      #expect(pilot.statusLine.contains("colour boxes by: name"), "\(pilot.statusLine)")
      pilot.press("Tab")
      #expect(pilot.statusLine.contains("colour boxes by: status"), "\(pilot.statusLine)")
      pilot.press("Enter")
      #expect(
        pilot.statusLine.contains("boxes are coloured by \"status\" (1 critical · 1 important · 1 normal)"),
        "\(pilot.statusLine)")
      let kinds = try SchematicKindPilotTests().kinds(of: pilot)
      #expect(kinds == ["db-1": "normal", "web-2": "important", "queue": "critical", "cache": "normal"], "\(kinds)")
      #expect(pilot.browser.presentationOptions.kindField == "status")
      // An empty answer goes back to no field: every record normal again.
      pilot.press("B")
      for _ in 0..<"status".count { pilot.press("Backspace") }
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("coloured by a hierarchy's own kind"), "\(pilot.statusLine)")
      #expect(try SchematicKindPilotTests().kinds(of: pilot).values.allSatisfy { $0 == TreeNodeKind.normal })
    }

    @Test func aTypedFieldTheRecordsLackIsSaid() throws {
      let pilot = try Pilot(
        json: SchematicKindPilotTests.services, size: CellSize(columns: 100, rows: 20), presentation: .schematic)
      pilot.press("B")
      pilot.type("severity")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("(no record here has it)"), "\(pilot.statusLine)")
      #expect(pilot.browser.presentationOptions.kindField == "severity")
    }
  }

  /// The schematic on records and objects of objects: one row per box, parents in the
  /// middle of their children, as the talk draws its tree.
  @Suite struct SchematicCompactPilotTests {
    static let package = """
      {"name": "tgrid-web", "version": "1.2.0", "scripts": {"build": "tsc", "test": "jest", "lint": "eslint ."},
       "dependencies": {"react": "^18.2.0", "lodash": "^4.17.21"},
       "devDependencies": {"jest": "^29.0.0", "typescript": "^5.0.0"}, "engines": {"node": ">=18"}}
      """

    @Test func anObjectOfObjectsIsATreeOfOneRowBoxes() throws {
      let pilot = try Pilot(json: Self.package, size: CellSize(columns: 80, rows: 12), presentation: .schematic)
      expectSnapshot(pilot.screen, named: "schematic-object-of-objects-80x12")
      let schematic = try #require(pilot.browser.presentation as? SchematicPresentation)
      let layout = schematic.treeLayout
      let view = pilot.browser.collectionView
      // Every box one row; each parent centred on its children, which sit one column right.
      for section in 0..<view.numberOfSections {
        for item in 0..<view.numberOfItems(inSection: section) {
          let indexPath = IndexPath(item: item, section: section)
          let frame = try #require(layout.layoutAttributesForItem(at: indexPath)?.frame)
          #expect(frame.height == 1)
          let children = layout.childIndexPaths(ofItemAt: indexPath)
          guard let first = children.first, let last = children.last else { continue }
          let top = try #require(layout.layoutAttributesForItem(at: first)?.frame)
          let bottom = try #require(layout.layoutAttributesForItem(at: last)?.frame)
          #expect(frame.minY == top.minY + ((bottom.minY - top.minY) / 2).rounded(.down), "\(indexPath) centred")
          #expect(top.minX > frame.maxX, "children beside their parent")
        }
      }
    }

    @Test func recordsWithAKindAreOneRowBoxesInTheirColours() throws {
      let pilot = try Pilot(
        json: SchematicKindPilotTests.services, size: CellSize(columns: 70, rows: 10), presentation: .schematic)
      pilot.press("B")
      pilot.type("status")
      pilot.press("Enter")
      expectSnapshot(pilot.screen, named: "schematic-records-by-status-70x10")
      let row = try #require(pilot.lines.firstIndex { $0.contains("queue") })
      #expect(pilot.lines[row].contains("┤ [2] queue {2} ├"), "one row, both borders: \(pilot.lines[row])")
    }
  }
}
