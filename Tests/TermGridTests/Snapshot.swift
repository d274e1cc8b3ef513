import Foundation
import TermGridTesting
import Testing

/// Text snapshots of screens in `Tests/TermGridTests/Snapshots/` (TermGridTesting's
/// `expectScreen`).
enum Snapshot {
  /// Compares `lines` with the snapshot `name` (or records it when asked to).
  static func expect(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    expectScreen(lines, named: name, in: GoldenScreen.directory(besides: #filePath), sourceLocation: sourceLocation)
  }
}
