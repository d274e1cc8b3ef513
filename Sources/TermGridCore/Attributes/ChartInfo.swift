/// How a chart draws its points: the kinds a ``ChartPointInfo`` can carry.
public enum ChartKind: String, Hashable, Sendable, CaseIterable {
  /// Each point a dot (braille dots, two by four to a cell).
  case scatter
  /// The points of a series joined in x order by a line (braille segments).
  case line
  /// Each point a bar from the baseline (eighth blocks); with binning, a histogram.
  case bar

  /// The next kind in the order scatter, line, bar (a key that cycles them).
  public var next: ChartKind {
    switch self {
    case .scatter: return .line
    case .line: return .bar
    case .bar: return .scatter
    }
  }
}

/// What a chart's point cell draws (``LayoutAttributes/info`` of a chart item): the points of
/// one series that fall into the cell, at sub-cell resolution.
///
/// Points that fall into the same cell are binned into one element (the first of them is the
/// item the layout answers for the cell): `dots` holds every one of them.
public struct ChartPointInfo: Hashable, Sendable {
  /// The series (the item's section).
  public var series: Int
  /// The kind of chart.
  public var kind: ChartKind
  /// The braille dots lit in the cell (bit values as in Unicode's braille block: dot 1 is
  /// `0x01`, dot 8 `0x80`), for scatter and line charts.
  public var dots: UInt8
  /// How many points the cell holds (the bin's count in a histogram).
  public var count: Int
  /// For a bar: eighths of a cell its top row is filled, from the bottom (1 to 8).
  public var topEighths: Int
  /// For a bar: true when it hangs below the baseline (a negative value).
  public var isNegative: Bool

  /// Creates a point's info.
  public init(
    series: Int, kind: ChartKind, dots: UInt8 = 0, count: Int = 1, topEighths: Int = 8, isNegative: Bool = false
  ) {
    self.series = series
    self.kind = kind
    self.dots = dots
    self.count = count
    self.topEighths = topEighths
    self.isNegative = isNegative
  }

  /// The braille character for a set of dots (`⠀` for none).
  public static func braille(_ dots: UInt8) -> Character {
    Character(Unicode.Scalar(0x2800 + UInt32(dots))!)
  }

  /// The bit of the braille dot at `column` (0 or 1) and `row` (0 to 3, from the top) of a cell.
  public static func brailleBit(column: Int, row: Int) -> UInt8 {
    switch (column & 1, row & 3) {
    case (0, 0): return 0x01
    case (0, 1): return 0x02
    case (0, 2): return 0x04
    case (0, _): return 0x40
    case (_, 0): return 0x08
    case (_, 1): return 0x10
    case (_, 2): return 0x20
    default: return 0x80
    }
  }
}

/// A chart's tick label (``LayoutAttributes/info`` of a ``ElementKind`` `chartTick`).
public struct ChartTickInfo: Hashable, Sendable {
  /// Which axis the tick is on.
  public enum Axis: Hashable, Sendable {
    /// The horizontal axis: the label under the axis, the tick mark on it.
    case x
    /// The vertical axis: the label right-aligned left of it, the tick mark on it.
    case y
  }

  /// Which axis.
  public var axis: Axis
  /// The value the tick marks (seconds since 1970 for a time axis, the category's index for
  /// a category axis).
  public var value: Double
  /// The label as written for the scale shown.
  public var label: String

  /// Creates a tick.
  public init(axis: Axis, value: Double, label: String) {
    self.axis = axis
    self.value = value
    self.label = label
  }
}

/// A chart's legend (the decoration `chartLegend`): each series' title, marker and colour.
public struct ChartLegendInfo: Hashable, Sendable {
  /// The series' titles, in series order.
  public var titles: [String]
  /// The kind of chart, which picks the markers shown.
  public var kind: ChartKind
  /// A line about the x axis (its field, or the histogram's bins), or empty.
  public var caption: String

  /// Creates a legend.
  public init(titles: [String], kind: ChartKind, caption: String = "") {
    self.titles = titles
    self.kind = kind
    self.caption = caption
  }

  /// The marker of a series: drawn in the legend, and on the points of every series after
  /// the first where the theme has no colour for it (`NO_COLOR`).
  public static func marker(ofSeries series: Int) -> Character {
    markers[((series % markers.count) + markers.count) % markers.count]
  }

  private static let markers: [Character] = ["•", "+", "x", "o", "*", "#", "%", "@"]

  /// The fill of a bar of a series where the theme has no colour for it: solid for the first
  /// series, shades for the others.
  public static func barFill(ofSeries series: Int) -> Character? {
    series == 0 ? nil : barFills[(series - 1) % barFills.count]
  }

  private static let barFills: [Character] = ["▒", "░", "▓"]

  /// The name of the theme kind that colours a series (`series0`, `series1`, …; six of them,
  /// reused in turn).
  public static func styleKind(ofSeries series: Int) -> String {
    seriesStyleKinds[((series % 6) + 6) % 6]
  }

  /// The six kind names, made once: a chart's cells ask for theirs thousands of times a frame.
  private static let seriesStyleKinds = (0..<6).map { "series\($0)" }
}
