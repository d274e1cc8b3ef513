import TermGridCore
import TermGridPlatform

/// The event loop of a full-screen program: sleeps until input, a resize, a signal, a wake
/// from another thread (``waker``) or an animation frame is due; draws only when something
/// changed (``setNeedsDisplay()``); and takes every event that is already waiting before
/// drawing, so a burst of keys costs one frame.
///
/// ```swift
/// let terminal = try NcursesTerminal(enableMouse: !noMouse)
/// let exit = TerminalRunLoop(terminal: terminal, root: app).run()
/// terminal.shutdown()
/// if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
/// ```
///
/// Over a ``HeadlessTerminal`` the same loop runs a scripted session in tests: it ends when
/// the script runs out, and animation frames step the terminal's virtual clock.
public final class TerminalRunLoop: DisplayHost {
  /// The terminal it reads and draws on.
  public let terminal: any Terminal
  /// The app's root object.
  public var root: any RunLoopRoot
  /// At most this many events are taken before a frame is drawn, so a flood of input
  /// still shows progress.
  public var maximumEventsPerFrame = 512
  /// The clock frame timing reads, in milliseconds; tests point it at a headless
  /// terminal's virtual time.
  public var clock: () -> Int
  /// The crash to cause after the first frame (``DebugCrash``), for testing that a crash
  /// leaves the terminal usable; `nil`, the default, for none.
  public var debugCrash: DebugCrash?

  /// How many frames were drawn.
  public private(set) var frameCount = 0
  /// How many events the root was given.
  public private(set) var eventCount = 0
  /// How many times the root was told of wakes (``RunLoopRoot/handleWake(in:)``).
  public private(set) var wakeCount = 0
  /// How many wakes were taken while their frame waited and told to the root later, with
  /// the others of that time (``RunLoopRoot/defersWakesToFrames``).
  public private(set) var deferredWakeCount = 0
  /// How many frames owed only to wakes waited for ``RunLoopRoot/millisecondsBetweenWakeFrames``
  /// instead of being drawn at once.
  public private(set) var waitedWakeFrameCount = 0

  /// What another thread wakes this run loop with (the terminal's; ``RunLoopWaker``).
  /// Hand it to background work; the run loop itself stays on its own thread.
  public var waker: RunLoopWaker? { terminal.waker }

  private var needsDisplay = true
  private var lastFrameMilliseconds = 0
  /// The frame owed now is owed only to wakes: it waits for
  /// ``RunLoopRoot/millisecondsBetweenWakeFrames`` after the last one.
  private var isFrameOwedToWakes = false
  /// A wake was taken and the root not told yet (``RunLoopRoot/defersWakesToFrames``).
  private var hasDeferredWake = false
  /// When the root was last told of wakes (see `isDeferredWakeDue()`).
  private var lastWakeMilliseconds = Int.min / 2

  /// Creates a run loop; call ``run()`` to start it.
  public init(
    terminal: any Terminal, root: any RunLoopRoot, clock: @escaping () -> Int = { MonotonicClock.milliseconds() },
    debugCrash: DebugCrash? = nil
  ) {
    self.terminal = terminal
    self.root = root
    self.clock = clock
    self.debugCrash = debugCrash
  }

  /// Asks for a frame after the current events: the one path by which anything on the
  /// run loop's thread says the screen changed (``DisplayHost``).
  public func setNeedsDisplay() {
    needsDisplay = true
  }

  /// Forgets what the terminal shows and draws everything again (Ctrl-L).
  public func redrawEverything() {
    terminal.invalidateScreen()
    needsDisplay = true
  }

  /// Runs until the root quits, a terminating signal arrives or input ends. The terminal
  /// is left open: shut it down afterwards.
  @discardableResult
  public func run() -> RunLoopExit {
    root.willRun(in: self)
    needsDisplay = true
    isFrameOwedToWakes = false
    let waker = terminal.waker
    // Wakes put off when the last run ended (a scripted terminal ends runs in any wait): the
    // root hears of them before this run's first frame, which it draws at once.
    if hasDeferredWake, tellRootOfWake() == .quit { return .quit }
    while true {
      if root.wantsToQuit { return .quit }
      // Keys before wakes when the root asks for it: input already waiting is answered, and
      // its frame drawn, before the work that woke the loop (records arriving), so a key
      // never waits behind it.
      if let waker, waker.isPending || hasDeferredWake, root.answersInputBeforeWakes,
        let event = terminal.nextEvent(timeoutMilliseconds: 0)
      {
        if let exit = handleEvents(startingWith: event) { return exit }
        if root.wantsToQuit { return .quit }
        terminal.noteUnsavedWork(root.hasUnsavedWork)
        if wantsFrame() { drawFrame() }
      }
      if let waker, waker.take() {
        // Work handed back with performOnRunLoop first, so the root sees what it did.
        let work = waker.takeWork()
        for body in work { body() }
        if !work.isEmpty {
          // Its frame is drawn at once, as a key's.
          needsDisplay = true
          isFrameOwedToWakes = false
        }
        if work.isEmpty, root.defersWakesToFrames, !isDeferredWakeDue() {
          hasDeferredWake = true
          deferredWakeCount += 1
        } else if tellRootOfWake() == .quit {
          return .quit
        }
      }
      if hasDeferredWake, isDeferredWakeDue(), tellRootOfWake() == .quit { return .quit }
      terminal.noteUnsavedWork(root.hasUnsavedWork)
      if wantsFrame() { drawFrame() }
      let timeout = nextTimeout()
      guard let event = terminal.nextEvent(timeoutMilliseconds: timeout) else {
        if let waker, waker.isPending { continue }  // woken: the root hears of it at the top
        if timeout == nil { return .inputEnded }
        continue  // an animation frame, or the frame owed to wakes, is due
      }
      if let exit = handleEvents(startingWith: event) { return exit }
      // A key that woke the loop while work woke it too is drawn first, as above.
      if let waker, waker.isPending || hasDeferredWake, root.answersInputBeforeWakes, !root.wantsToQuit {
        terminal.noteUnsavedWork(root.hasUnsavedWork)
        if wantsFrame() { drawFrame() }
      }
    }
  }

