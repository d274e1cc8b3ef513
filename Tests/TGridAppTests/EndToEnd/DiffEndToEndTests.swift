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
      toFile: old, atomically: true, encoding: .utf8)
    try #"{"name": "svc", "replicas": 3, "ports": [80, 443, 8080], "debug": true}"#.write(
      toFile: new, atomically: true, encoding: .utf8)
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
}
