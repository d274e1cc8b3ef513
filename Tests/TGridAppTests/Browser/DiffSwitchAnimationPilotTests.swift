import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

/// Records whose columns differ between the sides: A has `legacy`, B has `color`; bee's size
/// changed, cat moved to the front.
enum DiffColumnSamples {
  static let old = """
    [{"id": 1, "name": "ant", "legacy": "x1", "size": 1}, {"id": 2, "name": "bee", "legacy": "x2", "size": 2},
     {"id": 3, "name": "cat", "legacy": "x3", "size": 3}]
    """
  static let new = """
    [{"id": 3, "name": "cat", "size": 3, "color": "red"}, {"id": 1, "name": "ant", "size": 1, "color": "tan"},
     {"id": 2, "name": "bee", "size": 20, "color": "gold"}]
    """
}

extension Pilot {
  /// The id of the value at a jq path of the document shown.
  fileprivate func id(atPath path: String) throws -> NodeID {
    let node = try #require(store.document.node(at: try JSONPath(parsing: path)), "\(path)")
    return store.id(node)
  }

  /// Puts the focus on the value at a jq path, as `:` and the path do.
  fileprivate func go(to path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if case .keepOpen(let reason) = browser.reading.goTo(pathText: path) {
      Issue.record("\(path): \(reason)", sourceLocation: sourceLocation)
    }
    resize(to: terminal.size)
  }

  /// The screen drawn at the view's clock now (mid-animation too), one string per row.
  fileprivate func drawnLines() -> [String] {
    var canvas = Canvas(size: terminal.size)
    browser.draw(into: &canvas)
    return canvas.lines
  }

  /// The frame drawn now for the table's cell at a row and column, or its column's header
  /// (`row` nil).
  fileprivate func tableFrame(row: Int?, column: Int) -> Rect? {
    let view = browser.collectionView
    guard let layout = view.collectionViewLayout as? TableLayout else { return nil }
    return view.attributesOnScreen.first { element in
      guard element.key.kind.utf8.first != 1 else { return false }  // not a deleted one fading out
      if let row {
        return element.category == .cell && element.indexPath == layout.indexPath(row: row, column: column)
      }
      return element.representedElementKind == ElementKind.columnHeader && element.indexPath.item == column
    }?.frame
  }
}

extension PilotTests {
  /// `` ` `` in the table when A and B have different columns (issue 31): one batch update of
  /// the cells keyed by record and column name — a column only one side has slides open or
  /// closes, the others move with their records — and the focus stays on the same record and
  /// column.
  @Suite struct DiffTableSwitchPilotTests {
    @Test func aColumnOnlyOneSideHasComesAndGoesWithTheFocusOnTheSameRecordAndColumn() throws {
      let pilot = try Pilot.diff(
        old: DiffColumnSamples.old, new: DiffColumnSamples.new, size: CellSize(columns: 80, rows: 10),
        presentation: .table)
      let view = pilot.browser.collectionView
      pilot.go(to: ".[2].size")
      let bee = try pilot.id(atPath: ".[2]")
      #expect(pilot.screen.contains("color") && !pilot.screen.contains("legacy"), "\(pilot.screen)")
      pilot.browser.reading.switchDiffSide()
      #expect(pilot.store.showsOldSide)
      #expect(view.isAnimating, "one animated batch update, not a reload")
      view.finishAnimationsNow()
      pilot.resize(to: pilot.terminal.size)
      #expect(pilot.focusedPath == ".[1].size", "the same record and column, at its place in A: \(pilot.statusLine)")
      #expect(try pilot.id(atPath: ".[1]") == bee)
      expectSnapshot(pilot.screen, named: "diff-table-switch-columns-a-80x10")
      #expect(pilot.screen.contains("legacy") && pilot.screen.contains("x2"), "A's column: \(pilot.screen)")
      #expect(!pilot.screen.contains("color") && !pilot.screen.contains("gold"), "B's column is gone: \(pilot.screen)")
      #expect(pilot.lines.contains { $0.contains("bee") && $0.contains("~ 2") }, "A's value, marked: \(pilot.screen)")
      // Back on B, on a column only B has: the same record, in that column.
      pilot.browser.reading.switchDiffSide()
      #expect(!pilot.store.showsOldSide)
      #expect(view.isAnimating)
      view.finishAnimationsNow()
      pilot.resize(to: pilot.terminal.size)
      #expect(pilot.focusedPath == ".[2].size", "\(pilot.statusLine)")
      expectSnapshot(pilot.screen, named: "diff-table-switch-columns-b-80x10")
      pilot.go(to: ".[1].color")
      pilot.press("`")
      #expect(pilot.store.showsOldSide)
      view.finishAnimationsNow()
      pilot.resize(to: pilot.terminal.size)
      #expect(pilot.focusedPath.hasPrefix(".[0]"), "ant's record, A's first: \(pilot.statusLine)")
      pilot.press("`")
      view.finishAnimationsNow()
      pilot.resize(to: pilot.terminal.size)
      #expect(pilot.focusedPath == ".[1].id", "ant's record, where the focus was on A: \(pilot.statusLine)")
    }

