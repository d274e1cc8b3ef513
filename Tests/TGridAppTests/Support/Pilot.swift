import TGridJSON
import TermGrid
import TermGridTesting
import TestSupport
import Testing

@testable import TGridApp

/// Drives the app in-process, as a person would: keys, pastes, clicks and resizes go
/// through the real ``TerminalRunLoop`` into the real ``BrowserController`` on a
/// ``HeadlessTerminal``, and tests read the screen that came out (like Textual's
/// `run_test` pilot). Time is the terminal's virtual clock, so animations run to their
/// end without sleeping.
///
/// The app's layer over TermGridTesting's ``ScreenPilot`` (``generic``), which does the
/// driving: this one builds the browser from JSON, records which commands ran (for
/// PilotCoverage) and reads the app's state.
///
/// ```swift
/// let pilot = try Pilot(json: #"[1, 2, 3]"#)
/// pilot.press("j", "Space")
/// #expect(pilot.statusLine.contains("1 selected"))
/// ```
final class Pilot {
  /// The generic pilot underneath.
  let generic: ScreenPilot
  let browser: BrowserController
  var terminal: HeadlessTerminal { generic.terminal }
  var runLoop: TerminalRunLoop { generic.runLoop }
  /// How the last run ended (`.quit` after `q`).
  var lastExit: RunLoopExit? { generic.lastExit }

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
    let terminal = HeadlessTerminal(size: size)
    browser = BrowserController(
      document: document, sourceName: name, path: path, size: size, presentation: presentation,
      treeOrientation: treeOrientation, animates: true)
    browser.terminal = terminal
    if let recorder = PilotCoverage.recorder {
      browser.commandObserver = { recorder.record($0) }
    } else {
      Issue.record("a test that drives a Pilot belongs in an `extension PilotTests`, which records what it reaches")
    }
    generic = ScreenPilot(browser, terminal: terminal, collectionViews: [browser.collectionView])
  }

  /// Presses keys by name (`"j"`, `"Down"`, `"Ctrl-R"`, `"Alt-Up"`, `"Space"`), each one
  /// through the run loop, and lets every animation finish.
  func press(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) {
    generic.press(names, sourceLocation: sourceLocation)
  }

  /// Types text, one key per character.
  func type(_ text: String) { generic.type(text) }

  /// A bracketed paste from the terminal.
  func paste(_ text: String) { generic.paste(text) }

  /// A click (press and release) at a screen cell.
  func click(column: Int, row: Int, button: MouseButton = .left) {
    generic.click(column: column, row: row, button: button)
  }

  /// The terminal changes size.
  func resize(to size: CellSize) { generic.resize(to: size) }

  /// Sends one event and runs until the app waits for input again.
  func send(_ event: InputEvent) { generic.send(event) }

  /// Lets work on other threads hand its results back (a clipboard command, a load),
  /// running the loop on each wake, until `done` holds or `seconds` of real time pass (times
  /// the sanitizer's slowdown).
  /// - Returns: whether `done` held.
  @discardableResult
  func waitForBackgroundWork(seconds: Double = 10, until done: (Pilot) -> Bool) -> Bool {
    generic.waitForBackgroundWork(milliseconds: Int(seconds * 1000) * SanitizerBuild.slowdown) { done(self) }
  }

  /// Whether the last event made the app quit.
  var didQuit: Bool { generic.didQuit }

  /// The screen, one string per row.
  var lines: [String] { generic.lines }
  /// The whole screen as text.
  var screen: String { generic.screen }
  /// The screen with focus, selection and colours marked (TermGridTesting's
  /// ``StyledScreenText``).
  var styledScreen: String { generic.styledScreen() }
  /// The bottom row.
  var statusLine: String { generic.statusLine }
  /// The store behind the app.
  var store: DocumentStore { browser.store }
  /// The document as it would be saved now.
  var text: String { store.document.serializedText() }
  /// The jq path of the focused value.
  var focusedPath: String { browser.reading.focusedPath() }
  /// How many frames were drawn so far.
  var frameCount: Int { generic.frameCount }
}
