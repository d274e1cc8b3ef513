import TermGrid

/// Where a background task finds the run loop's waker: set on the run loop's thread once the
/// loop runs, read from the task's thread after each piece of work.
///
/// The document load, a followed stream and a background diff each keep one. A task that
/// finished before the loop ran is still noticed: setting the waker wakes it when the task
/// says there is something to take (`pending`).
final class WakerSlot: Sendable {
  private let box = Locked<RunLoopWaker?>(nil)

  /// The waker, once the run loop has one.
  var waker: RunLoopWaker? { box.withLock { $0 } }

  /// Keeps `waker` and wakes it at once when `pending` says work waits to be taken.
  func set(_ waker: RunLoopWaker?, pending: Bool = true) {
    box.withLock { $0 = waker }
    if pending { waker?.wake() }
  }

  /// Wakes the run loop, if there is one yet.
  func wake() {
    waker?.wake()
  }
}
