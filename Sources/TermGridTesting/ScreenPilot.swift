import TermGrid
import Testing

/// Drives any `RunLoopRoot` in-process, as a person would: keys, pastes, clicks, wheel
/// turns and resizes go through a real `TerminalRunLoop` into the root on a
/// `HeadlessTerminal`, and the test reads the screen that came out.
///
/// Time is the terminal's virtual clock (`HeadlessTerminal/elapsedMilliseconds`): the run
/// loop and the collection views handed to the pilot read it, so every animation runs to its
/// end, frame by frame, without sleeping. ``recordFrames(_:)`` keeps each of those frames
/// for tests about the frames in between; ``advanceTime(byMilliseconds:)`` lets time pass
/// without input.
///
/// ```swift
/// let album = PhotoAlbum(size: CellSize(columns: 64, rows: 24))
/// let pilot = ScreenPilot(album, size: album.collectionView.frame.size, collectionViews: [album.collectionView])
/// pilot.press("Right", "n")
/// expectScreen(pilot, named: "photo-album-new-64x24")
/// ```
///
/// Methods that take keys by name record an issue with swift-testing for a name no key has.
public final class ScreenPilot {
  /// The terminal in memory the root draws on.
  public let terminal: HeadlessTerminal
  /// What the run loop drives.
  public let root: any RunLoopRoot
  /// The run loop, created once and run again for each event.
  public let runLoop: TerminalRunLoop
  /// The collection views whose clocks read the terminal's virtual time.
  public let collectionViews: [CollectionView]
  /// How the last run ended (`RunLoopExit/quit` when the root quit).
  public private(set) var lastExit: RunLoopExit?

