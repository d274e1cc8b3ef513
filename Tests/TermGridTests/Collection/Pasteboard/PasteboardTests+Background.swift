import Foundation
import TermGrid
import Testing

@testable import TermGridCollection
@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Clipboard commands off the run loop's thread (issue 13.8) and what they leave running
/// (issue 14.9).
extension PasteboardTests {
  /// Waits (in real time) for work handed back to the run loop and runs it, as the run loop
  /// does on a wake. Returns how many bodies ran.
  @discardableResult
  func runHandedBackWork(_ terminal: HeadlessTerminal, timeoutMilliseconds: Int = 10_000) -> Int {
    guard let waker = terminal.waker, waker.waitForWake(timeoutMilliseconds: timeoutMilliseconds) else { return 0 }
    _ = waker.take()
    let work = waker.takeWork()
    for body in work { body() }
    return work.count
  }

  @Test func aClipboardCommandRunsInTheBackgroundAndReportsOnTheRunLoopsThread() throws {
    let path = NSTemporaryDirectory() + "tgrid-background-copy-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(path) }
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(systemClipboard: .command("sleep 0.3; cat > '\(path)'"), terminal: terminal)
    var results: [Result<Void, PasteboardError>] = []
    let started = MonotonicClock.milliseconds()
    pasteboard.copy([], plainText: "hello") { results.append($0) }
    #expect(MonotonicClock.milliseconds() - started < 250, "the copy did not wait for the command")
    #expect(results.isEmpty)
    #expect(pasteboard.copiesInFlight == 1)
    #expect(pasteboard.string == "hello", "the in-app content is there at once")
    #expect(runHandedBackWork(terminal) == 1)
    #expect(results.count == 1)
    if case .failure(let error) = results.first { Issue.record("\(error)") }
    #expect(pasteboard.copiesInFlight == 0)
    #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "hello")
  }

  @Test func manyCopiesInARowRunOneAtATimeInOrderAndEachIsReported() throws {
    let path = NSTemporaryDirectory() + "tgrid-background-order-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(path) }
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(systemClipboard: .command("cat >> '\(path)'; echo >> '\(path)'"), terminal: terminal)
    var reported: [Int] = []
    for index in 0..<40 {
      pasteboard.copy([], plainText: "\(index)") { result in
        if case .success = result { reported.append(index) }
      }
    }
    let deadline = MonotonicClock.milliseconds() + 30_000
    while reported.count < 40, MonotonicClock.milliseconds() < deadline {
      runHandedBackWork(terminal, timeoutMilliseconds: 1000)
    }
    #expect(reported == Array(0..<40), "every copy reported, in the order asked")
    let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").map(String.init)
    #expect(lines == (0..<40).map(String.init), "the commands ran one at a time, in order")
    #expect(pasteboard.string == "39")
  }

  @Test func aFailingCommandsWholeMessageComesBack() {
    let long = (1...30).map { "word\($0)" }.joined(separator: " ")
    let command = "cat >/dev/null; echo 'first line' >&2; echo '\(long)' >&2; exit 4"
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(systemClipboard: .command(command), terminal: terminal)
    var error: PasteboardError?
    pasteboard.copy([], plainText: "x") { if case .failure(let failure) = $0 { error = failure } }
    runHandedBackWork(terminal)
    #expect(error == .commandFailed(command: command, status: "exit status 4", message: "first line " + long))
  }

  @Test func withoutARunLoopToReportToTheCopyWaitsForTheCommand() {
    let pasteboard = Pasteboard(systemClipboard: .command("exit 2"))
    var result: Result<Void, PasteboardError>?
    pasteboard.copy([], plainText: "x") { result = $0 }
    guard case .failure(.commandFailed(_, let status, _)) = result else {
      Issue.record("expected the failure at once, got \(String(describing: result))")
      return
    }
    #expect(status == "exit status 2")
  }

  @Test func whatASucceedingCommandLeavesRunningIsEndedByTheNextSuccessfulCopy() {
    let duration = Self.uniqueDuration()
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(
      systemClipboard: .command("cat >/dev/null; sleep \(duration) & exit 0"), terminal: terminal)
    pasteboard.copy([], plainText: "first") { _ in }
    runHandedBackWork(terminal)
    var helpers = liveProcesses(withArguments: ["sleep", duration])
    for _ in 0..<250 where helpers.isEmpty {
      usleep(20_000)
      helpers = liveProcesses(withArguments: ["sleep", duration])
    }
    #expect(helpers.count == 1, "kept while it is the clipboard's keeper, as xclip's selection owner must be")
    #expect(pasteboard.keeperProcessGroup != nil)

    pasteboard.systemClipboard = .command("cat >/dev/null")
    pasteboard.copy([], plainText: "second") { _ in }
    runHandedBackWork(terminal)
    #expect(waitUntilGone(["sleep", duration]), "a later copy ends the earlier keeper")
    #expect(pasteboard.keeperProcessGroup == nil)
    for pid in liveProcesses(withArguments: ["sleep", duration]) { kill(pid, SIGKILL) }
  }

  @Test func whatAFailingCommandLeavesRunningIsEndedAtOnce() throws {
    let duration = Self.uniqueDuration()
    let command = "sleep \(duration) & exit 1"
    let pasteboard = Pasteboard(systemClipboard: .command(command))
    #expect(throws: PasteboardError.self) { try pasteboard.copy(text: "x") }
    #expect(waitUntilGone(["sleep", duration]), "a failed command's leftovers are no clipboard owner")
    #expect(pasteboard.keeperProcessGroup == nil)
    for pid in liveProcesses(withArguments: ["sleep", duration]) { kill(pid, SIGKILL) }
  }

  @Test func theLastKeeperCanBeEndedOnRequest() throws {
    let duration = Self.uniqueDuration()
    let pasteboard = Pasteboard(systemClipboard: .command("sleep \(duration) & exit 0"))
    try pasteboard.copy(text: "x")
    #expect(pasteboard.keeperProcessGroup != nil)
    pasteboard.endClipboardKeepers()
    #expect(waitUntilGone(["sleep", duration]))
    for pid in liveProcesses(withArguments: ["sleep", duration]) { kill(pid, SIGKILL) }
  }

  @Test func aCommandThatStopsReadingRaisesNoSignalInAnyThread() throws {
    // Many at once from worker threads: each one's SIGPIPE is taken back on its own thread,
    // and the process's dispositions are never changed.
    var before = sigaction()
    sigaction(SIGPIPE, nil, &before)
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(systemClipboard: .command("exit 0"), terminal: terminal)
    var done = 0
    for _ in 0..<10 { pasteboard.copy([], plainText: String(repeating: "y", count: 1 << 20)) { _ in done += 1 } }
    let deadline = MonotonicClock.milliseconds() + 30_000
    while done < 10, MonotonicClock.milliseconds() < deadline { runHandedBackWork(terminal, timeoutMilliseconds: 1000) }
    #expect(done == 10)
    var after = sigaction()
    sigaction(SIGPIPE, nil, &after)
    #expect(
      unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self))
  }
}
