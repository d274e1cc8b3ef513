import TermGridCore

/// What a ``TerminalRunLoop`` drives: the app's top-level object, which turns events into
/// changes and draws the whole screen.
public protocol RunLoopRoot: AnyObject {
  /// Called when ``TerminalRunLoop/run()`` starts, before the first frame: the place to
  /// give the run loop to whatever asks for frames (`collectionView.displayHost = runLoop`;
  /// see ``DisplayHost``). Default: nothing.
  func willRun(in runLoop: TerminalRunLoop)
  /// Handles one event (keys, mouse, pastes, resizes; never signals, which end the loop).
  /// - Returns: whether something on screen changed, or the app wants to quit.
  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse
  /// Called on the run loop's thread after another thread woke the loop
  /// (``RunLoopWaker/wake()``), once for any number of wakes since the last call: look at
  /// what the background work left and show it.
  /// - Returns: whether something on screen changed, or the app wants to quit. Default
  ///   ``EventResponse/changed``.
  func handleWake(in runLoop: TerminalRunLoop) -> EventResponse
  /// Draws the whole screen into a canvas of the terminal's size.
  func draw(into canvas: inout Canvas)
  /// True when something changed that is not on screen yet, even without an event.
  /// Default `false`.
  ///
  /// Prefer telling the run loop (``TerminalRunLoop/setNeedsDisplay()``, a collection
  /// view's `displayHost`): then nothing needs forwarding here.
  var needsDisplay: Bool { get }
  /// Milliseconds until the next animation frame is due, or `nil` when nothing moves (a
  /// collection view's `millisecondsUntilNextFrame`). Default `nil`.
  var millisecondsUntilNextFrame: Int? { get }
  /// True when the root wants the loop to end without an event (work it waited for
  /// failed, say). Checked before every wait. Default `false`.
  var wantsToQuit: Bool { get }
  /// True while the app has work a forced end would lose (unsaved edits): a terminating
  /// signal then never ends the process before the app has taken it (see
  /// ``TerminalSignals`` and ``TerminationWatchdog``). Read after each batch of events.
  /// Default `false`.
  var hasUnsavedWork: Bool { get }
  /// True when input already waiting goes before a pending wake: the loop then answers the
  /// keys and draws their frame before ``handleWake(in:)``, so a stream of wakes (records
  /// arriving many times a second) never keeps a key waiting behind the work it brings.
  /// Leave it `false` when a wake carries what the next keys act on (a load that finished).
  /// Default `false`.
  var answersInputBeforeWakes: Bool { get }
  /// The fewest milliseconds from one frame to a frame owed only to wakes (work arriving
  /// many times a second, records of a followed stream), or `nil` to draw each wake's frame
  /// at once. A frame owed only to wakes waits until this long after the last frame, so the
  /// wakes that come meanwhile share it, as a display's refresh would; a key, a resize or
  /// work handed back with ``RunLoopWaker/performOnRunLoop(_:)`` draws at once, with
  /// whatever the wakes before it brought. The loop sleeps until the frame is due, and
  /// owes nothing once it is drawn. Default `nil`.
  var millisecondsBetweenWakeFrames: Int? { get }
  /// True when, within ``millisecondsBetweenWakeFrames`` of the last frame, the root hears
  /// of a wake only when its frame is due: the work a wake brings (records to take in) is
  /// done once for every wake of that time, just before the frame. Keys are answered
  /// meanwhile, and drawn at once. Default `false`.
  var defersWakesToFrames: Bool { get }
}

extension RunLoopRoot {
  public func willRun(in runLoop: TerminalRunLoop) {}
  public func handleWake(in runLoop: TerminalRunLoop) -> EventResponse { .changed }
  public var needsDisplay: Bool { false }
  public var millisecondsUntilNextFrame: Int? { nil }
  public var wantsToQuit: Bool { false }
  public var hasUnsavedWork: Bool { false }
  public var answersInputBeforeWakes: Bool { false }
  public var millisecondsBetweenWakeFrames: Int? { nil }
  public var defersWakesToFrames: Bool { false }
}

/// What handling an event did.
public enum EventResponse: Hashable, Sendable {
  /// Nothing visible changed.
  case unchanged
  /// Something changed: draw a frame (once, after the events waiting now).
  case changed
  /// End the run loop.
  case quit
}

/// Why ``TerminalRunLoop/run()`` returned.
public enum RunLoopExit: Hashable, Sendable {
  /// The root asked to quit.
  case quit
  /// A terminating signal arrived (SIGINT, SIGTERM, SIGHUP): shut the terminal down, then
  /// call ``TerminalSignals/terminateProcess(bySignal:)``.
  case signal(Int32)
  /// No more input will come (the terminal hung up; a headless script ran out).
  case inputEnded
}
