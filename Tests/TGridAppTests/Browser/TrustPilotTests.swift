import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Ctrl-C as vim, readline and VisiData users press it, and recovered edits as one step of
  /// undo (issue 35). Ctrl-C arrives as a key: the terminal runs with the signal keys off.
  @Suite struct TrustPilotTests {
    static let json = #"[{"name": "Ada", "age": 36}, {"name": "Bob", "age": 25}, {"name": "Cy", "age": 41}]"#

    /// Every prompt, with text typed: Ctrl-C cancels it, nothing else happens.
    @Test(arguments: [
      ("/", "Bob"), ("f", ".age > 30"), (":", "w other.json"), ("e", "\"x\""), ("E", "nom"), ("+", "1"),
    ])
    func ctrlCInAPromptCancelsThePromptOnly(_ opening: String, _ typed: String) throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 100, rows: 20))
      pilot.press("i")
      let before = pilot.text
      pilot.press(opening)
      #expect(pilot.browser.prompt != nil, "\(opening) opens a prompt")
      pilot.type(typed)
      pilot.press("Ctrl-C")
      #expect(pilot.browser.prompt == nil, "\(opening): Ctrl-C closed the prompt")
      #expect(!pilot.didQuit, "\(opening): Ctrl-C did not quit")
      #expect(pilot.text == before)
      #expect(pilot.store.filter == nil)
      #expect(pilot.statusLine.contains("? help"), "\(pilot.statusLine)")
    }

    @Test func ctrlCAnswersTheQuitQuestionWithCancel() throws {
      let pilot = try Pilot(json: Self.json)
      pilot.press("d", "q")
      #expect(pilot.statusLine.contains("Save the changes"))
      pilot.press("Ctrl-C")
      #expect(pilot.browser.prompt == nil)
      #expect(!pilot.didQuit)
      #expect(pilot.statusLine.contains("[+]"))
    }

    @Test func ctrlCWithNothingOpenQuitsAsQDoes() throws {
      let unedited = try Pilot(json: Self.json)
      unedited.press("Ctrl-C")
      #expect(unedited.didQuit)

      let edited = try Pilot(json: Self.json)
      edited.press("d", "Ctrl-C")
      #expect(!edited.didQuit, "unsaved edits: it asks first")
      #expect(edited.statusLine.contains("Save the changes"))
    }

    @Test func ctrlCClosesTheHelpTheMenuAndTheViewer() throws {
      let pilot = try Pilot(json: Self.json)
      pilot.press("?")
      #expect(pilot.browser.overlay != nil)
      pilot.press("Ctrl-C")
      #expect(pilot.browser.overlay == nil)
      pilot.press("K")
      #expect(pilot.browser.overlay != nil)
      pilot.press("Ctrl-C")
      #expect(pilot.browser.overlay == nil)
      pilot.press("m")
      #expect(pilot.browser.collectionView.isEditMenuVisible)
      pilot.press("Ctrl-C")
      #expect(!pilot.browser.collectionView.isEditMenuVisible)
      #expect(!pilot.didQuit)
    }

    @Test func ctrlCStopsAFilterRunningInSlices() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 100, rows: 20))
      pilot.browser.finding.slicedFilterElementCount = 1
      pilot.browser.finding.filterSliceElementCount = 1
      pilot.press("f")
      pilot.type(".age > 30")
      pilot.terminal.enqueue(.key(KeyEvent(.enter)))
      pilot.terminal.enqueue(.key(KeyEvent(.control("c"))))
      pilot.resize(to: CellSize(columns: 100, rows: 20))
      #expect(pilot.browser.finding.pendingFilter == nil)
      #expect(pilot.store.filter == nil)
      #expect(pilot.statusLine.contains("filter stopped"), "\(pilot.statusLine)")
      #expect(!pilot.didQuit)
    }

    @Test func restoredEditsAreOneStepOfUndo() throws {
      let original = "{\"a\": [1, 2, 3], \"b\": \"x\"}\n"
      let recovered = "{\"a\": [1, 3],\n \"b\": \"changed\"}\n"
      let file = try TemporaryFile(contents: original)
      let recovery = RecoveryFile.path(for: file.path, processID: 0)
      try recovered.write(toFile: recovery, atomically: false, encoding: .utf8)
      let pilot = try Pilot(file: file.path)
      let state = try TemporaryDirectory()
      pilot.browser.files.recoveryFallbackDirectory = state.path
      pilot.browser.files.offerRecovery(for: file.path)
      pilot.press("Ctrl-L")
      #expect(pilot.statusLine.contains("were kept in .doc.json.tgrid-recovery"), "\(pilot.statusLine)")
      pilot.press("r")
      #expect(pilot.text == recovered, "the recovered bytes, exactly")
      #expect(pilot.store.isModified)
      pilot.press("u")
      #expect(pilot.text == original)
      #expect(!pilot.store.isModified, "undone: the file's own text")
      #expect(pilot.statusLine.contains("undid restore"))
      pilot.press("Ctrl-R")
      #expect(pilot.text == recovered)
      #expect(pilot.store.isModified)
      // An edit after it, then undo twice: back to the file.
      pilot.press("d", "u", "u")
      #expect(pilot.text == original)
      pilot.press("Ctrl-R")
      pilot.press("Ctrl-S")
      #expect(try file.read() == recovered)
      #expect(!FileManager.default.fileExists(atPath: recovery), "saved: the recovery file it came from is gone")
    }

    @Test func aRestoredRecoveryFileIsReplacedByTheNextOneAndKeptOnesAreNot() throws {
      let file = try TemporaryFile(contents: "[1, 2, 3]")
      let state = try TemporaryDirectory()
      let first = RecoveryFile.path(for: file.path, processID: 0)
      try "[2, 3]".write(toFile: first, atomically: false, encoding: .utf8)
      // Kept for later: the next recovery goes elsewhere.
      let keeping = try Pilot(file: file.path)
      keeping.browser.files.recoveryFallbackDirectory = state.path
      keeping.browser.files.offerRecovery(for: file.path)
      keeping.press("k", "d")
      _ = keeping.browser.files.writeRecovery()
      #expect(try String(contentsOfFile: first, encoding: .utf8) == "[2, 3]")
      #expect(try String(contentsOfFile: first + ".2", encoding: .utf8) == "[2, 3]")
      // Restored: the next recovery replaces the file it came from.
      let restoring = try Pilot(file: file.path)
      restoring.browser.files.recoveryFallbackDirectory = state.path
      restoring.browser.files.offerRecovery(for: file.path)
      restoring.press("Ctrl-L")
      #expect(restoring.screen.contains("were kept in .doc.json.tgrid-recovery.2 (1 more"), "\(restoring.screen)")
      #expect(restoring.screen.contains("(r)estore them (d)elete them (k)eep them for later"), "the choices, whole")
      restoring.press("r")
      // The older one is offered next: kept for later.
      #expect(restoring.screen.contains("were kept in .doc.json.tgrid-recovery:"), "\(restoring.screen)")
      restoring.press("k", "d")
      let message = restoring.browser.files.writeRecovery()
      let restoredFrom = try #require(restoring.browser.files.recovery.owned)
      #expect(message.contains("were written to \(restoredFrom)"))
      #expect(try String(contentsOfFile: restoredFrom, encoding: .utf8) == "[3]")
    }
  }
}

