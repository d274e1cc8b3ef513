import CNcurses

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
      return "no terminal to draw on (/dev/tty: \(reason)); run tgrid in a terminal, or use `tgrid dump` for text output"
    case .unusableTerminalType(let term):
      if let term, !term.isEmpty {
        return "the terminal type TERM=\(term) is unknown to ncurses; try TERM=xterm-256color"
      }
      return "TERM is not set; set it to your terminal's type, for example TERM=xterm-256color"
    }
  }
}

/// The real terminal, through ncursesw. The only file in the library that imports CNcurses.
///
/// It opens `/dev/tty` rather than using standard input and output, so standard input can
/// carry data (`curl … | tgrid`) while keys still come from the keyboard.
public final class NcursesTerminal: Terminal {
  private var screenPointer: OpaquePointer?
  private var ttyFile: UnsafeMutablePointer<FILE>?
  private var ttyDescriptor: Int32 = -1
  private var lastFrame: Canvas?
  private var colorPairs: [UInt32: Int32] = [:]
  private var nextColorPair: Int32 = 1
  private var isActive = false
  private var mouseEnabled: Bool
  private var extendedKeys: [Int32: KeyEvent] = [:]

  public private(set) var colorCount: Int

  /// Opens the terminal and switches it to full-screen mode.
  /// - Parameters:
  ///   - enableMouse: capture mouse clicks and the wheel (stops the terminal's own text
  ///     selection, so it can be turned off).
  ///   - useColor: `false` draws with attributes only (`NO_COLOR`).
  /// - Throws: ``TerminalError`` when there is no terminal or `TERM` is unusable.
  public init(enableMouse: Bool = true, useColor: Bool = true) throws {
    mouseEnabled = enableMouse
    colorCount = 0
    // Wide characters need the locale before ncurses starts.
    setlocale(LC_ALL, "")
    let term = getenv("TERM").map { String(cString: $0) }
    guard let term, !term.isEmpty, term != "dumb" else { throw TerminalError.unusableTerminalType(term) }
    guard let file = fopen("/dev/tty", "r+") else {
      throw TerminalError.noTerminal(reason: String(cString: strerror(errno)))
    }
    ttyFile = file
    ttyDescriptor = fileno(file)
    // newterm, unlike initscr, returns NULL for an unknown TERM instead of exiting.
    guard let screen = newterm(nil, file, file) else {
      fclose(file)
      ttyFile = nil
      throw TerminalError.unusableTerminalType(term)
    }
    screenPointer = screen
    isActive = true
    cbreak()
    noecho()
    nonl()
    keypad(cnc_stdscr(), true)
    meta(cnc_stdscr(), true)
    intrflush(cnc_stdscr(), false)
    curs_set(0)
    // Esc must feel instant; a real escape sequence arrives within a few milliseconds.
    _ = cnc_set_escdelay(25)
    if useColor, has_colors() {
      start_color()
      use_default_colors()
      colorCount = Int(cnc_colors()) >= 256 ? 256 : (Int(cnc_colors()) >= 16 ? 16 : (Int(cnc_colors()) >= 8 ? 8 : 0))
    }
    registerExtendedKeys()
    if enableMouse { enableMouseCapture() }
    TerminalSignals.install()
  }

  deinit {
    shutdown()
  }

  public var size: CellSize {
    guard isActive else { return CellSize(columns: 0, rows: 0) }
    return CellSize(columns: Int(cnc_getmaxx(cnc_stdscr())), rows: Int(cnc_getmaxy(cnc_stdscr())))
  }

  /// Turns mouse capture on or off while running.
  public var isMouseEnabled: Bool {
    get { mouseEnabled }
    set {
      guard newValue != mouseEnabled, isActive else { return }
      mouseEnabled = newValue
      if newValue { enableMouseCapture() } else { mousemask(0, nil) }
    }
  }

  private func enableMouseCapture() {
    // Presses and releases separately (no click synthesis), so a press can highlight and
    // the release select, as the guide's touch sequence does.
    mouseinterval(0)
    mousemask(cnc_all_mouse_events() | cnc_report_mouse_position(), nil)
  }

