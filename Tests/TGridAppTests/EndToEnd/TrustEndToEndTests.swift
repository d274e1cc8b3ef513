import Foundation
import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

#if canImport(Glibc)
  import Glibc
#endif

/// Nothing lost on any exit (issue 35): the real binary in a real terminal, with a shell
/// between tmux and tgrid as every terminal has, ended in every way a session ends with an
/// edit pending. Each time the edits are in a complete, private recovery file that the
/// next start offers and restores byte for byte, as one step of undo.
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct TrustEndToEndTests {
  enum Closing: String, CaseIterable {
    /// The pane closes (a tab or window closed, an ssh connection dropped).
    case pane
    /// The whole terminal goes.
    case server
  }

  @Test(arguments: Closing.allCases)
  func closingTheTerminalKeepsTheEditsInAPrivateRecoveryFileEveryTime(_ closing: Closing) throws {
    let trials = SanitizerBuild.samples(10, address: 5, thread: 3)
    for trial in 0..<trials {
      let file = try TemporaryFile(contents: "[1, 2, 3]\n")
      let state = try TemporaryDirectory()
      let tmux = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)")
      try tmux.send("d")
      try tmux.waitFor(text: "[+]")
      switch closing {
      case .pane: try tmux.killPane()
      case .server: tmux.close()
      }
      let recovery = RecoveryFile.path(for: file.path, processID: 0)
      let written = waitForFile(recovery, containing: "[2, 3]\n", seconds: 20)
      #expect(written, "trial \(trial): no complete recovery file after closing the \(closing)")
      #expect(fileMode(recovery) == 0o600, "trial \(trial): the recovery file is private")
      #expect(try recoveryFiles(besides: file.path) == [".doc.json.tgrid-recovery"], "trial \(trial)")
      #expect(try file.read() == "[1, 2, 3]\n", "the file itself is untouched")
      tmux.close()
    }
  }

  @Test func theNextStartOffersTheRecoveredEditsAndRestoresThemAsOneStepOfUndo() throws {
    let original = "{\"keep\": [1, 2, 3], \"name\": \"x\"}\n"
    let file = try TemporaryFile(contents: original)
    let state = try TemporaryDirectory()
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "tree"], environment: "XDG_STATE_HOME=\(state.path)")
    try tmux.sendKeyList(["j", "d"])
    try tmux.waitFor(text: "[+]")
    try tmux.killPane()
    let recovery = RecoveryFile.path(for: file.path, processID: 0)
    #expect(waitForFile(recovery, containing: "{\"name\": \"x\"}\n", seconds: 20))
    tmux.close()

    let again = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)", waitForApp: false)
    defer { again.close() }
    try again.waitFor(text: "were kept in .doc.json.tgrid-recovery")
    try again.send("r")
    try again.waitFor(text: "restored the unsaved edits")
    try again.send("u")
    try again.waitFor(text: "undid restore")
    #expect(!(try again.screen()).joined().contains("[+]"), "undone: the file's own text again")
    try again.send("C-r")
    try again.waitFor(text: "redid restore")
    try again.waitFor(text: "[+]")
    try again.send("C-s")
    try again.waitFor(text: "saved doc.json")
    try again.send("q")
    try expectTerminalRestored(again, status: 0)
    #expect(try file.read() == "{\"name\": \"x\"}\n", "the recovered bytes, exactly")
    #expect(!FileManager.default.fileExists(atPath: recovery), "saved: the recovery file is gone")
  }

  @Test func sigquitWithUnsavedEditsWritesTheRecoveryFileFirst() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let state = try TemporaryDirectory()
    let tmux = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)")
    defer { tmux.close() }
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGQUIT)
    try expectTerminalRestored(tmux, status: nil)
    #expect(waitForFile(RecoveryFile.path(for: file.path, processID: 0), containing: "[2, 3]\n", seconds: 10))
  }

  @Test func twoSignalsAtOnceStillWriteTheWholeRecoveryFile() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let state = try TemporaryDirectory()
    let tmux = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)")
    defer { tmux.close() }
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGTERM)
    kill(pid, SIGTERM)
    kill(pid, SIGHUP)
    // Pending together, the kernel delivers SIGHUP (1) before SIGTERM (15): tgrid ends by
    // whichever it took first.
    // (Read before the modes are checked: that runs a command in the shell.)
    let lines = try tmux.waitFor("the exit status") { $0.contains { $0.contains("status=") } }
    let status = try #require(lines.first { $0.contains("status=") }).trimmingCharacters(in: .whitespaces)
    try expectTerminalRestored(tmux, status: nil)
    #expect(status == "status=\(128 + SIGTERM)" || status == "status=\(128 + SIGHUP)", "\(status)")
    #expect(waitForFile(RecoveryFile.path(for: file.path, processID: 0), containing: "[2, 3]\n", seconds: 10))
  }

  /// A paste is text, whatever bytes it holds: Ctrl-C, Ctrl-Z and Ctrl-\ inside it neither
  /// quit, suspend nor drop the edits.
  @Test func aPasteWithControlBytesNeitherQuitsNorSuspends() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let tmux = try launchTGrid(file.path)
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    try tmux.send("/")
    try tmux.waitFor("the search prompt") { $0.contains { $0.hasPrefix("/") } }
    try tmux.paste("a\u{03}b\u{1A}c\u{1C}d")
    try tmux.paste("\u{03}")
    usleep(300_000)
    #expect(kill(pid, 0) == 0, "still running")
    #expect(try tmux.paneValue("alternate_on") == "1", "not suspended")
    try tmux.send("Escape")
    // Outside a prompt, pasted text that is not JSON is offered as a string.
    try tmux.paste("\u{03}\u{1A}\u{1C}")
    try tmux.waitFor(text: "paste it as a string?")
    #expect(kill(pid, 0) == 0, "still running")
    #expect(try tmux.paneValue("alternate_on") == "1", "not suspended")
    try tmux.send("Escape")
    try tmux.waitFor(text: "[+]")
    try tmux.sendLiteral(":q!")
    try tmux.send("Enter")
    try expectTerminalRestored(tmux, status: 0)
  }

  /// Two tgrids on one file, both ended: each one's edits in a file of their own.
  @Test func twoInstancesOnOneFileKeepTheirOwnRecoveryFiles() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let state = try TemporaryDirectory()
    let first = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)")
    defer { first.close() }
    let second = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)")
    defer { second.close() }
    try first.send("d")
    try first.waitFor(text: "[+]")
    try second.sendKeyList(["Right", "d"])
    try second.waitFor(text: "[+]")
    let pids = [try #require(try first.appProcessID()), try #require(try second.appProcessID())]
    for pid in pids { kill(pid, SIGHUP) }
    try expectTerminalRestored(first, status: 128 + SIGHUP)
    try expectTerminalRestored(second, status: 128 + SIGHUP)
    let names = try recoveryFiles(besides: file.path)
    #expect(names == [".doc.json.tgrid-recovery", ".doc.json.tgrid-recovery.2"])
    let directory = DocumentSaver.directory(of: file.path)
    let texts = Set(names.compactMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8) })
    #expect(texts == ["[2, 3]\n", "[1, 3]\n"])
  }

  /// Edits kept for later (`k`), then new edits and a signal: the kept ones are still there,
  /// and the next start offers both, newest first.
  @Test func editsKeptForLaterSurviveTheNextSessionsRecovery() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let state = try TemporaryDirectory()
    let kept = RecoveryFile.path(for: file.path, processID: 0)
    try "[3]\n".write(toFile: kept, atomically: false, encoding: .utf8)
    chmod(kept, 0o600)
    // Older than the next one, whatever the clock's resolution.
    var times = [timespec(tv_sec: time(nil) - 100, tv_nsec: 0), timespec(tv_sec: time(nil) - 100, tv_nsec: 0)]
    utimensat(AT_FDCWD, kept, &times, 0)
    let tmux = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)", waitForApp: false)
    defer { tmux.close() }
    try tmux.waitFor(text: "were kept in")
    try tmux.send("k")
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    try tmux.killPane()
    #expect(waitForFile(kept + ".2", containing: "[2, 3]\n", seconds: 20))
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "[3]\n", "the kept edits are untouched")
    tmux.close()

    let again = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)", waitForApp: false)
    defer { again.close() }
    try again.waitFor(text: "were kept in .doc.json.tgrid-recovery.2 (1 more after it)")
    try again.send("d")
    try again.waitFor(text: "were kept in .doc.json.tgrid-recovery:")
    try again.send("r")
    try again.waitFor(text: "restored the unsaved edits")
    try again.sendLiteral(":wq")
    try again.send("Enter")
    try expectTerminalRestored(again, status: 0)
    #expect(try file.read() == "[3]\n")
    #expect(try recoveryFiles(besides: file.path).isEmpty)
  }

  /// A link planted where the recovery file would go is never written through, and a
  /// planted link is never offered back.
  @Test func aPlantedLinkIsNeverFollowedNorOffered() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]\n")
    let state = try TemporaryDirectory()
    let victim = DocumentSaver.directory(of: file.path) + "/victim.txt"
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    let planted = RecoveryFile.path(for: file.path, processID: 0)
    #expect(symlink(victim, planted) == 0)
    let tmux = try launchTGrid(file.path, environment: "XDG_STATE_HOME=\(state.path)")
    defer { tmux.close() }
    #expect(!(try tmux.screen()).joined().contains("were kept in"), "a link is not offered")
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGTERM)
    try expectTerminalRestored(tmux, status: 128 + SIGTERM)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "the link's target is untouched")
    #expect(waitForFile(planted + ".2", containing: "[2, 3]\n", seconds: 10))
  }

  /// A folder tgrid cannot write: the recovery file goes to the state folder, and the next
  /// start finds it there. (As a user other than root, who can write anywhere.)
  @Test(.enabled(if: getuid() == 0 && TmuxSession.which("setpriv") != nil, "needs root to run tgrid as another user"))
  func aFolderThatCannotBeWrittenSendsTheRecoveryFileToTheStateFolder() throws {
    let folder = try TemporaryDirectory()
    let state = try TemporaryDirectory()
    chown(state.path, 65534, 65534)
    let path = folder.path + "/locked.json"
    try "[1, 2, 3]\n".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o644)
    chmod(folder.path, 0o555)
    let user = "setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent XDG_STATE_HOME=\(state.path)"
    let tmux = try launchTGrid(path, environment: user)
    defer { tmux.close() }
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    try tmux.killPane()
    let fallback = state.path + "/tgrid/recovery/" + RecoveryFile.fallbackName(for: path, processID: 0)
    #expect(waitForFile(fallback, containing: "[2, 3]\n", seconds: 20))
    #expect(fileMode(fallback) == 0o600)
    #expect(fileMode(state.path + "/tgrid/recovery") == 0o700)
    tmux.close()

    let again = try launchTGrid(path, environment: user, waitForApp: false)
    defer { again.close() }
    try again.waitFor(text: "were kept in")
    try again.send("r")
    try again.waitFor(text: "restored the unsaved edits")
    try again.send("C-s")
    try again.waitFor(text: "not saved")
    try again.sendLiteral(":q!")
    try again.send("Enter")
    try expectTerminalRestored(again, status: 0)
  }

  // MARK: - Helpers

  /// Waits until `path` holds exactly `text`, up to `seconds` times the sanitizer's slowdown.
  func waitForFile(_ path: String, containing text: String, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds * Double(SanitizerBuild.slowdown))
    while Date() < deadline {
      if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return true }
      usleep(50_000)
    }
    return false
  }

  /// The permission bits of a file, or nil.
  func fileMode(_ path: String) -> UInt32? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode) & 0o7777
  }

  /// The recovery files beside a document, by name (no temporary files).
  func recoveryFiles(besides path: String) throws -> [String] {
    let name = DocumentSaver.fileName(of: path)
    return try FileManager.default.contentsOfDirectory(atPath: DocumentSaver.directory(of: path))
      .filter { $0.hasPrefix("." + name + ".tgrid-recovery") && !$0.contains(".tgrid-recovery.tgrid-") }.sorted()
  }
}

/// A fresh folder, removed afterwards.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.path + "/tgrid-dir-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    chmod(path, 0o755)
    if let entries = try? FileManager.default.subpathsOfDirectory(atPath: path) {
      for entry in entries { chmod(path + "/" + entry, 0o755) }
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
