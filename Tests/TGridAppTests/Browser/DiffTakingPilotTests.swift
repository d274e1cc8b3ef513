import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension Pilot {
  /// Puts the focus on the value at a jq path, as `:` and the path do.
  fileprivate func focus(path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if case .keepOpen(let reason) = browser.reading.goTo(pathText: path) {
      Issue.record("\(path): \(reason)", sourceLocation: sourceLocation)
    }
    redraw()
    #expect(focusedPath == path, sourceLocation: sourceLocation)
  }

  /// Runs the loop once more (a frame), with the status line's message gone.
  fileprivate func redraw(clearingMessage: Bool = false) {
    if clearingMessage { browser.message = nil }
    resize(to: terminal.size)
  }

  /// The document's text as it is now.
  fileprivate var documentText: String { store.document.rawText(of: store.document.root) }
}

extension PilotTests {
  /// Settling a diff's changes (issue 31): `<` takes A's side of the changes in the selection
  /// as one undo step, `>` keeps B's side and drops their marks, the marks follow every edit,
  /// and the status line says how the array around the focus was aligned.
  @Suite struct DiffTakingPilotTests {
    /// Whether the store's document is A again, as JSON.
    static func isA(_ pilot: Pilot, _ old: String) throws -> Bool {
      JSONDiff(old: try JSONDocument(parsing: old), new: pilot.store.document).isEmpty
    }

