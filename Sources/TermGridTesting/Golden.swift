import Foundation
import TermGrid
import Testing

/// Golden screen files: the text of a screen compared with a file in a `Snapshots/` folder
/// beside the test that checks it.
///
/// - A mismatch is a ``Comparison/differs(_:)`` with a line-by-line report.
/// - A missing file is written and reported (``Comparison/recordedMissing``), so it can be
///   reviewed and committed.
/// - `RECORD_SNAPSHOTS=1 swift test --filter …` writes every file the tests reach, on
///   purpose (``Comparison/recorded``); review the diff before committing it.
///
/// ``expectScreen(_:named:in:filePath:sourceLocation:)-(String,_,_,_,_)`` records the outcome as
/// a swift-testing issue; ``compare(_:named:in:)`` returns it, for any other test framework.
public enum GoldenScreen {
  /// What comparing a screen with its golden file found.
  public enum Comparison: Hashable, Sendable {
    /// The file holds the same text.
    case matches
    /// The file differs: the report lists the lines that differ.
    case differs(String)
    /// There was no file: it was written now.
    case recordedMissing
    /// `RECORD_SNAPSHOTS=1`: the file was written.
    case recorded

    /// Why the test should fail, or `nil` when it should not.
    public var failure: String? {
      switch self {
      case .matches, .recorded: return nil
      case .differs(let report): return report
      case .recordedMissing: return "No golden file existed; recorded it. Review it and run again."
      }
    }
  }

  /// Whether `RECORD_SNAPSHOTS=1` asks to write golden files instead of comparing.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  /// Compares `text` with `directory/name.txt` (writing it when recording or missing).
  public static func compare(_ text: String, named name: String, in directory: URL) -> Comparison {
    let file = directory.appendingPathComponent(name + ".txt")
    let recording = isRecording
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? text.write(to: file, atomically: true, encoding: .utf8)
      return recording ? .recorded : .recordedMissing
    }
    return expected == text ? .matches : .differs(difference(expected: expected, actual: text, name: name))
  }

  /// The `Snapshots/` folder beside a test file.
  public static func directory(besides filePath: String) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  }

  /// The lines that differ, numbered, expected above actual.
  public static func difference(expected: String, actual: String, name: String) -> String {
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

/// Compares text with the golden file `Snapshots/<name>.txt` beside the calling test file
/// (see ``GoldenScreen``), and records an issue when it differs or was missing.
/// - Parameters:
///   - text: the file's whole text, as it should be.
///   - name: the file's name, without `.txt`.
///   - directory: where the file is, when not in `Snapshots/` beside `filePath`.
///   - filePath: the calling test file (the default).
///   - sourceLocation: where to record the issue (the default: the call).
public func expectScreen(
  _ text: String, named name: String, in directory: URL? = nil, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = directory ?? GoldenScreen.directory(besides: filePath)
  if let failure = GoldenScreen.compare(text, named: name, in: folder).failure {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}

/// Compares a screen's rows with the golden file `Snapshots/<name>.txt` beside the calling
/// test file: the rows, each followed by a newline.
public func expectScreen(
  _ lines: [String], named name: String, in directory: URL? = nil, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectScreen(
    lines.joined(separator: "\n") + "\n", named: name, in: directory, filePath: filePath,
    sourceLocation: sourceLocation)
}

/// Compares what a pilot shows with the golden file `Snapshots/<name>.txt` beside the
/// calling test file: its rows, or with `styled` its ``ScreenPilot/styledScreen(theme:)``,
/// each row followed by a newline.
public func expectScreen(
  _ pilot: ScreenPilot, named name: String, styled: Bool = false, in directory: URL? = nil,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let text = styled ? pilot.styledScreen() + "\n" : pilot.lines.joined(separator: "\n") + "\n"
  expectScreen(text, named: name, in: directory, filePath: filePath, sourceLocation: sourceLocation)
}
