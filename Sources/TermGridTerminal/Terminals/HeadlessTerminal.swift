import TermGridCore

/// A terminal in memory: shows canvases into a screen that tests read, and replays
/// scripted input. An app's text dump of a screen can render through it too.
///
/// Time is virtual: waiting for input with a timeout when no event is queued returns at
/// once and adds the timeout to ``elapsedMilliseconds``, so animations can be stepped
/// without sleeping (point a collection view's clock at it). Waiting with no timeout when
/// nothing is queued reports the end of input, unless ``wakeWaitMilliseconds`` says to
/// wait (in real time) for another thread to wake it through its ``waker`` first.
public final class HeadlessTerminal: Terminal {
  /// The screen size; change it with ``resize(to:)``.
  public private(set) var size: CellSize
  /// The colour count it claims to have.
  public var colorCount: Int
  /// The last canvas presented.
  public private(set) var screen: Canvas
  /// How many frames were presented.
  public private(set) var frameCount = 0
  /// How many cells changed, in total, across all presented frames.
  public private(set) var changedCellCount = 0
  /// Input still to be delivered, in order.
  public private(set) var pendingEvents: [InputEvent] = []
  /// True after ``shutdown()``.
  public private(set) var isShutDown = false
  /// Virtual time: the sum of the timeouts waited out with nothing to deliver.
  public private(set) var elapsedMilliseconds = 0
  /// Control sequences sent with ``send(controlSequence:)``, in order.
  public private(set) var sentControlSequences: [[UInt8]] = []
  /// Whether mouse capture is on (see ``Terminal/isMouseCaptureEnabled``); each change is
  /// recorded in ``mouseCaptureChanges``.
  public var isMouseCaptureEnabled: Bool {
    didSet {
      if isMouseCaptureEnabled != oldValue { mouseCaptureChanges.append(isMouseCaptureEnabled) }
    }
  }
  /// Every change of ``isMouseCaptureEnabled``, in order: `true` when it was turned on.
  public private(set) var mouseCaptureChanges: [Bool] = []
  /// How many times the screen was invalidated (each forces a full redraw).
  public private(set) var invalidationCount = 0
  private var isInvalidated = false

  /// Wakes ``nextEvent(timeoutMilliseconds:)`` from another thread, as a real terminal's
  /// does (the only part of a headless terminal another thread may touch).
  public let waker: RunLoopWaker? = RunLoopWaker()
  /// How long, in real milliseconds, waiting with no timeout and nothing queued waits for a
  /// wake before reporting the end of input: for scripts whose app waits on background work.
  /// 0, the default, reports the end at once.
  public var wakeWaitMilliseconds = 0

  /// Creates a headless terminal of the given size.
  /// - Parameter mouseCapture: whether it starts with mouse capture on, as a real terminal
  ///   does unless the app turns it off.
  public init(size: CellSize, colorCount: Int = 256, mouseCapture: Bool = true) {
    self.size = size
    self.colorCount = colorCount
    isMouseCaptureEnabled = mouseCapture
    screen = Canvas(size: size)
  }

  /// Called with every canvas presented, after it is on the screen: for tests that look at
  /// each frame of an animation (a pilot's `recordFrames`).
  public var presentObserver: ((Canvas) -> Void)?

  public func present(_ canvas: Canvas) {
    if canvas.size == screen.size, !isInvalidated {
      for index in canvas.cells.indices where canvas.cells[index] != screen.cells[index] {
        changedCellCount += 1
      }
    } else {
      changedCellCount += canvas.cells.count
    }
    isInvalidated = false
    screen = canvas
    frameCount += 1
    presentObserver?(canvas)
  }

  public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
    if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
    if let waker, waker.isPending { return nil }
    if let timeoutMilliseconds {
      elapsedMilliseconds += max(0, timeoutMilliseconds)
    } else if wakeWaitMilliseconds > 0, let waker {
      _ = waker.waitForWake(timeoutMilliseconds: wakeWaitMilliseconds)
    }
    return nil
  }

  /// Takes the first queued Esc or Ctrl-C, as a real terminal takes one typed while the
  /// app works (see ``Terminal/takeInterrupt()``); how many were taken is counted.
  public func takeInterrupt() -> Bool {
    guard let index = pendingEvents.firstIndex(where: { InputEvent.isInterrupt($0) }) else { return false }
    pendingEvents.remove(at: index)
    takenInterruptCount += 1
    return true
  }

  /// How many Esc or Ctrl-C keys ``takeInterrupt()`` took.
  public private(set) var takenInterruptCount = 0

  /// Queues events to be read by ``nextEvent(timeoutMilliseconds:)``.
  public func enqueue(_ events: InputEvent...) {
    pendingEvents.append(contentsOf: events)
  }

  /// Queues events to be read by ``nextEvent(timeoutMilliseconds:)``.
  public func enqueue(_ events: [InputEvent]) {
    pendingEvents.append(contentsOf: events)
  }

  /// Changes the size and queues the resize event a real terminal would send.
  public func resize(to newSize: CellSize) {
    size = newSize
    pendingEvents.append(.resize(newSize))
  }

  /// Moves virtual time on without an event.
  public func advanceTime(byMilliseconds milliseconds: Int) {
    elapsedMilliseconds += max(0, milliseconds)
  }

  public func invalidateScreen() {
    isInvalidated = true
    invalidationCount += 1
  }

  public func send(controlSequence bytes: [UInt8]) {
    sentControlSequences.append(bytes)
  }

  public func shutdown() {
    isShutDown = true
  }

  /// The screen's rows as plain text.
  public var lines: [String] { screen.lines }
}
