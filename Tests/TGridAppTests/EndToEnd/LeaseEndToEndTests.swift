import Foundation
import TestSupport
import Testing

@testable import TGridApp

/// The real binary holds its file under a read lease instead of a copy: a writer in another
/// window waits while tgrid copies the bytes, then truncates and rewrites the file; tgrid
/// goes on showing, and saves, the text it read, and the terminal is left clean.
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct LeaseEndToEndTests {
  static let text =
    "[\n"
    + (0..<3000).map { #"  {"id": \#($0), "name": "record \#($0)", "city": "c\#($0 % 13)"}"# }.joined(separator: ",\n")
    + "\n]\n"

  @Test func aFileTruncatedAndRewrittenFromAnotherWindowStaysAsReadAndSavesAsRead() throws {
    let file = try TemporaryFile(contents: Self.text)
    let done = file.path + ".writer-done"
    let tmux = try launchTGrid(file.path, columns: 120, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor(text: "record 1")
    // The app holds a read lease on the file (`/proc/locks`: `LEASE ACTIVE READ PID …`).
    let pid = try #require(try tmux.appProcessID())
    let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
    #expect(
      locks.split(separator: "\n").contains { $0.contains("LEASE") && $0.contains("READ") && $0.contains(" \(pid) ") },
      "\(locks)")
    // Another window truncates the file, then writes other text: each open to write waits
    // for tgrid to let go of its lease.
    try tmux.runInOtherWindow(": > '\(file.path)'; printf '[\"other\"]' > '\(file.path)'; touch '\(done)'")
    let deadline = Date().addingTimeInterval(30)
    while access(done, F_OK) != 0 && Date() < deadline { usleep(50_000) }
    #expect(access(done, F_OK) == 0, "the writer finished")
    #expect(try file.read() == "[\"other\"]")
    // The last record is still there (the file has none), and so are the first.
    try tmux.send("G")
    try tmux.waitFor(text: "id   2999")
    try tmux.send("g")
    try tmux.waitFor(text: "record 1")
    // Once a second, a key notices the file changed.
    usleep(1_100_000)
    try tmux.send("j")
    try tmux.waitFor(text: "on disk")
    // Saved over the file, after saying it changed: the text as read, byte for byte.
    try tmux.send("C-s")
    try tmux.waitFor(text: "(o)verwrite")
    try tmux.send("o")
    try tmux.waitFor(text: "saved doc.json")
    #expect(try file.read() == Self.text)
    let screen = try tmux.screen()
    #expect(!screen.contains { $0.contains("\u{fffd}") || $0.contains("\\u0000") }, "\(screen.joined(separator: "\n"))")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
    let errors = tmux.errorLog()
    #expect(!errors.contains("Fatal error") && !errors.contains("Crash"), "\(errors.prefix(2000))")
  }
}
