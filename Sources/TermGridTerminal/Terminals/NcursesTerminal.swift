import CNcurses
import SystemPackage
import TermGridCore
import TermGridPlatform

// The C library only for what ncurses itself takes: `FILE` streams, the locale, `wchar_t`.
// Everything else about the device (opening it, its modes, its size, waiting for and
// reading input) goes through TermGridPlatform.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a real terminal could not be opened.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  /// There is no controlling terminal to draw on (`/dev/tty` cannot be opened).
  case noTerminal(reason: String)
  /// `TERM` is missing or names a terminal ncurses does not know.
  case unusableTerminalType(String?)

  public var description: String {
    switch self {
    case .noTerminal(let reason):
      return "no terminal to draw on (/dev/tty: \(reason))"
    case .unusableTerminalType(let term):
      if let term, !term.isEmpty {
        return "the terminal type TERM=\(term) is unknown to ncurses; try TERM=xterm-256color"
      }
      return "TERM is not set; set it to your terminal's type, for example TERM=xterm-256color"
    }
  }
}

/// The real terminal. The only file in the library that imports CNcurses.
///
/// Output goes through ncurses, fed only the cells that changed since the last frame
/// (``CanvasDiff``), so ncurses' own optimisation decides the cheapest bytes (it scrolls the
/// terminal for moved lines: a one-line scroll sends one line). Input does not: the terminal's
/// bytes are read straight from the descriptor (`poll` and `read`) and decoded by
/// ``InputDecoder``, so every key, mouse report and paste is decoded by tested code.
///
/// A grapheme cluster goes to ncurses as the terminal will lay it out, one curses cell per
/// spacing code point (``TextWidth``), so every code point reaches the terminal and ncurses'
/// columns stay those of the canvas.
///
/// It opens `/dev/tty` rather than using standard input and output, so standard input can
/// carry data (`curl … | app`) while keys still come from the keyboard.
///
/// While it runs it turns on mouse reporting (xterm modes 1000, 1002 and 1006, unless
/// disabled) and bracketed paste (2004), handles SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP,
/// SIGCONT, SIGWINCH and every other signal whose default action would end the process
/// (``TerminalSignals``), and restores the terminal on a crash (SIGILL, SIGTRAP, SIGABRT,
/// SIGSEGV, SIGBUS, SIGFPE, SIGSYS; ``CrashGuard`` says what that changes in the process
/// and how to turn it off). ``shutdown()`` undoes all of it.
public final class NcursesTerminal: Terminal {
  private var screenPointer: OpaquePointer?
  private var outputFile: UnsafeMutablePointer<FILE>?
  private var inputFile: UnsafeMutablePointer<FILE>?
  private var descriptor: Int32 = -1
  private var device: FileDescriptor { FileDescriptor(rawValue: descriptor) }
  /// The frame on screen and the styles it was sent with (``OutputStyles``); `nil` when
  /// the screen is unknown (the next frame is drawn in full).
  private var lastFrame: CanvasDiff.Frame?
  private var colorPairs: [UInt32: Int32] = [:]
  private var nextColorPair: Int32 = 1
  private var isActive = false
  /// True for an offscreen terminal writing to a file (measurements); no input, no signals.
  private let isRecording: Bool
  private var mouseEnabled: Bool
  private let bracketedPasteEnabled: Bool
  private var shellMode: TerminalModes?
  /// Whether ``CrashGuard`` was installed for this terminal (it is off when disabled).
  private var installedCrashGuard = false
  /// False when the locale cannot encode box-drawing characters (`LC_ALL=C`): lines,
  /// borders and markers are then drawn with ASCII stand-ins (``TextWidth/asciiFallback(for:)``).
  public private(set) var drawsUnicodeLines = true

  private var decoder = InputDecoder()
  private var queuedEvents: [InputEvent] = []
  private var lastInputMilliseconds = 0
  private var isInputClosed = false

  /// Wakes ``nextEvent(timeoutMilliseconds:)`` from another thread (``RunLoopWaker``).
  public let waker: RunLoopWaker?

  /// How many colours it draws with: 256, 16, 8, or 0 for attributes only.
  public private(set) var colorCount: Int

  /// How long a lone Esc waits for the rest of a sequence, in milliseconds; `ESCDELAY`
  /// in the environment sets it (as it does for ncurses programs).
  public var escapeDelayMilliseconds: Int

  /// Whether ``present(_:)`` hands ncurses only the cells that changed since the last frame
  /// (the default). Off, it hands over every cell, as a program drawing the whole screen
  /// each time would; ncurses then finds the changes itself. For measurements.
  public var presentsChangedCellsOnly = true

