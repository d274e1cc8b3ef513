import TermGridCore

/// A screen that shows canvases and reports input: the real terminal through ncurses
/// (``NcursesTerminal``) or a scripted one in memory (``HeadlessTerminal``).
public protocol Terminal: AnyObject {
  /// The screen size in cells.
  var size: CellSize { get }
  /// How many colours the terminal shows: 0 (attributes only), 8, 16 or 256.
  var colorCount: Int { get }
  /// Shows a canvas; only cells that differ from the last frame reach the screen.
  func present(_ canvas: Canvas)
  /// Waits for input up to `timeout` milliseconds (`nil` waits as long as it takes).
  ///
  /// Returns `nil` when the time is up, when the terminal's ``waker`` was woken (its
  /// ``RunLoopWaker/isPending`` is then true), or, with no timeout, when no input will ever
  /// come again (the terminal hung up, or a scripted terminal ran out of events).
  func nextEvent(timeoutMilliseconds: Int?) -> InputEvent?
  /// What another thread wakes the run loop with: ``nextEvent(timeoutMilliseconds:)``
  /// returns early when it is woken. `nil` (the default) for a terminal that cannot be
  /// woken while it waits.
  var waker: RunLoopWaker? { get }
  /// Forgets what is on screen, so the next frame is drawn in full (Ctrl-L, after a resume).
  func invalidateScreen()
  /// Sends a control sequence to the terminal itself, outside the frame (OSC 52 to set the
  /// system clipboard). Only callers that built the bytes themselves may send them: data
  /// must never reach the terminal this way.
  func send(controlSequence bytes: [UInt8])
  /// Whether the terminal reports mouse clicks and the wheel as ``InputEvent/mouse(_:)``.
  ///
  /// While the program captures the mouse the terminal's own text selection does not work,
  /// so apps offer a way to turn it off. A terminal without a mouse ignores changes and
  /// reads `false`.
  var isMouseCaptureEnabled: Bool { get set }
  /// Puts the terminal back the way it was found. Safe to call more than once.
  func shutdown()
  /// Reads the input that has arrived, without waiting, and says whether it holds a key
  /// that interrupts long work, Esc or Ctrl-C (taken out; every other event stays queued
  /// for ``nextEvent(timeoutMilliseconds:)``), or whether a terminating signal is pending
  /// (it stays pending). Work on the run loop's thread that may run long calls it every so
  /// often and stops when it says so, as vim checks for Ctrl-C. Default `false`.
  func takeInterrupt() -> Bool
  /// Hears whether the program has unsaved work (``RunLoopRoot/hasUnsavedWork``), which a
  /// terminal that handles signals must not lose to a repeated one. Default: nothing.
  func noteUnsavedWork(_ hasUnsavedWork: Bool)
}

extension Terminal {
  public func invalidateScreen() {}
  public func send(controlSequence bytes: [UInt8]) {}

  public var isMouseCaptureEnabled: Bool {
    get { false }
    set {}
  }

  public var waker: RunLoopWaker? { nil }

  public func noteUnsavedWork(_ hasUnsavedWork: Bool) {}

  public func takeInterrupt() -> Bool { false }
}