    @Test func lessThanOnTheRootTakesEveryChangeAndUndoBringsThemBack() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new)
      let count = pilot.store.diff?.stops.count ?? 0
      #expect(count >= 5)
      pilot.press("g", "<")
      #expect(try Self.isA(pilot, DiffSamples.old), "\(pilot.screen)")
      #expect(pilot.store.diff?.stops.isEmpty == true, "compared again: nothing differs")
      #expect(pilot.screen.contains("took a.json's side of \(count) of \(count) changes"), "\(pilot.screen)")
      #expect(pilot.statusLine.contains("0 changes") && pilot.statusLine.contains("[+]"), "\(pilot.statusLine)")
      pilot.press("u")
      #expect(pilot.store.diff?.stops.count == count, "undo brings the changes and their marks back")
      #expect(!(try Self.isA(pilot, DiffSamples.old)))
    }

    @Test func lessThanOnOneValueTakesOnlyItsChange() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new)
      let count = pilot.store.diff?.stops.count ?? 0
      pilot.press("]", "c")
      #expect(pilot.focusedPath == ".order.status")
      pilot.press("<")
      #expect(pilot.store.diff?.stops.count == count - 1)
      pilot.press("z", "a")
      #expect(pilot.screen.contains(#"status: "paid""#), "\(pilot.screen)")
      #expect(!pilot.screen.contains("~ status"), "its mark is gone: \(pilot.screen)")
      #expect(pilot.screen.contains("~ price: 44.5 ← 49.5"), "the others stay: \(pilot.screen)")
    }

    @Test func lessThanOnAnArrayBringsBackWhatItLostInItsPlace() throws {
      let old = #"{"list": [1, 2, 3, {"a": 1}, 5], "keep": true}"#
      let new = #"{"list": [{"a": 1}, 1, 3, 9], "keep": true}"#
      let pilot = try Pilot.diff(old: old, new: new)
      pilot.press("z", "a")
      try pilot.focus(path: ".list")
      pilot.press("<")
      #expect(try Self.isA(pilot, old), "\(pilot.documentText)")
    }

    @Test func greaterThanKeepsBsSideAndTheMarkStaysGoneAfterAnotherEdit() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new)
      let count = pilot.store.diff?.stops.count ?? 0
      pilot.press("z", "a")
      try pilot.focus(path: ".order.carrier")
      pilot.press(">")
      #expect(pilot.store.diff?.stops.count == count - 1)
      #expect(pilot.screen.contains("kept b.json's side of 1 change"), "\(pilot.screen)")
      #expect(!pilot.store.isModified, "keeping B's side edits nothing")
      // Another edit compares again; the settled change stays settled.
      try pilot.focus(path: ".order.status")
      pilot.press("<")
      #expect(pilot.store.diff?.stops.count == count - 2, "\(pilot.store.diff?.stops.map(\.text) ?? [])")
      #expect(!pilot.screen.contains("+ carrier"), "\(pilot.screen)")
    }

    @Test func theTableTakesASideWithZBecauseLessThanSizesColumns() throws {
      let old = #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}]"#
      let new = #"[{"id": 1, "v": "x"}, {"id": 2, "v": "b"}]"#
      let pilot = try Pilot.diff(old: old, new: new, presentation: .table)
      pilot.press("<")
      #expect(pilot.store.diff?.stops.count == 1, "< narrows the column in the table")
      pilot.press("g", "l", "z", "<")
      #expect(try Self.isA(pilot, old), "\(pilot.screen)")
    }

    @Test func theStatusLineSaysHowTheArrayAroundTheFocusWasAligned() throws {
      let pilot = try Pilot.diff(old: DiffSamples.old, new: DiffSamples.new, size: CellSize(columns: 150, rows: 24))
      pilot.press("z", "a")
      try pilot.focus(path: ".order.items[0].price")
      pilot.redraw(clearingMessage: true)
      #expect(pilot.statusLine.contains(#"aligned by key "name""#), "\(pilot.statusLine)")
      try pilot.focus(path: ".order.customer.name")
      pilot.redraw(clearingMessage: true)
      #expect(!pilot.statusLine.contains("aligned"), "\(pilot.statusLine)")
    }

    @Test func theStatusLineNamesTheNearestArraysAlignmentNotTheOutermost() throws {
      // The records are lined up by "id"; the tags inside them, strings, by LCS.
      let old = #"{"groups": [{"id": 1, "tags": ["a", "b", "c"]}, {"id": 2, "tags": ["d"]}]}"#
      let new = #"{"groups": [{"id": 2, "tags": ["d"]}, {"id": 1, "tags": ["a", "x", "b", "c"]}]}"#
      let pilot = try Pilot.diff(old: old, new: new, size: CellSize(columns: 150, rows: 24))
      pilot.press("z", "a")
      try pilot.focus(path: ".groups[1].tags[2]")
      pilot.redraw(clearingMessage: true)
      #expect(pilot.statusLine.contains("aligned by LCS"), "the tags' own alignment: \(pilot.statusLine)")
      try pilot.focus(path: ".groups[1].id")
      pilot.redraw(clearingMessage: true)
      #expect(pilot.statusLine.contains(#"aligned by key "id""#), "the records': \(pilot.statusLine)")
    }

    @Test func theGridTheTableAndTheSchematicShowTheMarksToo() throws {
      let old = #"[{"name": "Keyboard", "price": 49.5}, {"name": "Mouse", "price": 19}, {"name": "Cable", "price": 4}]"#
      let new = #"[{"name": "Keyboard", "price": 44.5}, {"name": "Mouse", "price": 19}, {"name": "Pad", "price": 9}]"#
      let pilot = try Pilot.diff(old: old, new: new, presentation: .grid)
      #expect(pilot.screen.contains("╭ Keyboard · 1 cha"), "\(pilot.screen)")
      #expect(pilot.screen.contains("~ price 44.5"), "\(pilot.screen)")
      #expect(pilot.screen.contains("╭ + Pad"), "\(pilot.screen)")
      #expect(pilot.screen.contains("╭ Mouse ─"), "an unchanged card carries no mark: \(pilot.screen)")
      pilot.press("3")
      #expect(pilot.screen.contains("~ 44.5"), "\(pilot.screen)")
      #expect(pilot.lines.contains { $0.hasPrefix("+ 2│Pad") }, "\(pilot.screen)")
      #expect(pilot.lines.contains { $0.hasPrefix("  1│Mouse") }, "\(pilot.screen)")
      pilot.press("5")
      #expect(pilot.screen.contains("+ [2] Pad"), "\(pilot.screen)")
      // An edit in any view moves the marks with it.
      pilot.press("1")
      try pilot.focus(path: ".[0]")
      pilot.press("<")
      #expect(pilot.screen.contains("╭ Keyboard ─"), "\(pilot.screen)")
      #expect(pilot.screen.contains("price 49.5"), "\(pilot.screen)")
    }

    @Test func bracketAAlignsTheArrayAroundTheFocusAnotherWay() throws {
      let old = #"{"list": [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]}"#
      let new = #"{"list": [{"id": 3, "v": "c"}, {"id": 1, "v": "a"}, {"id": 2, "v": "b"}]}"#
      let pilot = try Pilot.diff(old: old, new: new, size: CellSize(columns: 150, rows: 24))
      #expect(pilot.store.diff?.stops.map(\.kind) == [.moved], "by key: one move")
      pilot.press("z", "a")
      try pilot.focus(path: ".list[1].v")
      pilot.press("]", "a")
      #expect(pilot.screen.contains(".list aligned by LCS"), "\(pilot.screen)")
      #expect(pilot.store.diff?.stops.map(\.kind) == [.moved], "by LCS: the one that moved")
      pilot.press("]", "a")
      #expect(pilot.screen.contains(".list aligned by position"), "\(pilot.screen)")
      #expect(pilot.store.diff?.stops.count == 6, "by position: every id and v differs")
      pilot.redraw(clearingMessage: true)
      #expect(pilot.statusLine.contains("aligned by position"), "\(pilot.statusLine)")
      pilot.press("]", "a")
      #expect(pilot.screen.contains(#".list aligned by key "id""#), "\(pilot.screen)")
      pilot.press("[", "a")
      #expect(pilot.screen.contains(".list aligned by position"), "[a goes back: \(pilot.screen)")
      try pilot.focus(path: ".list")
      pilot.press("]", "x")
      #expect(pilot.screen.contains("no such command (]c, [c, ]a, [a)"), "\(pilot.screen)")
    }

    @Test func withoutADiffTheKeysSaySo() throws {
      let pilot = try Pilot(json: "[1, 2]", presentation: .tree)
      pilot.press("<")
      #expect(pilot.screen.contains("no diff here"), "\(pilot.screen)")
      pilot.press(">")
      #expect(pilot.screen.contains("no diff here"), "\(pilot.screen)")
    }

    /// Random documents and random edits: `<` on the root always gives A back.
    @Test(arguments: 0..<120)
    func takingEverythingAlwaysGivesABack(seed: Int) throws {
      var random = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 17)
      var records: [String] = (0..<(2 + random.next(below: 6))).map { index in
        #"{"n": \#(index), "v": \#(random.next(below: 5))}"#
      }
      let old = #"{"records": ["# + records.joined(separator: ", ") + #"], "other": 1}"#
      for _ in 0..<(1 + random.next(below: 4)) {
        switch random.next(below: 4) {
        case 0 where !records.isEmpty: records.remove(at: random.next(below: records.count))
        case 1:
          records.insert(#"{"n": \#(100 + random.next(below: 50)), "v": 7}"#, at: random.next(below: records.count + 1))
        case 2 where records.count > 1:
          let moved = records.remove(at: random.next(below: records.count))
          records.insert(moved, at: random.next(below: records.count + 1))
        default:
          if !records.isEmpty {
            let index = random.next(below: records.count)
            records[index] = records[index].replacingOccurrences(of: #""v": "#, with: #""v": 1"#)
          }
        }
      }
      let new = #"{"records": ["# + records.joined(separator: ", ") + #"], "other": 2}"#
      let pilot = try Pilot.diff(old: old, new: new)
      try pilot.focus(path: ".records")
      pilot.press("<")
      #expect(pilot.store.diff?.stops.count == 1, "only .other is left: \(pilot.store.diff?.stops.map(\.text) ?? [])")
      pilot.press("g", "<")
      #expect(try Self.isA(pilot, old), "seed \(seed)\nA: \(old)\nB: \(new)\nnow: \(pilot.documentText)")
    }
  }
}

