import Foundation
import TermGrid
import Testing

@testable import TermGridTerminal

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
    #expect(running.c_lflag & tcflag_t(ISIG) == 0, "Ctrl-C, Ctrl-Z and Ctrl-\\ arrive as keys, typed or pasted")
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
    // Through the protocol, as an app that does not know which terminal it has toggles it.
    let screen: any Terminal = terminal
    #expect(!screen.isMouseCaptureEnabled)
    screen.isMouseCaptureEnabled = true
    #expect(pty.readOutput() == "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h")
    #expect(terminal.isMouseEnabled)
    screen.isMouseCaptureEnabled = true
    #expect(pty.readOutput().isEmpty, "no change, no bytes")
    terminal.isMouseEnabled = false
    #expect(pty.readOutput() == "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l")
    #expect(!screen.isMouseCaptureEnabled)
  }

  @Test func aWakeFromAnotherThreadEndsTheWaitForInput() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    let waker = try #require(terminal.waker)
    let thread = Thread {
      usleep(50_000)
      waker.wake()
    }
    thread.start()
    // No timeout: only the wake can end this wait.
    #expect(terminal.nextEvent(timeoutMilliseconds: nil) == nil)
    #expect(waker.isPending)
    // Until the run loop takes it, a pending wake ends every wait at once.
    #expect(terminal.nextEvent(timeoutMilliseconds: 5000) == nil)
    #expect(waker.take())
    pty.type("j")
    usleep(20_000)
    #expect(terminal.nextEvent(timeoutMilliseconds: 2000) == .key(KeyEvent(.character("j"))))
  }

  /// Keys typed while a wake is pending are read at once: a stream of wakes (records
  /// arriving) never leaves them unread in the terminal.
  @Test func keysTypedWhileAWakeIsPendingAreReadWithoutWaiting() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    let waker = try #require(terminal.waker)
    pty.type("jk")
    usleep(50_000)
    waker.wake()
    #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .key(KeyEvent(.character("j"))))
    #expect(terminal.nextEvent(timeoutMilliseconds: 5000) == .key(KeyEvent(.character("k"))))
    #expect(waker.isPending, "the wake is still there for the run loop to take")
    #expect(terminal.nextEvent(timeoutMilliseconds: 5000) == nil, "no key left: the wake ends the wait at once")
    #expect(waker.take())
  }

  @Test func aRunLoopOnTheRealTerminalTakesWakesFromAThread() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    let waker = try #require(terminal.waker)
    let wakes = 2_000
    let root = RunLoopWakerTests.WakeCountingRoot(quitAt: wakes)
    let progress = root.progress
    let thread = Thread {
      for _ in 0..<wakes {
        progress.advance()
        waker.wake()
      }
    }
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    thread.start()
    #expect(runLoop.run() == .quit)
    #expect(root.lastSeen == wakes)
    #expect(root.wakesHandled == runLoop.wakeCount)
  }

  @Test func bytesTypedIntoTheTerminalArriveAsEvents() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    pty.type("j\u{1B}[1;5A\u{1B}[<2;4;3M\u{1B}[200~pasted\ntext\u{1B}[201~é")
    var events: [InputEvent] = []
    while events.count < 5, let event = terminal.nextEvent(timeoutMilliseconds: 2000) { events.append(event) }
    #expect(
      events == [
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

  @Test(.enabled(if: localeIsUTF8, "needs a UTF-8 locale"))
  func everyCodePointOfAClusterReachesTheTerminalAndTheCellsAfterItKeepTheirColumns() throws {
    let pty = try PseudoTerminal(columns: 24, rows: 8)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    var screen = TerminalEmulator(columns: 24, rows: 8)
    screen.feed(pty.readOutputBytes())
    var canvas = Canvas(size: terminal.size)
    for (row, sample) in Self.clusterSamples.enumerated() {
      let end = canvas.draw(sample.text, at: CellPoint(column: 2, row: row), style: .plain)
      #expect(end == 2 + sample.columns, "\(sample.text)")
      canvas.draw("|x", at: CellPoint(column: end, row: row), style: Style(attributes: .bold))
    }
    terminal.present(canvas)
    let output = pty.readOutputBytes()
    screen.feed(output)
    let written = Array(String(decoding: output, as: UTF8.self).unicodeScalars)
    for (row, sample) in Self.clusterSamples.enumerated() {
      // Every code point, in order (the seven-code-point family loses the joiner it is split at).
      let expected = Array(sample.shown.unicodeScalars)
      #expect(containsInOrder(written, expected), "\(sample.text) in \(written.map { String($0.value, radix: 16) })")
      let line = "  " + sample.shown + "|x" + String(repeating: " ", count: 24 - 4 - sample.columns)
      #expect(screen.line(row) == line, "row \(row)")
    }
    #expect(screen.unknownSequences.isEmpty, "\(screen.unknownSequences)")

    // Only the changed cells go out next: the columns must still be right.
    canvas.draw("ab", at: CellPoint(column: 0, row: 3), style: .plain)
    canvas.draw("!", at: CellPoint(column: 8, row: 3), style: .plain)
    canvas.draw("👍🏽", at: CellPoint(column: 2, row: 0), style: .plain)
    terminal.present(canvas)
    screen.feed(pty.readOutputBytes())
    #expect(screen.line(3) == "ab👍🏽|x!" + String(repeating: " ", count: 15))
    // The thumb covers हि and half of न्दी, whose other cell becomes a space.
    #expect(screen.line(0) == "  👍🏽  भाषा|x" + String(repeating: " ", count: 10))
    #expect(screen.unknownSequences.isEmpty, "\(screen.unknownSequences)")
  }

  // U+1FAE8 SHAKING FACE (Unicode 15): two columns here, unknown to glibc 2.36, whose
  // wcwidth gives -1. ncurses would write a space and tmux would drop it.
  @Test(
    .enabled(
      if: localeIsUTF8 && NcursesTerminal.columnsInTheCLibrary(of: "\u{1FAE8}") < 0, "needs a C library without U+1FAE8"
    ))
  func aCodePointTheCLibraryDoesNotKnowIsReplacedOverTheSameColumns() throws {
    let pty = try PseudoTerminal(columns: 10, rows: 2)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    var screen = TerminalEmulator(columns: 10, rows: 2)
    screen.feed(pty.readOutputBytes())
    var canvas = Canvas(size: terminal.size)
    canvas.draw("a\u{1FAE8}b", at: CellPoint(column: 0, row: 0), style: .plain)
    terminal.present(canvas)
    screen.feed(pty.readOutputBytes())
    #expect(screen.line(0) == "a\u{FFFD} b      ")
    #expect(screen.unknownSequences.isEmpty, "\(screen.unknownSequences)")
  }

  @Test(.enabled(if: localeIsUTF8, "needs a UTF-8 locale"))
  func aCellWhoseClusterStartsWithAMarkPutsTheMarkAfterItsSpacingCharacter() throws {
    // A lone U+0301 then ि is one cluster; drawn text splits it, but a cell can still hold
    // it (fill): ncurses needs the spacing character first.
    let pty = try PseudoTerminal(columns: 6, rows: 1)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    var screen = TerminalEmulator(columns: 6, rows: 1)
    screen.feed(pty.readOutputBytes())
    var canvas = Canvas(size: terminal.size)
    canvas.fill(CellRect(column: 0, row: 0, columns: 2, rows: 1), with: "\u{301}\u{93F}", style: .plain)
    canvas.draw("|", at: CellPoint(column: 2, row: 0), style: .plain)
    terminal.present(canvas)
    screen.feed(pty.readOutputBytes())
    #expect(screen.line(0) == "\u{93F}\u{301}\u{93F}\u{301}|   ")
    #expect(screen.unknownSequences.isEmpty, "\(screen.unknownSequences)")
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

  /// Text, its columns (as tmux 3.3a lays it out), and what reaches the terminal.
  static let clusterSamples: [(text: String, columns: Int, shown: String)] = [
    ("हिन्दी भाषा", 10, "हिन्दी भाषा"), ("กำ", 2, "กำ"), ("🇯🇵", 2, "🇯🇵"), ("👍🏽", 4, "👍🏽"),
    ("👨‍👩‍👧", 2, "👨‍👩‍👧"), ("👨‍👩‍👧‍👦", 4, "👨‍👩‍👧👦"), ("e\u{301}", 1, "e\u{301}"),
  ]

  /// Whether the process's locale (what ``NcursesTerminal`` selects) encodes UTF-8.
  static let localeIsUTF8: Bool = {
    guard let name = setlocale(LC_CTYPE, "") else { return false }
    let locale = String(cString: name).lowercased()
    return locale.contains("utf-8") || locale.contains("utf8")
  }()

  private func containsInOrder(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    var index = needle.startIndex
    for scalar in haystack where index < needle.endIndex && scalar == needle[index] { index += 1 }
    return index == needle.endIndex
  }

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
      String(decoding: readOutputBytes(), as: UTF8.self)
    }

    /// Everything the program has written so far, as bytes.
    func readOutputBytes() -> [UInt8] {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
      }
      return bytes
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
