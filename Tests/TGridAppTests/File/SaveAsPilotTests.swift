import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Saving to another path (issue 35, item 7): `:w PATH`, `:wq PATH` and the save-as prompt
  /// never overwrite a file that exists without asking (vim: "E13: File exists (add ! to
  /// override)"); `:w! PATH` overwrites without asking; a folder, or a path whose folder is
  /// missing, is refused with a note.
  @Suite struct SaveAsPilotTests {
    @Test(arguments: ["n", "Esc"])
    func colonWOnAnExistingFileAsksAndNoKeepsIt(answer: String) throws {
      let (file, notes) = try Self.documentAndNotes()
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "w \(notes)")
      #expect(pilot.statusLine.contains("notes.txt exists"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("(o)verwrite it"))
      #expect(try Self.read(notes) == "thesis\n", "nothing is written before the answer")
      pilot.press(answer)
      #expect(try Self.read(notes) == "thesis\n")
      #expect(pilot.statusLine.contains("not saved: notes.txt exists"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("[+]"), "the edits are still unsaved")
      #expect(pilot.store.path == file.path)
      #expect(try file.read() == "[1, 2]")
    }

    @Test(arguments: ["o", "y"])
    func colonWOnAnExistingFileAsksAndYesOverwritesIt(answer: String) throws {
      let (file, notes) = try Self.documentAndNotes()
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "w \(notes)")
      #expect(pilot.statusLine.contains("notes.txt exists"))
      pilot.press(answer)
      #expect(try Self.read(notes) == "[2]")
      #expect(pilot.statusLine.contains("wrote a copy to notes.txt"), "\(pilot.statusLine)")
      #expect(try file.read() == "[1, 2]")
    }

    @Test(arguments: ["w!", "write!", "saveas!"])
    func colonWBangOverwritesWithoutAsking(command name: String) throws {
      let (file, notes) = try Self.documentAndNotes()
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "\(name) \(notes)")
      #expect(try Self.read(notes) == "[2]")
      // `:saveas` moves the document to the file; `:w` writes a copy.
      let said = name.hasPrefix("sav") ? "saved notes.txt" : "wrote a copy to notes.txt"
      #expect(pilot.statusLine.contains(said), "\(pilot.statusLine)")
      #expect(pilot.browser.prompt == nil)
    }

    @Test func colonWOnANewFileWritesAtOnce() throws {
      let (file, _) = try Self.documentAndNotes()
      let fresh = DocumentSaver.directory(of: file.path) + "/fresh.json"
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "w \(fresh)")
      #expect(try Self.read(fresh) == "[2]")
      #expect(pilot.statusLine.contains("wrote a copy to fresh.json"), "\(pilot.statusLine)")
      #expect(pilot.browser.prompt == nil)
    }

    /// The document's own file, named another way (through a link), is saved as Ctrl-S
    /// saves it: no question.
    @Test func colonWOnTheDocumentsOwnFileDoesNotAsk() throws {
      let (file, _) = try Self.documentAndNotes()
      let link = DocumentSaver.directory(of: file.path) + "/link.json"
      #expect(symlink(file.path, link) == 0)
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "w \(link)")
      #expect(try file.read() == "[2]")
      #expect(pilot.statusLine.contains("saved"), "\(pilot.statusLine)")
      #expect(pilot.store.path == file.path)
    }

    @Test func colonWQOnAnExistingFileQuitsOnlyOnceItIsOverwritten() throws {
      let (file, notes) = try Self.documentAndNotes()
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "wq \(notes)")
      #expect(!pilot.didQuit)
      #expect(pilot.statusLine.contains("notes.txt exists"))
      pilot.press("n")
      #expect(!pilot.didQuit)
      #expect(try Self.read(notes) == "thesis\n")
      command(pilot, "wq \(notes)")
      pilot.press("o")
      #expect(pilot.didQuit)
      #expect(try Self.read(notes) == "[2]")
    }

    @Test(arguments: ["wq!", "x!"])
    func colonWQBangOverwritesAndQuits(command name: String) throws {
      let (file, notes) = try Self.documentAndNotes()
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      command(pilot, "\(name) \(notes)")
      #expect(pilot.didQuit)
      #expect(try Self.read(notes) == "[2]")
    }

    /// Standard input has no file: Ctrl-S asks for a path, and a path that exists asks again.
    @Test func theSaveAsPromptAsksBeforeOverwritingAFile() throws {
      let (folder, notes) = try Self.documentAndNotes()
      defer { withExtendedLifetime(folder) {} }
      let pilot = try Pilot(json: "[1, 2]")
      pilot.press("d", "Ctrl-S")
      #expect(pilot.statusLine.contains("save as:"))
      pilot.type(notes)
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("notes.txt exists"), "\(pilot.statusLine)")
      pilot.press("Esc")
      #expect(try Self.read(notes) == "thesis\n")
      #expect(pilot.store.path == nil)
      pilot.press("Ctrl-S")
      pilot.type(notes)
      pilot.press("Enter", "o")
      #expect(try Self.read(notes) == "[2]")
      #expect(pilot.statusLine.contains("saved notes.txt"))
    }

    /// Where nothing can be saved, the command line stays open and says why.
    @Test(arguments: [SavePlace.folder, .missingFolder, .fileAsFolder])
    func aPlaceWhereNoFileCanBeSavedIsRefusedWithANote(place: SavePlace) throws {
      let (file, notes) = try Self.documentAndNotes()
      let folder = DocumentSaver.directory(of: file.path)
      let pilot = try Pilot(file: file.path, size: CellSize(columns: 160, rows: 10))
      pilot.press("d")
      let (path, note) =
        switch place {
        case .folder: (folder, "is a folder")
        case .missingFolder: (folder + "/missing/x.json", "there is no folder")
        case .fileAsFolder: (notes + "/x.json", "is not a folder")
        }
      command(pilot, "w \(path)")
      #expect(pilot.statusLine.contains(note), "\(pilot.statusLine)")
      #expect(pilot.browser.prompt != nil, "the command line stays open to fix the path")
      #expect(try Self.read(notes) == "thesis\n")
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json", "notes.txt"])
    }

    enum SavePlace: CaseIterable {
      case folder, missingFolder, fileAsFolder
    }

    /// Runs a command line: `:`, the text, Enter.
    func command(_ pilot: Pilot, _ line: String) {
      pilot.press(":")
      pilot.type(line)
      pilot.press("Enter")
    }

    // MARK: - Fixtures

    /// A document `[1, 2]` and, beside it, `notes.txt` holding `thesis`.
    static func documentAndNotes() throws -> (TemporaryFile, String) {
      let file = try TemporaryFile(contents: "[1, 2]")
      let notes = DocumentSaver.directory(of: file.path) + "/notes.txt"
      try "thesis\n".write(toFile: notes, atomically: false, encoding: .utf8)
      return (file, notes)
    }

    static func read(_ path: String) throws -> String {
      try String(contentsOfFile: path, encoding: .utf8)
    }
  }
}
