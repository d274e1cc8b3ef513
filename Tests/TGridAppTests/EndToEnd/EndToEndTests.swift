import Foundation
import TestSupport
import Testing

/// The real binary in a real terminal (tmux): keys, mouse, paste, resizes, signals,
/// crashes. After every way out, the terminal must be back to normal.
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct EndToEndTests {
  // MARK: - Foundation (issue 2)

  @Test func theAppScrollsQuitsWithQAndRestoresTheTerminal() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    #expect(try tmux.paneValue("alternate_on") == "1")
    try tmux.send("PageDown")
    try tmux.send("PageDown")
    try tmux.waitFor("the Kyoto album after two pages") { $0.contains { $0.contains("Kyoto") } }
    try tmux.send("End")
    try tmux.waitFor(text: "Empty album")
    try tmux.send("Home")
    try tmux.waitFor(text: "Skógafoss")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func withNoFileTheDemoDataOpens() throws {
    let tmux = try launch(nil, columns: 90, rows: 24)
    defer { tmux.close() }
    try tmux.waitFor(text: "demo: photo-albums.json")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func dataOnStandardInputAndKeysFromTheTerminal() throws {
    let tmux = try TmuxSession(columns: 80, rows: 20)
    defer { tmux.close() }
    try tmux.run("printf '[{\"name\":\"alpha\"},{\"name\":\"beta\"}]' | \(try tgrid()); echo status=$?")
    try tmux.waitFor(text: "alpha")
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/2")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func invalidJSONPrintsTheErrorAndLeavesTheTerminalAlone() throws {
    let tmux = try TmuxSession(columns: 80, rows: 20)
    defer { tmux.close() }
    try tmux.run("printf '{\"a\": tru}' | \(try tgrid()); echo status=$?")
    try tmux.waitFor(text: "status=1")
    let screen = try tmux.screen().joined(separator: "\n")
    #expect(screen.contains("line 1, column 7"))
    #expect(screen.contains("^"))
    #expect(try tmux.paneValue("alternate_on") == "0")
  }

  // MARK: - Focus and selection (issue 3)

  @Test func keysMoveTheFocusAndSelectAndTheFooterCountsTheSelection() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/7")
    try tmux.send("Space")
    try tmux.waitFor(text: "1 selected")
    try tmux.send("S-Left")
    try tmux.waitFor(text: "2 selected")
    try tmux.send("a")
    try tmux.waitFor(text: "16 selected")
    try tmux.send("Escape")
    try tmux.waitFor("the selection cleared") { !$0.contains { $0.contains("selected") } }
    try tmux.send("Down")
    try tmux.waitFor(text: ".albums[0].photos[")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  // MARK: - The tree (issue 4)

  @Test func tShowsTheTreeAndOSwitchesColumnsAndOutline() throws {
    let tmux = try launch(demoDataCopy("schematic.json"), columns: 110, rows: 30)
    defer { tmux.close() }
    try tmux.send("t")
    try tmux.waitFor(text: "Grid feed 11 kV")
    try tmux.waitFor("outline connectors") { $0.contains { $0.contains("├─") || $0.contains("└─") } }
    try tmux.send("o")
    try tmux.waitFor("columns: the root with its children to the right") { lines in
      lines.contains { $0.hasPrefix("Grid feed 11 kV ─┬─") }
    }
    try tmux.send("Home")
    try tmux.send("Enter")
    try tmux.waitFor("the root collapsed with a badge") { $0.contains { $0.contains("▸ Grid feed 11 kV (+") } }
    try tmux.send("Enter")
    try tmux.waitFor(text: "Transformer T1")
    try tmux.send("t")
    try tmux.waitFor(text: "item 1/")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func theTreeOpensFromTheCommandLine() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"), arguments: ["--layout", "tree"])
    defer { tmux.close() }
    try tmux.waitFor(text: "albums [4]")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  // MARK: - Terminal interaction (issue 5)

  @Test func aClickSelectsAndTheWheelScrolls() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    // The second card of the first row is at columns 50–81, rows 2–9 (1-based).
    try tmux.sendMouse(button: 0, column: 60, row: 4)
    try tmux.sendMouse(button: 0, column: 60, row: 4, release: true)
    try tmux.waitFor(text: "1 selected")
    try tmux.waitFor(text: "item 2/7")
    for _ in 0..<4 { try tmux.sendMouse(button: 65, column: 40, row: 10) }
    try tmux.waitFor("the wheel scrolled past the first row") { !$0.contains { $0.contains("IMG_4012.jpg") } }
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func aRightClickOpensTheEditMenuAndCopyCopies() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    try tmux.sendMouse(button: 2, column: 10, row: 4)
    try tmux.sendMouse(button: 2, column: 10, row: 4, release: true)
    try tmux.waitFor(text: "Copy Path")
    try tmux.send("c")
    try tmux.waitFor(text: "copied 1 value")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func aPasteArrivesAsOneEventNotAsKeys() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    // Were these keys, `a` would select everything and `q` would quit.
    try tmux.paste("aq{\"x\": 1}")
    try tmux.waitFor(text: "not JSON")
    let screen = try tmux.screen()
    #expect(!screen.contains { $0.contains("selected") })
    try tmux.send("n")
    try tmux.waitFor(text: "? help")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func resizingDownToOneByOneAndBackKeepsWorking() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    for (columns, rows) in [(40, 10), (9, 2), (1, 1), (3, 1), (100, 30)] {
      try tmux.resize(columns: columns, rows: rows)
      usleep(150_000)
    }
    try tmux.waitFor(text: "Skógafoss")
    try tmux.send("Down")
    try tmux.waitFor(text: "item 3/7")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func ctrlZSuspendsAndFgResumesWithAFullRepaint() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    try tmux.send("C-z")
    try tmux.waitFor(text: "Stopped")
    #expect(try tmux.paneValue("alternate_on") == "0")
    let modes = try tmux.terminalModes()
    #expect(modes.contains("icanon") && !modes.contains("-icanon"), "\(modes)")
    try tmux.run("fg")
    try tmux.waitFor(text: "Skógafoss")
    #expect(try tmux.paneValue("alternate_on") == "1")
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/7")
    try tmux.send("q")
    // The shell ran the rest of the command line when the job stopped: ask for fg's status.
    try tmux.waitFor("the prompt after the app") { $0.contains { $0 == "$ " || $0 == "$" } }
    try tmux.run("echo status=$?")
    try expectRestored(tmux, status: 0)
  }

  @Test func sigtermRestoresTheTerminalAndExitsWithItsStatus() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGTERM)
    try expectRestored(tmux, status: 143)
  }

  /// Ctrl-C is a key, as in vim and VisiData: it cancels what is open, and with nothing
  /// open it quits as `q` does (no signal, so the shell's command line goes on).
  @Test func ctrlCQuitsLikeQAndRestoresTheTerminal() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    try tmux.send("/")
    try tmux.waitFor("the search prompt") { $0.contains { $0.hasPrefix("/") } }
    try tmux.send("C-c")
    try tmux.waitFor("the prompt gone") { !$0.contains { $0.hasPrefix("/") } && $0.contains { $0.contains("? help") } }
    try tmux.send("C-c")
    try expectRestored(tmux, status: 0)
  }

  @Test func aCrashLeavesTheTerminalUsable() throws {
    let tmux = try launch(
      demoDataCopy("photo-albums.json"), environment: "TGRID_DEBUG_CRASH=trap",
      waitForApp: false)
    defer { tmux.close() }
    try tmux.waitFor("the crash's exit status", seconds: 60) { $0.contains { $0.hasPrefix("status=") } }
    let screen = try tmux.screen().joined(separator: "\n")
    let status = try exitStatus(tmux, seconds: 1)
    #expect(
      SanitizerBuild.isEnd(bySignal: SIGILL, status: status) || SanitizerBuild.isEnd(bySignal: SIGTRAP, status: status),
      "\(screen)")
    // The backtrace still prints (under a sanitizer, its runtime may stop the backtracer
    // part-way: that report is about the Swift runtime, not tgrid).
    if !SanitizerBuild.isActive {
      #expect(tmux.errorLog().contains("Program crashed"), "\(tmux.errorLog().prefix(2000))")
    }
    try expectRestored(tmux, status: nil)
  }

  @Test func aCrashRestoresTheTerminalBeforeTheBacktracersPrompt() throws {
    // The runtime's backtracer as users get it: interactive, waiting at a prompt on the tty.
    let tmux = try TmuxSession(columns: 100, rows: 30)
    defer { tmux.close() }
    try tmux.run(
      "unset SWIFT_BACKTRACE; TGRID_DEBUG_CRASH=trap \(try tgrid()) \(demoDataCopy("photo-albums.json")); echo status=$?"
    )
    let lines = try tmux.waitFor("the backtracer's prompt or the exit status", seconds: 60) { lines in
      lines.contains { $0.contains("Press space to interact") || $0.hasPrefix("status=") }
    }
    if lines.contains(where: { $0.contains("Press space to interact") }) {
      // While the backtracer waits, the screen is already the shell's, the cursor visible.
      #expect(try tmux.paneValue("alternate_on") == "0")
      #expect(try tmux.paneValue("cursor_flag") == "1")
      try tmux.send("q")
    }
    let screen = try tmux.waitFor("the exit status", seconds: 60) { $0.contains { $0.hasPrefix("status=") } }
      .joined(separator: "\n")
    let status = try exitStatus(tmux, seconds: 1)
    #expect(
      SanitizerBuild.isEnd(bySignal: SIGILL, status: status) || SanitizerBuild.isEnd(bySignal: SIGTRAP, status: status),
      "\(screen)")
    try expectRestored(tmux, status: nil)
  }

  @Test func sighupRestoresTheTerminalAndExitsWithItsStatus() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    kill(pid, SIGHUP)
    try expectRestored(tmux, status: 129)
  }

  @Test func thousandsOfRandomKeysAndResizesEndCleanly() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"))
    defer { tmux.close() }
    var random = SeededRandom(seed: 20_261_121)
    // Every key the app knows and some it does not; none that quits or suspends.
    let keys = [
      "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Space", "Enter", "Escape", "Tab", "BTab",
      "S-Up", "S-Down", "S-Left", "S-Right", "C-Up", "C-Down", "a", "v", "m", "c", "y", "p", "x", "i", "u", "t", "o",
      "h", "j", "k", "l", "g", "G", "?", "F1", "F5", "F10", "S-F10", "BSpace", "DC", "IC", "C-a", "C-e", "C-y",
      "C-f", "C-b", "C-l", "M-x", "z", "é", "日", "1", "-", "+",
    ]
    // Instrumented builds run several times slower: fewer keys, the same variety.
    let keyCount = 3_000 / SanitizerBuild.slowdown
    var sent = 0
    while sent < keyCount {
      let batch = (0..<40).map { _ in keys[Int(random.next() % UInt64(keys.count))] }
      try tmux.sendKeyList(batch)
      sent += batch.count
      if random.next() % 6 == 0 {
        try tmux.resize(columns: 1 + Int(random.next() % 140), rows: 1 + Int(random.next() % 45))
      }
    }
    try tmux.resize(columns: 100, rows: 30)
    // Close whatever is open (menu, help), then quit. Each key only once the app has caught
    // up: an Esc read together with the q after it would be Alt-q (a slow, instrumented
    // build falls behind).
    let slowdown = Double(SanitizerBuild.slowdown)
    let still = min(2, 0.5 * slowdown)
    try tmux.waitUntilStill(interval: still, seconds: 30 * slowdown)
    try tmux.send("Escape")
    usleep(200_000)
    try tmux.waitUntilStill(interval: still, seconds: 30 * slowdown)
    try tmux.send("q")
    // The keys edited the document (a copy): quitting asks first; discard.
    let answer = try tmux.waitFor("the app to quit or ask", seconds: 30 * Double(SanitizerBuild.slowdown)) {
      $0.contains { $0.hasPrefix("status=") || $0.contains("Save the changes") }
    }
    if answer.contains(where: { $0.contains("Save the changes") }) { try tmux.send("n") }
    try tmux.waitFor("the app to quit", seconds: 30 * Double(SanitizerBuild.slowdown)) {
      $0.contains { $0.hasPrefix("status=") }
    }
    try expectRestored(tmux, status: 0)
  }

  // MARK: - Loading (issue 6)

  @Test func aLargeFileShowsItsFirstItemsWhileLoadingThenAll() throws {
    let file = try LargeFile.make(records: 250_000)
    defer { unlink(file) }
    let tmux = try launch(file, waitForApp: false)
    defer { tmux.close() }
    try tmux.waitFor("progress while loading", seconds: 30) {
      $0.contains { $0.contains("loading") || $0.contains("Loading") }
    }
    try tmux.waitFor("the whole file", seconds: 120) { lines in
      lines.contains { $0.contains("item 1/250000") } && !lines.contains { $0.contains("loading") }
    }
    try tmux.send("End")
    try tmux.waitFor(text: "item 250000/250000")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func qCancelsLoading() throws {
    let file = try LargeFile.make(records: 400_000)
    defer { unlink(file) }
    let tmux = try launch(file, waitForApp: false)
    defer { tmux.close() }
    try tmux.waitFor("progress while loading", seconds: 30) {
      $0.contains { $0.contains("loading") || $0.contains("Loading") }
    }
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  // MARK: - Grapheme clusters

  /// Every code point of Devanagari, Thai, flag, skin-tone and family clusters reaches the
  /// terminal (a curses cell holds one spacing character, so a cluster is written as several
  /// cells), and tmux lays them out in the columns the canvas gave them: the card borders
  /// and the right part of the status line stay where they belong.
  @Test func clustersReachTheTerminalWholeAndTheColumnsAfterThemStayPut() throws {
    let directory = NSTemporaryDirectory() + "tgrid-clusters-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/clusters.json"
    try #"{"hi":"हिन्दी भाषा","กำ":"กำ","🇯🇵":"🇯🇵","👍🏽":"👍🏽","👨‍👩‍👧":"👨‍👩‍👧","four":"👨‍👩‍👧‍👦"}"#
      .write(toFile: path, atomically: false, encoding: .utf8)
    // ncurses writes UTF-8 only in a UTF-8 locale, whatever the one running the tests.
    let tmux = try launch(path, columns: 80, rows: 12, environment: "LC_ALL=C.UTF-8")
    defer { tmux.close() }
    // Widths as tmux 3.3a lays the text out: हिन्दी भाषा 10, กำ 2, 🇯🇵 2, 👍🏽 4, 👨‍👩‍👧 2.
    let cards = [
      " ╭ hi ──────────╮ ╭ กำ ──────────╮ ╭ 🇯🇵 ──────────╮ ╭ 👍🏽 ────────╮",
      " │ हिन्दी भाषा   │ │ กำ           │ │ 🇯🇵           │ │ 👍🏽         │",
      " ╰──────────────╯ ╰──────────────╯ ╰──────────────╯ ╰──────────────╯",
      " ╭ 👨‍👩‍👧 ──────────╮ ╭ four ────────╮",
      // Seven code points are two glyphs: a curses cell holds five, the joiner between goes.
      " │ 👨‍👩‍👧           │ │ 👨‍👩‍👧👦         │",
      " ╰──────────────╯ ╰──────────────╯",
    ]
    // The focused item's path, with its width, on the left of the status line; the right
    // part ("item 1/6 · ? help ") takes its last 18 columns.
    let steps: [(key: String?, item: Int, path: String, columns: Int)] = [
      (nil, 1, ".hi", 3), ("Right", 2, #".["กำ"]"#, 7), ("Right", 3, #".["🇯🇵"]"#, 7),
      ("Right", 4, #".["👍🏽"]"#, 9), ("Down", 6, ".four", 5), ("Left", 5, #".["👨‍👩‍👧"]"#, 7),
    ]
    for step in steps {
      if let key = step.key { try tmux.send(key) }
      let screen = try tmux.waitFor(text: "item \(step.item)/6")
      #expect(Array(screen[1...6]) == cards, "item \(step.item):\n\(screen.joined(separator: "\n"))")
      let gap = String(repeating: " ", count: 62 - 16 - step.columns)
      // capture-pane leaves out the trailing space.
      #expect(screen.last == " clusters.json  " + step.path + gap + "item \(step.item)/6 · ? help")
    }
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  // MARK: - Helpers (the suite's names for Support/EndToEnd.swift)

  func tgrid() throws -> String {
    try tgridBinary()
  }

  /// Starts tgrid in a fresh terminal (``launchTGrid(_:arguments:columns:rows:environment:waitForApp:)``).
  func launch(
    _ file: String?, arguments: [String] = [], columns: Int = 100, rows: Int = 30, environment: String = "",
    waitForApp: Bool = true
  ) throws -> TmuxSession {
    try launchTGrid(
      file, arguments: arguments, columns: columns, rows: rows, environment: environment, waitForApp: waitForApp)
  }

  /// The app has ended with `status` and the terminal is as it was (``expectTerminalRestored(_:status:sourceLocation:)``).
  func expectRestored(
    _ tmux: TmuxSession, status: Int32?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectTerminalRestored(tmux, status: status, sourceLocation: sourceLocation)
  }
}

/// A large JSON file of records, written quickly, for the loading tests.
enum LargeFile {
  static func make(records: Int) throws -> String {
    let path = NSTemporaryDirectory() + "tgrid-large-\(getpid())-\(records).json"
    var text = "[\n"
    text.reserveCapacity(records * 120)
    for index in 0..<records {
      text +=
        #"{"id": \#(index), "name": "user \#(index)", "email": "u\#(index)@example.com", "score": \#(index % 997).5, "city": "Zürich"}"#
      text += index + 1 < records ? ",\n" : "\n"
    }
    text += "]\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }
}
