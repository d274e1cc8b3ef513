import Foundation
import Testing

@testable import TGridApp

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files of saves killed before their rename are removed by the next tgrid
/// on the file; nothing that a running save holds, nothing recent and nothing that is not
/// ours is touched.
@Suite struct AbandonedSavesTests {
  @Test func onlyOldUnlockedTemporaryFilesOfThisDocumentAreRemoved() throws {
    let file = try TemporaryFile(contents: "[1]\n")
    let directory = DocumentSaver.directory(of: file.path)
    let hourAgo = Int(time(nil)) - 3600
    func make(_ name: String, modified: Int? = hourAgo) throws -> String {
      let path = directory + "/" + name
      try "partial".write(toFile: path, atomically: false, encoding: .utf8)
      if let modified {
        var times = [timespec(tv_sec: modified, tv_nsec: 0), timespec(tv_sec: modified, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      }
      return path
    }
    let abandoned = try make(".doc.json.tgrid-a1B2c3")
    let abandonedRecovery = try make("..doc.json.tgrid-recovery.tgrid-Zz9y8X")
    _ = try make(".doc.json.tgrid-d4E5f6", modified: nil)  // written a moment ago
    let held = try make(".doc.json.tgrid-g7H8i9")
    _ = try make(".doc.json.tgrid-recovery")  // the recovery file itself
    _ = try make(".doc.json.tgrid-j1k2l3m4")  // not six characters
    _ = try make(".doc.json.tgrid-a1-2c3")  // not what mkstemp writes
    _ = try make(".other.json.tgrid-a1B2c3")  // another document's
    _ = try make("doc.json.tgrid-a1B2c3")  // not hidden: not ours
    #expect(symlink(file.path, directory + "/.doc.json.tgrid-LiNk00") == 0)
    // A running save holds its file locked.
    let descriptor = open(held, O_RDONLY)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)

    let removed = AbandonedSaves.remove(besides: file.path)
    #expect(Set(removed) == [".doc.json.tgrid-a1B2c3", "..doc.json.tgrid-recovery.tgrid-Zz9y8X"])
    #expect(
      !FileManager.default.fileExists(atPath: abandoned) && !FileManager.default.fileExists(atPath: abandonedRecovery))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(
      left == [
        ".doc.json.tgrid-LiNk00", ".doc.json.tgrid-a1-2c3", ".doc.json.tgrid-d4E5f6", ".doc.json.tgrid-g7H8i9",
        ".doc.json.tgrid-j1k2l3m4", ".doc.json.tgrid-recovery", ".other.json.tgrid-a1B2c3", "doc.json",
        "doc.json.tgrid-a1B2c3",
      ])
    #expect(try file.read() == "[1]\n", "the document is never touched")
  }

  /// The saver's own temporary file is locked while it is open: even old, it stays.
  @Test func aTemporaryFileBeingWrittenIsHeldUntilItIsClosed() throws {
    let file = try TemporaryFile(contents: "[1]\n")
    let directory = DocumentSaver.directory(of: file.path)
    let (descriptor, path) = try POSIXFileSystem.shared.makeTemporaryFile(
      inDirectory: directory, prefix: ".doc.json.tgrid-")
    let later = Int(time(nil)) + 3600
    #expect(AbandonedSaves.remove(besides: file.path, now: later).isEmpty)
    #expect(FileManager.default.fileExists(atPath: path))
    close(descriptor)
    #expect(AbandonedSaves.remove(besides: file.path, now: later) == [DocumentSaver.fileName(of: path)])
  }
}
