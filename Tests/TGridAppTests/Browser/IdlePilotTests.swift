import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// Idle means idle: after any command, at any size, the run loop goes back to waiting for
/// input instead of drawing frames nobody asked for (issue 13: a busy loop at 1×1).
@Suite struct IdlePilotTests {
  static let sizes = [
    CellSize(columns: 1, rows: 1), CellSize(columns: 2, rows: 30), CellSize(columns: 10, rows: 3),
    CellSize(columns: 80, rows: 24),
  ]
  static let keys = [
    "t", "o", "j", "Enter", "l", "h", "z", "2", "m", "Esc", "?", "q", "a", "y", "x", "u", "K", "q", "V", "q", "t",
    "PgDn", "G", "g", "i", "Backspace",
  ]

  @Test(arguments: sizes)
  func everyCommandEndsInIdleAtEverySize(size: CellSize) throws {
    let terminal = WatchedTerminal(size: size)
    let document = try JSONDocument(parsing: #"{"a": [1, 2, {"b": "c"}], "d": {"e": null}, "f": "g"}"#)
    let browser = BrowserController(document: document, sourceName: "idle.json", size: size, animates: true)
    browser.collectionView.clock = { terminal.elapsedMilliseconds }
    let runLoop = TerminalRunLoop(
      terminal: terminal, root: browser, clock: { terminal.elapsedMilliseconds }, debugCrash: nil)
    #expect(runLoop.run() == .inputEnded)
    for name in Self.keys {
      terminal.enqueue(.key(try #require(KeyEvent(name: name))))
      terminal.idleWaits = 0
      let exit = runLoop.run()
      #expect(exit == .inputEnded || exit == .quit, "after \(name) at \(size): the app kept drawing while idle")
      if exit == .quit { break }
    }
  }
}

/// A headless terminal that stops a run loop which keeps asking for frames with nothing
/// happening (an animation that never ends, a display flag never cleared): after many
/// timed waits in a row without input, it reports a signal.
final class WatchedTerminal: Terminal {
  let inner: HeadlessTerminal
  var idleWaits = 0

  init(size: CellSize) { inner = HeadlessTerminal(size: size) }

  var size: CellSize { inner.size }
  var colorCount: Int { inner.colorCount }
  var elapsedMilliseconds: Int { inner.elapsedMilliseconds }
  func present(_ canvas: Canvas) { inner.present(canvas) }
  func enqueue(_ events: InputEvent...) { inner.enqueue(events) }

  func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
    if let event = inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds) {
      idleWaits = 0
      return event
    }
    guard timeoutMilliseconds != nil else { return nil }
    idleWaits += 1
    // 1,000 frames of 16 ms is 16 s of animation: nothing animates that long.
    return idleWaits > 1_000 ? .signal(14) : nil
  }

  func invalidateScreen() { inner.invalidateScreen() }
  func shutdown() { inner.shutdown() }
}
