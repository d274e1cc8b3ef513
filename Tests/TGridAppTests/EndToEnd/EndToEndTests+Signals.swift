import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Stray signals sent to the real binary in a real terminal (issue 14.5): whatever ends
/// the app, the terminal is restored and the exit status names the signal.
extension EndToEndTests {
  @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF])
  func aSignalWhoseDefaultEndsTheProcessRestoresTheTerminalAndExitsWithItsStatus(_ signal: Int32) throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, signal)
    try expectRestored(tmux, status: 128 + signal)
  }

  /// Without a file under a lease (the demo data, standard input), SIGIO ends the app as
  /// the other signals above do.
  @Test func sigioWithoutALeasedFileRestoresTheTerminalAndExitsWithItsStatus() throws {
    let tmux = try launch(nil)
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGIO)
    try expectRestored(tmux, status: 128 + SIGIO)
  }

  /// A file under a read lease: SIGIO is how the kernel tells of a writer, so it is the
  /// lease's (it copies nothing when no break is pending) and the app keeps working.
  @Test func sigioWithALeasedFileIsTheLeasesAndTheAppKeepsWorking() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGIO)
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/7")
    #expect(try tmux.paneValue("alternate_on") == "1")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func aRealTimeSignalRestoresTheTerminalAndExitsWithItsStatus() throws {
    let signal = __libc_current_sigrtmin() + 3
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, signal)
    try expectRestored(tmux, status: 128 + signal)
  }

  @Test func sigpipeIsIgnoredAndTheAppKeepsWorking() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGPIPE)
    kill(pid, SIGXFSZ)
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/7")
    #expect(try tmux.paneValue("alternate_on") == "1")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE])
  func aCrashSignalSentWithKillRestoresTheTerminalAndEndsTheAppByIt(_ signal: Int32) throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, signal)
    // The backtracer runs first (its report goes to the error log); then the app must end,
    // not stay alive without its screen.
    let status = try exitStatus(tmux, seconds: 60)
    #expect(
      SanitizerBuild.isEnd(bySignal: signal, status: status),
      "signal \(signal) ended the app with status \(status.map(String.init) ?? "none"): \(tmux.errorLog().prefix(2000))"
    )
    try expectRestored(tmux, status: nil)
  }

  @Test func aStackOverflowOnTheRunLoopThreadRestoresTheTerminal() throws {
    let tmux = try launch(
      demoDataCopy("photo-albums.json"), environment: "TGRID_DEBUG_CRASH=overflow", waitForApp: false)
    defer { tmux.close() }
    let status = try exitStatus(tmux, seconds: 60)
    #expect(
      SanitizerBuild.isEnd(bySignal: SIGSEGV, status: status),
      "status \(status.map(String.init) ?? "none"): \(tmux.errorLog().prefix(2000))")
    try expectRestored(tmux, status: nil)
  }

  /// The status `echo status=$?` printed after the app, once it has ended.
  func exitStatus(_ tmux: TmuxSession, seconds: Double) throws -> Int32? {
    let lines = try tmux.waitFor("the exit status", seconds: seconds) { $0.contains { $0.hasPrefix("status=") } }
    return lines.lazy.compactMap { $0.hasPrefix("status=") ? Int32($0.dropFirst("status=".count)) : nil }.first
  }
}
