import Foundation
import TestSupport
import Testing

/// Text snapshots of screens in `Tests/TermGridTests/Snapshots/` (see ``SnapshotFile``).
enum Snapshot {
  /// Compares `lines` with the snapshot `name` (or records it when asked to).
  static func expect(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    SnapshotFile.expect(
      lines.joined(separator: "\n") + "\n", named: name, in: SnapshotFile.directory(besides: #filePath),
      sourceLocation: sourceLocation)
  }
}
