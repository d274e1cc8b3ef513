import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Finding things (issue 12): `/` searches as you type, `n`/`N` go from match to match
  /// across the whole document, counts come from another thread, matches are highlighted;
  /// `:` goes to a path with Tab completion and says which step failed.
  @Suite struct SearchPilotTests {
    /// Records 0…19; three of them mention a needle, one of them deep inside.
    static let records: String = {
      let items = (0..<20).map { index -> String in
        switch index {
        case 4: return #"{"name": "record 4", "note": "a Needle here"}"#
        case 11: return #"{"name": "record 11", "nested": {"deeper": {"text": "needle again"}}}"#
        case 17: return #"{"name": "needle", "note": "last"}"#
        default: return #"{"name": "record \#(index)", "note": "nothing"}"#
        }
      }
      return "[" + items.joined(separator: ", ") + "]"
    }()

    /// Waits for the background count to reach the status line.
    func waitForCount(_ pilot: Pilot, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
      let reached = pilot.waitForBackgroundWork { $0.statusLine.contains(text) }
      #expect(reached, "status line: \(pilot.statusLine)", sourceLocation: sourceLocation)
    }

    @Test func slashSearchesAsTypedAndEnterKeepsTheMatch() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("/")
      #expect(pilot.statusLine.hasPrefix("/"))
      pilot.type("need")
      #expect(pilot.focusedPath == ".[4].note", "the focus follows the typing")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[4].note")
      waitForCount(pilot, "match 1/3")
    }

    @Test func aSearchAsTypedThatWouldTakeTooLongWaitsForEnter() throws {
      // Two megabytes of records and the only match at the end: with no time to look, the
      // search as typed gives up at its first check, and Enter searches the whole document.
      let filler = (0..<40_000).map { #"{"name": "record \#($0)", "note": "nothing"}"# }
      let text = "[" + (filler + [#"{"name": "the needle"}"#]).joined(separator: ",") + "]"
      let pilot = try Pilot(json: text, size: CellSize(columns: 80, rows: 12))
      pilot.browser.finding.typedSearchMilliseconds = 0
      pilot.press("/")
      pilot.type("needle")
      #expect(pilot.statusLine.contains("no match nearby: Enter searches on"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[40000].name" || pilot.focusedPath == ".[40000]", "\(pilot.focusedPath)")
      waitForCount(pilot, "match 1/1")
    }

    @Test func nAndCapitalNGoFromMatchToMatchOpeningWhatHidesThemAndWrapAround() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("z", "0")
      pilot.press("/")
      pilot.type("needle")
      pilot.press("Enter")
      waitForCount(pilot, "match 1/3")
      pilot.press("n")
      #expect(pilot.focusedPath == ".[11].nested.deeper.text")
      #expect(pilot.screen.contains("needle again"), "the collapsed nodes above it opened")
      #expect(pilot.statusLine.contains("match 2/3"))
      pilot.press("n")
      #expect(pilot.focusedPath == ".[17].name")
      #expect(pilot.statusLine.contains("match 3/3"))
      pilot.press("n")
      #expect(pilot.focusedPath == ".[4].note")
      #expect(pilot.statusLine.contains("went on from the top"))
      #expect(pilot.statusLine.contains("match 1/3"))
      pilot.press("N")
      #expect(pilot.focusedPath == ".[17].name")
      #expect(pilot.statusLine.contains("match 3/3"))
      pilot.press("N")
      #expect(pilot.focusedPath == ".[11].nested.deeper.text")
    }

    @Test func nFromAnotherPlaceStartsThereAndCountsItsNumberAgain() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("/")
      pilot.type("needle")
      pilot.press("Enter")
      pilot.press("G")
      pilot.press("N")
      #expect(pilot.focusedPath == ".[17].name")
      waitForCount(pilot, "match 3/3")
    }

    @Test func inTheGridNGoesIntoTheContainerThatHoldsTheMatch() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24))
      pilot.press("/")
      pilot.type("needle")
      pilot.press("Enter")
      pilot.press("n")
      // The grid shows the match's container, or the card that holds it.
      #expect(pilot.focusedPath.hasPrefix(".[11]"))
      #expect(pilot.screen.contains("needle again"))
      // The count comes from a background pass, which a loaded machine may not have finished.
      waitForCount(pilot, "match 2/3")
      pilot.press("n")
      #expect(pilot.focusedPath.hasPrefix(".[17]"))
    }

    @Test func escGoesBackToWhereTheSearchStartedAndToTheSearchBefore() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("j", "j")
      let start = pilot.focusedPath
      pilot.press("/")
      pilot.type("last")
      #expect(pilot.focusedPath == ".[17].note")
      pilot.press("Esc")
      #expect(pilot.focusedPath == start)
      pilot.press("n")
      #expect(pilot.statusLine.contains("no search yet"))
    }

    @Test func lowerCaseIgnoresCaseAndAnUpperCaseLetterMakesCaseMatter() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("/")
      pilot.type("Needle")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[4].note")
      waitForCount(pilot, "match 1/1")
    }

    @Test func ctrlRSearchesWithARegularExpressionAndABadOneSaysWhereItIsWrong() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("/", "Ctrl-R")
      #expect(pilot.statusLine.hasPrefix("regex /"))
      pilot.type("record 1[57]")
      #expect(pilot.focusedPath == ".[15].name")
      pilot.press("Enter")
      waitForCount(pilot, "match 1/1")
      pilot.press("/")
      #expect(pilot.statusLine.hasPrefix("regex /"), "the last syntax stays")
      pilot.type("rec")
      let found = pilot.focusedPath
      pilot.type("(")
      #expect(
        pilot.statusLine.lowercased().contains("column") || pilot.statusLine.contains("regular expression"),
        "\(pilot.statusLine)")
      #expect(pilot.focusedPath == found, "a bad pattern moves nothing")
    }

    @Test func aPatternWithNoMatchSaysSoAndEnterGoesBack() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("j")
      pilot.press("/")
      pilot.type("zebra")
      #expect(pilot.statusLine.contains("no match"))
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("no match for zebra"))
      #expect(pilot.focusedPath == ".[0]")
    }

    @Test func matchesAreHighlightedWhereTheyShowAndColonNohTakesThemAway() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("z", "a")
      pilot.press("/")
      pilot.type("nothing")
      pilot.press("Enter")
      func highlightedRows() -> [Int] {
        let screen = pilot.terminal.screen
        return (0..<(screen.size.rows - 1)).filter { row in
          (0..<screen.size.columns).contains { screen[$0, row].style.background == .yellow }
        }
      }
      let rows = highlightedRows()
      #expect(rows.count >= 5, "every visible \"nothing\": \(rows)")
      for row in rows { #expect(pilot.lines[row].lowercased().contains("nothing")) }
      pilot.press(":")
      pilot.type("noh")
      pilot.press("Enter")
      #expect(highlightedRows().isEmpty)
      // As in vim (issue 28.9): the pattern stays, n goes on and shows the highlights again.
      let before = pilot.focusedPath
      pilot.press("n")
      #expect(!pilot.statusLine.contains("no search yet"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath != before)
      #expect(!highlightedRows().isEmpty)
    }

    @Test func theCountFollowsEdits() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press("/")
      pilot.type("needle")
      pilot.press("Enter")
      waitForCount(pilot, "match 1/3")
      // Delete the record holding the first match: two are left. (The records are a table in
      // the tree: left from the matching cell, past the first, to the record's row.)
      pilot.press("h", "h", "d")
      waitForCount(pilot, "/2")
      pilot.press("u")
      waitForCount(pilot, "/3")
    }

    // MARK: - Go to a path

    @Test func aDuplicateKeyThatJqWouldNotSeeIsNamedInTheStatusLine() throws {
      let pilot = try Pilot(
        json: #"{"id": 1, "name": "x", "id": 2}"#, size: CellSize(columns: 100, rows: 10), presentation: .tree)
      pilot.press("j")
      #expect(pilot.focusedPath == ".id@0")
      #expect(pilot.statusLine.contains(#".id@0 · key "id" 1 of 2 in its object"#), "\(pilot.statusLine)")
      pilot.press("c", "p")
      #expect(pilot.statusLine.contains("copied the path .id@0 (key"), "\(pilot.statusLine)")
      #expect(pilot.browser.collectionView.pasteboard.string == ".id@0")
      pilot.press("j", "j")
      #expect(pilot.focusedPath == ".id")
      #expect(!pilot.statusLine.contains("jq sees"))
      pilot.press(":")
      pilot.type(".id@0")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".id@0", "the qualified path leads back to it")
    }

    @Test func colonGoesToAPathAndSaysWhichStepFailed() throws {
      let pilot = try Pilot(json: Self.records, size: CellSize(columns: 80, rows: 24), presentation: .tree)
      pilot.press(":")
      pilot.type(".[11].nested.deeper.text")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[11].nested.deeper.text")
      pilot.press(":")
      pilot.type(".[11].nested.missing")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains(".[11].nested"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("missing"), "\(pilot.statusLine)")
      pilot.press("Esc")
      pilot.press(":")
      pilot.type("/11/nested/deeper")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[11].nested.deeper")
    }

    @Test func tabCompletesTheLastStepOfAPath() throws {
      let pilot = try Pilot(
        json: #"{"owner": {"name": "x"}, "options": [1, 2], "albums": [{"title": "t"}]}"#,
        size: CellSize(columns: 80, rows: 24),
        presentation: .tree)
      pilot.press(":")
      pilot.type(".al")
      pilot.press("Tab")
      #expect(pilot.statusLine.contains(":.albums"), "\(pilot.statusLine)")
      pilot.press("Ctrl-U")
      pilot.type(".o")
      pilot.press("Tab")
      #expect(
        pilot.statusLine.contains("owner") && pilot.statusLine.contains("options"),
        "both candidates listed: \(pilot.statusLine)")
      pilot.type("w")
      pilot.press("Tab")
      #expect(pilot.statusLine.contains(":.owner"), "\(pilot.statusLine)")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".owner")
    }

    /// Tab again goes through the candidates one by one, Shift-Tab back (issue 28.9).
    @Test func tabAgainCyclesThroughTheCandidatesAndShiftTabGoesBack() throws {
      let pilot = try Pilot(
        json: #"{"owner": {"name": "x"}, "options": [1, 2], "order": 3, "albums": []}"#,
        size: CellSize(columns: 80, rows: 24),
        presentation: .tree)
      pilot.press(":")
      pilot.type(".o")
      pilot.press("Tab")
      #expect(pilot.statusLine.contains("owner") && pilot.statusLine.contains("order"), "listed: \(pilot.statusLine)")
      var seen: [String] = []
      for _ in 0..<3 {
        pilot.press("Tab")
        guard case .field(let field, _, _, _) = try #require(pilot.browser.prompt) else { return }
        seen.append(field.text)
      }
      #expect(seen == [".owner", ".options", ".order"])
      pilot.press("Tab")
      guard case .field(let wrapped, _, _, _) = try #require(pilot.browser.prompt) else { return }
      #expect(wrapped.text == ".owner", "round again")
      pilot.press("Shift-Tab")
      guard case .field(let back, _, _, _) = try #require(pilot.browser.prompt) else { return }
      #expect(back.text == ".order")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".order")
    }
  }
}