  /// Whether short runs of blank cells are sent in a neighbour's style when that looks the
  /// same (see `OutputStyles`), saving the colour changes around them (the default). Off,
  /// every cell goes out in its own style. For measurements.
  public var sharesBlankStyles = true

  /// Whether Ctrl-Z suspends the program, as the shell's job control expects (the
  /// default). The terminal runs with the signal keys off (`TerminalModes`), so Ctrl-Z
  /// arrives as a key, typed or pasted; typed, it stops the process here as SIGTSTP would,
  /// and a paste keeps it as text. Off, Ctrl-Z is a key like any other.
  public var suspendsOnControlZ = true

  // MARK: - Opening

  /// Opens the controlling terminal (`/dev/tty`) and switches it to full-screen mode.
  /// - Parameters:
  ///   - enableMouse: report mouse clicks and the wheel (this stops the terminal's own text
  ///     selection, so apps offer to turn it off; ``isMouseCaptureEnabled`` toggles it later).
  ///   - useColor: `false` draws with attributes only; by default `NO_COLOR` decides.
  ///   - bracketedPaste: ask the terminal to mark pasted text, so it arrives as one
  ///     ``InputEvent/paste(_:)``.
  /// - Throws: ``TerminalError`` when there is no terminal or `TERM` is unusable.
  ///   - measuresEmojiSequences: measure how the terminal lays out emoji joined by zero
  ///     width joiners (``measureEmojiSequences(timeoutMilliseconds:)``) and make that the
  ///     process's rule (``TextWidth/emojiSequences``), counting per code point when the
  ///     terminal does not answer.
  public convenience init(
    enableMouse: Bool = true, useColor: Bool = ColorSupport.environmentAllowsColor, bracketedPaste: Bool = true,
    measuresEmojiSequences: Bool = true
  ) throws {
    let term = Environment.value(of: "TERM")
    guard let term, !term.isEmpty, term != "dumb" else { throw TerminalError.unusableTerminalType(term) }
    try self.init(
      devicePath: "/dev/tty", terminalType: nil, enableMouse: enableMouse, useColor: useColor,
      bracketedPaste: bracketedPaste)
    if measuresEmojiSequences {
      TextWidth.emojiSequences = measureEmojiSequences() ?? .perCodePoint
    }
  }

  /// Opens the terminal device at `devicePath` (a pseudo-terminal in tests) and switches it
  /// to full-screen mode.
  /// - Parameter terminalType: the terminfo name; `nil` reads `TERM`.
  public init(
    devicePath: String, terminalType: String?, enableMouse: Bool = true,
    useColor: Bool = ColorSupport.environmentAllowsColor, bracketedPaste: Bool = true
  ) throws {
    isRecording = false
    waker = RunLoopWaker()
    mouseEnabled = enableMouse
    bracketedPasteEnabled = bracketedPaste
    colorCount = 0
    escapeDelayMilliseconds = Self.escapeDelayFromEnvironment()
    // Wide characters need the locale before ncurses starts.
    setlocale(LC_ALL, "")
    drawsUnicodeLines = Self.localeEncodesLines()
    // Nothing may interrupt setting up half-way; signals wait until the handlers are in.
    let mask = TerminalSignals.blockHandledSignals()
    defer { TerminalSignals.restoreSignalMask(mask) }

    let device: FileDescriptor
    do {
      device = try TerminalDevice.open(devicePath)
    } catch {
      throw TerminalError.noTerminal(reason: error.description)
    }
    guard let modes = TerminalModes.current(of: device) else {
      try? device.close()
      throw TerminalError.noTerminal(reason: "not a terminal")
    }
    shellMode = modes
    let opened = device.rawValue
    guard let file = fdopen(opened, "r+") else {
      let reason = FileDescriptor.lastError.description
      try? device.close()
      throw TerminalError.noTerminal(reason: reason)
    }
    // ncurses installs signal handlers of its own; remember what was there before it.
    let dispositions = TerminalSignals.currentDispositions()
    // newterm, unlike initscr, returns NULL for an unknown TERM instead of exiting, but
    // leaks what it prepared: ask terminfo first.
    let known =
      if let terminalType { terminalType.withCString { cnc_terminfo_has_entry($0, opened) } } else {
        cnc_terminfo_has_entry(nil, opened)
      }
    let screen: OpaquePointer? =
      if known == 0 { nil } else if let terminalType { terminalType.withCString { newterm($0, file, file) } } else {
        newterm(nil, file, file)
      }
    guard let screen else {
      fclose(file)
      TerminalSignals.restore(dispositions)
      throw TerminalError.unusableTerminalType(terminalType ?? Environment.value(of: "TERM"))
    }
    descriptor = opened
    outputFile = file
    screenPointer = screen
    isActive = true
    configureScreen(useColor: useColor)
    let programMode = enterProgramMode(shellMode: modes)
    // Show the alternate screen now, then turn the reporting modes on.
    wnoutrefresh(cnc_stdscr())
    doupdate()
    writeToTerminal(modeSequence(entering: true, mouse: mouseEnabled))
    TerminalRestore.arm(
      descriptor: opened, shellMode: modes, programMode: programMode, leave: leaveSequence(),
      enterWithMouse: enterSequence(mouse: true), enterWithoutMouse: enterSequence(mouse: false),
      mouseEnabled: mouseEnabled)
    TerminalSignals.install(restoringLater: dispositions)
    installedCrashGuard = CrashGuard.install()
  }

