import TermGridCore

/// What a chart's x axis holds, which decides how x values are placed and labelled.
public enum ChartAxisKind: Hashable, Sendable {
  /// Numbers, on a linear scale with round ticks.
  case number
  /// Times in seconds since 1970 UTC, with calendar ticks (years to minutes).
  case time
  /// Categories: an x value is the index of its category in this list; each category gets
  /// its own slot and tick.
  case category([String])
}

/// The values of a whole series at once (``ChartLayoutDelegate/chartLayout(_:valuesOfSeries:)``):
/// `x[i]` and `y[i]` are item `i`'s values, `nan` where it has none. Giving arrays saves a
/// call per point when there are millions of them.
public struct ChartSeriesValues: Sendable {
  /// The x values (category indices for a category axis).
  public var x: [Double]
  /// The y values.
  public var y: [Double]

  /// Creates a series' values; the shorter array decides how many items have values.
  public init(x: [Double], y: [Double]) {
    self.x = x
    self.y = y
  }
}

/// What a ``ChartLayout`` asks about its data. Each section is a series; item `i` of every
/// section is usually the same record (its x, and its value in that series).
public protocol ChartLayoutDelegate: AnyObject {
  /// What the x axis holds. The default is ``ChartAxisKind/number``.
  func xAxisKind(for layout: ChartLayout) -> ChartAxisKind
  /// An item's x value, or `nil` (or a value that is not finite) to leave it off the chart.
  func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double?
  /// An item's y value in its series (its section), or `nil` to leave it off.
  func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double?
  /// A series' title, for the legend. The default is "series N".
  func chartLayout(_ layout: ChartLayout, titleOfSeries series: Int) -> String
  /// Every value of a series at once, or `nil` (the default) to be asked item by item.
  func chartLayout(_ layout: ChartLayout, valuesOfSeries series: Int) -> ChartSeriesValues?
}

extension ChartLayoutDelegate {
  public func xAxisKind(for layout: ChartLayout) -> ChartAxisKind { .number }
  public func chartLayout(_ layout: ChartLayout, titleOfSeries series: Int) -> String { "series \(series + 1)" }
  public func chartLayout(_ layout: ChartLayout, valuesOfSeries series: Int) -> ChartSeriesValues? { nil }
}
