import Foundation
import TestSupport
import Testing

/// A clipboard command in the real binary (issue 13.8): it runs in the background, keys
/// keep working meanwhile, and the end is reported.
extension EndToEndTests {
  @Test func keysKeepWorkingWhileASlowClipboardCommandRuns() throws {
    let output = NSTemporaryDirectory() + "tgrid-e2e-clipboard-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(output) }
    let tmux = try launch(
      demoDataCopy("photo-albums.json"), arguments: ["--clipboard-command", "'sleep 1.2; cat > \(output)'"])
    defer { tmux.close() }
    let started = Date()
    try tmux.send("y")
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/7", seconds: 10)
    if SanitizerBuild.slowdown == 1 {
      // An instrumented build may be too slow to tell the two apart.
      #expect(Date().timeIntervalSince(started) < 1.1, "the key was handled before the command ended")
      #expect((try? String(contentsOfFile: output, encoding: .utf8)) ?? "" == "", "the command is still running")
    }
    try tmux.waitFor("the end of the copy", seconds: 10) { lines in
      lines.contains { $0.contains("copied 1 value") && !$0.contains("sending") }
    }
    let copied = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    #expect(copied.contains("Skógafoss"), "the focused card's value reached the command: \(copied)")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }
}
