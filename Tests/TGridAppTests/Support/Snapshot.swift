import Foundation
import Testing

/// Compares text with a snapshot file in `Tests/TGridAppTests/Snapshots/`.
///
/// Snapshots are re-recorded only on purpose: run the tests with `RECORD_SNAPSHOTS=1`, then
/// review the diff. A missing snapshot fails (and is written, so it can be reviewed).
func expectSnapshot(
  _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent(name + ".txt")
  let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? text.write(to: file, atomically: true, encoding: .utf8)
    if !recording {
      Issue.record("No snapshot \(name).txt existed; recorded it. Review it and run again.", sourceLocation: sourceLocation)
    }
    return
  }
  if expected != text {
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = text.components(separatedBy: "\n")
    var report = "Snapshot \(name).txt differs (RECORD_SNAPSHOTS=1 re-records):\n"
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? expectedLines[index] : "∅"
      let got = index < actualLines.count ? actualLines[index] : "∅"
      if want != got { report += "line \(index + 1):\n  expected |\(want)|\n  actual   |\(got)|\n" }
    }
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
  }
}

/// Runs the built tgrid binary with arguments and optional standard input.
func runTGrid(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> (
  status: Int32, output: String, error: String
) {
  guard let executable = TmuxSession.tgridExecutable else { throw TmuxError(message: "tgrid binary not found") }
  var merged = ProcessInfo.processInfo.environment
  for (name, value) in environment { merged[name] = value }
  let result = try spawnAndWait(executable, arguments, input: input.map { Data($0.utf8) }, environment: merged)
  return (result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.error, as: UTF8.self))
}

/// The repository's `demo-data/` folder.
func demoDataPath(_ name: String, filePath: String = #filePath) -> String {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("demo-data").appendingPathComponent(name).path
}

/// A copy of a file of `demo-data/` in a fresh temporary folder, for tests whose keys may
/// edit, save or leave a recovery file: the repository's own files are never written.
func demoDataCopy(_ name: String, filePath: String = #filePath) -> String {
  let directory = NSTemporaryDirectory() + "tgrid-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  let copy = directory + "/" + name
  try? FileManager.default.copyItem(atPath: demoDataPath(name, filePath: filePath), toPath: copy)
  return copy
}
