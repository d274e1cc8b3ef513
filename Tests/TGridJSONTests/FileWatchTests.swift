import Foundation
import TGridSystem
import Testing

/// `tgrid -f FILE` waits on inotify for the file and its folder: only what may concern the
/// file wakes it, so a quiet file in a busy folder costs nothing.
@Suite struct FileWatchTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func otherFilesComingAndGoingInTheFolderDoNotConcernTheFile() throws {
    let folder = NSTemporaryDirectory() + "tgrid-watch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/app.log.jsonl"
    _ = FileManager.default.createFile(atPath: path, contents: Data("{}\n".utf8))
    let watch = FileWatch(path: path)
    #expect(watch.usesNotifications)
    #expect(!watch.takeEvents(), "nothing happened yet")
    // Other files made, renamed and deleted beside it.
    for index in 0..<50 {
      let other = folder + "/other-\(index).log"
      // Written in place (`createFile` writes through a directory in /tmp it leaves behind).
      try Data("x".utf8).write(to: URL(fileURLWithPath: other))
      try FileManager.default.moveItem(atPath: other, toPath: other + ".1")
      try FileManager.default.removeItem(atPath: other + ".1")
    }
    #expect(!watch.takeEvents(), "150 events of other files")
    // The file written to.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("{}\n".utf8))
    try handle.close()
    #expect(watch.takeEvents(), "the file was written")
    // Rotated: moved away, and a new file made at its name.
    try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
    #expect(watch.takeEvents(), "the file moved away")
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    #expect(watch.takeEvents(), "a new file at the name")
  }
}
