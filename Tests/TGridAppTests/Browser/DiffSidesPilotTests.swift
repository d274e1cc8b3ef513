import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension Pilot {
  /// Puts the focus on the value at a jq path, as `:` and the path do.
  fileprivate func goTo(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if case .keepOpen(let reason) = browser.reading.goTo(pathText: path) {
      Issue.record("\(path): \(reason)", sourceLocation: sourceLocation)
    }
    resize(to: terminal.size)
    #expect(focusedPath == path, sourceLocation: sourceLocation)
  }

  /// The id of the value at a jq path of the document shown.
  fileprivate func id(at path: String) throws -> NodeID {
    let node = try #require(store.document.node(at: try JSONPath(parsing: path)), "\(path)")
    return store.id(node)
  }
}

/// Records as two versions of an export: record 2 changed, 3 moved to the front, 4 added,
/// 5 removed.
enum DiffSideSamples {
  static let old = """
    [{"id": 1, "name": "ant", "size": 1}, {"id": 2, "name": "bee", "size": 2},
     {"id": 3, "name": "cat", "size": 3}, {"id": 5, "name": "eel", "size": 5}]
    """
  static let new = """
    [{"id": 3, "name": "cat", "size": 3}, {"id": 1, "name": "ant", "size": 1},
     {"id": 2, "name": "bee", "size": 20}, {"id": 4, "name": "dog", "size": 4}]
    """
}