    /// Half way through the switch (the view's clock stepped by hand) A's `legacy` column is
    /// opening at its place, narrower than it ends, while `size` slides right to make room.
    @Test func halfWayTheInsertedColumnIsSlidingIn() throws {
      let pilot = try Pilot.diff(
        old: DiffColumnSamples.old, new: DiffColumnSamples.new, size: CellSize(columns: 80, rows: 10),
        presentation: .table)
      let view = pilot.browser.collectionView
      var now = 0
      view.clock = { now }
      pilot.go(to: ".[0].name")
      view.layoutIfNeeded()
      // B: id, name, size, color; A: id, name, legacy, size.
      let sizeBefore = try #require(pilot.tableFrame(row: 2, column: 2), "bee's size in B")
      pilot.browser.reading.switchDiffSide()
      #expect(view.isAnimating, "one animated batch update")
      now = view.animationDuration / 2
      view.layoutIfNeeded()
      let legacyHalfWay = try #require(pilot.tableFrame(row: 1, column: 2), "bee's legacy half way")
      let headerHalfWay = try #require(pilot.tableFrame(row: nil, column: 2), "legacy's header half way")
      let sizeHalfWay = try #require(pilot.tableFrame(row: 1, column: 3), "bee's size half way")
      let halfWay = pilot.drawnLines()
      now = view.animationDuration
      view.layoutIfNeeded()
      #expect(!view.isAnimating)
      let legacyAfter = try #require(pilot.tableFrame(row: 1, column: 2))
      let headerAfter = try #require(pilot.tableFrame(row: nil, column: 2))
      let sizeAfter = try #require(pilot.tableFrame(row: 1, column: 3))
      #expect(legacyHalfWay.minX == legacyAfter.minX, "it opens at its place")
      #expect(
        legacyHalfWay.width > 0 && legacyHalfWay.width < legacyAfter.width,
        "half open: \(legacyHalfWay.width) of \(legacyAfter.width)")
      #expect(headerHalfWay.width > 0 && headerHalfWay.width < headerAfter.width, "its header opens with it")
      #expect(sizeHalfWay.minY > sizeAfter.minY && sizeHalfWay.minY < sizeBefore.minY, "bee's row moves up")
      #expect(
        sizeHalfWay.minX > sizeBefore.minX && sizeHalfWay.minX < sizeAfter.minX,
        "size slides right: \(sizeBefore.minX) → \(sizeHalfWay.minX) → \(sizeAfter.minX)")
      let header = halfWay[0]
      #expect(header.contains("│le") && !header.contains("legacy"), "legacy's header half open: \(halfWay)")
      #expect(halfWay.contains { $0.contains("bee") && $0.contains("x2") == false }, "\(halfWay)")
      let after = pilot.drawnLines()
      #expect(after[0].contains("│legacy│size"), "\(after)")
      #expect(after.contains { $0.contains("bee") && $0.contains("- x2") }, "\(after)")
    }
  }
}

/// Events in two versions: beta's date changed, eps only in A, delta only in B, gamma moved
/// to the front of the array.
enum DiffTimelineSamples {
  static let old = """
    [{"name": "alpha", "when": "2024-05-01"}, {"name": "beta", "when": "2024-05-03"},
     {"name": "gamma", "when": "2024-05-05"}, {"name": "eps", "when": "2024-05-08"}]
    """
  static let new = """
    [{"name": "gamma", "when": "2024-05-05"}, {"name": "alpha", "when": "2024-05-01"},
     {"name": "beta", "when": "2024-05-06"}, {"name": "delta", "when": "2024-05-07"}]
    """
}

/// Points in two versions: b's y changed, e only in A, d only in B.
enum DiffChartSamples {
  static let old = """
    [{"name": "a", "x": 1, "y": 1}, {"name": "b", "x": 2, "y": 2}, {"name": "c", "x": 3, "y": 3},
     {"name": "e", "x": 5, "y": 5}]
    """
  static let new = """
    [{"name": "a", "x": 1, "y": 1}, {"name": "b", "x": 2, "y": 9}, {"name": "c", "x": 3, "y": 3},
     {"name": "d", "x": 4, "y": 4}]
    """
}

extension Pilot {
  /// The frame drawn now for the item that shows a value.
  fileprivate func drawnFrame(of id: NodeID) -> Rect? {
    let view = browser.collectionView
    guard let indexPath = browser.presentation.indexPath(for: id, reveal: false) else { return nil }
    return view.attributesOnScreen.first {
      $0.category == .cell && $0.key.kind.utf8.first != 1 && $0.indexPath == indexPath
    }?.frame
  }

