import Testing

@testable import TermGrid

#if canImport(Glibc)
  import Glibc
#endif

/// The real terminal on a pseudo-terminal: the test plays the terminal emulator on the
/// master side, reading what the program sends and typing bytes into it.
// Serialized: ncurses has one current screen per process, and the handlers are process-wide.
@Suite(.serialized) struct NcursesTerminalTests {
  @Test func startingTurnsTheModesOnAndShuttingDownRestoresEverything() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let before = pty.modes()
    let terminal = try pty.openTerminal()
    let opening = pty.readOutput()
    #expect(opening.contains("\u{1B}[?1049h"))
    #expect(opening.contains("\u{1B}[?2004h"))
    #expect(opening.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"))
    let running = pty.modes()
    #expect(running.c_lflag & tcflag_t(ICANON | ECHO) == 0)
    #expect(running.c_lflag & tcflag_t(ISIG) != 0)
    #expect(running.c_iflag & tcflag_t(IXON) == 0)
    #expect(terminal.size == CellSize(columns: 20, rows: 5))

    terminal.shutdown()
    let closing = pty.readOutput()
    #expect(closing.contains("\u{1B}[?1006l"))
    #expect(closing.contains("\u{1B}[?1000l"))
    #expect(closing.contains("\u{1B}[?2004l"))
    #expect(closing.contains("\u{1B}[?1049l"))
    let after = pty.modes()
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    #expect(after.c_cflag == before.c_cflag)
    terminal.shutdown()
    #expect(pty.readOutput().isEmpty)
  }

  @Test func withoutMouseCaptureNoMouseModeIsTurnedOnUntilToggled() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal(mouse: false)
    defer { terminal.shutdown() }
    #expect(!pty.readOutput().contains("\u{1B}[?1000h"))
    terminal.isMouseEnabled = true
    #expect(pty.readOutput() == "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h")
    terminal.isMouseEnabled = false
    #expect(pty.readOutput() == "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l")
  }

  @Test func bytesTypedIntoTheTerminalArriveAsEvents() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    pty.type("j\u{1B}[1;5A\u{1B}[<2;4;3M\u{1B}[200~pasted\ntext\u{1B}[201~é")
    var events: [InputEvent] = []
    while events.count < 5, let event = terminal.nextEvent(timeoutMilliseconds: 2000) { events.append(event) }
    #expect(events == [
      .key(KeyEvent(.character("j"))), .key(KeyEvent(.up, modifiers: .control)),
      .mouse(MouseEvent(.press(.right), at: CellPoint(column: 3, row: 2))), .paste("pasted\ntext"),
      .key(KeyEvent(.character("é"))),
    ])
  }

  @Test func aLoneEscArrivesAfterTheEscapeDelay() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    pty.type("\u{1B}")
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .key(KeyEvent(.escape)))
    #expect(terminal.nextEvent(timeoutMilliseconds: 0) == nil)
  }

  @Test func aWindowSizeChangeIsReadAndReported() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    pty.setSize(columns: 33, rows: 9)
    kill(getpid(), SIGWINCH)
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .resize(CellSize(columns: 33, rows: 9)))
    #expect(terminal.size == CellSize(columns: 33, rows: 9))
    pty.setSize(columns: 1, rows: 1)
    kill(getpid(), SIGWINCH)
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .resize(CellSize(columns: 1, rows: 1)))
    var canvas = Canvas(size: terminal.size)
    canvas.draw("wide 漢字", at: CellPoint(column: 0, row: 0), style: .plain)
    terminal.present(canvas)
  }

  @Test func aTerminatingSignalBecomesAnEvent() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    kill(getpid(), SIGTERM)
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .signal(SIGTERM))
  }

  @Test func theCrashHandlersAreInPlaceOnlyWhileTheTerminalRuns() throws {
    let before = handlerAddress(SIGSEGV)
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    #expect(handlerAddress(SIGSEGV) != before)
    #expect(handlerAddress(SIGILL) == handlerAddress(SIGSEGV))
    terminal.shutdown()
    #expect(handlerAddress(SIGSEGV) == before)
  }

  @Test func signalDispositionsFromBeforeAreBackAfterShutdown() throws {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var previousHangUp = sigaction()
    sigaction(SIGHUP, &ignore, &previousHangUp)
    defer { sigaction(SIGHUP, &previousHangUp, nil) }
    let windowHandlerBefore = handlerAddress(SIGWINCH)
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    #expect(handlerAddress(SIGHUP) == unsafeBitCast(SIG_IGN, to: Int.self))
    #expect(handlerAddress(SIGWINCH) != windowHandlerBefore)
    terminal.shutdown()
    #expect(handlerAddress(SIGHUP) == unsafeBitCast(SIG_IGN, to: Int.self))
    #expect(handlerAddress(SIGWINCH) == windowHandlerBefore)
    #expect(handlerAddress(SIGTSTP) == unsafeBitCast(SIG_DFL, to: Int.self))
  }

  @Test func anOffscreenTerminalLeavesTheSignalHandlersAlone() throws {
    let before = [SIGINT, SIGTSTP, SIGWINCH].map(handlerAddress)
    let sink = open("/dev/null", O_WRONLY)
    defer { close(sink) }
    let terminal = try NcursesTerminal(recordingTo: sink, size: CellSize(columns: 10, rows: 2))
    #expect([SIGINT, SIGTSTP, SIGWINCH].map(handlerAddress) == before)
    terminal.shutdown()
  }

  @Test func onlyChangedCellsAreSent() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    _ = pty.readOutput()
    var canvas = Canvas(size: terminal.size)
    canvas.draw("hello", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.draw("world", at: CellPoint(column: 3, row: 2), style: Style(attributes: [.bold]))
    terminal.present(canvas)
    let first = pty.readOutput()
    #expect(first.contains("hello"))
    terminal.present(canvas)
    #expect(pty.readOutput().isEmpty)
    canvas.draw("J", at: CellPoint(column: 0, row: 0), style: .plain)
    terminal.present(canvas)
    let change = pty.readOutput()
    #expect(change.contains("J"))
    #expect(!change.contains("ello"))
    #expect(change.utf8.count < 16)
  }

  @Test func controlSequencesGoStraightToTheTerminal() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    _ = pty.readOutput()
    terminal.send(controlSequence: OSC52.sequence(for: "hi"))
    #expect(pty.readOutput() == "\u{1B}]52;c;aGk=\u{07}")
  }

  @Test func aHungUpTerminalEndsTheInput() throws {
    var pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    pty.hangUp()
    #expect(terminal.nextEvent(timeoutMilliseconds: nil) == nil)
  }

  @Test func anUnknownTerminalTypeIsReported() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    #expect(throws: TerminalError.unusableTerminalType("no-such-terminal-type")) {
      _ = try NcursesTerminal(devicePath: pty.path, terminalType: "no-such-terminal-type")
    }
    #expect(throws: TerminalError.self) {
      _ = try NcursesTerminal(devicePath: "/nonexistent/tty", terminalType: "xterm")
    }
  }

  // MARK: - Fixtures

  private func handlerAddress(_ signal: Int32) -> Int {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
  }

  /// A pseudo-terminal pair; the test holds the master side.
  struct PseudoTerminal {
    var master: Int32
    let slave: Int32
    let path: String

    init(columns: Int, rows: Int) throws {
      var master: Int32 = -1
      var slave: Int32 = -1
      var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
        throw TerminalError.noTerminal(reason: "openpty failed")
      }
      _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
      self.master = master
      self.slave = slave
      path = String(cString: name)
    }

    func openTerminal(mouse: Bool = true) throws -> NcursesTerminal {
      try NcursesTerminal(devicePath: path, terminalType: "xterm-256color", enableMouse: mouse, useColor: true)
    }

    func modes() -> termios {
      var modes = termios()
      tcgetattr(slave, &modes)
      return modes
    }

    /// Everything the program has written so far.
    func readOutput() -> String {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    func type(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func setSize(columns: Int, rows: Int) {
      var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    mutating func hangUp() {
      close(master)
      master = -1
    }
  }
}