  /// Creates a pilot on a terminal of one's own (to set its colours or mouse capture) and
  /// runs the root until it waits for input: the first screen is then drawn.
  /// - Parameters:
  ///   - root: the program's top-level object.
  ///   - terminal: the headless terminal to run it on.
  ///   - collectionViews: the collection views whose `clock` should read the
  ///     terminal's virtual time, so their animations step without sleeping.
  ///   - runsAtOnce: `false` to run only when the first event is sent (to queue events
  ///     before the first frame, say).
  public init(
    _ root: any RunLoopRoot, terminal: HeadlessTerminal, collectionViews: [CollectionView] = [],
    runsAtOnce: Bool = true
  ) {
    self.root = root
    self.terminal = terminal
    self.collectionViews = collectionViews
    for collectionView in collectionViews { collectionView.clock = { terminal.elapsedMilliseconds } }
    runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.elapsedMilliseconds })
    if runsAtOnce { run() }
  }

  /// Creates a pilot on a fresh headless terminal of `size` and runs the root until it
  /// waits for input.
  public convenience init(
    _ root: any RunLoopRoot, size: CellSize, collectionViews: [CollectionView] = [], runsAtOnce: Bool = true
  ) {
    self.init(root, terminal: HeadlessTerminal(size: size), collectionViews: collectionViews, runsAtOnce: runsAtOnce)
  }

  // MARK: - Input

  /// Presses keys by name (`"j"`, `"Down"`, `"Shift-Right"`, `"Ctrl-R"`, `"Space"`; see
  /// `KeyEvent/init(name:)`), each through the run loop, and lets every animation finish
  /// before the next.
  public func press(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) {
    press(names, sourceLocation: sourceLocation)
  }

  /// Presses keys by name, each through the run loop, as the variadic `press(_:sourceLocation:)`.
  public func press(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for name in names {
      guard let key = KeyEvent(name: name) else {
        Issue.record("no key is named \(name)", sourceLocation: sourceLocation)
        continue
      }
      send(.key(key))
    }
  }

  /// Queues keys by name and runs once: the run loop takes them all before it draws, as it
  /// takes keys typed faster than it draws (a script typed ahead).
  public func pressAtOnce(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for name in names {
      guard let key = KeyEvent(name: name) else {
        Issue.record("no key is named \(name)", sourceLocation: sourceLocation)
        continue
      }
      terminal.enqueue(.key(key))
    }
    run()
  }

  /// Types text, one key per character.
  public func type(_ text: String) {
    for character in text { send(.key(KeyEvent(.character(character)))) }
  }

  /// A bracketed paste from the terminal.
  public func paste(_ text: String) {
    send(.paste(text))
  }

  /// A click (press and release) at a screen cell.
  public func click(column: Int, row: Int, button: MouseButton = .left, modifiers: KeyModifiers = []) {
    let point = CellPoint(column: column, row: row)
    send(
      .mouse(MouseEvent(.press(button), at: point, modifiers: modifiers)),
      .mouse(MouseEvent(.release(button), at: point, modifiers: modifiers)))
  }

  /// Turns the mouse wheel over a screen cell, `clicks` times (`.wheelDown`, `.wheelUp`,
  /// `.wheelLeft` or `.wheelRight`).
  public func scroll(_ action: MouseEvent.Action, column: Int, row: Int, clicks: Int = 1) {
    let point = CellPoint(column: column, row: row)
    for _ in 0..<max(0, clicks) { send(.mouse(MouseEvent(action, at: point))) }
  }

  /// The terminal changes size (the resize event a real terminal sends).
  public func resize(to size: CellSize) {
    terminal.resize(to: size)
    run()
  }

  /// Sends events, taken together as one batch, and runs until the root waits for input
  /// again.
  public func send(_ events: InputEvent...) {
    terminal.enqueue(events)
    run()
  }

  /// Runs the loop until the root waits for input (every animation done), and returns how
  /// it ended.
  @discardableResult
  public func run() -> RunLoopExit {
    let exit = runLoop.run()
    lastExit = exit
    return exit
  }

  // MARK: - Time

  /// Lets virtual time pass without input (a timer, a key sequence's timeout), then runs
  /// the loop so what is due is drawn.
  public func advanceTime(byMilliseconds milliseconds: Int) {
    terminal.advanceTime(byMilliseconds: milliseconds)
    runLoop.setNeedsDisplay()
    run()
  }

  /// The virtual time, in milliseconds since the pilot started.
  public var elapsedMilliseconds: Int { terminal.elapsedMilliseconds }

  /// Every frame drawn while `body` runs (keys pressed, time advanced), in order, with the
  /// virtual time it was drawn at: for tests that check each frame of an animation.
  ///
  /// ```swift
  /// let frames = pilot.recordFrames { pilot.press("t") }
  /// #expect(frames.allSatisfy { $0.canvas.lines.joined().contains("Beach") })
  /// ```
  public func recordFrames(_ body: () -> Void) -> [PilotFrame] {
    var frames: [PilotFrame] = []
    let earlier = terminal.presentObserver
    terminal.presentObserver = { [terminal] canvas in
      earlier?(canvas)
      frames.append(PilotFrame(canvas: canvas, milliseconds: terminal.elapsedMilliseconds))
    }
    body()
    terminal.presentObserver = earlier
    return frames
  }

  /// Lets work on other threads hand its results back (through the terminal's
  /// `RunLoopWaker`), running the loop on each wake, until `done` holds or `milliseconds`
  /// of real time pass.
  /// - Returns: whether `done` held.
  @discardableResult
  public func waitForBackgroundWork(milliseconds: Int = 10_000, until done: () -> Bool) -> Bool {
    let deadline = MonotonicClock.milliseconds() + milliseconds
    while !done() {
      let left = deadline - MonotonicClock.milliseconds()
      guard left > 0 else { return false }
      terminal.wakeWaitMilliseconds = min(left, 200)
      run()
      terminal.wakeWaitMilliseconds = 0
    }
    return true
  }

  // MARK: - The screen

  /// Whether the last run ended because the root quit.
  public var didQuit: Bool { lastExit == .quit }
  /// Whether every collection view handed to the pilot is at rest (no change or scroll
  /// animating).
  public var isIdle: Bool { collectionViews.allSatisfy { !$0.isAnimating && !$0.isScrollAnimating } }
  /// The last frame drawn.
  public var canvas: Canvas { terminal.screen }
  /// The screen, one string per row.
  public var lines: [String] { terminal.lines }
  /// The whole screen as text, rows joined by newlines.
  public var screen: String { lines.joined(separator: "\n") }
  /// The bottom row.
  public var statusLine: String { lines.last ?? "" }
  /// How many frames the run loop drew so far.
  public var frameCount: Int { runLoop.frameCount }

  /// The screen with its styles marked (see ``StyledScreenText``), styles named after
  /// `theme`'s (by default the first collection view's theme, else the standard one).
  public func styledScreen(theme: Theme? = nil) -> String {
    StyledScreenText(theme: theme ?? collectionViews.first?.theme ?? .standard).render(canvas)
  }
}

/// One frame a ``ScreenPilot`` saw drawn (``ScreenPilot/recordFrames(_:)``).
public struct PilotFrame: Sendable {
  /// What was drawn.
  public var canvas: Canvas
  /// The virtual time it was drawn at.
  public var milliseconds: Int

  /// Creates a frame.
  public init(canvas: Canvas, milliseconds: Int) {
    self.canvas = canvas
    self.milliseconds = milliseconds
  }

  /// Its rows as text.
  public var lines: [String] { canvas.lines }
}