  /// An offscreen terminal that writes what it would send to the screen into `descriptor`
  /// (a file), at a fixed size, for measuring output. It reads no input and handles no
  /// signals.
  public init(
    recordingTo descriptor: Int32, size: CellSize, terminalType: String = "xterm-256color", useColor: Bool = true
  ) throws {
    isRecording = true
    waker = nil
    mouseEnabled = false
    bracketedPasteEnabled = false
    colorCount = 0
    escapeDelayMilliseconds = InputDecoder.escapeDelayMilliseconds
    setlocale(LC_ALL, "")
    drawsUnicodeLines = Self.localeEncodesLines()
    let duplicate: Int32
    do {
      duplicate = try FileDescriptor(rawValue: descriptor).duplicate().rawValue
    } catch {
      throw TerminalError.noTerminal(reason: "\(error)")
    }
    guard let output = fdopen(duplicate, "w") else {
      let reason = FileDescriptor.lastError.description
      try? FileDescriptor(rawValue: duplicate).close()
      throw TerminalError.noTerminal(reason: reason)
    }
    guard let input = fopen("/dev/null", "r") else {
      fclose(output)
      throw TerminalError.noTerminal(reason: FileDescriptor.lastError.description)
    }
    let dispositions = TerminalSignals.currentDispositions()
    let created = terminalType.withCString { newterm($0, output, input) }
    // An offscreen terminal handles no signals: take back the handlers ncurses installed.
    TerminalSignals.restore(dispositions)
    guard let screen = created else {
      fclose(output)
      fclose(input)
      throw TerminalError.unusableTerminalType(terminalType)
    }
    self.descriptor = duplicate
    outputFile = output
    inputFile = input
    screenPointer = screen
    isActive = true
    resizeterm(Int32(max(1, size.rows)), Int32(max(1, size.columns)))
    configureScreen(useColor: useColor)
    isInputClosed = true
  }

  deinit {
    shutdown()
  }

  private func configureScreen(useColor: Bool) {
    let window = cnc_stdscr()
    cbreak()
    noecho()
    nonl()
    intrflush(window, false)
    // Keys are decoded from the bytes, not by ncurses: no keypad translation, and no
    // checking for typeahead, which would cut a screen update short when a key is waiting.
    keypad(window, false)
    typeahead(-1)
    curs_set(0)
    if useColor, has_colors() {
      start_color()
      // Keep the terminal's own background (and foreground) as colour -1.
      use_default_colors()
      let colors = Int(cnc_colors())
      colorCount = colors >= 256 ? 256 : (colors >= 16 ? 16 : (colors >= 8 ? 8 : 0))
    }
  }

  /// Adjusts the modes ncurses set: flow control (Ctrl-S, Ctrl-Q) and literal-next
  /// (Ctrl-V) off so those keys reach the program; signals (Ctrl-C, Ctrl-Z, Ctrl-\\) stay
  /// on, so they arrive as signals. Returns the resulting program mode.
  private func enterProgramMode(shellMode: TerminalModes) -> TerminalModes {
    guard let current = TerminalModes.current(of: device) else { return shellMode }
    let mode = current.forFullScreenProgram()
    mode.apply(to: device)
    // ncurses restores its saved program mode after a pause; make it this one.
    def_prog_mode()
    return mode
  }

  /// Whether the C library (which ncurses writes with) can encode a box-drawing line in
  /// the current locale: not in `C` or `POSIX`, or any locale that is not UTF-8.
  private static func localeEncodesLines() -> Bool {
    cnc_wcwidth(0x2500) == 1 && cnc_wcwidth(0x256D) == 1
  }

  private static func escapeDelayFromEnvironment() -> Int {
    guard let value = Environment.value(of: "ESCDELAY"), let milliseconds = Int(value), milliseconds >= 0 else {
      return InputDecoder.escapeDelayMilliseconds
    }
    return min(milliseconds, 1000)
  }

