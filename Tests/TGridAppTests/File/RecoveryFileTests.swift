import Foundation
import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

#if canImport(Glibc)
  import Glibc
#endif

/// Recovery files (issue 35): private, complete, never over another one, never through a
/// link, in the state folder when the file's folder cannot take them, and offered back only
/// when they are the user's own.
@Suite struct RecoveryFileTests {
  @Test func namesBesideTheFileAndInTheStateFolder() {
    #expect(RecoveryFile.path(for: "/data/e.json", processID: 7) == "/data/.e.json.tgrid-recovery")
    #expect(RecoveryFile.path(for: "/data/e.json", processID: 7, number: 3) == "/data/.e.json.tgrid-recovery.3")
    #expect(RecoveryFile.path(for: "e.json", processID: 7) == ".e.json.tgrid-recovery")
    #expect(RecoveryFile.path(for: nil, processID: 7) == "tgrid-recovery-7.json")
    #expect(RecoveryFile.path(for: nil, processID: 7, number: 2) == "tgrid-recovery-7-2.json")
    #expect(
      RecoveryFile.fallbackName(for: "/no/such/100%/e.json", processID: 7)
        == "%2Fno%2Fsuch%2F100%25%2Fe.json.tgrid-recovery")
    #expect(RecoveryFile.fallbackName(for: nil, processID: 7, number: 2) == "stdin-7.2.json")
    #expect(RecoveryFile.fallbackDirectory { ["XDG_STATE_HOME": "/s", "HOME": "/h"][$0] } == "/s/tgrid/recovery")
    #expect(
      RecoveryFile.fallbackDirectory { ["XDG_STATE_HOME": "relative", "HOME": "/h"][$0] }
        == "/h/.local/state/tgrid/recovery")
    #expect(RecoveryFile.fallbackDirectory { _ in nil } == nil)
  }

  @Test func aRecoveryFileIsPrivateAndNeverReplacesAnother() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]")
    let state = try TemporaryDirectory()
    let first = try JSONDocument(parsing: "[2, 3]")
    let second = try JSONDocument(parsing: "[1, 3]")
    let one = RecoveryFile.write(
      first, documentPath: file.path, owned: nil, processID: 1, fallbackDirectory: state.path)
    let two = RecoveryFile.write(
      second, documentPath: file.path, owned: nil, processID: 2, fallbackDirectory: state.path)
    let base = RecoveryFile.path(for: file.path, processID: 0)
    #expect(one == .written(path: base, besideFailure: nil))
    #expect(two == .written(path: base + ".2", besideFailure: nil))
    #expect(try String(contentsOfFile: base, encoding: .utf8) == "[2, 3]")
    #expect(try String(contentsOfFile: base + ".2", encoding: .utf8) == "[1, 3]")
    #expect(mode(of: base) == 0o600)
    #expect(mode(of: base + ".2") == 0o600)
    #expect(
      try entries(besides: file.path)
        == ["doc.json", ".doc.json.tgrid-recovery", ".doc.json.tgrid-recovery.2"].sorted(), "no temporary file left")
  }

  @Test func theOwnedRecoveryFileIsReplacedInPlace() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]")
    let keeper = RecoveryKeeper(processID: 1)
    let state = try TemporaryDirectory()
    _ = keeper.write(
      try JSONDocument(parsing: "[2, 3]"), documentPath: file.path, name: "doc.json", fallbackDirectory: state.path)
    let base = RecoveryFile.path(for: file.path, processID: 0)
    #expect(keeper.owned == base)
    let (outcome, message) = keeper.write(
      try JSONDocument(parsing: "[3]"), documentPath: file.path, name: "doc.json", fallbackDirectory: state.path)
    #expect(outcome == .written(path: base, besideFailure: nil))
    #expect(message.contains("unsaved edits of doc.json were written to \(base)"))
    #expect(try String(contentsOfFile: base, encoding: .utf8) == "[3]")
    #expect(try entries(besides: file.path).count == 2)
    keeper.removeOwned()
    #expect(!FileManager.default.fileExists(atPath: base))
    #expect(keeper.owned == nil)
  }

  @Test func aPlantedLinkIsNeitherWrittenThroughNorOffered() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]")
    let state = try TemporaryDirectory()
    let victim = DocumentSaver.directory(of: file.path) + "/victim"
    try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
    let base = RecoveryFile.path(for: file.path, processID: 0)
    #expect(symlink(victim, base) == 0)
    #expect(RecoveryFile.existing(for: file.path, fallbackDirectory: state.path).isEmpty)
    #expect(throws: RecoveryFile.ReadError.self) { try RecoveryFile.read(base) }
    let outcome = RecoveryFile.write(
      try JSONDocument(parsing: "[2]"), documentPath: file.path, owned: nil, processID: 1, fallbackDirectory: state.path
    )
    #expect(outcome == .written(path: base + ".2", besideFailure: nil))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    // Even when tgrid owns the name: rename replaces the link itself.
    let replaced = RecoveryFile.write(
      try JSONDocument(parsing: "[3]"), documentPath: file.path, owned: base, processID: 1,
      fallbackDirectory: state.path)
    #expect(replaced == .written(path: base, besideFailure: nil))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    #expect(mode(of: base) == 0o600)
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to make a file another user's"))
  func anotherUsersFileIsNotOffered() throws {
    let file = try TemporaryFile(contents: "[1]")
    let state = try TemporaryDirectory()
    let base = RecoveryFile.path(for: file.path, processID: 0)
    try "[2]".write(toFile: base, atomically: false, encoding: .utf8)
    #expect(RecoveryFile.existing(for: file.path, fallbackDirectory: state.path).map(\.path) == [base])
    chown(base, 65534, 65534)
    #expect(RecoveryFile.existing(for: file.path, fallbackDirectory: state.path).isEmpty)
    #expect(throws: RecoveryFile.ReadError.self) { try RecoveryFile.read(base) }
  }

  @Test func aFolderThatRefusesTheFileSendsItToTheStateFolder() throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]")
    let state = try TemporaryDirectory()
    let refusing = FailingFileSystem(failing: .create, code: EACCES, onlyIn: DocumentSaver.directory(of: file.path))
    let fallback = state.path + "/tgrid/recovery"
    let outcome = RecoveryFile.write(
      try JSONDocument(parsing: "[9]"), documentPath: file.path, owned: nil, processID: 1, fileSystem: refusing,
      fallbackDirectory: fallback)
    let expected = fallback + "/" + RecoveryFile.fallbackName(for: file.path, processID: 1)
    guard case .written(let path, let besideFailure) = outcome else {
      Issue.record("not written: \(outcome)")
      return
    }
    #expect(path == expected)
    #expect(besideFailure?.code == EACCES)
    #expect(try String(contentsOfFile: expected, encoding: .utf8) == "[9]")
    #expect(mode(of: fallback) == 0o700)
    #expect(mode(of: expected) == 0o600)
    let message = RecoveryFile.message(for: outcome, name: "doc.json", documentPath: file.path)
    #expect(message.contains("were written to \(expected) (not beside the file: Permission denied)"))
    // The next start finds it there.
    #expect(RecoveryFile.existing(for: file.path, fallbackDirectory: fallback).map(\.path) == [expected])
  }

  @Test func whenNoFolderTakesItTheMessageSaysTheEditsAreLostAndWhy() throws {
    let file = try TemporaryFile(contents: "[1]")
    let refusing = FailingFileSystem(failing: .create, code: EACCES)
    let outcome = RecoveryFile.write(
      try JSONDocument(parsing: "[2]"), documentPath: file.path, owned: nil, processID: 1, fileSystem: refusing,
      fallbackDirectory: "/nonexistent-\(getpid())/state")
    guard case .failed = outcome else {
      Issue.record("written: \(outcome)")
      return
    }
    let message = RecoveryFile.message(for: outcome, name: "doc.json", documentPath: file.path)
    #expect(message.hasPrefix("tgrid: unsaved edits of doc.json are lost"))
    #expect(message.contains("Permission denied"))
  }

  @Test func recoveryFilesAreOfferedNewestFirstFromBothPlaces() throws {
    let file = try TemporaryFile(contents: "[1]")
    let state = try TemporaryDirectory()
    let base = RecoveryFile.path(for: file.path, processID: 0)
    let fallback = state.path + "/" + RecoveryFile.fallbackName(for: file.path, processID: 0)
    for (path, age) in [(base, 300), (base + ".2", 100), (fallback, 200), (base + ".x", 0), (base + ".1", 0)] {
      try "[2]".write(toFile: path, atomically: false, encoding: .utf8)
      var times = [timespec(tv_sec: time(nil) - age, tv_nsec: 0), timespec(tv_sec: time(nil) - age, tv_nsec: 0)]
      utimensat(AT_FDCWD, path, &times, 0)
    }
    #expect(
      RecoveryFile.existing(for: file.path, fallbackDirectory: state.path).map(\.path) == [base + ".2", fallback, base])
  }

  /// The watchdog writes from its own thread while the run loop may be editing: both go
  /// through the keeper and the store's lock, and every file written is a whole document.
  @Test func recoveryWrittenFromAnotherThreadWhileTheStoreIsEditedIsAlwaysWhole() throws {
    let file = try TemporaryFile(contents: "[" + (0..<200).map(String.init).joined(separator: ", ") + "]")
    let store = DocumentStore(document: try JSONDocument(parsing: try file.read()), name: "doc.json", path: file.path)
    let keeper = RecoveryKeeper(processID: 1)
    let state = try TemporaryDirectory()
    let access = UncheckedStore(store: store)
    let fallback = state.path
    let rounds = SanitizerBuild.samples(40, address: 20, thread: 20)
    let writer = Thread {
      for _ in 0..<rounds {
        access.store.readFromAnyThread { document, path, _, isModified in
          _ = keeper.write(document, documentPath: path, name: "doc.json", fallbackDirectory: fallback)
        }
      }
    }
    writer.start()
    for _ in 0..<rounds {
      try store.perform("Delete", selection: .init()) { editor in
        try editor.remove(store.id(try need(store.document.child(at: 0, of: store.document.root))))
        return .init()
      }
      if Bool.random() { store.undo() }
    }
    while !writer.isFinished { usleep(1000) }
    let written = try JSONDocument(bytes: try RecoveryFile.read(RecoveryFile.path(for: file.path, processID: 0)))
    #expect(written.kind(of: written.root) == .array)
    #expect(try entries(besides: file.path).count == 2, "one recovery file, replaced each time")
  }

  // MARK: - Helpers

  func mode(of path: String) -> UInt32? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode) & 0o7777
  }

  func entries(besides path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: DocumentSaver.directory(of: path)).sorted()
  }
}