  // MARK: - Drawing

  public func present(_ canvas: Canvas) {
    guard isActive else { return }
    let window = cnc_stdscr()
    let screenSize = size
    let previous = lastFrame.flatMap { $0.size == canvas.size ? $0 : nil }
    if previous == nil { werase(window) }
    let rows = min(canvas.size.rows, screenSize.rows)
    let columns = min(canvas.size.columns, screenSize.columns)
    var text = [wchar_t](repeating: 0, count: 8)
    for row in 0..<rows {
      let start = row * canvas.size.columns
      for column in 0..<columns {
        let cell = canvas.cells[start + column]
        if let previous, previous.cells[start + column] == cell { continue }
        if cell.isContinuation { continue }
        var count = 0
        for scalar in cell.character.unicodeScalars where count < 5 {
          text[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
        text[count] = 0
        let (attributes, pair) = cursesStyle(cell.style)
        // Writing the bottom-right cell reports ERR (the cursor cannot advance); the cell
        // is drawn anyway.
        _ = cnc_put_cell(window, Int32(row), Int32(column), &text, attributes, pair)
      }
    }
    wnoutrefresh(window)
    doupdate()
    lastFrame = canvas
  }

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

  /// Forgets what is on screen so the next frame is drawn in full (after a resume).
  public func invalidateScreen() {
    lastFrame = nil
    if isActive { clearok(cnc_curscr(), true) }
  }

  // MARK: - Input

  public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
    guard isActive else { return nil }
    if let signal = TerminalSignals.takePendingTermination() { return .signal(signal) }
    // Drain what ncurses already has before sleeping: it reads ahead into its own buffer.
    if let event = readEvent() { return event }
    var descriptors = [
      pollfd(fd: ttyDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: TerminalSignals.wakeDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let timeout = Int32(clamping: timeoutMilliseconds ?? -1)
    let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
    if ready > 0, descriptors[1].revents != 0 { TerminalSignals.drainWakeDescriptor() }
    if let signal = TerminalSignals.takePendingTermination() { return .signal(signal) }
    // A resize (SIGWINCH) interrupts poll; ncurses then reports KEY_RESIZE.
    return readEvent()
  }

  private func readEvent() -> InputEvent? {
    nodelay(cnc_stdscr(), true)
    var character: wint_t = 0
    let status = wget_wch(cnc_stdscr(), &character)
    if status == cnc_err() { return nil }
    if status == cnc_key_code_yes() {
      return keyCodeEvent(Int32(character))
    }
    return characterEvent(UInt32(character))
  }

  private func characterEvent(_ value: UInt32) -> InputEvent? {
    switch value {
    case 0x0D, 0x0A: return .key(KeyEvent(.enter))
    case 0x09: return .key(KeyEvent(.tab))
    case 0x7F, 0x08: return .key(KeyEvent(.backspace))
    case 0x1B: return .key(KeyEvent(.escape))
    case 0x00: return .key(KeyEvent(.control(" "), modifiers: .control))
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(value + 0x60) ?? "?")
      return .key(KeyEvent(.control(letter), modifiers: .control))
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .key(KeyEvent(.character(Character(scalar))))
    }
  }

  private func keyCodeEvent(_ code: Int32) -> InputEvent? {
    if code == cnc_key_resize() {
      lastFrame = nil
      return .resize(size)
    }
    if code == cnc_key_mouse() { return mouseEvent() }
    if let event = extendedKeys[code] { return .key(event) }
    switch code {
    case KEY_UP: return .key(KeyEvent(.up))
    case KEY_DOWN: return .key(KeyEvent(.down))
    case KEY_LEFT: return .key(KeyEvent(.left))
    case KEY_RIGHT: return .key(KeyEvent(.right))
    case KEY_SR: return .key(KeyEvent(.up, modifiers: .shift))
    case KEY_SF: return .key(KeyEvent(.down, modifiers: .shift))
    case KEY_SLEFT: return .key(KeyEvent(.left, modifiers: .shift))
    case KEY_SRIGHT: return .key(KeyEvent(.right, modifiers: .shift))
    case KEY_HOME: return .key(KeyEvent(.home))
    case KEY_END: return .key(KeyEvent(.end))
    case KEY_SHOME: return .key(KeyEvent(.home, modifiers: .shift))
    case KEY_SEND: return .key(KeyEvent(.end, modifiers: .shift))
    case KEY_PPAGE: return .key(KeyEvent(.pageUp))
    case KEY_NPAGE: return .key(KeyEvent(.pageDown))
    case KEY_BACKSPACE: return .key(KeyEvent(.backspace))
    case KEY_DC: return .key(KeyEvent(.delete))
    case KEY_IC: return .key(KeyEvent(.insert))
    case KEY_ENTER: return .key(KeyEvent(.enter))
    case KEY_BTAB: return .key(KeyEvent(.backTab, modifiers: .shift))
    default:
      // F1–F12, and F13–F24 which xterm sends for Shift-F1 to Shift-F12.
      for number in 1...24 where code == cnc_key_f(Int32(number)) {
        return number <= 12
          ? .key(KeyEvent(.function(number))) : .key(KeyEvent(.function(number - 12), modifiers: .shift))
      }
      return nil
    }
  }

  // Modified arrows and keys have no fixed KEY_ codes: ncurses numbers them from terminfo's
  // extended names (kUP5 is Ctrl-Up on xterm), so look the numbers up once.
  private func registerExtendedKeys() {
    let keys: [(String, Key)] = [
      ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
      ("kPRV", .pageUp), ("kNXT", .pageDown), ("kDC", .delete),
    ]
    let modifiers: [(String, KeyModifiers)] = [
      ("2", .shift), ("3", .alt), ("4", [.shift, .alt]), ("5", .control), ("6", [.shift, .control]),
      ("7", [.alt, .control]),
    ]
    for (name, key) in keys {
      for (suffix, modifier) in modifiers {
        let code = key_defined(name + suffix)
        if code > 0 { extendedKeys[code] = KeyEvent(key, modifiers: modifier) }
      }
    }
  }

  private func mouseEvent() -> InputEvent? {
    var event = MEVENT()
    guard getmouse(&event) != cnc_err() else { return nil }
    let state = event.bstate
    let position = CellPoint(column: Int(event.x), row: Int(event.y))
    var modifiers: KeyModifiers = []
    if state & cnc_button_shift() != 0 { modifiers.insert(.shift) }
    if state & cnc_button_ctrl() != 0 { modifiers.insert(.control) }
    if state & cnc_button_alt() != 0 { modifiers.insert(.alt) }
    let action: MouseEvent.Action
    if state & cnc_button4_pressed() != 0 {
      action = .wheelUp
    } else if cnc_button5_pressed() != 0, state & cnc_button5_pressed() != 0 {
      action = .wheelDown
    } else if state & (cnc_button1_pressed()) != 0 {
      action = .press(.left)
    } else if state & (cnc_button1_released() | cnc_button1_clicked()) != 0 {
      action = .release(.left)
    } else if state & cnc_button3_pressed() != 0 {
      action = .press(.right)
    } else if state & (cnc_button3_released() | cnc_button3_clicked()) != 0 {
      action = .release(.right)
    } else if state & cnc_button2_pressed() != 0 {
      action = .press(.middle)
    } else if state & (cnc_button2_released() | cnc_button2_clicked()) != 0 {
      action = .release(.middle)
    } else if state & cnc_report_mouse_position() != 0 {
      action = .drag(.left)
    } else {
      return nil
    }
    return .mouse(MouseEvent(action, at: position, modifiers: modifiers))
  }

  // MARK: - Leaving

  public func shutdown() {
    guard isActive else { return }
    isActive = false
    if mouseEnabled { mousemask(0, nil) }
    curs_set(1)
    endwin()
    if let screenPointer { delscreen(screenPointer) }
    screenPointer = nil
    if let ttyFile { fclose(ttyFile) }
    ttyFile = nil
    TerminalSignals.uninstall()
  }
}
