import TermGridCore

/// When an item happens: a start and, for a range, an end (seconds since 1970 UTC, or any
/// other linear time as long as the headers are not read as dates).
public struct TimelineRange: Hashable, Sendable {
  /// When it starts.
  public var start: Double
  /// When it ends; `nil` for a point event, drawn as a marker.
  public var end: Double?

  /// Creates a range; an end before the start is taken as the start.
  public init(start: Double, end: Double? = nil) {
    self.start = start
    self.end = end.map { Swift.max($0, start) }
  }
}

/// What a ``TimelineLayout`` asks about its items.
public protocol TimelineLayoutDelegate: AnyObject {
  /// When the item happens, or `nil` to leave it off the axis.
  func timelineLayout(_ layout: TimelineLayout, rangeForItemAt indexPath: IndexPath) -> TimelineRange?
  /// The narrowest the item is drawn, in cells (a marker wide enough for its label, say).
  /// The default is 1.
  func timelineLayout(_ layout: TimelineLayout, minimumWidthForItemAt indexPath: IndexPath) -> Int
}

extension TimelineLayoutDelegate {
  public func timelineLayout(_ layout: TimelineLayout, minimumWidthForItemAt indexPath: IndexPath) -> Int { 1 }
}