extension PilotTests {
  /// A long paste into the search field (issue 35.14): 20,000 characters are taken as one
  /// edit, searched once, and found.
  @Suite struct LongPastePilotTests {
    @Test func twentyThousandCharactersPastedIntoTheSearchAreOneEditAndFound() throws {
      let long = String(repeating: "abcdefghij", count: 2_000)
      let pilot = try Pilot(json: "[\"first\", \"x\(long)y\", \"last\"]", size: CellSize(columns: 100, rows: 20))
      pilot.press("/")
      pilot.paste(long)
      guard case .field(let field, _, _, _) = try #require(pilot.browser.prompt) else {
        Issue.record("the search field is open")
        return
      }
      #expect(field.text.count == 20_000)
      #expect(pilot.focusedPath == ".[1]", "the match is focused")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[1]")
      #expect(pilot.browser.finding.searchSession?.search.pattern.count == 20_000)
    }
  }
}

extension PilotTests {
  /// Long work on the run loop's thread stops on Esc (issue 35.13, 35.15): the search through
  /// the whole document (Enter after a search cut short, `n`, `N`) and opening the way to a
  /// value at the end of a very deep chain. The key is taken by the work's own look at the
  /// terminal, as vim's Ctrl-C check; what it did so far stays.
  @Suite struct InterruptPilotTests {
    /// 60,000 values, the only match at the end.
    static let haystack = "[" + (0..<60_000).map { "\"value \($0)\"" }.joined(separator: ", ") + ", \"needle\"]"

