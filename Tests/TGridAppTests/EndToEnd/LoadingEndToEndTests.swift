import Foundation
import Testing

/// Loading with the real binary: input that streams in shows as it arrives.
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct LoadingEndToEndTests {
  /// JSON Lines from a pipe that stays open: the records show at once, not when the pipe
  /// closes, with the bytes read (and no bar: the size is not known).
  @Test func recordsFromAPipeThatStaysOpenShowAtOnce() throws {
    let tmux = try TmuxSession(columns: 100, rows: 20)
    defer { tmux.close() }
    // Process substitution: the shell does not wait for the writer when tgrid ends.
    let command = (try tgridBinary()) + #" --ndjson < <(for i in $(seq 50); do echo "{\"n\": $i}"; done; sleep 30)"#
    try tmux.run("clear; " + command + " 2>" + tmux.errorLogPath + "; echo status=$?")
    let screen = try tmux.waitFor(text: "n 20", seconds: 10)
    #expect(screen.contains { $0.contains("so far") })
    #expect(screen.last?.contains("loading") == true)
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func checkReportsTheFirstBadByteOfAnEndlessDeviceAtOnce() throws {
    let result = try runTGrid(["check", "/dev/zero"])
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("/dev/zero:1:1:"))
  }
}
