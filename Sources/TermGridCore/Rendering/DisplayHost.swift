/// Where "something on screen changed: draw a frame" goes.
///
/// This is the one path a change takes to the screen: whatever changed calls
/// ``setNeedsDisplay()`` on its host, and the host (the run loop, `TerminalRunLoop`) draws
/// one frame after the events it is handling now, however many changes asked. A
/// collection view tells its host itself (`CollectionView.displayHost`): a focus move, a
/// scroll, a reload or an edit menu that opens needs no return value or flag to reach the
/// screen.
///
/// Call it on the run loop's thread. Another thread wakes the run loop instead
/// (`RunLoopWaker`), and the work it wakes for asks for a frame from there.
public protocol DisplayHost: AnyObject {
  /// Asks for a frame after the events being handled now.
  func setNeedsDisplay()
}