    @Test func escStopsTheSearchThroughTheWholeDocument() throws {
      let pilot = try Pilot(json: Self.haystack, size: CellSize(columns: 100, rows: 20))
      pilot.browser.finding.typedSearchMilliseconds = 0
      pilot.press("/")
      pilot.type("needle")
      pilot.terminal.enqueue(.key(KeyEvent(.enter)), .key(KeyEvent(.escape)))
      pilot.resize(to: CellSize(columns: 100, rows: 20))
      #expect(pilot.terminal.takenInterruptCount == 1, "the search took the Esc")
      #expect(pilot.statusLine.contains("search stopped (Esc)"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath == ".[0]", "the focus stays where the search began")
      // Without an Esc the same search goes to the end and finds it.
      pilot.press("n")
      #expect(pilot.focusedPath == ".[60000]", "\(pilot.statusLine)")
      // `N` and `n` stop too.
      pilot.press("g")
      pilot.terminal.enqueue(.key(KeyEvent(.character("n"))), .key(KeyEvent(.control("c"))))
      pilot.resize(to: CellSize(columns: 100, rows: 20))
      #expect(pilot.terminal.takenInterruptCount == 2)
      #expect(pilot.statusLine.contains("search stopped (Esc)"), "\(pilot.statusLine)")
      #expect(!pilot.didQuit, "the Ctrl-C only stopped the search")
    }

    @Test(arguments: [PresentationKind.tree, .schematic])
    func escStopsOpeningTheWayToAValueAtTheEndOfADeepChain(_ kind: PresentationKind) throws {
      let depth = 5_000
      let chain = String(repeating: "{\"a\": ", count: depth) + "1" + String(repeating: "}", count: depth)
      let pilot = try Pilot(json: chain, size: CellSize(columns: 100, rows: 20))
      let document = pilot.store.document
      var deepest = document.root
      while let next = document.child(forKey: "a", of: deepest) { deepest = next }
      pilot.browser.focus(on: pilot.store.id(deepest))
      pilot.terminal.enqueue(.key(KeyEvent(.character(kind == .tree ? "2" : "5"))), .key(KeyEvent(.escape)))
      pilot.resize(to: CellSize(columns: 100, rows: 20))
      #expect(pilot.terminal.takenInterruptCount == 1)
      #expect(pilot.screen.contains("stopped opening the way to the value"), "\(pilot.statusLine)")
      // Stopped within two looks at the terminal: at most 1,024 levels opened.
      let focusedDepth = pilot.focusedPath.components(separatedBy: ".a").count - 1
      #expect(
        focusedDepth >= 1 && focusedDepth <= 2 * JSONTreeProvider.revealCheckInterval,
        "stopped at depth \(focusedDepth)")
      #expect(pilot.browser.presentation.kind == kind, "the view switched")
      // Without an Esc, the way opens to the end.
      pilot.press("1")
      pilot.browser.focus(on: pilot.store.id(deepest))
      pilot.press(kind == .tree ? "2" : "5")
      #expect(pilot.focusedPath.components(separatedBy: ".a").count - 1 == depth)
    }
  }
}

extension PilotTests {
  /// A catastrophic regular expression (issue 35.13): matched in linear time, and stopped by
  /// Esc even inside one long match.
  @Suite struct CatastrophicRegexPilotTests {
    static let strings =
      "[" + (0..<20).map { _ in #"{"s": ""# + String(repeating: "a", count: 30) + #"!"}"# }.joined(separator: ", ")
      + "]"

    @Test func theFilterAndTheSearchFinishAtOnce() throws {
      let pilot = try Pilot(json: Self.strings, size: CellSize(columns: 100, rows: 20))
      pilot.press("f")
      pilot.type(#".s | test("(a+)+$")"#)
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("0 of 20") || pilot.screen.contains("nothing matches"), "\(pilot.statusLine)")
      pilot.press("F", "/", "Ctrl-R")
      pilot.type("(a+)+$")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("no match"), "\(pilot.statusLine)")
    }

    @Test func escStopsAFilterInsideOneLongMatch() throws {
      let long = String(repeating: "a", count: 2_000_000) + "!"
      let pilot = try Pilot(json: #"[{"s": "x"}, {"s": "\#(long)"}]"#, size: CellSize(columns: 100, rows: 20))
      pilot.press("f")
      pilot.type(#".s | test("(a+)+$")"#)
      pilot.terminal.enqueue(.key(KeyEvent(.enter)), .key(KeyEvent(.escape)))
      pilot.resize(to: CellSize(columns: 100, rows: 20))
      #expect(pilot.terminal.takenInterruptCount == 1, "the filter took the Esc")
      #expect(pilot.statusLine.contains("filter stopped"), "\(pilot.statusLine)")
      #expect(pilot.store.filter == nil)
    }
  }
}
