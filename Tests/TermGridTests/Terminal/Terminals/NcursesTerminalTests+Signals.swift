import Testing

@testable import TermGrid
@testable import TermGridPlatform
@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Every signal whose default action would end the process with the terminal in
/// full-screen mode is handled or ignored while the terminal runs (issue 14.5).
extension NcursesTerminalTests {
  @Test func signalsThatWouldEndTheProcessAreTakenOverFromTheirDefaultActionOnly() throws {
    let realTime = TerminalSignals.realTimeSignals.first.map { $0 + 2 } ?? SIGUSR1
    let watched = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXFSZ, SIGPROF, realTime]
    var saved: [Int32: sigaction] = [:]
    for signal in watched {
      var action = sigaction()
      sigaction(signal, nil, &action)
      saved[signal] = action
    }
    defer {
      for (signal, action) in saved {
        var action = action
        sigaction(signal, &action, nil)
      }
    }
    // The host program's own choices: a handler for SIGUSR2, SIGVTALRM ignored.
    setDisposition(SIGUSR2, hostSignalHandler)
    setDisposition(SIGVTALRM, SIG_IGN)
    for signal in [SIGUSR1, SIGALRM, SIGXFSZ, SIGPROF, realTime] { setDisposition(signal, SIG_DFL) }
    let hostHandler = signalHandlerAddress(SIGUSR2)
    let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
    let byDefault = unsafeBitCast(SIG_DFL, to: Int.self)

    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    let termination = signalHandlerAddress(SIGTERM)
    for signal in [SIGUSR1, SIGALRM, SIGPROF, realTime] {
      #expect(signalHandlerAddress(signal) == termination, "signal \(signal) is handled as SIGTERM is")
    }
    #expect(signalHandlerAddress(SIGXFSZ) == ignored, "a write past the size limit fails instead of killing")
    #expect(signalHandlerAddress(SIGUSR2) == hostHandler, "the host's handler stays")
    #expect(signalHandlerAddress(SIGVTALRM) == ignored, "an ignored signal stays ignored")
    terminal.shutdown()

    for signal in [SIGUSR1, SIGALRM, SIGXFSZ, SIGPROF, realTime] {
      #expect(signalHandlerAddress(signal) == byDefault, "signal \(signal) is back to its default")
    }
    #expect(signalHandlerAddress(SIGUSR2) == hostHandler)
    #expect(signalHandlerAddress(SIGVTALRM) == ignored)
  }

  @Test func aSignalThatWouldEndTheProcessBecomesAnEventWithItsNumber() throws {
    let realTime = TerminalSignals.realTimeSignals.first.map { $0 + 1 } ?? SIGUSR2
    let signals = [SIGUSR1, SIGALRM, SIGXCPU, realTime]
    var saved: [Int32: sigaction] = [:]
    for signal in signals {
      var action = sigaction()
      sigaction(signal, nil, &action)
      saved[signal] = action
      setDisposition(signal, SIG_DFL)
    }
    defer {
      for (signal, action) in saved {
        var action = action
        sigaction(signal, &action, nil)
      }
    }
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    for signal in signals {
      kill(getpid(), signal)
      #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .signal(signal))
    }
  }

  @Test func writesToAClosedPipeFailWithAnErrorInsteadOfEndingTheProcess() async {
    // In a process of its own: the pasteboard tests change SIGPIPE's action for a moment
    // while they run, in parallel with these.
    await #expect(processExitsWith: .success) {
      setDisposition(SIGPIPE, SIG_DFL)
      let pty = try NcursesTerminalTests.PseudoTerminal(columns: 20, rows: 5)
      let terminal = try pty.openTerminal()
      var descriptors: [Int32] = [-1, -1]
      guard pipe(&descriptors) == 0 else { exit(2) }
      close(descriptors[0])
      var byte: UInt8 = 1
      let written = write(descriptors[1], &byte, 1)
      let failure = errno
      terminal.shutdown()
      var action = sigaction()
      sigaction(SIGPIPE, nil, &action)
      let isDefaultAgain = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 0
      exit(written == -1 && failure == EPIPE && isDefaultAgain ? 0 : 1)
    }
  }
}

/// The handler `signal` has now, as a number (`SIG_DFL` is 0, `SIG_IGN` 1).
func signalHandlerAddress(_ signal: Int32) -> Int {
  var action = sigaction()
  sigaction(signal, nil, &action)
  return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
}

/// A handler standing for one the host program installed.
private func hostSignalHandler(_ signal: Int32) {}

/// Sets a plain handler (or `SIG_DFL`, `SIG_IGN`) for `signal`.
func setDisposition(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = handler
  sigemptyset(&action.sa_mask)
  sigaction(signal, &action, nil)
}