  /// Switches sides with the view's clock stepped by hand, and gives where the item showing
  /// `id` is drawn before, half way and after (nil where it is not drawn), checking that the
  /// switch is one animated batch update.
  fileprivate func switchSides(
    following id: NodeID, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (before: Rect?, halfWay: Rect?, after: Rect?) {
    let view = browser.collectionView
    var now = 0
    view.clock = { now }
    view.layoutIfNeeded()
    let before = drawnFrame(of: id)
    browser.reading.switchDiffSide()
    #expect(view.isAnimating, "one animated batch update, not a reload", sourceLocation: sourceLocation)
    now = view.animationDuration / 2
    view.layoutIfNeeded()
    let halfWay = drawnFrame(of: id)
    now = view.animationDuration
    view.layoutIfNeeded()
    #expect(!view.isAnimating, sourceLocation: sourceLocation)
    let after = drawnFrame(of: id)
    view.clock = { MonotonicClock.milliseconds() }
    resize(to: terminal.size)
    return (before, halfWay, after)
  }
}

extension PilotTests {
  /// `` ` `` in the timeline and the chart (issue 31): one batch update — the events and
  /// points of records both sides hold slide to their place on the other side, the others
  /// come and go — with the focus on the same record.
  @Suite struct DiffTimelineAndChartSwitchPilotTests {
    @Test func theTimelineSlidesAnEventToItsDateOnTheOtherSide() throws {
      let pilot = try Pilot.diff(
        old: DiffTimelineSamples.old, new: DiffTimelineSamples.new, size: CellSize(columns: 130, rows: 8),
        presentation: .timeline)
      pilot.go(to: ".[2]")
      let beta = try pilot.id(atPath: ".[2]")
      // The last event's label runs off the right edge: its item is what shows it.
      func shows(_ path: String) throws -> Bool {
        pilot.browser.presentation.indexPath(for: try pilot.id(atPath: path), reveal: false) != nil
      }
      #expect(try shows(".[3]") && pilot.browser.collectionView.numberOfItems(inSection: 0) == 4, "delta")
      let frames = pilot.switchSides(following: beta)
      #expect(pilot.store.showsOldSide)
      #expect(pilot.focusedPath.hasPrefix(".[1]"), "beta, A's second record: \(pilot.statusLine)")
      #expect(pilot.browser.focusedNodeID.map { pilot.store.ancestry(of: $0).contains(beta) } == true)
      let before = try #require(frames.before)
      let halfWay = try #require(frames.halfWay)
      let after = try #require(frames.after)
      #expect(after.minX < before.minX, "beta is earlier in A: \(before.minX) → \(after.minX)")
      #expect(halfWay.minX < before.minX && halfWay.minX > after.minX, "it slides: \(halfWay.minX)")
      #expect(try shows(".[3]") && pilot.browser.collectionView.numberOfItems(inSection: 0) == 4, "eps")
      #expect(pilot.screen.contains("◆ beta"), "\(pilot.screen)")
      expectSnapshot(pilot.screen, named: "diff-timeline-switch-a-130x8")
      _ = pilot.switchSides(following: beta)
      #expect(!pilot.store.showsOldSide)
      #expect(pilot.focusedPath.hasPrefix(".[2]"), "\(pilot.statusLine)")
      #expect(pilot.store.document.rawText(of: pilot.store.document.root).contains("delta"), "B again")
    }

    @Test func theChartSlidesAPointToItsValueOnTheOtherSide() throws {
      let pilot = try Pilot.diff(
        old: DiffChartSamples.old, new: DiffChartSamples.new, size: CellSize(columns: 60, rows: 16),
        presentation: .chart)
      pilot.go(to: ".[1]")
      let b = try pilot.id(atPath: ".[1]")
      let focusedBefore = pilot.browser.focusedNodeID
      let frames = pilot.switchSides(following: b)
      #expect(pilot.store.showsOldSide)
      #expect(pilot.focusedPath.hasPrefix(".[1]"), "b, in A: \(pilot.statusLine)")
      #expect(pilot.browser.focusedNodeID == focusedBefore, "the same point")
      let before = try #require(frames.before)
      let halfWay = try #require(frames.halfWay)
      let after = try #require(frames.after)
      #expect(after.minY != before.minY, "b's y differs: \(before) → \(after)")
      #expect(
        (halfWay.minY - before.minY) * (after.minY - halfWay.minY) > 0, "it slides: \(before) \(halfWay) \(after)")
      expectSnapshot(pilot.screen, named: "diff-chart-switch-a-60x16")
      _ = pilot.switchSides(following: b)
      #expect(!pilot.store.showsOldSide)
      #expect(pilot.browser.focusedNodeID == focusedBefore, "\(pilot.statusLine)")
    }
  }
}
