import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Reading keys: the long-value viewer, the source view, folding, copy variants, the path
  /// format and going to a path.
  @Suite struct ReadingPilotTests {
    @Test func capitalKShowsALongStringWholeWrappedAndRawWithR() throws {
      let long = (0..<40).map { "word\($0)" }.joined(separator: " ") + "\\nsecond \\\"line\\\""
      let pilot = try Pilot(json: #"{"text": "\#(long)"}"#, size: CellSize(columns: 40, rows: 12), presentation: .tree)
      pilot.press("j", "K")
      #expect(pilot.lines[0].contains(".text · string"))
      #expect(pilot.lines[0].contains("decoded"))
      #expect(pilot.lines[1].hasPrefix("word0 word1 word2"))
      #expect(pilot.screen.contains(#"second "line""#))
      pilot.press("r")
      #expect(pilot.lines[0].contains("raw JSON"))
      #expect(pilot.screen.contains(#"\"line\""#))
      pilot.press("q")
      #expect(!pilot.screen.contains("raw JSON"))
      #expect(pilot.focusedPath == ".text")
    }

    @Test func enterOnAScalarInTheTreeOpensTheViewer() throws {
      let pilot = try Pilot(json: #"{"n": 12345}"#, presentation: .tree)
      pilot.press("j", "Enter")
      #expect(pilot.lines[0].contains(".n · number"))
      pilot.press("Esc")
      #expect(pilot.lines[0].contains("(root)"))
    }

    @Test func aFiftyMegabyteStringOpensAtOncePageByPage() throws {
      let big = String(repeating: "abcdefghij ", count: 5_000_000)
      let pilot = try Pilot(json: #"["\#(big)"]"#, size: CellSize(columns: 60, rows: 10))
      pilot.press("K")
      #expect(pilot.lines[0].contains("MiB"))
      #expect(pilot.lines[1].hasPrefix("abcdefghij abcdefghij"))
      pilot.press("Space", "Space")
      #expect(pilot.lines[1].hasPrefix("abcdefghij"))
    }

    @Test func capitalGInTheTreeGoesToTheLastRowShownAndKeepsItOnScreen() throws {
      let records = (0..<40).map { #"{"id": \#($0), "tags": ["x", "y"]}"# }.joined(separator: ", ")
      let pilot = try Pilot(
        json: #"{"records": [\#(records)], "last": {"z": true}}"#, size: CellSize(columns: 50, rows: 12),
        presentation: .tree)
      pilot.press("z", "a", "G")
      #expect(pilot.focusedPath == ".last.z", "the last row, not the deepest level's last node")
      #expect(pilot.screen.contains("z: true"), "the focused row is on screen")
      pilot.press("g")
      #expect(pilot.focusedPath == ".")
      #expect(pilot.lines[0].hasPrefix("(root)"))
    }

    @Test func capitalVShowsTheSourceWithLineNumbersAtTheValue() throws {
      let text =
        "{\n" + (1...30).map { "  \"k\($0)\": \($0)," }.joined(separator: "\n") + "\n  \"last\": [1,\n    2]\n}\n"
      let pilot = try Pilot(json: text, size: CellSize(columns: 50, rows: 10), presentation: .tree)
      pilot.press(":")
      pilot.type(".last")
      pilot.press("Enter", "V")
      #expect(pilot.lines[0].contains("line 32"))
      #expect(pilot.screen.contains("32   \"last\": [1,"))
      #expect(pilot.screen.contains("33     2]"))
      pilot.press("g")
      #expect(pilot.lines[1].contains(" 1 {"))
      pilot.press("q")
    }

    @Test func zAndADigitShowTheTreeToThatDepth() throws {
      let pilot = try Pilot(json: #"{"a": {"b": {"c": {"d": 1}}}, "e": [1, [2, [3]]]}"#, presentation: .tree)
      pilot.press("z", "1")
      #expect(pilot.screen.contains("▸ a: {b: {…}}") && !pilot.screen.contains("b {1}"))
      pilot.press("z", "3")
      #expect(pilot.screen.contains("▸ c: {d: 1}") && !pilot.screen.contains("└─ d: 1"))
      pilot.press("z", "a")
      #expect(pilot.screen.contains("└─ d: 1"))
      pilot.press("z", "c")
      #expect(!pilot.screen.contains("a {1}"))
      pilot.press("z", "x")
      #expect(pilot.statusLine.contains("no such command"))
    }

    @Test func zInTheGridSetsHowDeepCardsPreview() throws {
      let pilot = try Pilot(json: #"[{"inner": {"x": 1, "y": [2, 3]}}]"#)
      #expect(pilot.screen.contains("{2 keys}"))
      pilot.press("z", "2")
      #expect(pilot.screen.contains("{x: 1, y: [2, 3]}"))
    }

    @Test func cAndALetterCopyTheKeyThePathOrTheValue() throws {
      let pilot = try Pilot(json: "{\n  \"list\": [1, {\"a\": true}]\n}", presentation: .tree)
      pilot.press("j", "c", "k")
      #expect(pilot.browser.collectionView.pasteboard.string == "list")
      pilot.press("c", "p")
      #expect(pilot.browser.collectionView.pasteboard.string == ".list")
      pilot.press("c", "c")
      #expect(pilot.browser.collectionView.pasteboard.string == #"[1,{"a":true}]"#)
      pilot.press("c", "v")
      #expect(pilot.browser.collectionView.pasteboard.string == "[\n  1,\n  {\n    \"a\": true\n  }\n]")
      pilot.press(":")
      pilot.type("set path=pointer")
      pilot.press("Enter", "c", "p")
      #expect(pilot.browser.collectionView.pasteboard.string == "/list")
      #expect(pilot.statusLine.contains("/list"))
    }

    @Test func aPathOnTheCommandLineMovesTheFocusThereInAnyForm() throws {
      let pilot = try Pilot(json: #"{"a": {"b": [10, 20, {"key with space": true}]}}"#, presentation: .tree)
      for (form, expected) in [
        (".a.b[1]", ".a.b[1]"), ("$.a['b'][2]", ".a.b[2]"), ("/a/b/0", ".a.b[0]"),
        (#".a.b[2]["key with space"]"#, #".a.b[2]["key with space"]"#),
      ] {
        pilot.press(":")
        pilot.type(form)
        pilot.press("Enter")
        #expect(pilot.focusedPath == expected, "\(form)")
      }
      pilot.press(":")
      pilot.type(".a.nope")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains(#".a: no key "nope""#), "the step that failed: \(pilot.statusLine)")
      pilot.press("Esc")
      #expect(pilot.focusedPath == #".a.b[2]["key with space"]"#, "the focus stays")
    }

    @Test func goingToAPathInTheGridOpensTheContainerThatHoldsIt() throws {
      let pilot = try Pilot(json: #"[{"id": 1, "tags": ["x", "y"]}, {"id": 2}]"#)
      pilot.press(":")
      pilot.type(".[0].tags[1]")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[0].tags[1]")
      // Up by the document's structure, on the card it came out of (issue 28.2).
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[0].tags")
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[0]")
    }
  }
}