  // MARK: - Modes

  /// Turns mouse reporting on or off while running (xterm modes 1000, 1002 and 1006); the
  /// terminal's own text selection works only while it is off.
  public var isMouseCaptureEnabled: Bool {
    get { mouseEnabled }
    set {
      guard newValue != mouseEnabled, isActive, !isRecording else { return }
      mouseEnabled = newValue
      TerminalRestore.isMouseEnabled.store(newValue, ordering: .sequentiallyConsistent)
      writeToTerminal(newValue ? Self.mouseOn : Self.mouseOff)
    }
  }

  /// The same as ``isMouseCaptureEnabled`` (its earlier name).
  public var isMouseEnabled: Bool {
    get { isMouseCaptureEnabled }
    set { isMouseCaptureEnabled = newValue }
  }

  static let mouseOn = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
  static let mouseOff = Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
  static let pasteOn = Array("\u{1B}[?2004h".utf8)
  static let pasteOff = Array("\u{1B}[?2004l".utf8)

  private func modeSequence(entering: Bool, mouse: Bool) -> [UInt8] {
    if entering {
      return (bracketedPasteEnabled ? Self.pasteOn : []) + (mouse ? Self.mouseOn : [])
    }
    return Self.mouseOff + Self.pasteOff
  }

  /// Everything that undoes full-screen mode, in one precomputed sequence for the signal
  /// handlers: reporting modes off, attributes reset, cursor visible, keypad mode off, and
  /// back to the normal screen.
  private func leaveSequence() -> [UInt8] {
    modeSequence(entering: false, mouse: true) + capability("sgr0", fallback: "\u{1B}[0m")
      + capability("cnorm", fallback: "\u{1B}[?25h") + capability("rmkx", fallback: "\u{1B}[?1l\u{1B}>")
      + capability("rmcup", fallback: "\u{1B}[?1049l")
  }

  /// What re-enters full-screen mode after a suspend (the screen is redrawn afterwards).
  private func enterSequence(mouse: Bool) -> [UInt8] {
    capability("smcup", fallback: "\u{1B}[?1049h") + capability("civis", fallback: "\u{1B}[?25l")
      + modeSequence(entering: true, mouse: mouse)
  }

  /// A terminfo string with its padding (`$<5>`) removed, or the fallback.
  private func capability(_ name: String, fallback: String) -> [UInt8] {
    guard let value = name.withCString({ cnc_tigetstr($0) }) else { return Array(fallback.utf8) }
    var bytes: [UInt8] = []
    var pointer = value
    var inPadding = false
    while pointer.pointee != 0 {
      let byte = UInt8(bitPattern: pointer.pointee)
      if inPadding {
        if byte == UInt8(ascii: ">") { inPadding = false }
      } else if byte == UInt8(ascii: "$"), pointer.successor().pointee == CChar(UInt8(ascii: "<")) {
        inPadding = true
      } else {
        bytes.append(byte)
      }
      pointer = pointer.successor()
    }
    return bytes.isEmpty ? Array(fallback.utf8) : bytes
  }

