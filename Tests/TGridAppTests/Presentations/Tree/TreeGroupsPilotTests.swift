import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// A node with more children than ``TreePresentation/groupSize`` (and in the schematic
  /// ``SchematicPresentation/groupSize``) shows them in groups, pressed through the real run
  /// loop: what the tree holds stays proportional to what is opened.
  @Suite struct TreeGroupsPilotTests {
    /// An array of `count` zeros.
    static func zeros(_ count: Int) -> String {
      "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
    }

    @Test func aLargeArrayOpensAsGroupsWithTheFirstOneOpen() throws {
      let count = 2 * TreePresentation.groupSize + 1
      let pilot = try Pilot(json: Self.zeros(count), size: CellSize(columns: 120, rows: 12), presentation: .tree)
      #expect(pilot.lines[0].contains("(root) [20001]"), "\n\(pilot.screen)")
      #expect(pilot.lines[1].contains("[0 … 9999]"))
      #expect(pilot.lines[2].contains("[0]: 0"))
      // The root, three groups and the first group's elements; not 20,001 rows.
      #expect(pilot.statusLine.contains("depth 0 · 10004 shown"), "\(pilot.statusLine)")
      pilot.press("G")
      #expect(pilot.statusLine.contains("group 20001–20001 of 20,001"), "\(pilot.statusLine)")
      #expect(
        pilot.screen.contains("[20000 … 20000] (+1)"), "a closed group's badge counts its values:\n\(pilot.screen)")
      #expect(pilot.focusedPath == "", "a group is no value")
      pilot.press("d")
      #expect(pilot.statusLine.contains("a group of elements, not a value: → opens it"))
      pilot.press("y")
      #expect(pilot.statusLine.contains("a group of elements, not a value"))
      #expect(!pilot.store.isModified)
      pilot.press("Right")
      #expect(pilot.statusLine.contains("10005 shown"))
      pilot.press("Right")
      #expect(pilot.focusedPath == ".[20000]")
    }

    @Test func goingToAnElementOpensItsGroupAndEditsRenumberIt() throws {
      let count = 2 * TreePresentation.groupSize + 1
      let pilot = try Pilot(json: Self.zeros(count), size: CellSize(columns: 60, rows: 12), presentation: .tree)
      pilot.press(":")
      pilot.type(".[12345]")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[12345]")
      #expect(pilot.statusLine.contains("20004 shown"), "the second group opened too: \(pilot.statusLine)")
      pilot.press("d")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == count - 1)
      // 20,000 elements: two groups now, and the one after the deletion is renumbered.
      #expect(!pilot.screen.contains("[20000 … "), "\n\(pilot.screen)")
      #expect(pilot.focusedPath == ".[12345]")
      #expect(pilot.screen.contains("[12345]: 0"))
      pilot.press("u")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == count)
      pilot.press("G")
      #expect(pilot.screen.contains("[20000 … 20000]"), "\n\(pilot.screen)")
    }

    @Test func theSchematicGroupsBoxesToo() throws {
      let count = SchematicPresentation.groupSize * 3
      let pilot = try Pilot(json: Self.zeros(count), size: CellSize(columns: 90, rows: 20), presentation: .schematic)
      #expect(pilot.screen.contains("[0 … 999]"), "\n\(pilot.screen)")
      #expect(pilot.statusLine.contains("1,004 boxes"), "\(pilot.statusLine)")
      pilot.press(":")
      pilot.type(".[2500]")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[2500]")
      #expect(pilot.statusLine.contains("2,004 boxes"), "the third group opened: \(pilot.statusLine)")
      pilot.press("h")
      #expect(pilot.statusLine.contains("group 2001–3000 of 3,000"), "\(pilot.statusLine)")
    }
  }
}
