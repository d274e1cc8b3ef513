import TermGridCore

/// An animated scroll in flight: the content offset eases from where it was to a target
/// over a short time, stepped by the collection view's clock.
struct ScrollAnimation {
  /// Where the scroll started.
  var from: Point
  /// Where it ends.
  var to: Point
  /// When it started, in milliseconds of the collection view's clock.
  var start: Int
  /// How long it lasts, in milliseconds.
  var duration: Int

  /// How far along it is at `now`, eased in and out (0 to 1).
  func progress(now: Int) -> Double {
    guard duration > 0 else { return 1 }
    let linear = min(1, max(0, Double(now - start) / Double(duration)))
    // The same curve as element animations, so a scroll and an update move alike.
    if linear < 0.5 { return 4 * linear * linear * linear }
    let rest = -2 * linear + 2
    return 1 - rest * rest * rest / 2
  }

  /// The offset to show at `now`.
  func offset(now: Int) -> Point {
    let progress = progress(now: now)
    return Point(x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress)
  }

  /// Whether the scroll has reached its target at `now`.
  func isFinished(now: Int) -> Bool { now - start >= duration }
}
