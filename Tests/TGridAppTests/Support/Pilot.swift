import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

/// Drives the app in-process, as a person would: keys, pastes, clicks and resizes go
/// through the real ``TerminalRunLoop`` into the real ``BrowserController`` on a
/// ``HeadlessTerminal``, and tests read the screen that came out (like Textual's
/// `run_test` pilot). Time is the terminal's virtual clock, so animations run to their
/// end without sleeping.
///
/// ```swift
/// let pilot = try Pilot(json: #"[1, 2, 3]"#)
/// pilot.press("j", "Space")
/// #expect(pilot.statusLine.contains("1 selected"))
/// ```
final class Pilot {
  let terminal: HeadlessTerminal
  let browser: BrowserController
  let runLoop: TerminalRunLoop
  /// How the last run ended (`.quit` after `q`).
  private(set) var lastExit: RunLoopExit?

  init(
    json: String, name: String = "test.json", path: String? = nil, size: CellSize = CellSize(columns: 80, rows: 24),
    presentation: PresentationKind = .grid, treeOrientation: TreeLayout.Orientation = .outline,
    options: JSONParseOptions = JSONParseOptions()
  ) throws {
    let document: JSONDocument
    if let path {
      document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path), options: options)
    } else {
      document = try JSONDocument(parsing: json, options: options)
    }
    terminal = HeadlessTerminal(size: size)
    browser = BrowserController(
      document: document, sourceName: name, path: path, size: size, presentation: presentation,
      treeOrientation: treeOrientation, animates: true)
    browser.terminal = terminal
    if let recorder = PilotCoverage.recorder {
      browser.commandObserver = { recorder.record($0) }
    } else {
      Issue.record("a test that drives a Pilot belongs in an `extension PilotTests`, which records what it reaches")
    }
    let terminal = self.terminal
    browser.collectionView.clock = { terminal.elapsedMilliseconds }
    runLoop = TerminalRunLoop(
      terminal: terminal, root: browser, clock: { terminal.elapsedMilliseconds }, debugCrash: nil)
    run()
  }

  /// Presses keys by name (`"j"`, `"Down"`, `"Ctrl-R"`, `"Alt-Up"`, `"Space"`), each one
  /// through the run loop, and lets every animation finish.
  func press(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) {
    for name in names {
      guard let key = KeyEvent(name: name) else {
        Issue.record("no key is called \(name)", sourceLocation: sourceLocation)
        continue
      }
      send(.key(key))
    }
  }

  /// Types text, one key per character.
  func type(_ text: String) {
    for character in text { send(.key(KeyEvent(.character(character)))) }
  }

  /// A bracketed paste from the terminal.
  func paste(_ text: String) {
    send(.paste(text))
  }

  /// A click (press and release) at a screen cell.
  func click(column: Int, row: Int, button: MouseButton = .left) {
    let point = CellPoint(column: column, row: row)
    terminal.enqueue(.mouse(MouseEvent(.press(button), at: point)), .mouse(MouseEvent(.release(button), at: point)))
    run()
  }

  /// The terminal changes size.
  func resize(to size: CellSize) {
    terminal.resize(to: size)
    run()
  }

  /// Sends one event and runs until the app waits for input again.
  func send(_ event: InputEvent) {
    terminal.enqueue(event)
    run()
  }

  private func run() {
    lastExit = runLoop.run()
  }

  /// Lets work on other threads hand its results back (a clipboard command, a load),
  /// running the loop on each wake, until `done` holds or `seconds` of real time pass (times
  /// the sanitizer's slowdown).
  /// - Returns: whether `done` held.
  @discardableResult
  func waitForBackgroundWork(seconds: Double = 10, until done: (Pilot) -> Bool) -> Bool {
    let deadline = MonotonicClock.milliseconds() + Int(seconds * 1000) * SanitizerBuild.slowdown
    while !done(self) {
      let left = deadline - MonotonicClock.milliseconds()
      guard left > 0 else { return false }
      terminal.wakeWaitMilliseconds = min(left, 200)
      run()
      terminal.wakeWaitMilliseconds = 0
    }
    return true
  }

  /// Whether the last event made the app quit.
  var didQuit: Bool { lastExit == .quit }

  /// The screen, one string per row.
  var lines: [String] { terminal.lines }
  /// The whole screen as text.
  var screen: String { lines.joined(separator: "\n") }
  /// The bottom row.
  var statusLine: String { lines.last ?? "" }
  /// The store behind the app.
  var store: DocumentStore { browser.store }
  /// The document as it would be saved now.
  var text: String { store.document.serializedText() }
  /// The jq path of the focused value.
  var focusedPath: String { browser.reading.focusedPath() }
  /// How many frames were drawn so far.
  var frameCount: Int { runLoop.frameCount }
}