extension PilotTests {
  /// `` ` `` switches between a diff's sides (issue 31): A in B's place and back, in every
  /// view, as one batch update with the focus on the same value.
  @Suite struct DiffSidesPilotTests {
    @Test func theTreeShowsAInBsPlaceWithTheFocusKeptAndBack() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new, size: CellSize(columns: 100, rows: 30))
      pilot.press("z", "a")
      try pilot.goTo(".order.items[1].price")
      let mouse = try pilot.id(at: ".order.items[1].price")
      pilot.press("`")
      #expect(pilot.store.showsOldSide)
      #expect(pilot.focusedPath == ".order.items[1].price", "the focus stays on the same value")
      #expect(pilot.browser.focusedNodeID == mouse, "a value both sides hold keeps its id")
      let screen = pilot.screen
      #expect(screen.contains(#"status: "paid""#), "A's values: \(screen)")
      #expect(screen.contains("Cable"), "what only A holds is shown: \(screen)")
      #expect(screen.contains(#"~ status: "paid" → "shipped""#), "marks from A's side: \(screen)")
      #expect(screen.contains("~ price: 49.5 → 44.5"), "\(screen)")
      #expect(screen.contains("- [2]"), "the removed element is marked on A's row: \(screen)")
      #expect(!screen.contains("carrier"), "what only B holds is gone: \(screen)")
      #expect(screen.contains("(1 added)"), "counted on A's container: \(screen)")
      #expect(pilot.statusLine.contains("diff: showing A (old) · "), "\(pilot.statusLine)")
      // A is read-only.
      pilot.press("d")
      #expect(pilot.screen.contains("A (old) is shown, read-only"), "\(pilot.screen)")
      #expect(pilot.store.document.rawText(of: pilot.store.document.root).contains("Cable"))
      pilot.press("<")
      #expect(pilot.screen.contains("read-only"), "\(pilot.screen)")
      // ]c steps through A's marks.
      pilot.press("g", "]", "c")
      #expect(pilot.focusedPath == ".order.status", "\(pilot.statusLine)")
      // On a value only A holds, back on B: its nearest container.
      try pilot.goTo(".order.items[2].name")
      pilot.press("`")
      #expect(!pilot.store.showsOldSide)
      #expect(pilot.focusedPath == ".order.items", "\(pilot.statusLine)")
      #expect(pilot.screen.contains(#"+ carrier: "DHL""#), "B again: \(pilot.screen)")
      #expect(pilot.statusLine.contains("diff: a.json → b.json · "), "\(pilot.statusLine)")
      pilot.press("d")
      #expect(pilot.store.isModified, "B is edited as before")
    }

    @Test func theTableShowsARowsInTheirPlacesWithTheFocusOnTheSameRecord() throws {
      let pilot = try Pilot.diff(
        old: DiffSideSamples.old, new: DiffSideSamples.new, size: CellSize(columns: 80, rows: 12),
        presentation: .table)
      let bee = try pilot.id(at: ".[2]")
      try pilot.goTo(".[2].size")
      #expect(pilot.lines.contains { $0.contains("bee") && $0.contains("20") }, "\(pilot.screen)")
      pilot.press("`")
      #expect(pilot.focusedPath == ".[1].size", "the same record, at its place in A: \(pilot.statusLine)")
      #expect(try pilot.id(at: ".[1]") == bee)
      #expect(pilot.lines.contains { $0.contains("bee") && $0.contains("~ 2") }, "A's value, marked: \(pilot.screen)")
      #expect(pilot.screen.contains("eel"), "the record only A holds: \(pilot.screen)")
      #expect(!pilot.screen.contains("dog"), "the record only B holds is gone: \(pilot.screen)")
      #expect(pilot.lines.contains { $0.hasPrefix("- 3") }, "its row header is marked: \(pilot.screen)")
      #expect(pilot.statusLine.contains("diff: showing A (old)"), "\(pilot.statusLine)")
      pilot.press("`")
      #expect(pilot.focusedPath == ".[2].size", "\(pilot.statusLine)")
      #expect(pilot.screen.contains("dog") && !pilot.screen.contains("eel"), "\(pilot.screen)")
    }

    @Test func theGridShowsACardsWithTheFocusOnTheSameRecord() throws {
      let pilot = try Pilot.diff(
        old: DiffSideSamples.old, new: DiffSideSamples.new, size: CellSize(columns: 120, rows: 30),
        presentation: .grid)
      try pilot.goTo(".[0]")
      let cat = try pilot.id(at: ".[0]")
      pilot.press("`")
      #expect(pilot.focusedPath == ".[2]", "cat is A's third record: \(pilot.statusLine)")
      #expect(pilot.browser.focusedNodeID == cat)
      #expect(pilot.screen.contains("eel") && !pilot.screen.contains("dog"), "\(pilot.screen)")
      #expect(pilot.screen.contains("~ size 2"), "A's value, marked: \(pilot.screen)")
      // A card only B holds: back on A, its container (the list) is all that is left.
      pilot.press("`")
      try pilot.goTo(".[3]")
      pilot.press("`")
      #expect(pilot.store.showsOldSide)
      #expect(pilot.browser.focusedNodeID != nil, "the focus lands on a surviving card or the list")
      #expect(!pilot.screen.contains("dog"), "\(pilot.screen)")
    }

    @Test func withoutADiffTheKeySaysSo() throws {
      let pilot = try Pilot(json: #"{"a": 1}"#, presentation: .tree)
      pilot.press("`")
      #expect(pilot.screen.contains("no diff here"), "\(pilot.screen)")
    }

    /// The switch is animated: a row kept on both sides slides to its place in A over
    /// several frames (the view's clock stepped by hand), not in one jump.
    @Test func theSwitchMovesKeptRowsOverSeveralFrames() throws {
      let old = #"{"items": ["a", "b", "c"]}"#
      let new = #"{"items": ["x", "y", "a", "b", "c"]}"#
      let pilot = try Pilot.diff(old: old, new: new, size: CellSize(columns: 60, rows: 12))
      pilot.press("z", "a")
      let c = try pilot.id(at: ".items[4]")
      let view = pilot.browser.collectionView
      var now = 0
      view.clock = { now }
      func row(of id: NodeID) -> Double? {
        guard let indexPath = pilot.browser.presentation.indexPath(for: id, reveal: false) else { return nil }
        return view.attributesOnScreen.first {
          $0.category == .cell && $0.key.kind.utf8.first != 1 && $0.indexPath == indexPath
        }?.frame.minY
      }
      view.layoutIfNeeded()
      let before = try #require(row(of: c))
      pilot.browser.reading.switchDiffSide()
      #expect(pilot.store.showsOldSide)
      #expect(view.isAnimating, "one animated batch update")
      var seen: [Double] = []
      for step in 1...4 {
        now = view.animationDuration * step / 4
        view.layoutIfNeeded()
        if let y = row(of: c) { seen.append(y) }
      }
      #expect(!view.isAnimating)
      let after = try #require(row(of: c))
      #expect(after == before - 2, "c moves up two rows, where x and y were: \(before) → \(after)")
      #expect(
        seen.contains { $0 < before && $0 > after }, "c passes between its places: \(before) \(seen) \(after)")
    }
  }
}