  /// Writes bytes to the terminal directly, outside ncurses (whose output is flushed at the
  /// end of every update, so nothing interleaves).
  private func writeToTerminal(_ bytes: [UInt8]) {
    guard descriptor >= 0, !bytes.isEmpty else { return }
    if let outputFile { fflush(outputFile) }
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      TerminalRestore.writeAll(descriptor, base, buffer.count)
    }
  }

  public func send(controlSequence bytes: [UInt8]) {
    guard isActive, !isRecording else { return }
    writeToTerminal(bytes)
  }

  // MARK: - Size

  public var size: CellSize {
    guard isActive else { return CellSize(columns: 0, rows: 0) }
    return CellSize(columns: Int(cnc_getmaxx(cnc_stdscr())), rows: Int(cnc_getmaxy(cnc_stdscr())))
  }

  /// Reads the window size from the terminal and tells ncurses (after SIGWINCH or a resume).
  private func updateWindowSize() -> CellSize {
    if let window = TerminalDevice.windowSize(of: device) {
      let rows = Int32(clamping: window.rows)
      let columns = Int32(clamping: window.columns)
      if rows != cnc_getmaxy(cnc_stdscr()) || columns != cnc_getmaxx(cnc_stdscr()) {
        resizeterm(rows, columns)
      }
    }
    invalidateScreen()
    return size
  }

  // MARK: - Drawing

  public func present(_ canvas: Canvas) {
    guard isActive else { return }
    let window = cnc_stdscr()
    let screenSize = size
    let frame = outputFrame(canvas)
    let diff = CanvasDiff(from: presentsChangedCellsOnly ? lastFrame : nil, to: frame)
    if diff.redrawsEveryCell, presentsChangedCellsOnly { werase(window) }
    let columns = min(canvas.size.columns, screenSize.columns)
    var writer = CellWriter(window: window, columns: columns, asciiOnly: !drawsUnicodeLines)
    diff.forEachChange(within: screenSize) { change in
      let (attributes, pair) = cursesStyle(change.style)
      writer.write(
        change.character, row: Int32(change.row), column: Int32(change.column), attributes: attributes, pair: pair)
    }
    wnoutrefresh(window)
    doupdate()
    lastFrame = frame
  }

  /// `canvas` with the styles its cells are sent in (``sharesBlankStyles``).
  private func outputFrame(_ canvas: Canvas) -> CanvasDiff.Frame {
    sharesBlankStyles ? CanvasDiff.Frame(canvas, styles: OutputStyles.styles(for: canvas)) : CanvasDiff.Frame(canvas)
  }

  /// For measurements: shows `canvas` the way a program that knows its rows `rows` moved up
  /// by `lines` (down when negative) draws it with curses: `wscrl` on that scroll region,
  /// then only the rows that came in and the rows outside the region are written. What it
  /// sends is the floor for that change through ncurses (the terminal benchmark).
  package func presentScrollingWithCurses(_ canvas: Canvas, rows: Range<Int>, by lines: Int) {
    guard isActive, rows.lowerBound >= 0, rows.upperBound <= min(canvas.size.rows, size.rows), rows.count > 1 else {
      return present(canvas)
    }
    let window = cnc_stdscr()
    wsetscrreg(window, Int32(rows.lowerBound), Int32(rows.upperBound - 1))
    scrollok(window, true)
    wscrl(window, Int32(lines))
    scrollok(window, false)
    wsetscrreg(window, 0, Int32(size.rows - 1))
    let shift = min(abs(lines), rows.count)
    let incoming =
      lines >= 0 ? (rows.upperBound - shift)..<rows.upperBound : rows.lowerBound..<(rows.lowerBound + shift)
    let frame = outputFrame(canvas)
    let styles = frame.styles
    let columns = min(canvas.size.columns, size.columns)
    var writer = CellWriter(window: window, columns: columns, asciiOnly: !drawsUnicodeLines)
    for row in 0..<min(canvas.size.rows, size.rows) where incoming.contains(row) || !rows.contains(row) {
      for column in 0..<columns {
        let index = row * canvas.size.columns + column
        let cell = canvas.cells[index]
        if cell.isContinuation { continue }
        let (attributes, pair) = cursesStyle(styles[index])
        writer.write(cell.character, row: Int32(row), column: Int32(column), attributes: attributes, pair: pair)
      }
    }
    wnoutrefresh(window)
    doupdate()
    lastFrame = frame
  }

  /// Hands a canvas cell's grapheme cluster to ncurses as the terminal will lay it out: one
  /// curses cell per terminal cell (``TextWidth/CellSplitter``), each written at the column
  /// the canvas gave it, so ncurses' own column bookkeeping matches the canvas. A curses
  /// cell holds one character that takes columns and up to four after it.
  private struct CellWriter {
    let window: UnsafeMutablePointer<WINDOW>?
    let columns: Int32
    private var text = [wchar_t](repeating: 0, count: 8)
    private var count = 0
    private var width = 0
    private let maximumCount = Int(cnc_ccharw_max())
    /// The locale cannot encode more than ASCII: lines and markers get ASCII stand-ins.
    private let asciiOnly: Bool

    init(window: UnsafeMutablePointer<WINDOW>?, columns: Int, asciiOnly: Bool) {
      self.window = window
      self.columns = Int32(columns)
      self.asciiOnly = asciiOnly
    }

    mutating func write(_ character: Character, row: Int32, column: Int32, attributes: attr_t, pair: Int32) {
      if asciiOnly, character.asciiValue == nil, let standIn = TextWidth.asciiFallback(for: character)?.asciiValue {
        text[0] = wchar_t(standIn)
        count = 1
        width = 1
        flush(row: row, column: column, attributes: attributes, pair: pair)
        return
      }
      if let ascii = character.asciiValue {
        text[0] = wchar_t(ascii)
        count = 1
        width = 1
        flush(row: row, column: column, attributes: attributes, pair: pair)
        return
      }
      let scalars = character.unicodeScalars
      if let first = scalars.first, TextWidth.scalarWidth(first) == 0 {
        writeStartingWithMarks(character, row: row, column: column, attributes: attributes, pair: pair)
        return
      }
      var splitter = TextWidth.CellSplitter()
      var next = column
      count = 0
      for scalar in scalars {
        switch splitter.step(scalar) {
        case .startsCell(let columns):
          if count > 0 {
            flush(row: row, column: next, attributes: attributes, pair: pair)
            next += Int32(width)
          }
          text[0] = wchar_t(bitPattern: scalar.value)
          count = 1
          width = columns
        case .joinsCell:
          if count < maximumCount {
            text[count] = wchar_t(bitPattern: scalar.value)
            count += 1
          }
        case .isDropped:
          break
        }
      }
      if count > 0 { flush(row: row, column: next, attributes: attributes, pair: pair) }
    }

    /// A cluster whose first code points take no column (a lone mark before a spacing mark,
    /// or marks alone in a cell): they go after the next cell's character, or onto a space
    /// when nothing follows, as the canvas draws them.
    private mutating func writeStartingWithMarks(
      _ character: Character, row: Int32, column: Int32, attributes: attr_t, pair: Int32
    ) {
      var cells = TextWidth.terminalCells(of: character)
      let marks = cells.removeFirst().text
      if cells.isEmpty {
        cells = [(" " + marks, 1)]
      } else {
        cells[0].text.unicodeScalars.append(contentsOf: marks.unicodeScalars)
      }
      var next = column
      for cell in cells {
        count = 0
        for scalar in cell.text.unicodeScalars where count < maximumCount {
          text[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
        width = cell.width
        flush(row: row, column: next, attributes: attributes, pair: pair)
        next += Int32(cell.width)
      }
    }

    /// Writes the gathered cell at `column`, or, when the C library (which ncurses counts
    /// with) would give it other columns than the canvas did, a replacement character and
    /// spaces over the same columns: a code point newer than the C library's tables, or any
    /// non-ASCII text in a locale that is not UTF-8.
    private mutating func flush(row: Int32, column: Int32, attributes: attr_t, pair: Int32) {
      guard width > 0, column + Int32(width) <= columns else { return }
      if (count == 1 && text[0] < 0x7F) || agreesWithTheCLibrary() {
        // Writing the bottom-right cell reports ERR (the cursor cannot advance); the cell
        // is drawn anyway.
        _ = cnc_put_cell(window, row, column, &text, Int32(count), attributes, pair)
        return
      }
      text[0] = cnc_wcwidth(0xFFFD) == 1 ? 0xFFFD : wchar_t(UInt8(ascii: "?"))
      _ = cnc_put_cell(window, row, column, &text, 1, attributes, pair)
      text[0] = wchar_t(UInt8(ascii: " "))
      for offset in 1..<Int32(width) {
        _ = cnc_put_cell(window, row, column + offset, &text, 1, attributes, pair)
      }
    }

    /// Whether ncurses will count the gathered cell as `width` columns and the terminal lay
    /// it out as one cell: the first character has that width in the C library, and every
    /// later one is zero-width there or follows a joiner.
    private func agreesWithTheCLibrary() -> Bool {
      guard Int(cnc_wcwidth(text[0])) == width else { return false }
      for index in 1..<count where cnc_wcwidth(text[index]) > 0 && text[index - 1] != 0x200D {
        return false
      }
      return true
    }
  }

  /// The columns the C library's `wcwidth` gives a code point in the current locale, which
  /// ncurses counts cells with (and tmux lays text out with): -1 for one it does not know.
  static func columnsInTheCLibrary(of scalar: Unicode.Scalar) -> Int {
    Int(cnc_wcwidth(wchar_t(bitPattern: scalar.value)))
  }

  // Always inlined: called per written cell from `present`'s closure, where the compiler
  // stopped inlining it and every read of the colour state paid an exclusivity check.
  @inline(__always)
  private func cursesStyle(_ style: Style) -> (attr_t, Int32) {
    var attributes = cnc_a_normal()
    if style.attributes.contains(.bold) { attributes |= cnc_a_bold() }
    if style.attributes.contains(.dim) { attributes |= cnc_a_dim() }
    if style.attributes.contains(.italic) { attributes |= cnc_a_italic() }
    if style.attributes.contains(.underline) { attributes |= cnc_a_underline() }
    if style.attributes.contains(.reverse) { attributes |= cnc_a_reverse() }
    guard colorCount > 0 else { return (attributes, 0) }
    let foreground = curses(style.foreground)
    let background = curses(style.background)
    if foreground == -1 && background == -1 { return (attributes, 0) }
    return (attributes, colorPair(foreground: foreground, background: background))
  }

  private func curses(_ color: Color) -> Int32 {
    guard let reduced = color.reduced(toColorCount: colorCount), case .indexed(let index) = reduced else {
      return -1
    }
    return Int32(index)
  }

  // Colour pairs are a scarce, numbered resource: cache one per (foreground, background).
  private func colorPair(foreground: Int32, background: Int32) -> Int32 {
    let key = UInt32(bitPattern: (foreground & 0xFFFF) << 16 | (background & 0xFFFF))
    if let pair = colorPairs[key] { return pair }
    guard nextColorPair < cnc_color_pairs() else { return 0 }
    let pair = nextColorPair
    guard init_extended_pair(pair, foreground, background) != cnc_err() else { return 0 }
    nextColorPair += 1
    colorPairs[key] = pair
    return pair
  }

  /// Forgets what is on screen so the next frame is drawn in full (Ctrl-L, a resume).
  public func invalidateScreen() {
    lastFrame = nil
    if isActive { clearok(cnc_curscr(), true) }
  }

  // MARK: - Measuring

  /// Measures how the terminal lays out an emoji sequence joined by zero width joiners:
  /// writes ``TextWidth/emojiSequenceProbe`` at the start of the top line, asks where the
  /// cursor went (`CSI 6n`), then erases the line and forgets the screen (the next frame is
  /// drawn whole).
  ///
  /// Keys typed meanwhile are kept for ``nextEvent(timeoutMilliseconds:)``.
  /// - Returns: the rule the terminal follows, or `nil` when it did not answer in time (or
  ///   the locale cannot write the probe).
  public func measureEmojiSequences(timeoutMilliseconds: Int = 300) -> TextWidth.EmojiSequences? {
    guard isActive, !isRecording, drawsUnicodeLines, size.columns >= 8 else { return nil }
    writeToTerminal(Array(("\r" + TextWidth.emojiSequenceProbe + "\u{1B}[6n").utf8))
    let report = readCursorReport(timeoutMilliseconds: timeoutMilliseconds)
    writeToTerminal(Array("\r\u{1B}[2K".utf8))
    invalidateScreen()
    guard let report else { return nil }
    return TextWidth.emojiSequences(forProbeAdvance: report.column - 1)
  }

  /// Waits for a cursor position report (`ESC [ row ; column R`), handing every other byte
  /// to the input decoder. Returns `nil` when none came in time.
  private func readCursorReport(timeoutMilliseconds: Int) -> (row: Int, column: Int)? {
    let deadline = MonotonicClock.milliseconds() + timeoutMilliseconds
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      if let (report, range) = CursorReport.find(in: pending) {
        pending.removeSubrange(range)
        if !pending.isEmpty { queuedEvents += decoder.feed(pending[...]) }
        return report
      }
      let left = deadline - MonotonicClock.milliseconds()
      guard left > 0 else { break }
      var requests = [Poll.Request(device)]
      guard case .success = Poll.wait(for: &requests, timeoutMilliseconds: left), requests[0].isReady else { continue }
      guard case .success(let count) = device.readOnce(into: &buffer), count > 0 else { break }
      pending += buffer[0..<count]
    }
    if !pending.isEmpty { queuedEvents += decoder.feed(pending[...]) }
    return nil
  }

  // MARK: - Input

  public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
    guard isActive else { return nil }
    let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + max(0, $0) }
    while true {
      if let event = takeQueuedOrSignalEvent() { return event }
      // Woken: the wait ends at once, but keys already typed are read first, so that a
      // stream of wakes (records arriving) never leaves them unread behind it.
      let isWoken = waker?.isPending == true
      if isInputClosed { return nil }
      let now = MonotonicClock.milliseconds()
      // The decoder holds an Esc or a paste: it must be flushed when no byte follows in time.
      let flushAt = decoder.flushDelayMilliseconds.map {
        lastInputMilliseconds + (decoder.isInsidePaste ? $0 : escapeDelayMilliseconds)
      }
      var wait = -1
      if let deadline { wait = max(0, deadline - now) }
      if let flushAt { wait = wait < 0 ? max(0, flushAt - now) : min(wait, max(0, flushAt - now)) }
      if isWoken { wait = 0 }
      var requests = [Poll.Request(device)]
      let signalWake = TerminalSignals.wakeDescriptor
      if signalWake >= 0 { requests.append(Poll.Request(FileDescriptor(rawValue: signalWake))) }
      let wakerIndex = requests.count
      if let descriptor = waker?.descriptorToWaitOn { requests.append(Poll.Request(descriptor)) }
      switch Poll.wait(for: &requests, timeoutMilliseconds: wait) {
      case .failure(.interrupted):
        continue
      case .failure:
        isInputClosed = true
        continue
      case .success:
        break
      }
      if signalWake >= 0, requests[1].isReady { TerminalSignals.drainWakeDescriptor() }
      // Drained before the flag is looked at (the loop's top): a later wake writes again.
      if requests.count > wakerIndex, requests[wakerIndex].isReady { waker?.drain() }
      if requests[0].isReady {
        readInput(hangUp: requests[0].isClosed)
        if isWoken { return takeQueuedOrSignalEvent() }
        continue
      }
      let after = MonotonicClock.milliseconds()
      if let flushAt, after >= flushAt {
        queuedEvents += decoder.flushPending()
        if isWoken { return takeQueuedOrSignalEvent() }
        continue
      }
      if isWoken { return takeQueuedOrSignalEvent() }
      if let deadline, after >= deadline {
        return takeQueuedOrSignalEvent()
      }
    }
  }

  /// Signals first (a termination ends everything; a resume or resize redraws), then input.
  private func takeQueuedOrSignalEvent() -> InputEvent? {
    while true {
      if let signal = TerminalSignals.takePendingTermination() { return .signal(signal) }
      let resumed = TerminalSignals.takePendingResume()
      let resized = TerminalSignals.takePendingResize()
      if resumed || resized {
        if resumed { reset_prog_mode() }
        return .resize(updateWindowSize())
      }
      guard !queuedEvents.isEmpty else { return nil }
      let event = queuedEvents.removeFirst()
      if suspendsOnControlZ, event == .key(Self.suspendKey) {
        // The keys before it were handed out already; the ones after it wait for `fg`.
        TerminalSignals.suspendProcess()
        continue
      }
      return event
    }
  }

  /// Ctrl-Z.
  static let suspendKey = KeyEvent(.control("z"))

  public func takeInterrupt() -> Bool {
    guard isActive, !isRecording else { return false }
    if TerminalSignals.hasPendingTermination { return true }
    var request = [Poll.Request(device)]
    if case .success = Poll.wait(for: &request, timeoutMilliseconds: 0), request[0].isReady {
      readInput(hangUp: request[0].isClosed)
    }
    // A lone Esc waits for the escape delay (it may start Alt-x): long work has waited longer.
    if decoder.flushDelayMilliseconds != nil, !decoder.isInsidePaste,
      MonotonicClock.milliseconds() - lastInputMilliseconds >= escapeDelayMilliseconds
    {
      queuedEvents += decoder.flushPending()
    }
    guard let index = queuedEvents.firstIndex(where: { InputEvent.isInterrupt($0) }) else { return false }
    queuedEvents.remove(at: index)
    return true
  }

  public func noteUnsavedWork(_ hasUnsavedWork: Bool) {
    guard !isRecording else { return }
    TerminalSignals.setHasUnsavedWork(hasUnsavedWork)
  }

  private func readInput(hangUp: Bool) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    switch device.readOnce(into: &buffer) {
    case .success(let count) where count > 0:
      lastInputMilliseconds = MonotonicClock.milliseconds()
      queuedEvents += decoder.feed(buffer[0..<count])
    case .failure(.interrupted), .failure(.wouldBlock):
      if hangUp { closeInput() }
    default:
      closeInput()
    }
  }

  /// The terminal is gone (hang-up): no input will ever come again.
  private func closeInput() {
    queuedEvents += decoder.flushPending()
    isInputClosed = true
  }

  /// Pasted bytes dropped because a paste was over the decoder's cap.
  public var droppedPasteByteCount: Int { decoder.droppedPasteByteCount }

  // MARK: - Leaving

  public func shutdown() {
    guard isActive else { return }
    isActive = false
    if isRecording {
      endwin()
      if let screenPointer { delscreen(screenPointer) }
      if let outputFile { fclose(outputFile) }
      if let inputFile { fclose(inputFile) }
      screenPointer = nil
      outputFile = nil
      inputFile = nil
      descriptor = -1
      return
    }
    // A signal arriving now waits until the terminal is back, then acts by default.
    let mask = TerminalSignals.blockHandledSignals()
    writeToTerminal(modeSequence(entering: false, mouse: true))
    curs_set(1)
    endwin()
    if let screenPointer { delscreen(screenPointer) }
    screenPointer = nil
    // Exactly the modes we found, whatever ncurses restored.
    shellMode?.apply(to: device, afterPendingOutput: true)
    TerminalRestore.disarm()
    if installedCrashGuard { CrashGuard.uninstall() }
    installedCrashGuard = false
    TerminalSignals.uninstall()
    if let outputFile { fclose(outputFile) }
    outputFile = nil
    descriptor = -1
    TerminalSignals.restoreSignalMask(mask)
  }
}
