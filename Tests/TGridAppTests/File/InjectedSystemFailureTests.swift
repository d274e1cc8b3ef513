import Foundation
import TGridJSON
import TGridSystem
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Saves and loads with failures injected below the app, in the system target's own calls
  /// (``InjectedFailures``, as swift-system's mocking does): the real `POSIXFileSystem` and
  /// the engine's reader meet a failing `fsync`, `rename`, `write`, `open` or `read` without
  /// a full or broken disk. A save either replaces the file whole or leaves it byte for byte
  /// as it was, and says why with the system's message; a load says why it cannot read.
  @Suite struct InjectedSystemFailureTests {
    /// A system call that fails, and the `errno` it fails with.
    struct Failure: Sendable, CustomStringConvertible {
      var call: SystemCall
      var code: Int32
      var description: String { "\(call) \(SystemError(code: code))" }
    }

    /// Each call a save makes that fails the save, with a reason a disk gives for it.
    static let saveFailures: [Failure] = [
      Failure(call: .open, code: EACCES), Failure(call: .write, code: ENOSPC), Failure(call: .synchronize, code: EIO),
      Failure(call: .close, code: EIO), Failure(call: .rename, code: EXDEV), Failure(call: .rename, code: EROFS),
    ]

    @Test(arguments: saveFailures)
    func aSaveWhoseSystemCallFailsLeavesTheOriginalUntouched(failure: Failure) throws {
      let file = try TemporaryFile(contents: Self.original)
      let before = try SaverFixtures.snapshot(file.path)
      let document = try JSONDocument(parsing: Self.edited)
      let failures = InjectedFailures()
      failures.fail(failure.call, with: failure.code)
      let error = try #require(throws: FileError.self) {
        _ = try failures.run { try DocumentSaver().save(document, to: file.path) }
      }
      #expect(error.code == failure.code)
      #expect(error.path == file.path)
      #expect(error.description.contains(SystemError(code: failure.code).description), "\(error)")
      #expect(failures.callsMade.contains(failure.call), "\(failures.callsMade)")
      #expect(try SaverFixtures.snapshot(file.path) == before, "the original is untouched")
      #expect(try file.read() == Self.original)
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"], "no temporary file is left")
    }

    /// Through the app's keys: Ctrl-S meets a failing `fsync`; the status line gives the
    /// system's reason, the edits stay, and the next Ctrl-S (no failure left) saves.
    @Test func aFailingFsyncOnCtrlSKeepsTheEditsAndSaysWhy() throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let pilot = try Pilot(file: file.path, size: CellSize(columns: 140, rows: 12))
      let failures = InjectedFailures()
      failures.fail(.synchronize, with: EIO)
      failures.run { pilot.press("d", "Ctrl-S") }
      #expect(pilot.statusLine.contains("not saved: \(SystemError(code: EIO).description)"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("[+]"))
      #expect(try file.read() == "[1, 2]")
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"])
      failures.run { pilot.press("Ctrl-S") }
      #expect(try file.read() == "[2]")
      #expect(!pilot.statusLine.contains("[+]"))
    }

    /// The engine's own atomic save (`JSONDocument.save(toFile:)`) keeps the original too.
    @Test(arguments: [SystemCall.synchronize, .rename, .write])
    func theEnginesOwnSaveLeavesTheOriginalUntouched(call: SystemCall) throws {
      let file = try TemporaryFile(contents: Self.original)
      let document = try JSONDocument(parsing: Self.edited)
      let failures = InjectedFailures()
      failures.fail(call, with: EIO)
      let error = try #require(throws: JSONWriteError.self) {
        try failures.run { try document.save(toFile: file.path) }
      }
      #expect(error.code == EIO)
      #expect(try file.read() == Self.original)
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"])
    }

    @Test func aFailingReadDuringALoadSaysWhy() throws {
      let file = try TemporaryFile(contents: Self.original)
      // Open for writing elsewhere: no lease, so the file is read rather than mapped.
      let writer = open(file.path, O_WRONLY)
      defer { close(writer) }
      let failures = InjectedFailures()
      failures.fail(.read, with: EIO)
      let failure = try #require(throws: LoadFailure.self) {
        _ = try failures.run { try DocumentLoader.load(path: file.path) }
      }
      #expect(failure.message == "tgrid: \(file.path): cannot read: \(SystemError(code: EIO).description)")
      #expect(failure.exitCode == 2)
      #expect(failures.callsMade == [.open, .read])
    }

    @Test func aFailingOpenDuringALoadSaysWhy() throws {
      let file = try TemporaryFile(contents: Self.original)
      let failures = InjectedFailures()
      failures.fail(.open, with: EACCES)
      let failure = try #require(throws: LoadFailure.self) {
        _ = try failures.run { try DocumentLoader.load(path: file.path) }
      }
      #expect(failure.message == "tgrid: \(file.path): permission denied")
      #expect(failure.exitCode == 2)
    }

    @Test func aFailingReadOfARecoveryFileSaysWhy() throws {
      let file = try TemporaryFile(contents: Self.original)
      let failures = InjectedFailures()
      failures.fail(.read, with: EIO)
      let error = try #require(throws: RecoveryFile.ReadError.self) {
        _ = try failures.run { try RecoveryFile.read(file.path) }
      }
      #expect(error.description == "\(file.path): \(SystemError(code: EIO).description)")
    }

    // MARK: - The injection itself

    @Test func theNthCallFailsAndTheOthersSucceed() throws {
      let file = try TemporaryFile(contents: "")
      let failures = InjectedFailures()
      failures.fail(.write, afterSucceeding: 2, with: ENOSPC)
      var results: [Int32?] = []
      try failures.run {
        let descriptor = try SystemFile.open(file.path, .writeOnly)
        defer { SystemFile.release(descriptor) }
        for byte in Array("abcd".utf8) {
          do {
            try [byte].withUnsafeBytes { try SystemFile.write(descriptor, $0) }
            results.append(nil)
          } catch let error as SystemError {
            results.append(error.code)
          }
        }
      }
      #expect(results == [nil, nil, ENOSPC, nil])
      #expect(try file.read() == "abd", "the failed write wrote nothing")
      #expect(failures.callsMade == [.open, .write, .write, .write, .write])
    }

    @Test func callsOutsideTheRunAndOnOtherThreadsAreUntouched() throws {
      let file = try TemporaryFile(contents: "[1]")
      let failures = InjectedFailures()
      failures.fail(.open, with: EIO)
      // Outside `run`: the real call.
      SystemFile.release(try SystemFile.open(file.path))
      // Inside, on another thread: the real call too (the failure is the task's own).
      let path = file.path
      failures.run {
        let opened = Locked<Bool>(false)
        let worker = WorkerThread.start {
          if let descriptor = try? SystemFile.open(path) {
            SystemFile.release(descriptor)
            opened.withLock { $0 = true }
          }
        }
        worker?.join()
        #expect(opened.withLock { $0 })
        #expect(throws: SystemError(code: EIO)) { try SystemFile.open(file.path) }
      }
      #expect(failures.callsMade == [.open])
    }

    // MARK: - Fixtures

    static let original = "[\"original\", 1, 2, 3]\n"
    static let edited = "[\"new text\"]"
  }
}
