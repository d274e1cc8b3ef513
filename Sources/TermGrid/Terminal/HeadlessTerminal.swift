/// A terminal in memory: shows canvases into a screen that tests read, and replays
/// scripted input. `tgrid dump` renders through it.
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

  /// Creates a headless terminal of the given size.
  public init(size: CellSize, colorCount: Int = 256) {
    self.size = size
    self.colorCount = colorCount
    screen = Canvas(size: size)
  }

  public func present(_ canvas: Canvas) {
    if canvas.size == screen.size {
      for index in canvas.cells.indices where canvas.cells[index] != screen.cells[index] {
        changedCellCount += 1
      }
    } else {
      changedCellCount += canvas.cells.count
    }
    screen = canvas
    frameCount += 1
  }

  public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
    pendingEvents.isEmpty ? nil : pendingEvents.removeFirst()
  }

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

  public func shutdown() {
    isShutDown = true
  }

  /// The screen's rows as plain text.
  public var lines: [String] { screen.lines }
}
