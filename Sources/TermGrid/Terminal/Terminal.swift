/// A screen that shows canvases and reports input: the real terminal through ncurses
/// (``NcursesTerminal``) or a scripted one in memory (``HeadlessTerminal``).
public protocol Terminal: AnyObject {
  /// The screen size in cells.
  var size: CellSize { get }
  /// How many colours the terminal shows: 0 (attributes only), 8, 16 or 256.
  var colorCount: Int { get }
  /// Shows a canvas; only cells that differ from the last frame reach the screen.
  func present(_ canvas: Canvas)
  /// Waits for input up to `timeout` milliseconds (`nil` waits forever); `nil` on timeout.
  func nextEvent(timeoutMilliseconds: Int?) -> InputEvent?
  /// Puts the terminal back the way it was found. Safe to call more than once.
  func shutdown()
}