/// Lets a test thread reach a store as the watchdog does.
struct UncheckedStore: @unchecked Sendable {
  let store: DocumentStore
}

/// Every step of writing a recovery file failing for every reason the issue names: the
/// edits go to the state folder when the file's folder fails, and when both fail nothing
/// half-written is left under a recovery file's name.
@Suite struct RecoveryFailureTests {
  static let steps: [FailingFileSystem.Step] = [.create, .write, .setMode, .synchronize, .close]

  @Test(arguments: steps, FailingFileSystem.codes)
  func aFailingStepBesideTheFileSendsTheEditsToTheStateFolder(step: FailingFileSystem.Step, code: Int32) throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]")
    let state = try TemporaryDirectory()
    let directory = DocumentSaver.directory(of: file.path)
    // Only the first attempt fails (beside the file); the state folder takes it.
    let failing = FailingFileSystem(failing: step, code: code, once: true)
    let outcome = RecoveryFile.write(
      try JSONDocument(parsing: "[2, 3]"), documentPath: file.path, owned: nil, processID: 1, fileSystem: failing,
      fallbackDirectory: state.path)
    guard case .written(let path, let besideFailure) = outcome else {
      Issue.record("\(step) \(code): not written: \(outcome)")
      return
    }
    #expect(besideFailure?.code == code)
    #expect(path.hasPrefix(state.path + "/"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[2, 3]")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["doc.json"], "nothing left beside it")
  }

  @Test(arguments: steps, FailingFileSystem.codes)
  func whenEveryPlaceFailsNothingIsLeftAndTheMessageSaysWhy(step: FailingFileSystem.Step, code: Int32) throws {
    let file = try TemporaryFile(contents: "[1, 2, 3]")
    let state = try TemporaryDirectory()
    let failing = FailingFileSystem(failing: step, code: code)
    let outcome = RecoveryFile.write(
      try JSONDocument(parsing: "[2, 3]"), documentPath: file.path, owned: nil, processID: 1, fileSystem: failing,
      fallbackDirectory: state.path)
    guard case .failed = outcome else {
      Issue.record("\(step) \(code): written: \(outcome)")
      return
    }
    let reason = FileError(operation: "", path: "", code: code).reason
    #expect(RecoveryFile.message(for: outcome, name: "doc.json", documentPath: file.path).contains(reason))
    #expect(try FileManager.default.contentsOfDirectory(atPath: DocumentSaver.directory(of: file.path)) == ["doc.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == [])
  }
}
