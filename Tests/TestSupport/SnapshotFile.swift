import Foundation
import TermGridTesting
import Testing

/// Golden text snapshots, shared by every test target: the text of a screen compared with a
/// file in a `Snapshots/` folder beside the test (TermGridTesting's ``GoldenScreen``).
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
    expectScreen(text, named: name, in: directory, sourceLocation: sourceLocation)
  }

  /// The `Snapshots/` folder beside a test file.
  public static func directory(besides filePath: String) -> URL {
    GoldenScreen.directory(besides: filePath)
  }
}