  /// Tells the root of the wakes taken, those put off included; a frame it owes to them
  /// alone waits for ``RunLoopRoot/millisecondsBetweenWakeFrames``.
  private func tellRootOfWake() -> EventResponse {
    hasDeferredWake = false
    let wasOwed = needsDisplay || root.needsDisplay
    wakeCount += 1
    lastWakeMilliseconds = clock()
    let response = root.handleWake(in: self)
    if response == .changed { needsDisplay = true }
    if !wasOwed, needsDisplay || root.needsDisplay, root.millisecondsBetweenWakeFrames != nil {
      isFrameOwedToWakes = true
      if !isWakeFrameDue() { waitedWakeFrameCount += 1 }
    }
    return response
  }

  /// Whether a frame is to be drawn now: one is owed and, if it is owed only to wakes, due;
  /// or an animation frame is due.
  private func wantsFrame() -> Bool {
    (needsDisplay || root.needsDisplay) && (!isFrameOwedToWakes || isWakeFrameDue()) || isFrameDue()
  }

  /// Whether ``RunLoopRoot/millisecondsBetweenWakeFrames`` passed since the last frame.
  private func isWakeFrameDue() -> Bool {
    guard let interval = root.millisecondsBetweenWakeFrames else { return true }
    return clock() - lastFrameMilliseconds >= interval
  }

  /// Whether a wake is to be told now rather than put off (``RunLoopRoot/defersWakesToFrames``):
  /// a frame owed to wakes would be drawn now, or the root has not heard of one for the
  /// interval (keys typed faster than it draw frames of their own, and never keep the wakes
  /// waiting longer).
  private func isDeferredWakeDue() -> Bool {
    guard let interval = root.millisecondsBetweenWakeFrames else { return true }
    return isWakeFrameDue() || clock() - lastWakeMilliseconds >= interval
  }

  /// How long the loop may sleep: until the next animation frame, or the frame owed to
  /// wakes (or the wakes put off to it); `nil` (until input or a wake) when nothing is due.
  private func nextTimeout() -> Int? {
    let sinceFrame = clock() - lastFrameMilliseconds
    var timeout = root.millisecondsUntilNextFrame.map { max(0, $0 - sinceFrame) }
    guard let interval = root.millisecondsBetweenWakeFrames else { return timeout }
    if isFrameOwedToWakes, needsDisplay || root.needsDisplay {
      let untilWakeFrame = max(0, interval - sinceFrame)
      timeout = min(timeout ?? untilWakeFrame, untilWakeFrame)
    }
    if hasDeferredWake {
      let untilWake = max(0, min(interval - sinceFrame, interval - (clock() - lastWakeMilliseconds)))
      timeout = min(timeout ?? untilWake, untilWake)
    }
    return timeout
  }

  /// Gives the root `event` and every event already waiting after it (at most
  /// ``maximumEventsPerFrame``), never sleeping; the exit if one of them ends the run.
  private func handleEvents(startingWith first: InputEvent) -> RunLoopExit? {
    var event = first
    var taken = 0
    // An event draws at once, with whatever the wakes before it brought: a root may ask for
    // its frame without answering `.changed` (the browser marks its views on every key).
    isFrameOwedToWakes = false
    while true {
      if case .signal(let signal) = event { return .signal(signal) }
      eventCount += 1
      switch root.handle(event, in: self) {
      case .quit: return .quit
      case .changed: needsDisplay = true
      case .unchanged: break
      }
      if case .resize = event { needsDisplay = true }
      taken += 1
      // Take what is already waiting before drawing; never sleep here.
      guard taken < maximumEventsPerFrame, let next = terminal.nextEvent(timeoutMilliseconds: 0) else { return nil }
      event = next
    }
  }

  /// Draws one frame now: the root draws into a canvas of the terminal's size.
  public func drawFrame() {
    var canvas = Canvas(size: terminal.size)
    root.draw(into: &canvas)
    terminal.present(canvas)
    needsDisplay = false
    isFrameOwedToWakes = false
    lastFrameMilliseconds = clock()
    frameCount += 1
    if frameCount == 1, let debugCrash { debugCrash.trigger() }
  }

  private func isFrameDue() -> Bool {
    guard let interval = root.millisecondsUntilNextFrame else { return false }
    return clock() - lastFrameMilliseconds >= interval
  }
}
