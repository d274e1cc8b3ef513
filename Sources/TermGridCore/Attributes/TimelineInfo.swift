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