extension PilotTests {
  /// A large pair is compared on a thread of its own (issue 31: the first screen does not
  /// wait for the diff): B shows at once, and the marks come with the run loop's wake.
  @Suite struct DiffInTheBackgroundPilotTests {
    static func records(_ count: Int, changingEvery step: Int) -> String {
      "["
        + (0..<count).map { index in
          #"{"id": \#(index), "name": "record \#(index)", "value": \#(step > 0 && index % step == 0 ? index + 1 : index)}"#
        }.joined(separator: ",\n") + "]"
    }

    @Test func theMarksArriveWhenTheComparisonIsDoneAndEditsWaitForIt() throws {
      let old = Self.records(4000, changingEvery: 0)
      let new = Self.records(4000, changingEvery: 500)
      let pilot = try Pilot(json: new, name: "b.json", size: CellSize(columns: 100, rows: 20), presentation: .tree)
      pilot.store.startComparing(with: try JSONDocument(parsing: old), oldName: "a.json")
      #expect(pilot.store.isLoading, "edits wait for the diff")
      #expect(pilot.waitForBackgroundWork { $0.store.diff != nil }, "the diff arrived: \(pilot.statusLine)")
      #expect(pilot.store.pendingDiff == nil && !pilot.store.isLoading)
      #expect(pilot.store.diff?.stops.count == 8, "\(pilot.store.diff?.stops.map(\.text) ?? [])")
      #expect(pilot.statusLine.contains("diff: a.json → b.json · 8 changes"), "\(pilot.statusLine)")
      pilot.press("]", "c")
      #expect(pilot.focusedPath == ".[0].value", "\(pilot.statusLine)")
    }

