import Foundation
import Testing

/// Golden text snapshots, shared by every test target: the text of a screen compared with a
/// file in a `Snapshots/` folder beside the test.
///
/// - A mismatch fails the test with a line-by-line diff (expected and actual side by side).
/// - A missing snapshot fails the test and is written, so it can be reviewed and committed.
/// - `RECORD_SNAPSHOTS=1 swift test --filter …` writes every snapshot the tests reach, on
///   purpose; review the diff before committing it.
public enum SnapshotFile {
  /// Compares `text` with `directory/name.txt`.
  public static func expect(
    _ text: String, named name: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = directory.appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? text.write(to: file, atomically: true, encoding: .utf8)
      if !recording {
        Issue.record(
          "No snapshot \(name).txt existed; recorded it. Review it and run again.", sourceLocation: sourceLocation)
      }
      return
    }
    guard expected != text else { return }
    Issue.record(
      Comment(rawValue: difference(expected: expected, actual: text, name: name)), sourceLocation: sourceLocation)
  }

  /// The `Snapshots/` folder beside a test file.
  public static func directory(besides filePath: String) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  }

  /// The lines that differ, numbered.
  static func difference(expected: String, actual: String, name: String) -> String {
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    var report = "Snapshot \(name).txt differs (RECORD_SNAPSHOTS=1 re-records):\n"
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? expectedLines[index] : "∅"
      let got = index < actualLines.count ? actualLines[index] : "∅"
      if want != got { report += "line \(index + 1):\n  expected |\(want)|\n  actual   |\(got)|\n" }
    }
    return report
  }
}
