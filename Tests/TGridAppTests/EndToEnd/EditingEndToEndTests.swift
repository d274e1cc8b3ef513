import Foundation
import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

/// Editing with the real binary in a real terminal: a person's session from open to save,
/// signals with unsaved edits, and `kill -9` in the middle of saves.
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct EditingEndToEndTests {
  @Test func cutPasteEditUndoRedoAndSaveChangeTheFileExactlyThere() throws {
    let original = """
      {
        "users": [
          {"id": 1, "name": "Ada"},
          {"id": 2, "name": "Grace"},
          {"id": 3, "name": "Linus"}
        ],
        "count": 3
      }

      """
    let file = try TemporaryFile(contents: original)
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "tree"], columns: 100, rows: 20)
    defer { tmux.close() }
    // Down to the first user, cut it, paste it after the last one.
    try tmux.sendKeyList(["j", "l"])
    try tmux.waitFor(text: ".users[0]")
    try tmux.send("x")
    try tmux.waitFor(text: "cut 1 value")
    // Collapse Grace, go down to Linus, collapse him, paste after him.
    try tmux.sendKeyList(["h", "j", "h", "p"])
    try tmux.waitFor(text: "pasted 1 value")
    // Edit Grace's name, undo it, redo it (the users are a table in the tree: Grace's row,
    // closed above, opens, then along it past its id to its name).
    try tmux.sendKeyList(["g", "j", "l", "l", "l", "l"])
    try tmux.waitFor(text: ".users[0].name")
    try tmux.send("e")
    try tmux.waitFor(text: ".users[0].name = Grace")
    try tmux.send("C-u")
    try tmux.sendLiteral("Grace Hopper")
    try tmux.send("Enter")
    try tmux.waitFor(text: "edited .users[0].name")
    try tmux.send("u")
    try tmux.waitFor(text: "undid edit")
    try tmux.send("C-r")
    try tmux.waitFor(text: "redid edit")
    try tmux.send("C-s")
    try tmux.waitFor(text: "saved doc.json")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
    let expected = """
      {
        "users": [
          {"id": 2, "name": "Grace Hopper"},
          {"id": 3, "name": "Linus"},
          {"id": 1, "name": "Ada"}
        ],
        "count": 3
      }

      """
    #expect(try file.read() == expected)
  }

  @Test func sigtermWithUnsavedEditsWritesARecoveryFileThatTheNextRunRestores() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let recovery = RecoveryFile.path(for: file.path, processID: 0)
    let tmux = try launchTGrid(file.path)
    defer { tmux.close() }
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGTERM)
    try expectTerminalRestored(tmux, status: 128 + SIGTERM)
    #expect(tmux.errorLog().contains("unsaved edits of doc.json were written to"))
    #expect(try String(contentsOfFile: recovery, encoding: .utf8) == "[2, 3]\n")
    #expect(try file.read() == "[1, 2, 3]\n", "the file itself is untouched")

    let again = try launchTGrid(file.path, waitForApp: false)
    defer { again.close() }
    try again.waitFor(text: "were kept in")
    try again.send("r")
    try again.waitFor(text: "restored the unsaved edits")
    try again.waitFor(text: "[+]")
    try again.send("C-s")
    try again.waitFor(text: "saved doc.json")
    try again.send("q")
    try expectTerminalRestored(again, status: 0)
    #expect(try file.read() == "[2, 3]\n")
    #expect(!FileManager.default.fileExists(atPath: recovery), "saved: the recovery file is gone")
  }

  /// `kill -9` at random moments around a save: the file is always the old text or the
  /// new one, whole, and no temporary file is left behind.
  @Test func killDashNineDuringSavesNeverLeavesATornFile() throws {
    let file = try TemporaryFile(contents: "")
    // (A sanitized binary saves several times slower: a smaller file still takes the kill
    // mid-save.)
    let original = Self.records(SanitizerBuild.isActive ? 100_000 : 250_000)
    let old = Data(original.utf8)
    var edited = try JSONDocument(parsing: original)
    try edited.remove(try #require(edited.child(at: 0, of: edited.root)))
    let new = Data(edited.serializedBytes())
    var random = SeededRandom(seed: 20_261_124)
    var outcomes: [String: Int] = ["old": 0, "new": 0, "temporary file left": 0]
    // (Half the trials under ThreadSanitizer: a save has no threads to race, and the
    // plain and address runs take all eight.)
    for trial in 0..<SanitizerBuild.samples(8, address: 8, thread: 4) {
      try file.write(original)
      let tmux = try launchTGrid(file.path, columns: 80, rows: 12)
      try tmux.send("d")
      try tmux.waitFor(text: "[+]")
      let pid = try #require(try tmux.appProcessID())
      try tmux.send("C-s")
      usleep(useconds_t(random.next(below: 40_000)))
      kill(pid, SIGKILL)
      _ = try tmux.waitFor("the shell after the kill", seconds: 20) { $0.contains { $0.hasPrefix("status=") } }
      tmux.close()
      let now = try Data(contentsOf: URL(fileURLWithPath: file.path))
      if now == old {
        outcomes["old", default: 0] += 1
      } else if now == new {
        outcomes["new", default: 0] += 1
      } else {
        Issue.record("trial \(trial): the file is neither the old text nor the new one (\(now.count) bytes)")
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: DocumentSaver.directory(of: file.path))
      for name in leftovers where name != "doc.json" {
        // A temporary file may stay when the kill lands between its creation and the
        // rename; it never replaces anything and has a name no one else uses.
        #expect(name.hasPrefix(".doc.json.tgrid-"), "trial \(trial): unexpected \(name)")
        outcomes["temporary file left", default: 0] += 1
        unlink(DocumentSaver.directory(of: file.path) + "/" + name)
      }
    }
    print("kill -9 trials: \(outcomes)")
  }

  /// The temporary file a killed save left (older than a minute, locked by no one) is
  /// removed when tgrid opens the file again; a recent one is left to whoever writes it.
  @Test func theNextTGridOnTheFileRemovesTheTemporaryFileOfAKilledSave() throws {
    let file = try TemporaryFile(contents: "[1, 2]\n")
    let directory = DocumentSaver.directory(of: file.path)
    let abandoned = directory + "/.doc.json.tgrid-Ab12Cd"
    let recent = directory + "/.doc.json.tgrid-Ef34Gh"
    try "[1, 2, 3".write(toFile: abandoned, atomically: false, encoding: .utf8)
    try "[1, 2, 3".write(toFile: recent, atomically: false, encoding: .utf8)
    let old = Date(timeIntervalSinceNow: -120)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: abandoned)
    let tmux = try launchTGrid(file.path, columns: 80, rows: 12)
    defer { tmux.close() }
    try tmux.waitFor(text: "doc.json")
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(FileManager.default.fileExists(atPath: recent))
    #expect(try file.read() == "[1, 2]\n")
  }

  static func records(_ count: Int) -> String {
    var text = "[\n"
    for index in 0..<count {
      text += #"  {"id": \#(index), "name": "user \#(index)", "score": \#(index % 97).5}"#
      text += index + 1 < count ? ",\n" : "\n"
    }
    return text + "]\n"
  }
}
