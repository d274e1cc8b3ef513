import Foundation
import Testing

/// Text snapshots of screens in `Tests/TermGridTests/Snapshots/`, compared line by line and
/// re-recorded only on purpose: `RECORD_SNAPSHOTS=1 swift test --filter …`.
enum Snapshot {
  static var directory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  }

  /// Compares `lines` with the snapshot `name` (or records it when asked to).
  static func expect(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = directory.appendingPathComponent(name + ".txt")
    let text = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("No snapshot \(name).txt: record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    let expected = recorded.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(lines == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
  }
}