    /// Several comparisons at once, each on its own thread, while this thread reads the
    /// same documents: every one gives the synchronous result (run under ThreadSanitizer).
    @Test func comparisonsOnTheirOwnThreadsGiveTheSameDiff() throws {
      let old = try JSONDocument(parsing: Self.records(3000, changingEvery: 0))
      let new = try JSONDocument(parsing: Self.records(3000, changingEvery: 300))
      let expected = JSONDiff(old: old, new: new).changes.count
      let computations = (0..<4).map { _ in DiffComputation(old: old, new: new, oldName: "a.json") }
      var walked = 0
      for child in new.children(of: new.root) { walked += new.childCount(of: child) }
      #expect(walked == 9000)
      for computation in computations {
        #expect(computation.waitForResult()?.changes.count == expected)
      }
      #expect(expected == 10)
    }
  }
}

extension PilotTests {
  /// `]a` on a large pair (issue 31): the comparison again runs on a thread of its own, as at
  /// open; the status line says `comparing…`, the old marks stay and edits wait until the new
  /// ones arrive.
  @Suite struct AligningInTheBackgroundPilotTests {
    @Test func bracketAOnALargePairComparesInTheBackgroundAndEditsWait() throws {
      let old = #"{"list": [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]}"#
      let new = #"{"list": [{"id": 3, "v": "c"}, {"id": 1, "v": "a"}, {"id": 2, "v": "b"}]}"#
      let pilot = try Pilot.diff(old: old, new: new, size: CellSize(columns: 150, rows: 24))
      // Every pair counts as large.
      pilot.store.comparesOnTheRunLoopUpToByteCount = 0
      pilot.press("z", "a")
      try pilot.focus(path: ".list[1].v")
      // `]a` itself, without running the loop on: the diff cannot have been taken yet.
      pilot.browser.reading.changeAlignment(forward: true)
      #expect(pilot.store.pendingDiff != nil, "compared on a thread of its own")
      #expect(pilot.store.isLoading, "edits wait for the diff")
      #expect(
        pilot.browser.message?.contains(".list aligned by LCS · comparing…") == true, "\(pilot.browser.message ?? "")")
      #expect(pilot.store.diff?.stops.map(\.kind) == [.moved], "the old marks stay meanwhile")
      #expect(throws: DocumentStore.EditError.self) {
        try pilot.store.perform("Take", selection: DocumentStore.Selection()) { _ in DocumentStore.Selection() }
      }
      pilot.browser.reading.changeAlignment(forward: true)
      #expect(pilot.browser.message?.contains("still comparing") == true, "\(pilot.browser.message ?? "")")
      #expect(pilot.waitForBackgroundWork { $0.store.pendingDiff == nil }, "the diff arrived: \(pilot.statusLine)")
      pilot.redraw(clearingMessage: true)
      #expect(pilot.statusLine.contains("diff: a.json → b.json · 1 change"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("aligned by LCS"), "\(pilot.statusLine)")
      pilot.press("]", "a")
      #expect(pilot.waitForBackgroundWork { $0.store.pendingDiff == nil })
      #expect(pilot.store.diff?.stops.count == 6, "by position: every id and v differs")
      #expect(!pilot.store.isModified, "nothing was edited meanwhile")
    }

    /// A `` ` `` pressed while a large pair's values are paired is not dropped when `]a`
    /// compares again meanwhile: A shows once the new comparison is paired.
    @Test func aBacktickWaitingForThePairingOutlivesBracketA() throws {
      let old = #"{"list": [{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]}"#
      let new = #"{"list": [{"id": 3, "v": "c"}, {"id": 1, "v": "a"}, {"id": 2, "v": "b"}]}"#
      let pilot = try Pilot.diff(old: old, new: new, size: CellSize(columns: 150, rows: 24))
      pilot.store.comparesOnTheRunLoopUpToByteCount = 0
      pilot.press("z", "a")
      try pilot.focus(path: ".list[1].v")
      // `]a` compares on a thread of its own; its diff is taken by hand, so its pairing is
      // still to be taken (as on a large pair, where it comes seconds after the marks).
      pilot.browser.reading.changeAlignment(forward: true)
      let first = try #require(pilot.store.pendingDiff)
      first.waker = nil
      _ = first.waitForResult()
      #expect(try pilot.store.takeFinishedDiff())
      #expect(pilot.store.isPairing && !pilot.store.hasSidePairing)
      // `` ` `` now waits for the pairing…
      pilot.browser.reading.switchDiffSide()
      #expect(first.switchesSideWhenPaired, "\(pilot.browser.message ?? "")")
      #expect(!pilot.store.showsOldSide)
      // …and `]a` compares again before it is taken.
      pilot.browser.reading.changeAlignment(forward: true)
      let second = try #require(pilot.store.pendingDiff)
      #expect(second !== first)
      #expect(second.switchesSideWhenPaired, "the waiting ` carries over to the new comparison")
      #expect(pilot.waitForBackgroundWork { $0.store.showsOldSide }, "A shows once paired: \(pilot.statusLine)")
      #expect(pilot.store.pendingDiff == nil && !pilot.store.isPairing)
      #expect(pilot.focusedPath.hasPrefix(".list"), "the focus stays in the list: \(pilot.statusLine)")
      pilot.press("`")
      #expect(!pilot.store.showsOldSide)
    }

    /// While the diff is made the status line's name says so.
    @Test func theStatusLineSaysComparingWhileTheDiffIsMade() throws {
      let pilot = try Pilot(json: "[1, 2, 3]", name: "b.json", presentation: .tree)
      pilot.store.diff = DiffSession(
        diff: JSONDiff(old: try JSONDocument(parsing: "[1, 2]"), new: pilot.store.document), oldName: "a.json",
        store: pilot.store)
      pilot.store.startComparing(with: try JSONDocument(parsing: "[1, 2]"), oldName: "a.json")
      // No waker yet: the result is taken only at a wake, so this frame shows it pending.
      pilot.store.pendingDiff?.waker = nil
      _ = pilot.store.pendingDiff?.waitForResult()
      var canvas = Canvas(size: pilot.terminal.size)
      pilot.browser.draw(into: &canvas)
      #expect(canvas.lines.last?.contains("diff: a.json → b.json · comparing…") == true, "\(canvas.lines.last ?? "")")
    }
  }
}
