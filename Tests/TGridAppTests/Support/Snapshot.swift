import Foundation
import TestSupport
import Testing

/// Compares text with a snapshot file in `Tests/TGridAppTests/Snapshots/` (see ``SnapshotFile``),
/// whichever folder the test is in.
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  // This file is in Support/: the target's Snapshots/ is beside that folder.
  let supportFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  SnapshotFile.expect(
    text, named: name, in: SnapshotFile.directory(besides: supportFolder.path), sourceLocation: sourceLocation)
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

/// A file of the repository's `demo-data/` folder.
func demoDataPath(_ name: String) -> String {
  // This file is Tests/TGridAppTests/Support/Snapshot.swift.
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("demo-data")
    .appendingPathComponent(name).path
}

/// A copy of a file of `demo-data/` in a fresh temporary folder, for tests whose keys may
/// edit, save or leave a recovery file: the repository's own files are never written.
func demoDataCopy(_ name: String) -> String {
  let directory = NSTemporaryDirectory() + "tgrid-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  let copy = directory + "/" + name
  try? FileManager.default.copyItem(atPath: demoDataPath(name), toPath: copy)
  return copy
}
