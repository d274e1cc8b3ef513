import Foundation
import Testing

/// `tgrid diff` in a real terminal (issue 31): it opens the browser on B with the changes
/// marked, `]c` moves, `q` quits and the terminal is restored.
extension EndToEndTests {
  @Test func tgridDiffOpensTheBrowserAndBracketCMovesBetweenChanges() throws {
    let folder = NSTemporaryDirectory() + "tgrid-diff-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let old = folder + "/a.json"
    let new = folder + "/b.json"
    try #"{"name": "svc", "replicas": 2, "ports": [80, 443], "debug": true}"#.write(
      toFile: old, atomically: false, encoding: .utf8)
    try #"{"name": "svc", "replicas": 3, "ports": [80, 443, 8080], "debug": true}"#.write(
      toFile: new, atomically: false, encoding: .utf8)
    let tmux = try launch(new, arguments: ["diff", old], columns: 90, rows: 20)
    defer { tmux.close() }
    try tmux.waitFor(text: "diff: a.json → b.json · 2 changes")
    try tmux.waitFor(text: "~ replicas: 3 ← 2")
    try tmux.sendLiteral("]c")
    try tmux.waitFor(text: "change 1/2: .replicas ~ 2 → 3")
    try tmux.sendLiteral("]c")
    try tmux.waitFor(text: "change 2/2: .ports[2] + 8080")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  /// A pair over 4 MB (issue 31): B shows from its first screenful while A is read and
  /// compared on the comparison's thread; the marks come when it is done.
  @Test func tgridDiffOnALargePairShowsBFirstAndMarksItWhenCompared() throws {
    let folder = NSTemporaryDirectory() + "tgrid-diffload-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let generated = try LargeFile.make(records: 25_000)
    defer { try? FileManager.default.removeItem(atPath: generated) }
    let old = folder + "/a.json"
    let new = folder + "/b.json"
    let text = try String(contentsOfFile: generated, encoding: .utf8)
    try text.write(toFile: old, atomically: false, encoding: .utf8)
    try text.replacingOccurrences(of: #""name": "user 7","#, with: #""name": "user seven","#).write(
      toFile: new, atomically: false, encoding: .utf8)
    let tmux = try launch(new, arguments: ["diff", old], columns: 100, rows: 20)
    defer { tmux.close() }
    try tmux.waitFor(text: "diff: a.json → b.json · 1 change")
    try tmux.sendLiteral("]c")
    try tmux.waitFor(text: #"change 1/1: .[7].name ~ "user 7" → "user seven""#)
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  /// A of a large pair that is not JSON: B showed first, and the browser ends with A's
  /// line and column on standard error and status 2, as before the first screen.
  @Test func tgridDiffOnALargePairWhoseAIsNotJSONSaysWhereAndEnds() throws {
    let folder = NSTemporaryDirectory() + "tgrid-diffload-bad-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let generated = try LargeFile.make(records: 25_001)
    defer { try? FileManager.default.removeItem(atPath: generated) }
    let old = folder + "/a.json"
    let new = folder + "/b.json"
    let text = try String(contentsOfFile: generated, encoding: .utf8)
    try text.write(toFile: new, atomically: false, encoding: .utf8)
    try text.replacingOccurrences(of: #""name": "user 24000","#, with: #""name": "user 24000",,"#).write(
      toFile: old, atomically: false, encoding: .utf8)
    let tmux = try launch(new, arguments: ["diff", old], columns: 100, rows: 20, waitForApp: false)
    defer { tmux.close() }
    try expectRestored(tmux, status: 2)
    let log = tmux.errorLog()
    #expect(log.contains("a.json: line 24002, column"), "\(log.prefix(500))")
  }
}
