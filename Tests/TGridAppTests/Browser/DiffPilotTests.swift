import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension Pilot {
  /// A pilot on a diff, as `tgrid diff a.json b.json` opens it: the browser on `new` with
  /// the difference from `old` marked.
  static func diff(
    old: String, new: String, size: CellSize = CellSize(columns: 110, rows: 24), presentation: PresentationKind = .tree
  ) throws -> Pilot {
    let pilot = try Pilot(json: new, name: "b.json", size: size, presentation: presentation)
    let diff = JSONDiff(old: try JSONDocument(parsing: old), new: pilot.store.document)
    pilot.store.diff = DiffSession(diff: diff, oldName: "a.json", store: pilot.store)
    pilot.browser.refreshEveryPresentation()
    pilot.resize(to: size)
    return pilot
  }
}

/// Two versions of an API's answer, with known changes: a changed price, a tag added, a
/// tag removed, a changed status, an item removed and a member added.
enum DiffSamples {
  /// The older answer (A).
  static let old = """
    {"order": {"id": "A-1042", "status": "paid", "customer": {"name": "Ada Lovelace", "city": "London"},
     "items": [{"sku": "kb-01", "name": "Keyboard", "price": 49.5, "tags": ["usb", "black"]},
               {"sku": "ms-02", "name": "Mouse", "price": 19},
               {"sku": "cb-03", "name": "Cable", "price": 4}],
     "total": 72.5}}
    """
  /// The newer answer (B).
  static let new = """
    {"order": {"id": "A-1042", "status": "shipped", "customer": {"name": "Ada Lovelace", "city": "London"},
     "items": [{"sku": "kb-01", "name": "Keyboard", "price": 44.5, "tags": ["usb", "wireless"]},
               {"sku": "ms-02", "name": "Mouse", "price": 19}],
     "total": 63.5, "carrier": "DHL"}}
    """
}

extension PilotTests {
  /// Browsing a diff (issue 31): the marks in the tree, `]c` and `[c` from change to change
  /// with the jump list, `z d` for only the changes, and the status line's name.
  @Suite struct DiffPilotTests {
    @Test func theTreeMarksEachChangeAndTheStatusLineSaysItIsADiff() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new)
      pilot.press("z", "a")
      let screen = pilot.screen
      #expect(screen.contains(#"~ status: "shipped" ← "paid""#), "\(screen)")
      #expect(screen.contains("~ price: 44.5 ← 49.5"), "\(screen)")
      #expect(screen.contains(#"+ carrier: "DHL""#), "\(screen)")
      #expect(screen.contains("items [2] · "), "the array that lost an element says so: \(screen)")
      #expect(screen.contains("removed)"), "\(screen)")
      #expect(pilot.statusLine.hasPrefix(" diff: a.json → b.json · "), "\(pilot.statusLine)")
      #expect(!screen.contains("~ name:"), "unchanged values carry no mark")
    }

    @Test func bracketCMovesFromChangeToChangeAndOntoTheJumpList() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new)
      let count = pilot.store.diff?.stops.count ?? 0
      #expect(count >= 5)
      pilot.press("]", "c")
      #expect(
        pilot.statusLine.contains("change 1/\(count): .order.status ~ \"paid\" → \"shippe"), "\(pilot.statusLine)")
      #expect(
        pilot.screen.contains("change 1/\(count): .order.status ~ \"paid\" → \"shipped\""),
        "the message is whole above the status line: \(pilot.screen)")
      #expect(pilot.focusedPath == ".order.status")
      pilot.press("]", "c")
      #expect(pilot.statusLine.contains("change 2/\(count)"), "\(pilot.statusLine)")
      let second = pilot.focusedPath
      #expect(second != ".order.status")
      pilot.press("[", "c")
      #expect(pilot.statusLine.contains("change 1/\(count)"))
      #expect(pilot.focusedPath == ".order.status")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == second, "]c and [c leave their place on the jump list")
      // Backwards from the first wraps to the last.
      pilot.press("[", "c")
      #expect(pilot.statusLine.contains("change \(count)/\(count)"), "\(pilot.statusLine)")
      pilot.press("]", "x")
      #expect(pilot.statusLine.contains("]x: no such command"))
    }

    @Test func aRemovedValueIsAStopAtItsContainerAndTheStatusLineSaysWhat() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new)
      let stops = pilot.store.diff?.stops ?? []
      let removed = try #require(stops.firstIndex { $0.kind == .removed && $0.text.contains("Cable") })
      for _ in 0...removed { pilot.press("]", "c") }
      #expect(pilot.statusLine.contains("- {"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("Cable"), "what was removed is on screen: \(pilot.screen)")
      #expect(pilot.focusedPath == ".order.items", "a removed element's stop is its array")
    }

    @Test func zdShowsOnlyTheChangesAndTheWayToThemAndBack() throws {
      let unchanged = (0..<30).map { #""setting\#($0)": \#($0)"# }.joined(separator: ", ")
      let old = #"{"settings": {\#(unchanged)}, "limits": {"cpu": 2, "memory": "1G"}, "name": "svc"}"#
      let new = #"{"settings": {\#(unchanged)}, "limits": {"cpu": 4, "memory": "1G"}, "name": "svc"}"#
      let pilot = try Pilot.diff(old: old, new: new, size: CellSize(columns: 60, rows: 12))
      pilot.press("z", "d")
      #expect(pilot.screen.contains("~ cpu: 4 ← 2"), "\(pilot.screen)")
      #expect(!pilot.screen.contains("─ setting0: 0"), "the unchanged object is folded away: \(pilot.screen)")
      #expect(pilot.screen.contains("▸ settings"), "\(pilot.screen)")
      #expect(pilot.screen.contains("only the 1 change and the way"), "\(pilot.screen)")
      pilot.press("z", "d")
      #expect(pilot.screen.contains("─ setting0: 0"), "everything again: \(pilot.screen)")
    }

    @Test func withoutADiffTheKeysSaySo() throws {
      let pilot = try Pilot(json: #"{"a": 1}"#, presentation: .tree)
      pilot.press("]", "c")
      #expect(pilot.statusLine.contains("no diff here"))
      pilot.press("[", "c")
      #expect(pilot.statusLine.contains("no diff here"))
      pilot.press("z", "d")
      #expect(pilot.statusLine.contains("no diff here"))
    }

    @Test func goldenTreeOfADiff() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new, size: CellSize(columns: 80, rows: 20))
      pilot.press("z", "a", "]", "c", "]", "c")
      expectSnapshot(pilot.screen, named: "diff-order-tree-80x20")
    }
  }
}
