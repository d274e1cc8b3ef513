import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Editing keys, through the real run loop: what the document becomes, what the screen
  /// and the status line say, and that undo brings everything back.
  @Suite struct EditingPilotTests {
    // MARK: - Cut, paste, delete

    @Test func xCutsAndPPastesAfterTheFocus() throws {
      let pilot = try Pilot(json: "[1, 2, 3]")
      pilot.press("x")
      #expect(pilot.text == "[2, 3]")
      #expect(pilot.statusLine.contains("[+]"))
      #expect(pilot.statusLine.contains("cut 1 value"))
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("l", "p")
      #expect(pilot.text == "[2, 3, 1]")
      #expect(pilot.focusedPath == ".[2]")
      #expect(pilot.statusLine.contains("pasted 1 value"))
    }

    @Test func capitalPPastesBefore() throws {
      let pilot = try Pilot(json: "[1, 2, 3]")
      pilot.press("l", "l", "y", "g", "P")
      #expect(pilot.text == "[3, 1, 2, 3]")
      #expect(pilot.focusedPath == ".[0]")
    }

    @Test func aMultipleSelectionIsCutAndPastedInDocumentOrderAsOneUndoStep() throws {
      let pilot = try Pilot(json: "[1, 2, 3, 4, 5]", size: CellSize(columns: 120, rows: 20))
      pilot.press("l", "l", "Space", "h", "Space", "x")
      #expect(pilot.text == "[1, 4, 5]")
      pilot.press("G", "p")
      #expect(pilot.text == "[1, 4, 5, 2, 3]")
      #expect(pilot.statusLine.contains("pasted 2 values"))
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("u")
      #expect(pilot.text == "[1, 4, 5]")
      pilot.press("u")
      #expect(pilot.text == "[1, 2, 3, 4, 5]")
      #expect(!pilot.statusLine.contains("[+]"))
    }

    @Test func dAndDeleteDeleteWithoutCopying() throws {
      let pilot = try Pilot(json: #"{"a": 1, "b": 2, "c": 3}"#)
      pilot.press("y")
      let copied = pilot.browser.collectionView.pasteboard.string
      pilot.press("d")
      #expect(pilot.text == #"{"b": 2, "c": 3}"#)
      pilot.press("Delete")
      #expect(pilot.text == #"{"c": 3}"#)
      #expect(pilot.browser.collectionView.pasteboard.string == copied)
      #expect(pilot.statusLine.contains("deleted 1 value"))
    }

    @Test func pastingMembersKeepsTheirKeysAndRenamesTheOnesThatExist() throws {
      let pilot = try Pilot(json: #"{"name": "x", "size": 1}"#)
      pilot.press("y", "p")
      #expect(pilot.text == #"{"name": "x", "name (2)": "x", "size": 1}"#)
      #expect(pilot.browser.message?.contains(#""name" existed: pasted as "name (2)""#) == true)
    }

    @Test func aBareValuePastedIntoAnObjectAsksForAKey() throws {
      let pilot = try Pilot(json: #"{"list": [10, 20], "other": true}"#, presentation: .tree)
      // Into the list, copy 20; then paste it after "other" (in the object).
      pilot.press("j", "l", "j", "y")
      #expect(pilot.focusedPath == ".list[1]")
      pilot.press("h", "h")
      #expect(pilot.focusedPath == ".list")
      #expect(!pilot.screen.contains("[1]: 20"), "collapsed")
      pilot.press("j", "p")
      #expect(pilot.statusLine.contains("key for the pasted value"))
      pilot.type("twenty")
      pilot.press("Enter")
      #expect(pilot.text == #"{"list": [10, 20], "other": true, "twenty": 20}"#)
    }

    @Test func aTerminalPasteOfJSONIsInsertedAndOtherTextIsOfferedAsAString() throws {
      // A document in one line without spaces: pasted values are laid out the same way.
      let pilot = try Pilot(json: "[1]")
      pilot.paste(#"{"pasted": [1, 2]}"#)
      #expect(pilot.text == #"[1,{"pasted":[1,2]}]"#)
      pilot.paste("hello: world")
      #expect(pilot.statusLine.contains("not JSON (line 1, column 1"))
      pilot.press("y")
      #expect(pilot.text == #"[1,{"pasted":[1,2]},"hello: world"]"#)
      pilot.paste("nope")
      pilot.press("n")
      #expect(pilot.text == #"[1,{"pasted":[1,2]},"hello: world"]"#)
    }

    @Test func pOnAnEmptyArrayPastesIntoIt() throws {
      let pilot = try Pilot(json: #"[5, []]"#)
      pilot.press("y", "l", "p")
      #expect(pilot.text == "[5, [5]]")
    }

    @Test func capitalDDuplicates() throws {
      let pilot = try Pilot(json: #"{"a": {"deep": [1, 2]}}"#, presentation: .tree)
      pilot.press("j", "D")
      #expect(pilot.text == #"{"a": {"deep": [1, 2]}, "a (2)": {"deep": [1, 2]}}"#)
      #expect(pilot.statusLine.contains("duplicated 1 value"))
    }

    @Test func copyingMoreThanOSC52CarriesSaysOnceWhatToDo() throws {
      let big = String(repeating: "x", count: 120_000)
      let pilot = try Pilot(json: #"["\#(big)"]"#, size: CellSize(columns: 300, rows: 10))
      pilot.browser.collectionView.pasteboard = Pasteboard(
        systemClipboard: .osc52(insideTmux: false), terminal: pilot.terminal)
      pilot.press("y")
      let message = try #require(pilot.browser.message)
      #expect(
        message.hasPrefix(
          "copied 1 value (117 KiB) inside tgrid only: the terminal's clipboard (OSC 52) takes at most 97 KiB"))
      #expect(message.contains("--clipboard-command"))
      #expect(message.components(separatedBy: "inside tgrid").count == 2, "said once")
      #expect(pilot.browser.collectionView.pasteboard.items.first?.text?.count == 120_002)
    }

    // MARK: - Typing values

    @Test func plusAndInsertAskForANewValueAndCheckIt() throws {
      let pilot = try Pilot(json: "[1, 2]")
      pilot.press("+")
      #expect(pilot.statusLine.contains("new value (JSON):"))
      pilot.type("[3,")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("line 1, column 4"), "the error and its column show in the field")
      #expect(pilot.text == "[1, 2]")
      pilot.type("4]")
      pilot.press("Enter")
      #expect(pilot.text == "[1, [3, 4], 2]", "laid out like its siblings")
      pilot.press("Insert")
      pilot.press("Esc")
      #expect(pilot.text == "[1, [3, 4], 2]")
    }

    @Test func eEditsAStringAsItsTextAndOtherValuesAsJSON() throws {
      let pilot = try Pilot(json: #"{"title": "old \"one\"", "n": 5}"#, presentation: .tree)
      pilot.press("j", "e")
      #expect(pilot.statusLine.contains(#".title = old "one""#))
      pilot.press("Ctrl-U")
      pilot.type(#"a "quoted" value"#)
      pilot.press("Enter")
      #expect(pilot.text == #"{"title": "a \"quoted\" value", "n": 5}"#)
      pilot.press("j", "F2", "Ctrl-U")
      pilot.type("nope")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("line 1, column 1"))
      pilot.press("Ctrl-U")
      pilot.type("6.50")
      pilot.press("Enter")
      #expect(pilot.text == #"{"title": "a \"quoted\" value", "n": 6.50}"#)
      #expect(pilot.focusedPath == ".n")
    }

    @Test func capitalERenamesTheKey() throws {
      let pilot = try Pilot(json: #"{"a": [1, 2], "b": 3}"#, presentation: .tree)
      pilot.press("j", "E")
      pilot.press("Ctrl-U")
      pilot.type("b")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains(#""b" exists"#))
      pilot.press("Ctrl-U")
      pilot.type("renamed")
      pilot.press("Enter")
      #expect(pilot.text == #"{"renamed": [1, 2], "b": 3}"#)
      #expect(pilot.focusedPath == ".renamed")
    }

    // MARK: - Moving

    @Test func altArrowsMoveTheFocusedValue() throws {
      let pilot = try Pilot(json: "[1, 2, 3, 4]", size: CellSize(columns: 200, rows: 12))
      pilot.press("Alt-Right")
      #expect(pilot.text == "[2, 1, 3, 4]")
      #expect(pilot.focusedPath == ".[1]")
      pilot.press("Alt-Right", "Alt-Left")
      #expect(pilot.text == "[2, 1, 3, 4]")
      pilot.press("Alt-Left", "Alt-Left")
      #expect(pilot.statusLine.contains("already at the start"))
      let tree = try Pilot(json: #"{"a": 1, "b": 2, "c": 3}"#, presentation: .tree)
      tree.press("j", "Alt-Down")
      #expect(tree.text == #"{"b": 2, "a": 1, "c": 3}"#)
      #expect(tree.focusedPath == ".a")
      tree.press("Alt-Up")
      #expect(tree.text == #"{"a": 1, "b": 2, "c": 3}"#)
    }

    // MARK: - Undo

    @Test func uUndoesAndCtrlRRedoesRestoringTheFocus() throws {
      let pilot = try Pilot(json: "[1, 2, 3]")
      pilot.press("l", "d")
      #expect(pilot.text == "[1, 3]")
      pilot.press("g", "u")
      #expect(pilot.text == "[1, 2, 3]")
      #expect(pilot.focusedPath == ".[1]")
      #expect(pilot.statusLine.contains("undid delete"))
      pilot.press("Ctrl-R")
      #expect(pilot.text == "[1, 3]")
      pilot.press("Ctrl-R")
      #expect(pilot.statusLine.contains("nothing to redo"))
    }

    // MARK: - Saving and quitting

    @Test func ctrlSSavesAndTheMarkGoes() throws {
      let file = try TemporaryFile(contents: "[\n  1,\n  2\n]\n")
      let pilot = try Pilot(file: file.path)
      pilot.press("l", "d")
      #expect(pilot.statusLine.contains("[+]"))
      pilot.press("Ctrl-S")
      #expect(try file.read() == "[\n  1\n]\n")
      #expect(!pilot.statusLine.contains("[+]"))
      #expect(pilot.statusLine.contains("saved"))
    }

    /// As in vim (issue 28.9): `:w PATH` writes a copy and the document stays bound to its
    /// file, its edits unsaved there; `:saveas PATH` moves it to PATH, title and all.
    @Test func colonWPathWritesACopyAndColonSaveasMovesTheDocument() throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let other = file.path + ".copy.json"
      let moved = file.path + ".moved.json"
      defer {
        unlink(other)
        unlink(moved)
      }
      let pilot = try Pilot(file: file.path)
      pilot.press("d", ":")
      pilot.type("w " + other)
      pilot.press("Enter")
      #expect(try String(contentsOfFile: other, encoding: .utf8) == "[2]")
      #expect(try file.read() == "[1, 2]")
      #expect(pilot.statusLine.contains("wrote a copy to doc.json.copy.json"), "\(pilot.statusLine)")
      #expect(pilot.store.path == file.path, "still bound to its file")
      pilot.press(":")
      pilot.type("frobnicate")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("not a command: frobnicate"))
      pilot.press("Esc", ":")
      pilot.type("q")
      pilot.press("Enter")
      #expect(!pilot.didQuit, "the file itself has the edits unsaved: q asks")
      #expect(pilot.statusLine.contains("Save the changes to doc.json"))
      pilot.press("c", "Ctrl-S")
      #expect(try file.read() == "[2]", "Ctrl-S writes the document's own file")
      pilot.press("d", ":")
      pilot.type("saveas " + moved)
      pilot.press("Enter")
      #expect(try String(contentsOfFile: moved, encoding: .utf8) == "[]")
      #expect(try file.read() == "[2]")
      #expect(pilot.store.path == moved)
      #expect(pilot.statusLine.hasPrefix(" doc.json.moved.json "), "the title is the bound name: \(pilot.statusLine)")
      pilot.press(":")
      pilot.type("q")
      pilot.press("Enter")
      #expect(pilot.didQuit, "saved where it now belongs: nothing unsaved")
    }

    @Test func quittingWithUnsavedEditsAsks() throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let pilot = try Pilot(file: file.path)
      pilot.press("d", "q")
      #expect(!pilot.didQuit)
      #expect(pilot.statusLine.contains("Save the changes"))
      pilot.press("c")
      #expect(!pilot.didQuit)
      pilot.press("q", "y")
      #expect(pilot.didQuit)
      #expect(try file.read() == "[2]")
    }

    @Test func qBangDiscardsAndWqSaves() throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let discarding = try Pilot(file: file.path)
      discarding.press("d", ":")
      discarding.type("q!")
      discarding.press("Enter")
      #expect(discarding.didQuit)
      #expect(try file.read() == "[1, 2]")
      let saving = try Pilot(file: file.path)
      saving.press("d", ":")
      saving.type("wq")
      saving.press("Enter")
      #expect(saving.didQuit)
      #expect(try file.read() == "[2]")
    }

    @Test func aFileChangedOnDiskIsNeverOverwrittenWithoutAsking() throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      // Replaced as editors and `curl > f; mv f` replace files (a rewrite in place is the
      // hostile-world suite's case).
      try "[\"someone else\"]".write(toFile: file.path, atomically: false, encoding: .utf8)
      pilot.press("Ctrl-S")
      #expect(pilot.statusLine.contains("changed on disk"))
      pilot.press("Esc")
      #expect(try file.read() == "[\"someone else\"]")
      pilot.press("Ctrl-S", "o")
      let after = try file.read()
      #expect(after == "[2]", "\(pilot.statusLine)")
    }

    @Test func standardInputAsksWhereToSave() throws {
      let directory = FileManager.default.temporaryDirectory.path
      let target = directory + "/tgrid-stdin-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
      defer { unlink(target) }
      let pilot = try Pilot(json: "[1, 2]", name: "(stdin)")
      pilot.press("d", "Ctrl-S")
      #expect(pilot.statusLine.contains("save as:"))
      pilot.type(target)
      pilot.press("Enter")
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "[2]")
    }

    @Test func editingWhileTheFileLoadsIsRefused() throws {
      let parser = JSONProgressiveParser(bytes: JSONBytes(string: "[1, 2, 3, [4, 5, 6, 7, 8, 9, 10, 11, 12]]"))
      #expect(try !parser.advance(byteBudget: 12))
      let preview = try #require(parser.preview(maximumChildren: 10))
      let browser = BrowserController(
        document: preview, sourceName: "big.json", size: CellSize(columns: 80, rows: 10), animates: false)
      _ = browser.handle(.key(KeyEvent(.character("d"))))
      #expect(browser.store.document.isPartial)
      #expect(browser.message?.contains("still loading") == true)
    }
  }
}

/// A file in a folder of its own in the temporary folder (or in `base`: `/var/tmp` is on
/// the disk where `/tmp` may be a tmpfs without ACLs), removed when the value goes.
final class TemporaryFile {
  let path: String

  init(contents: String, name: String = "doc.json", base: String? = nil) throws {
    let base = base ?? FileManager.default.temporaryDirectory.path
    let directory = base + "/tgrid-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    path = directory + "/" + name
    try write(contents)
  }

  func read() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  func write(_ text: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }

  deinit {
    try? FileManager.default.removeItem(atPath: DocumentSaver.directory(of: path))
  }
}

extension Pilot {
  /// A pilot on a file, as `tgrid FILE` opens it.
  convenience init(
    file path: String, size: CellSize = CellSize(columns: 80, rows: 24), presentation: PresentationKind = .grid
  )
    throws
  {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try self.init(
      json: text, name: DocumentSaver.fileName(of: path), path: path, size: size, presentation: presentation)
  }
}
