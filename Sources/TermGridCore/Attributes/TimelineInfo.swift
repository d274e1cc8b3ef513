/// What a timeline item's view needs beyond its frame (``LayoutAttributes/info``).
public struct TimelineItemInfo: Hashable, Sendable {
  /// The lane (row) the item was packed into, from 0.
  public var lane: Int
  /// True for a point event (no end): drawn as a marker, not a bar.
  public var isMarker: Bool

  /// Creates an item's info.
  public init(lane: Int, isMarker: Bool) {
    self.lane = lane
    self.isMarker = isMarker
  }
}

/// A date header's text on a time axis (``LayoutAttributes/info``): the period it starts
/// and how the layout wrote it for the scale shown.
public struct TimelineTickInfo: Hashable, Sendable {
  /// The tick's time, in seconds since 1970-01-01 00:00 UTC.
  public var time: Double
  /// The period written for the scale: `2024`, `Mar 2024`, `5 Mar`, `14:00`.
  public var label: String
  /// Whether the header's frame starts where the period starts (so a tick goes there);
  /// false for a period that began before the content's first column.
  public var marksStart: Bool

  /// Creates a tick's info.
  public init(time: Double, label: String, marksStart: Bool = true) {
    self.time = time
    self.label = label
    self.marksStart = marksStart
  }
}

/// A lane group's header on a timeline (``LayoutAttributes/info``): the swim lane's title
/// and how many lanes and items it holds.
public struct TimelineLaneHeaderInfo: Hashable, Sendable {
  /// The group, from 0, as the layout's delegate numbers them.
  public var group: Int
  /// The group's title (a category's value).
  public var title: String
  /// The lanes the group's items were packed into.
  public var laneCount: Int
  /// The items placed in the group.
  public var itemCount: Int

  /// Creates a lane header's info.
  public init(group: Int, title: String, laneCount: Int, itemCount: Int) {
    self.group = group
    self.title = title
    self.laneCount = laneCount
    self.itemCount = itemCount
  }
}
