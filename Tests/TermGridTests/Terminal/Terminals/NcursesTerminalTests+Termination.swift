import Foundation
import Testing

@testable import TermGrid
@testable import TermGridPlatform
@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// What a terminating signal does to a program with unsaved work (issue 35): a repeated
/// signal waits for the program, the ending is never cut short, and a program that does
/// not take the signal in time has its work rescued by the watchdog. Each runs in a process
/// of its own: signal dispositions and the watchdog are process-wide.
extension NcursesTerminalTests {
  @Test func theSignalKeysArriveAsKeysTypedOrPasted() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    terminal.suspendsOnControlZ = false
    pty.type("\u{03}\u{1C}\u{1A}")
    usleep(20_000)
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .key(KeyEvent(.control("c"))))
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .key(KeyEvent(.control("\\"))))
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .key(KeyEvent(.control("z"))))
    pty.type("\u{1B}[200~a\u{03}b\u{1A}c\u{1C}d\u{1B}[201~")
    usleep(20_000)
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .paste("a\u{03}b\u{1A}c\u{1C}d"))
  }

  @Test func withoutUnsavedWorkASecondSignalEndsAProgramThatDidNotTakeTheFirst() async {
    await #expect(processExitsWith: .signal(SIGTERM)) {
      // As a program started in the foreground finds them (a test runner started in the
      // background has SIGINT and SIGQUIT ignored, which then stay ignored).
      for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { setDisposition(signal, SIG_DFL) }
      let pty = try NcursesTerminalTests.PseudoTerminal(columns: 20, rows: 5)
      let terminal = try pty.openTerminal()
      terminal.noteUnsavedWork(false)
      signalAndWait(SIGTERM)
      kill(getpid(), SIGTERM)
      // Busy: never takes the signal.
      sleep(30)
      exit(0)
    }
  }

  @Test func withUnsavedWorkRepeatedSignalsWaitForTheProgram() async {
    await #expect(processExitsWith: .success) {
      // As a program started in the foreground finds them (a test runner started in the
      // background has SIGINT and SIGQUIT ignored, which then stay ignored).
      for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { setDisposition(signal, SIG_DFL) }
      let pty = try NcursesTerminalTests.PseudoTerminal(columns: 20, rows: 5)
      let terminal = try pty.openTerminal()
      terminal.noteUnsavedWork(true)
      // A closed terminal: SIGHUP from the kernel, then from the shell; then a SIGTERM.
      signalAndWait(SIGHUP)
      kill(getpid(), SIGHUP)
      kill(getpid(), SIGTERM)
      kill(getpid(), SIGQUIT)
      usleep(100_000)
      guard terminal.nextEvent(timeoutMilliseconds: 2000) == .signal(SIGHUP) else { exit(3) }
      // Ending: nothing cuts the writing short, not even after the terminal is restored.
      guard TerminalSignals.beginTermination() else { exit(4) }
      kill(getpid(), SIGHUP)
      kill(getpid(), SIGTERM)
      terminal.shutdown()
      kill(getpid(), SIGHUP)
      kill(getpid(), SIGQUIT)
      kill(getpid(), SIGTERM)
      usleep(100_000)
      exit(0)
    }
  }

  @Test func withUnsavedWorkSigquitIsTakenLikeSigterm() async {
    await #expect(processExitsWith: .success) {
      // As a program started in the foreground finds them (a test runner started in the
      // background has SIGINT and SIGQUIT ignored, which then stay ignored).
      for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { setDisposition(signal, SIG_DFL) }
      let pty = try NcursesTerminalTests.PseudoTerminal(columns: 20, rows: 5)
      let terminal = try pty.openTerminal()
      terminal.noteUnsavedWork(true)
      kill(getpid(), SIGQUIT)
      usleep(50_000)
      exit(terminal.nextEvent(timeoutMilliseconds: 2000) == .signal(SIGQUIT) ? 0 : 3)
    }
  }

  @Test func theWatchdogRescuesTheWorkOfABusyProgramAndEndsItByTheSignal() async throws {
    let marker = "/tmp/tgrid-watchdog-rescue-\(getpid())"
    unlink(marker)
    defer { unlink(marker) }
    await #expect(processExitsWith: .signal(SIGTERM)) {
      // As a program started in the foreground finds them (a test runner started in the
      // background has SIGINT and SIGQUIT ignored, which then stay ignored).
      for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { setDisposition(signal, SIG_DFL) }
      let pty = try NcursesTerminalTests.PseudoTerminal(columns: 20, rows: 5)
      let terminal = try pty.openTerminal()
      terminal.noteUnsavedWork(true)
      TerminationWatchdog.start(graceMilliseconds: 200) { signal in
        let path = "/tmp/tgrid-watchdog-rescue-\(getppid())"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        let text = Array("rescued \(signal)".utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return "the work was kept"
      }
      signalAndWait(SIGTERM)
      kill(getpid(), SIGTERM)
      // Busy in one long computation: the run loop never asks for the signal.
      for _ in 0..<300 { usleep(100_000) }
      exit(0)
    }
    #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "rescued \(SIGTERM)")
  }

  @Test func theWatchdogStandsAsideWhenTheProgramTakesTheSignal() async {
    await #expect(processExitsWith: .exitCode(7)) {
      // As a program started in the foreground finds them (a test runner started in the
      // background has SIGINT and SIGQUIT ignored, which then stay ignored).
      for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { setDisposition(signal, SIG_DFL) }
      let pty = try NcursesTerminalTests.PseudoTerminal(columns: 20, rows: 5)
      let terminal = try pty.openTerminal()
      terminal.noteUnsavedWork(true)
      TerminationWatchdog.start(graceMilliseconds: 300) { _ in
        exit(5)
      }
      kill(getpid(), SIGTERM)
      guard terminal.nextEvent(timeoutMilliseconds: 2000) == .signal(SIGTERM) else { exit(3) }
      guard TerminalSignals.beginTermination() else { exit(4) }
      // Writing what is kept takes longer than the grace: the watchdog must not step in.
      usleep(800_000)
      terminal.shutdown()
      exit(7)
    }
  }
}

/// Sends a signal to this process and waits until its handler recorded it: signals of one
/// kind sent back to back while the sending thread blocks them are delivered once.
func signalAndWait(_ signal: Int32) {
  kill(getpid(), signal)
  for _ in 0..<1000 where !TerminalSignals.hasPendingTermination { usleep(1000) }
}
