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
  /// How many groups of lanes (swim lanes, one per category) the items go in. The default,
  /// 0, packs every item into one set of lanes with no lane headers.
  func numberOfLaneGroups(in layout: TimelineLayout) -> Int
  /// The group an item goes in, `0..<numberOfLaneGroups(in:)` (any other value: the last
  /// group). The default is 0.
  func timelineLayout(_ layout: TimelineLayout, laneGroupForItemAt indexPath: IndexPath) -> Int
  /// A group's title, shown in its header row. The default is empty.
  func timelineLayout(_ layout: TimelineLayout, titleForLaneGroup group: Int) -> String
}

extension TimelineLayoutDelegate {
  public func timelineLayout(_ layout: TimelineLayout, minimumWidthForItemAt indexPath: IndexPath) -> Int { 1 }
  public func numberOfLaneGroups(in layout: TimelineLayout) -> Int { 0 }
  public func timelineLayout(_ layout: TimelineLayout, laneGroupForItemAt indexPath: IndexPath) -> Int { 0 }
  public func timelineLayout(_ layout: TimelineLayout, titleForLaneGroup group: Int) -> String { "" }
}
