import TermGridCore
import TermGridViews

extension ElementKind {
  /// A chart's tick (supplementary, a ``ChartTickInfo``): section 0 the y axis's, pinned to
  /// the left; section 1 the x axis's (``ChartLayout``).
  public static let chartTick = "chartTick"
  /// A chart's gridline at a tick (supplementary, a ``RuleInfo``): section 0 across the plot
  /// at the y ticks, section 1 down it at the x ticks.
  public static let chartTickLine = "chartTickLine"
  /// A chart's axis (supplementary, a ``RuleInfo``): item 0 the x axis, item 1 the y axis;
  /// both pinned to the visible area.
  public static let chartAxis = "chartAxis"
  /// A cell a line chart's line crosses between two points (supplementary, a
  /// ``ChartPointInfo`` with the dots; section: the series).
  public static let chartSegment = "chartSegment"
  /// A chart's legend (decoration, a ``ChartLegendInfo``), pinned to the top right.
  public static let chartLegend = "chartLegend"
}

/// Lays out a chart, as in the talk "Beyond the Grid": every data point is an item of the
/// collection view, placed from its x value (a number, a time or a category) and its y value;
/// each section is a series. Axes, ticks and gridlines are supplementary views; the legend is a
/// decoration view. Zoom is a new layout (``copy(kind:zoom:binCount:)``) switched in with animation.
///
/// Placement (``plotArea`` is the cells points may occupy, `C` columns by `R` rows): each
/// cell holds 2 × 4 braille dots, so x maps to a dot column
/// `dx = round((x − xMin) / (xMax − xMin) × (2C − 1))` and y to a dot row
/// `dy = round((yMax − y) / (yMax − yMin) × (4R − 1))`; the point's cell is column
/// `plotArea.column + dx / 2`, row `plotArea.row + dy / 4`. (A range of zero width puts every
/// point in the middle; on a category axis of `n` categories, category `i` is at dot column
/// `⌊(i + ½) × 2C / n⌋`, the middle of its slot.) Bars are measured in eighths of a cell from the baseline (zero, or
/// the edge of the range nearest zero); a category axis gives each category an equal slot, and
/// a histogram (``binCount``) gives each bin one.
///
/// Points of a series that fall into the same cell are binned: the cell is one element,
/// answered for the first of its items, whose ``ChartPointInfo`` carries the dots of all of
/// them (a bar carries the largest value, a histogram's bar the count). So a rect query
/// returns what the screen shows, however many points there are: `prepare()` is linear in the
/// points (and a line chart's in the plot's dots too), and a query binary-searches the cells by
/// column. Every item still answers ``layoutAttributesForItem(at:)`` with its cell, so any
/// point can be focused.
///
/// A pass that reads what the last full pass was computed from (the same values, counts,
/// axis, titles, caption, visible size and cell metrics) keeps what it computed, as a UIKit
/// layout keeps its cache across invalidations that change nothing it depends on: the chart
/// shown again, its data source given back, the same values reloaded cost a look at the
/// inputs, not a pass over the points. The delegate's arrays
/// (``ChartLayoutDelegate/chartLayout(_:valuesOfSeries:)``) are kept for that, so an
/// unchanged array is known by its storage without being read (values given item by item are
/// kept as arrays of the layout's own, 16 bytes a point). ``invalidateLayout()`` says
/// that something the layout cannot see changed: the next pass is a full one whatever it
/// reads. ``fullPassCount`` counts the full passes.
///
/// Elements:
/// - a cell per bin (``ChartPointCell`` draws it);
/// - supplementary ``ElementKind/chartTick``, ``ElementKind/chartTickLine``,
///   ``ElementKind/chartAxis`` and, for a line chart, ``ElementKind/chartSegment`` views
///   (``ChartTickView``, ``ChartTickLineView``, ``ChartAxisView``, ``ChartSegmentView``);
/// - the decoration ``ElementKind/chartLegend`` (``ChartLegendView``), registered by the
///   layout.
open class ChartLayout: CollectionLayout {
  /// The object asked for values; when `nil`, the collection view's layout delegate.
  public weak var delegate: (any ChartLayoutDelegate)? { didSet { invalidateLayout() } }

  /// How points are drawn.
  public let kind: ChartKind
  /// How many times the fitted width the plot is (1 fits the visible width).
  public let zoom: Double
  /// For a bar chart: the number of bins x is split into to count the points of each (a
  /// histogram of x; y values are not used), or `nil` for a bar per point.
  public let binCount: Int?
  /// A line the legend starts with (the x field, say), or empty.
  public var caption = "" { didSet { if caption != oldValue { invalidateLayout() } } }

  /// The most cells the plot may have (columns × rows × series): zooming in stops there.
  public static let maximumPlotCells = 4_000_000
  /// The rows above the plot (the legend's).
  public static let topRows = 1
  /// The rows under the plot: the x axis and its labels.
  public static let bottomRows = 2
  /// Z-index of the gridlines, under everything.
  public static let gridlineZIndex = -2
  /// Z-index of a line chart's segments, under the points.
  public static let segmentZIndex = -1
  /// Z-index of the axes, over the points.
  public static let axisZIndex = 10
  /// Z-index of the ticks, over the axes (their marks join them).
  public static let tickZIndex = 11
  /// Z-index of the legend.
  public static let legendZIndex = 12

  // What the last pass computed.
  /// The cells points may occupy, in content cells.
  public private(set) var plotArea = CellRect(column: 0, row: 0, columns: 0, rows: 0)
  /// The x range the plot spans (category indices for a category axis, bins' edges for a
  /// histogram).
  public private(set) var xRange: ClosedRange<Double> = 0...0
  /// The y range the plot spans (counts for a histogram).
  public private(set) var yRange: ClosedRange<Double> = 0...0
  /// What the x axis held.
  public private(set) var axisKind: ChartAxisKind = .number
  private var contentColumns = 0
  private var contentRows = 0
  /// The y axis's column and the labels' width left of it.
  private var labelColumns = 0

  // Bins, sorted by column then row.
  private var binColumn: [Int32] = []
  private var binRow: [Int32] = []
  private var binRows: [Int32] = []
  private var binWidth: [Int32] = []
  private var binSeries: [Int32] = []
  private var binItem: [Int32] = []
  private var binInfo: [ChartPointInfo] = []
  /// ``binInfo`` and ``segmentInfo`` boxed for the attributes, once per pass.
  private var binBoxes: [LayoutInfo] = []
  private var segmentBoxes: [LayoutInfo] = []
  private var widestBin = 1
  /// Each item's bin, per series (-1: not on the chart).
  private var itemBins: [[Int32]] = []
  /// A line chart's segment cells, sorted by column.
  private var segmentColumn: [Int32] = []
  private var segmentRow: [Int32] = []
  private var segmentInfo: [ChartPointInfo] = []
  /// Each segment's item in its index path, and the segments of each series in that order.
  private var segmentRank: [Int32] = []
  private var segmentsOfSeries: [[Int32]] = []

  struct Tick {
    var value: Double
    var position: Int
    var label: String
    /// The columns an x tick's label takes (1 to 12).
    var labelWidth: Int

    init(value: Double, position: Int, label: String) {
      self.value = value
      self.position = position
      self.label = label
      labelWidth = max(1, min(12, TextWidth.displayWidth(of: label)))
    }
  }
  private var xTicks: [Tick] = [] { didSet { xTickBoxes = xTicks.map { Self.box($0, axis: .x) } } }
  private var yTicks: [Tick] = [] { didSet { yTickBoxes = yTicks.map { Self.box($0, axis: .y) } } }
  /// The ticks' infos, boxed once per pass rather than once per query.
  private var xTickBoxes: [LayoutInfo] = []
  private var yTickBoxes: [LayoutInfo] = []
  private var legend = ChartLegendInfo(titles: [], kind: .scatter) {
    didSet {
      legendBox = LayoutInfo(legend)
      legendWidth = TextWidth.displayWidth(of: ChartLegendView.text(of: legend))
    }
  }
  private var legendBox = LayoutInfo(ChartLegendInfo(titles: [], kind: .scatter))
  private var legendWidth = 0
  /// The rules' infos, the same for every chart.
  private static let gridlineBoxes = (
    horizontal: LayoutInfo(RuleInfo(axis: .horizontal)), vertical: LayoutInfo(RuleInfo(axis: .vertical))
  )
  private static let axisBoxes = (
    horizontal: LayoutInfo(RuleInfo(axis: .horizontal, role: .axis)),
    vertical: LayoutInfo(RuleInfo(axis: .vertical, role: .axis))
  )

  private static func box(_ tick: Tick, axis: ChartTickInfo.Axis) -> LayoutInfo {
    LayoutInfo(ChartTickInfo(axis: axis, value: tick.value, label: tick.label))
  }

  /// What the last full pass was computed from, and how many full passes there were.
  private var passInputs: PassInputs?
  /// How many times `prepare()` placed the points again (a full pass). A pass that finds
  /// its inputs as the last full one left them (the chart shown again, the same values
  /// given again) keeps what it computed and does not count; scrolling does not either.
  /// ``CollectionLayout/preparePassCount`` counts every pass.
  public private(set) var fullPassCount = 0

  /// Everything a full pass reads: the same inputs give the same places, ticks and legend.
  private struct PassInputs {
    var visibleSize: CellSize
    var metrics: CellMetrics
    var itemCounts: [Int]
    var axisKind: ChartAxisKind
    var titles: [String]
    var caption: String
    /// Each series' values as read (the delegate's own arrays when it gives whole ones and
    /// their counts are the items'): kept, so an array the delegate gives again is known
    /// by its storage.
    var x: [[Double]]
    var y: [[Double]]

    /// Whether a pass over `other` would compute what a pass over these did.
    func givesTheSamePass(as other: PassInputs) -> Bool {
      visibleSize == other.visibleSize && metrics == other.metrics && itemCounts == other.itemCounts
        && axisKind == other.axisKind && titles == other.titles && caption == other.caption
        && Self.same(x, other.x) && Self.same(y, other.y)
    }

    /// Whether two lists of value arrays hold the same bits (NaN included): arrays that
    /// share their storage without reading them, others value by value.
    static func same(_ lhs: [[Double]], _ rhs: [[Double]]) -> Bool {
      guard lhs.count == rhs.count else { return false }
      for (left, right) in zip(lhs, rhs) {
        guard left.count == right.count else { return false }
        let equal = left.withUnsafeBufferPointer { left in
          right.withUnsafeBufferPointer { right in
            // The kept array holds its storage, so no other array can have that address:
            // the same address is the same values.
            if left.baseAddress == right.baseAddress { return true }
            for index in left.indices where left[index].bitPattern != right[index].bitPattern { return false }
            return true
          }
        }
        if !equal { return false }
      }
      return true
    }
  }

  /// Creates a chart layout of a kind, at a zoom (1 fits the width), binning x into
  /// `binCount` bins for a histogram (bar kind only).
  public init(kind: ChartKind = .scatter, zoom: Double = 1, binCount: Int? = nil) {
    self.kind = kind
    self.zoom = zoom.isFinite && zoom > 0 ? zoom : 1
    self.binCount = kind == .bar ? binCount.map { max(1, $0) } : nil
    super.init()
    register(decorationViewOfKind: ElementKind.chartLegend) { ChartLegendView() }
    legend = ChartLegendInfo(titles: [], kind: kind)
  }

  /// The same chart at another zoom or of another kind: switch to it with
  /// `setCollectionViewLayout(_:animated:)` and every point slides to its new place.
  open func copy(kind: ChartKind? = nil, zoom: Double? = nil, binCount: Int?? = nil) -> ChartLayout {
    let newKind = kind ?? self.kind
    let layout = ChartLayout(kind: newKind, zoom: zoom ?? self.zoom, binCount: binCount ?? self.binCount)
    layout.delegate = delegate
    layout.caption = caption
    return layout
  }

  /// The delegate in use.
  public var resolvedDelegate: (any ChartLayoutDelegate)? {
    delegate ?? (collectionView?.layoutDelegate as? any ChartLayoutDelegate)
  }

  var metrics: CellMetrics { collectionView?.cellMetrics ?? .identity }

  private var visibleCells: CellRect { metrics.cellRect(for: collectionView?.bounds ?? .zero) }

  /// How many cells the last pass drew points in (bins), over all series.
  public var binCountDrawn: Int { binItem.count }

  // MARK: - Reading values

  private func readSeries(_ series: Int, count: Int, delegate: any ChartLayoutDelegate) -> (x: [Double], y: [Double]) {
    if let values = delegate.chartLayout(self, valuesOfSeries: series) {
      var x = values.x
      var y = values.y
      let usable = min(count, min(x.count, y.count))
      if x.count != count { x = Array(x.prefix(usable)) + [Double](repeating: .nan, count: count - usable) }
      if y.count != count { y = Array(y.prefix(usable)) + [Double](repeating: .nan, count: count - usable) }
      return (x, y)
    }
    var x = [Double](repeating: .nan, count: count)
    var y = [Double](repeating: .nan, count: count)
    for item in 0..<count {
      let indexPath = IndexPath(item: item, section: series)
      x[item] = delegate.chartLayout(self, xValueForItemAt: indexPath) ?? .nan
      if binCount == nil { y[item] = delegate.chartLayout(self, yValueForItemAt: indexPath) ?? .nan }
    }
    return (x, y)
  }

  /// Everything the delegate and the host say that a pass depends on.
  private func readInputs(host: any LayoutHost, delegate: any ChartLayoutDelegate) -> PassInputs {
    let seriesCount = max(0, host.numberOfSections)
    var inputs = PassInputs(
      visibleSize: visibleCells.size, metrics: metrics, itemCounts: [], axisKind: delegate.xAxisKind(for: self),
      titles: [], caption: caption, x: [], y: [])
    for series in 0..<seriesCount {
      let count = max(0, host.numberOfItems(inSection: series))
      let values = readSeries(series, count: count, delegate: delegate)
      inputs.itemCounts.append(count)
      inputs.titles.append(delegate.chartLayout(self, titleOfSeries: series))
      inputs.x.append(values.x)
      inputs.y.append(values.y)
    }
    return inputs
  }

  // MARK: - The core layout process

  open override func prepare() {
    if let context = pendingInvalidation, !context.invalidateEverything, !context.invalidateDataSourceCounts,
      context.newBounds != nil
    {
      // Scrolling: the pinned axes and labels are placed when asked; nothing else moves.
      return
    }
    guard let host = collectionView, let delegate = resolvedDelegate else {
      passInputs = nil
      reset()
      return
    }
    let inputs = readInputs(host: host, delegate: delegate)
    // Shown again, or given the same data again: what the last pass computed stands.
    if let kept = passInputs, kept.givesTheSamePass(as: inputs) { return }
    passInputs = inputs
    fullPassCount += 1
    layOut(inputs)
  }

  /// Everything is out of date, whatever the next pass reads: it places every point again.
  open override func invalidateLayout() {
    passInputs = nil
    super.invalidateLayout()
  }

  /// A full pass: ranges, frame, ticks, and every point placed and binned.
  private func layOut(_ inputs: PassInputs) {
    let seriesCount = inputs.x.count
    axisKind = inputs.axisKind
    let xs = inputs.x
    let ys = inputs.y
    legend = ChartLegendInfo(titles: inputs.titles, kind: kind, caption: caption)

    // The ranges.
    var xLow = Double.infinity
    var xHigh = -Double.infinity
    var yLow = Double.infinity
    var yHigh = -Double.infinity
    for series in 0..<seriesCount {
      let x = xs[series]
      let y = ys[series]
      for item in x.indices where x[item].isFinite && (binCount != nil || y[item].isFinite) {
        xLow = min(xLow, x[item])
        xHigh = max(xHigh, x[item])
        if binCount == nil {
          yLow = min(yLow, y[item])
          yHigh = max(yHigh, y[item])
        }
      }
    }
    if case .category(let names) = axisKind {
      xLow = 0
      xHigh = Double(max(0, names.count - 1))
    }
    guard xLow.isFinite else {
      reset(keepingLegend: true)
      itemBins = xs.map { [Int32](repeating: -1, count: $0.count) }
      return
    }
    // Histogram: count per series and bin first, for the y range.
    var binCounts: [[Int]] = []
    var itemHistogramBin: [[Int32]] = []
    if let binCount {
      let span = xHigh - xLow
      for series in 0..<seriesCount {
        var counts = [Int](repeating: 0, count: binCount)
        var bins = [Int32](repeating: -1, count: xs[series].count)
        for (item, x) in xs[series].enumerated() where x.isFinite {
          let bin = span > 0 ? min(binCount - 1, Int((x - xLow) / span * Double(binCount))) : 0
          counts[bin] += 1
          bins[item] = Int32(bin)
        }
        binCounts.append(counts)
        itemHistogramBin.append(bins)
      }
      yLow = 0
      yHigh = Double(binCounts.lazy.flatMap { $0 }.max() ?? 0)
    }
    if kind == .bar {
      yLow = min(yLow, 0)
      yHigh = max(yHigh, 0)
    }
    xRange = xLow...xHigh
    yRange = yLow...yHigh

    // The frame: legend row, plot, x axis and labels; y labels left of the y axis.
    let visible = visibleCells
    contentRows = max(visible.rows, Self.topRows + Self.bottomRows + 1)
    let plotRows = contentRows - Self.topRows - Self.bottomRows
    let ySpan = yHigh - yLow
    let yStep = ChartScale.niceStep(span: ySpan > 0 ? ySpan : 1, count: max(1, plotRows / 3))
    let yValues = ySpan > 0 ? ChartScale.ticks(from: yLow, through: yHigh, step: yStep) : [yLow]
    let yLabels = yValues.map { ChartScale.label($0, step: yStep) }
    labelColumns = min(12, yLabels.map { TextWidth.displayWidth(of: $0) }.max() ?? 1)
    let plotLeft = labelColumns + 1
    let fitColumns = max(1, visible.columns - plotLeft - 1)
    let cellLimit = Self.maximumPlotCells / max(1, plotRows * max(1, seriesCount))
    let plotColumns = max(1, min(Int((Double(fitColumns) * zoom).rounded()), max(fitColumns, cellLimit)))
    plotArea = CellRect(column: plotLeft, row: Self.topRows, columns: plotColumns, rows: plotRows)
    contentColumns = plotLeft + plotColumns + 1

    yTicks = zip(yValues, yLabels).map { value, label in
      Tick(value: value, position: plotArea.row + dotRow(value) / 4, label: label)
    }
    xTicks = makeXTicks()

    // Place and bin.
    placePoints(xs: xs, ys: ys, histogram: itemHistogramBin, counts: binCounts)
    if kind == .line { traceLines(xs: xs) } else { clearSegments() }
    // Boxed once here, not once per query: a query of a screen of scattered points returns
    // thousands of elements, and a box each was most of its time.
    binBoxes = binInfo.map(LayoutInfo.init)
    segmentBoxes = segmentInfo.map(LayoutInfo.init)
  }

  /// The dot row (from the plot's top) of a y value.
  func dotRow(_ y: Double) -> Int { dotScale.row(y) }

  /// The dot column (from the plot's left) of an x value.
  func dotColumn(_ x: Double) -> Int { dotScale.column(x) }

  /// The plot's dots and ranges as they are now, read once for a pass over the points
  /// (reading the layout's own properties per point checks exclusive access every time).
  var dotScale: DotScale {
    var categories: Int?
    if case .category(let names) = axisKind, !names.isEmpty { categories = names.count }
    return DotScale(
      columns: plotArea.columns * 2, rows: plotArea.rows * 4, xRange: xRange, yRange: yRange,
      categoryCount: categories)
  }

  /// Where values fall among the plot's braille dots, by the formulas in the type's
  /// documentation.
  struct DotScale {
    /// Dot columns and rows across the plot.
    let columns: Int
    let rows: Int
    let xRange: ClosedRange<Double>
    let yRange: ClosedRange<Double>
    /// The categories of a category axis (each in the middle of its own slot).
    let categoryCount: Int?

    /// The dot row (from the plot's top) of a y value.
    func row(_ y: Double) -> Int {
      let span = yRange.upperBound - yRange.lowerBound
      guard span > 0 else { return rows / 2 }
      return min(rows - 1, max(0, Int(((yRange.upperBound - y) / span * Double(rows - 1)).rounded())))
    }

    /// The dot column (from the plot's left) of an x value.
    func column(_ x: Double) -> Int {
      if let categoryCount {
        let index = min(categoryCount - 1, max(0, Int(x.rounded())))
        return min(columns - 1, Int((Double(index) + 0.5) * Double(columns) / Double(categoryCount)))
      }
      let span = xRange.upperBound - xRange.lowerBound
      guard span > 0 else { return columns / 2 }
      return min(columns - 1, max(0, Int(((x - xRange.lowerBound) / span * Double(columns - 1)).rounded())))
    }
  }

  /// The first column of slot `index` of `count` equal slots across the plot.
  func slotColumn(_ index: Int, of count: Int) -> Int {
    plotArea.column + index * plotArea.columns / max(1, count)
  }

  /// The eighth (from the plot's top) a bar reaches for a value.
  func eighth(_ y: Double) -> Int {
    let eighths = plotArea.rows * 8
    let span = yRange.upperBound - yRange.lowerBound
    guard span > 0 else { return eighths }
    return min(eighths, max(0, Int(((yRange.upperBound - y) / span * Double(eighths)).rounded())))
  }

  private func placePoints(xs: [[Double]], ys: [[Double]], histogram: [[Int32]], counts: [[Int]]) {
    let seriesCount = xs.count
    let columns = plotArea.columns
    let rows = plotArea.rows
    let cellsPerSeries = kind == .bar ? columns : columns * rows
    var grid = [Int32](repeating: -1, count: cellsPerSeries)
    var column: [Int32] = []
    var row: [Int32] = []
    var height: [Int32] = []
    var width: [Int32] = []
    var seriesOf: [Int32] = []
    var item: [Int32] = []
    var info: [ChartPointInfo] = []
    var bestValue: [Double] = []
    var perItem: [[Int32]] = []
    lineDotRows = []
    let categoryCount: Int? = {
      if let binCount { return binCount }
      if case .category(let names) = axisKind, kind == .bar { return max(1, names.count) }
      return nil
    }()
    let barWidth: Int = {
      guard let categoryCount else { return 1 }
      let slot = max(1, columns / categoryCount)
      return max(1, (slot > 2 ? slot - 1 : slot) / max(1, seriesCount))
    }()
    let baseline = eighth(min(max(0, yRange.lowerBound), yRange.upperBound))
    let baselineRow = kind == .bar ? (baseline + 4) / 8 : 0
    let scale = dotScale
    for series in 0..<seriesCount {
      for index in grid.indices { grid[index] = -1 }
      let x = xs[series]
      let y = ys[series]
      var bins = [Int32](repeating: -1, count: x.count)
      var dotRows = [Int32](repeating: 0, count: kind == .line ? x.count : 0)
      for point in x.indices {
        guard x[point].isFinite else { continue }
        let value: Double
        let cellColumn: Int
        var dots: UInt8 = 0
        var cellRow = 0
        if let binCount {
          let bin = Int(histogram[series][point])
          guard bin >= 0 else { continue }
          value = Double(counts[series][bin])
          cellColumn = slotColumn(bin, of: binCount) - plotArea.column + series * barWidth
        } else {
          guard y[point].isFinite else { continue }
          value = y[point]
          if kind == .bar {
            if let categoryCount {
              let slot = min(categoryCount - 1, max(0, Int(x[point].rounded())))
              cellColumn = slotColumn(slot, of: categoryCount) - plotArea.column + series * barWidth
            } else {
              cellColumn = scale.column(x[point]) / 2 + series
            }
          } else {
            let dx = scale.column(x[point])
            let dy = scale.row(value)
            cellColumn = dx / 2
            cellRow = dy / 4
            dots = ChartPointInfo.brailleBit(column: dx, row: dy)
            if kind == .line { dotRows[point] = Int32(dy) }
          }
        }
        let clampedColumn = min(columns - 1, max(0, cellColumn))
        let key = kind == .bar ? clampedColumn : cellRow * columns + clampedColumn
        var bin = grid[key]
        if bin < 0 {
          bin = Int32(item.count)
          grid[key] = bin
          column.append(Int32(plotArea.column + clampedColumn))
          row.append(Int32(plotArea.row + cellRow))
          height.append(1)
          width.append(Int32(kind == .bar ? min(barWidth, columns - clampedColumn) : 1))
          seriesOf.append(Int32(series))
          item.append(Int32(point))
          info.append(ChartPointInfo(series: series, kind: kind, dots: dots, count: 0))
          bestValue.append(value)
        } else if kind != .bar {
          info[Int(bin)].dots |= dots
        } else if binCount == nil, abs(value) > abs(bestValue[Int(bin)]) {
          bestValue[Int(bin)] = value
        }
        info[Int(bin)].count += 1
        bins[point] = bin
      }
      perItem.append(bins)
      if kind == .line { lineDotRows.append(dotRows) }
    }
    if kind == .bar {
      // Bars: from the baseline up (or down) to the value, in eighths.
      for bin in item.indices {
        if binCount != nil { info[bin].count = Int(bestValue[bin]) }
        let top = eighth(bestValue[bin])
        if top < baselineRow * 8 || (top == baselineRow * 8 && bestValue[bin] >= 0) {
          let reach = min(top, baselineRow * 8 - 1)
          let topRow = max(0, reach / 8)
          row[bin] = Int32(plotArea.row + topRow)
          height[bin] = Int32(max(1, baselineRow - topRow))
          info[bin].topEighths = top >= baselineRow * 8 ? 1 : 8 - reach % 8
        } else {
          let bottomRow = min(rows - 1, max(baselineRow, (top - 1) / 8))
          row[bin] = Int32(plotArea.row + baselineRow)
          height[bin] = Int32(max(1, bottomRow - baselineRow + 1))
          info[bin].isNegative = true
        }
      }
    }
    // Sort the bins by column, then row, and renumber the items' bins to match.
    var order = Array(0..<item.count)
    order.sort { column[$0] != column[$1] ? column[$0] < column[$1] : row[$0] < row[$1] }
    var newIndex = [Int32](repeating: 0, count: order.count)
    for (position, old) in order.enumerated() { newIndex[old] = Int32(position) }
    binColumn = order.map { column[$0] }
    binRow = order.map { row[$0] }
    binRows = order.map { height[$0] }
    binWidth = order.map { width[$0] }
    binSeries = order.map { seriesOf[$0] }
    binItem = order.map { item[$0] }
    binInfo = order.map { info[$0] }
    widestBin = Int(binWidth.max() ?? 1)
    itemBins = perItem.map { bins in bins.map { $0 < 0 ? -1 : newIndex[Int($0)] } }
  }

  /// Joins each series' points in x order with lines of braille dots: the dots in cells of
  /// the series' own points go into those points' bins, the others into segment cells.
  ///
  /// The line visits the points in x order (by dot column, then item), so within one dot
  /// column it runs up and down between that column's points: the dots it lights there are
  /// every row from the column's lowest point to its highest. Between two columns it is one
  /// straight segment, from the last point (by item) of one to the first of the next. So one
  /// pass over the points (each column's lowest, highest, first and last dot row) and one
  /// pass over the columns light the same dots as drawing every segment between
  /// neighbouring points, without sorting the points: linear in the points plus the plot's
  /// dots.
  private func traceLines(xs: [[Double]]) {
    let columns = plotArea.columns
    let rows = plotArea.rows
    var column: [Int32] = []
    var row: [Int32] = []
    var info: [ChartPointInfo] = []
    var grid = [Int32](repeating: -1, count: columns * rows)
    let dotColumns = columns * 2
    var low = [Int32](repeating: 0, count: dotColumns)
    var high = [Int32](repeating: 0, count: dotColumns)
    var first = [Int32](repeating: -1, count: dotColumns)
    var last = [Int32](repeating: 0, count: dotColumns)
    let scale = dotScale
    for series in xs.indices {
      // The series' bins own their cells.
      for index in grid.indices { grid[index] = -1 }
      for bin in binItem.indices where Int(binSeries[bin]) == series {
        grid[(Int(binRow[bin]) - plotArea.row) * columns + Int(binColumn[bin]) - plotArea.column] = Int32(-2 - bin)
      }
      // Each dot column's points: their lowest and highest dot rows, and those of the first
      // and last in item order.
      for index in first.indices { first[index] = -1 }
      let x = xs[series]
      let dotRows = lineDotRows[series]
      for (item, bin) in itemBins[series].enumerated() where bin >= 0 {
        let dx = scale.column(x[item])
        let dy = dotRows[item]
        if first[dx] < 0 {
          first[dx] = dy
          low[dx] = dy
          high[dx] = dy
        } else {
          low[dx] = min(low[dx], dy)
          high[dx] = max(high[dx], dy)
        }
        last[dx] = dy
      }
      func light(_ x: Int, _ y: Int) {
        let cell = (y / 4) * columns + x / 2
        let bit = ChartPointInfo.brailleBit(column: x, row: y)
        let owner = grid[cell]
        if owner <= -2 {
          binInfo[Int(-2 - owner)].dots |= bit
        } else if owner >= 0 {
          info[Int(owner)].dots |= bit
        } else {
          grid[cell] = Int32(info.count)
          column.append(Int32(plotArea.column + x / 2))
          row.append(Int32(plotArea.row + y / 4))
          info.append(ChartPointInfo(series: series, kind: .line, dots: bit, count: 0))
        }
      }
      var previous: (x: Int, y: Int)?
      for dx in 0..<dotColumns where first[dx] >= 0 {
        if let previous { plot(from: previous, to: (x: dx, y: Int(first[dx])), light) }
        for dy in Int(low[dx])...Int(high[dx]) { light(dx, dy) }
        previous = (x: dx, y: Int(last[dx]))
      }
    }
    var order = Array(0..<info.count)
    order.sort { column[$0] != column[$1] ? column[$0] < column[$1] : row[$0] < row[$1] }
    segmentColumn = order.map { column[$0] }
    segmentRow = order.map { row[$0] }
    segmentInfo = order.map { info[$0] }
    // Index paths count within the series, in column order.
    segmentsOfSeries = Array(repeating: [], count: xs.count)
    segmentRank = []
    segmentRank.reserveCapacity(segmentInfo.count)
    for (index, segment) in segmentInfo.enumerated() {
      segmentRank.append(Int32(segmentsOfSeries[segment.series].count))
      segmentsOfSeries[segment.series].append(Int32(index))
    }
  }

  /// The dot rows of a line chart's points, kept by ``placePoints`` for ``traceLines(xs:)``.
  private var lineDotRows: [[Int32]] = []

  /// Every dot on the straight line between two dots (Bresenham), both ends included.
  private func plot(from start: (x: Int, y: Int), to end: (x: Int, y: Int), _ visit: (Int, Int) -> Void) {
    var x = start.x
    var y = start.y
    let dx = abs(end.x - x)
    let dy = -abs(end.y - y)
    let stepX = x < end.x ? 1 : -1
    let stepY = y < end.y ? 1 : -1
    var error = dx + dy
    while true {
      visit(x, y)
      if x == end.x && y == end.y { break }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += stepX
      }
      if doubled <= dx {
        error += dx
        y += stepY
      }
    }
  }

  private func clearSegments() {
    segmentColumn = []
    segmentRow = []
    segmentInfo = []
    segmentRank = []
    segmentsOfSeries = []
  }

  private func reset(keepingLegend: Bool = false) {
    if !keepingLegend { legend = ChartLegendInfo(titles: [], kind: kind, caption: caption) }
    plotArea = CellRect(column: 0, row: 0, columns: 0, rows: 0)
    xRange = 0...0
    yRange = 0...0
    contentColumns = 0
    contentRows = 0
    binColumn = []
    binRow = []
    binRows = []
    binWidth = []
    binSeries = []
    binItem = []
    binInfo = []
    binBoxes = []
    segmentBoxes = []
    itemBins = []
    xTicks = []
    yTicks = []
    clearSegments()
  }
  // MARK: - Ticks

  /// The column an x value is marked at.
  func xColumn(_ value: Double) -> Int {
    if let binCount {
      let span = xRange.upperBound - xRange.lowerBound
      guard span > 0 else { return plotArea.column }
      let fraction = (value - xRange.lowerBound) / span
      return plotArea.column + min(plotArea.columns - 1, max(0, Int(fraction * Double(plotArea.columns))))
        + (binCount > 0 ? 0 : 0)
    }
    if case .category(let names) = axisKind, kind == .bar {
      return slotColumn(min(max(0, Int(value.rounded())), max(0, names.count - 1)), of: max(1, names.count))
    }
    return plotArea.column + dotColumn(value) / 2
  }

  /// The x axis's ticks: round numbers, calendar periods or categories, as many as fit with
  /// a column between labels.
  func makeXTicks() -> [Tick] {
    let columns = plotArea.columns
    guard columns > 0 else { return [] }
    switch axisKind {
    case .category(let names):
      guard !names.isEmpty else { return [] }
      let widest = min(12, names.map { TextWidth.displayWidth(of: $0) }.max() ?? 1)
      let room = max(1, Double(columns) / Double(names.count))
      let every = max(1, Int((Double(widest + 1) / room).rounded(.up)))
      return stride(from: 0, to: names.count, by: every).map {
        Tick(value: Double($0), position: xColumn(Double($0)), label: names[$0])
      }
    case .time:
      let span = max(1, xRange.upperBound - xRange.lowerBound)
      let scale = Double(columns) / span
      let period =
        TimelineCalendar.Period.all.first { $0.approximateSeconds * scale >= 13 } ?? TimelineCalendar.Period.all.last!
      let first = period.index(containing: xRange.lowerBound)
      let last = period.index(containing: xRange.upperBound)
      var ticks: [Tick] = []
      for index in first...max(first, min(last, first + 100_000)) {
        let start = period.start(ofIndex: index)
        guard start >= xRange.lowerBound, start <= xRange.upperBound else { continue }
        ticks.append(Tick(value: start, position: xColumn(start), label: period.label(forIndex: index)))
      }
      return ticks
    case .number:
      let span = xRange.upperBound - xRange.lowerBound
      guard span > 0 else {
        let value = xRange.lowerBound
        return [Tick(value: value, position: xColumn(value), label: ChartScale.label(value, step: 1))]
      }
      var count = max(1, columns / 8)
      while true {
        let step = ChartScale.niceStep(span: span, count: count)
        let values = ChartScale.ticks(from: xRange.lowerBound, through: xRange.upperBound, step: step)
        let labels = values.map { ChartScale.label($0, step: step) }
        let widest = labels.map { TextWidth.displayWidth(of: $0) }.max() ?? 1
        let spacing = values.count > 1 ? Double(columns) * step / span : Double(columns)
        if spacing >= Double(widest + 1) || count == 1 {
          return zip(values, labels).map { Tick(value: $0, position: xColumn($0), label: $1) }
        }
        count = max(1, count / 2)
      }
    }
  }

  // MARK: - Size

  open override var collectionViewContentSize: Size {
    metrics.size(for: CellSize(columns: contentColumns, rows: contentRows))
  }

  /// The row of the x axis.
  var axisRow: Int { plotArea.row + plotArea.rows }

  // MARK: - Attributes

  func binAttributes(_ bin: Int, for indexPath: IndexPath? = nil) -> LayoutAttributes {
    let cells = CellRect(
      column: Int(binColumn[bin]), row: Int(binRow[bin]), columns: Int(binWidth[bin]), rows: Int(binRows[bin]))
    let path = indexPath ?? IndexPath(item: Int(binItem[bin]), section: Int(binSeries[bin]))
    var attributes = LayoutAttributes(forCellWith: path, frame: metrics.rect(for: cells))
    attributes.info = bin < binBoxes.count ? binBoxes[bin] : LayoutInfo(binInfo[bin])
    return attributes
  }

  /// The first index of a column-sorted array whose column is at least `column`.
  static func firstIndex(in columns: [Int32], atLeast column: Int) -> Int {
    var low = 0
    var high = columns.count
    while low < high {
      let middle = (low + high) / 2
      if Int(columns[middle]) < column { low = middle + 1 } else { high = middle }
    }
    return low
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // A screen of scattered points is thousands of elements: the metrics (a weak load of
    // the collection view) are read once, and the bins through local copies (reading a
    // class's array property in the loop checks exclusive access on every read).
    let metrics = self.metrics
    let area = metrics.cellRect(for: rect)
    guard !area.isEmpty, contentColumns > 0 else { return [] }
    let visible = metrics.cellRect(for: collectionView?.bounds ?? .zero)
    let columns = binColumn
    let firstBin = Self.firstIndex(in: columns, atLeast: area.column - widestBin + 1)
    let endBin = Self.firstIndex(in: columns, atLeast: area.maxColumn)
    let segmentColumns = segmentColumn
    let firstSegment = Self.firstIndex(in: segmentColumns, atLeast: area.column)
    let endSegment = Self.firstIndex(in: segmentColumns, atLeast: area.maxColumn)
    // x ticks whose labels (at most 12 columns) reach into the area.
    let firstXTick = firstTick(atLeast: area.column - 12)
    let endXTick = firstTick(atLeast: area.maxColumn)
    let capacity =
      max(0, endBin - firstBin) + max(0, endSegment - firstSegment) + 2 * yTicks.count
      + 2 * max(0, endXTick - firstXTick) + 3

    // The points: the bins in the area's columns (a bar may start left of it). Each is made
    // field by field in the result's storage (`initializeCell`): appending attributes, or
    // initializing with them, built each in a temporary, copied and destroyed it.
    var result = [LayoutAttributes](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      guard firstBin < endBin, let base = buffer.baseAddress else { return }
      let rows = binRow
      let heights = binRows
      let widths = binWidth
      let series = binSeries
      let items = binItem
      let boxes = binBoxes
      let infos = boxes.count == columns.count ? [] : binInfo
      for bin in firstBin..<endBin {
        let row = Int(rows[bin])
        let column = Int(columns[bin])
        let width = Int(widths[bin])
        let height = Int(heights[bin])
        guard row < area.maxRow, row + height > area.row, column + width > area.column else { continue }
        (base + count).initializeCell(
          at: IndexPath(item: Int(items[bin]), section: Int(series[bin])),
          frame: metrics.rect(for: CellRect(column: column, row: row, columns: width, rows: height)),
          info: infos.isEmpty ? boxes[bin] : LayoutInfo(infos[bin]))
        count += 1
      }
    }
    for segment in firstSegment..<max(firstSegment, endSegment) {
      if let attributes = segmentAttributes(segment, metrics: metrics), attributes.frame.intersects(rect) {
        result.append(attributes)
      }
    }
    for index in yTicks.indices {
      if let tick = yTickAttributes(index, visible: visible, metrics: metrics), tick.frame.intersects(rect) {
        result.append(tick)
      }
      if let line = gridlineAttributes(IndexPath(item: index, section: 0), metrics: metrics),
        line.frame.intersects(rect)
      {
        result.append(line)
      }
    }
    for tick in firstXTick..<max(firstXTick, endXTick) {
      if let attributes = xTickAttributes(tick, metrics: metrics), attributes.frame.intersects(rect) {
        result.append(attributes)
      }
      if let line = gridlineAttributes(IndexPath(item: tick, section: 1), metrics: metrics),
        line.frame.intersects(rect)
      {
        result.append(line)
      }
    }
    for item in 0..<2 {
      if let axis = axisAttributes(item, visible: visible, metrics: metrics), axis.frame.intersects(rect) {
        result.append(axis)
      }
    }
    if let legend = legendAttributes(visible: visible, metrics: metrics), legend.frame.intersects(rect) {
      result.append(legend)
    }
    return result
  }

  private func firstTick(atLeast column: Int) -> Int {
    var low = 0
    var high = xTicks.count
    while low < high {
      let middle = (low + high) / 2
      if xTicks[middle].position < column { low = middle + 1 } else { high = middle }
    }
    return low
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < itemBins.count, indexPath.item >= 0,
      indexPath.item < itemBins[indexPath.section].count
    else { return nil }
    let bin = Int(itemBins[indexPath.section][indexPath.item])
    guard bin >= 0 else { return nil }
    return binAttributes(bin, for: indexPath)
  }

  /// The item drawn for the cell an item fell into (the first of the points binned there).
  public func representativeItem(of indexPath: IndexPath) -> IndexPath? {
    guard indexPath.section >= 0, indexPath.section < itemBins.count, indexPath.item >= 0,
      indexPath.item < itemBins[indexPath.section].count
    else { return nil }
    let bin = Int(itemBins[indexPath.section][indexPath.item])
    guard bin >= 0 else { return nil }
    return IndexPath(item: Int(binItem[bin]), section: Int(binSeries[bin]))
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    let metrics = self.metrics
    let visible = visibleCells
    switch kind {
    case ElementKind.chartTick:
      return indexPath.section == 0
        ? yTickAttributes(indexPath.item, visible: visible, metrics: metrics)
        : xTickAttributes(indexPath.item, metrics: metrics)
    case ElementKind.chartTickLine: return gridlineAttributes(indexPath, metrics: metrics)
    case ElementKind.chartAxis: return axisAttributes(indexPath.item, visible: visible, metrics: metrics)
    case ElementKind.chartSegment:
      guard segmentsOfSeries.indices.contains(indexPath.section),
        segmentsOfSeries[indexPath.section].indices.contains(indexPath.item)
      else { return nil }
      return segmentAttributes(Int(segmentsOfSeries[indexPath.section][indexPath.item]), metrics: metrics)
    default: return nil
    }
  }

  open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    kind == ElementKind.chartLegend && indexPath == IndexPath(item: 0, section: 0)
      ? legendAttributes(visible: visibleCells, metrics: metrics) : nil
  }

  func segmentAttributes(_ index: Int, metrics: CellMetrics) -> LayoutAttributes? {
    guard index >= 0, index < segmentInfo.count else { return nil }
    let cells = CellRect(column: Int(segmentColumn[index]), row: Int(segmentRow[index]), columns: 1, rows: 1)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.chartSegment,
      with: IndexPath(item: Int(segmentRank[index]), section: segmentInfo[index].series),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.segmentZIndex
    attributes.info = index < segmentBoxes.count ? segmentBoxes[index] : LayoutInfo(segmentInfo[index])
    return attributes
  }

  func yTickAttributes(_ index: Int, visible: CellRect, metrics: CellMetrics) -> LayoutAttributes? {
    guard yTicks.indices.contains(index) else { return nil }
    let cells = CellRect(
      column: max(0, visible.column), row: yTicks[index].position, columns: labelColumns + 1, rows: 1)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.chartTick, with: IndexPath(item: index, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.tickZIndex
    attributes.info = yTickBoxes[index]
    return attributes
  }

  func xTickAttributes(_ index: Int, metrics: CellMetrics) -> LayoutAttributes? {
    guard xTicks.indices.contains(index) else { return nil }
    let tick = xTicks[index]
    let cells = CellRect(column: tick.position, row: axisRow, columns: tick.labelWidth, rows: 2)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.chartTick, with: IndexPath(item: index, section: 1),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.tickZIndex
    attributes.info = xTickBoxes[index]
    return attributes
  }

  func gridlineAttributes(_ indexPath: IndexPath, metrics: CellMetrics) -> LayoutAttributes? {
    let cells: CellRect
    let rule: LayoutInfo
    if indexPath.section == 0 {
      guard yTicks.indices.contains(indexPath.item) else { return nil }
      cells = CellRect(
        column: plotArea.column, row: yTicks[indexPath.item].position, columns: plotArea.columns, rows: 1)
      rule = Self.gridlineBoxes.horizontal
    } else {
      // None at the plot's first column, beside the y axis.
      guard xTicks.indices.contains(indexPath.item), xTicks[indexPath.item].position > plotArea.column else {
        return nil
      }
      cells = CellRect(column: xTicks[indexPath.item].position, row: plotArea.row, columns: 1, rows: plotArea.rows)
      rule = Self.gridlineBoxes.vertical
    }
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.chartTickLine, with: indexPath, frame: metrics.rect(for: cells))
    attributes.zIndex = Self.gridlineZIndex
    attributes.info = rule
    return attributes
  }

  func axisAttributes(_ item: Int, visible: CellRect, metrics: CellMetrics) -> LayoutAttributes? {
    guard contentColumns > 0, item == 0 || item == 1 else { return nil }
    let left = max(0, visible.column) + labelColumns
    let cells =
      item == 0
      ? CellRect(column: left, row: axisRow, columns: max(1, max(visible.maxColumn, contentColumns) - left), rows: 1)
      : CellRect(column: left, row: plotArea.row, columns: 1, rows: plotArea.rows + 1)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.chartAxis, with: IndexPath(item: item, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.axisZIndex
    attributes.info = item == 0 ? Self.axisBoxes.horizontal : Self.axisBoxes.vertical
    return attributes
  }

  func legendAttributes(visible: CellRect, metrics: CellMetrics) -> LayoutAttributes? {
    guard contentColumns > 0, !legend.titles.isEmpty || !legend.caption.isEmpty else { return nil }
    let width = min(max(1, visible.columns), legendWidth)
    let cells = CellRect(
      column: max(0, visible.column) + max(0, visible.columns - width), row: max(0, visible.row), columns: width,
      rows: 1)
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind.chartLegend, with: IndexPath(item: 0, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.legendZIndex
    attributes.info = legendBox
    return attributes
  }

  // MARK: - Scrolling, focus and updates

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    context.newBounds = newBounds
    // The plot fits the visible size: a resize places every point again.
    if let old = collectionView?.bounds, old.size != newBounds.size { context.invalidateEverything = true }
    return context
  }

  /// The pinned y labels and axis cover the left columns.
  open override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    EdgeInsets(top: 0, left: metrics.width(ofColumns: labelColumns + 1), bottom: 0, right: 0)
  }

  /// The points, ticks and lines do not change with the focus: a move between points
  /// redraws the two cells' states, not the plot's thousands of elements.
  open override var visibleElementsDependOnFocus: Bool { false }

  /// Left and right go to the neighbouring point of the same series in x order (the nearest
  /// in height among those in the next column that has any); up and down are left to the
  /// geometry (the nearest point above or below, of any series).
  open override func indexPathForFocus(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
    guard direction == .left || direction == .right, indexPath.section >= 0, indexPath.section < itemBins.count,
      indexPath.item >= 0, indexPath.item < itemBins[indexPath.section].count
    else { return nil }
    let current = Int(itemBins[indexPath.section][indexPath.item])
    guard current >= 0 else { return nil }
    let series = binSeries[current]
    let column = binColumn[current]
    let row = Int(binRow[current])
    let step = direction == .right ? 1 : -1
    var bin = current + step
    var best: Int?
    var bestColumn: Int32?
    while bin >= 0, bin < binColumn.count {
      if let bestColumn, binColumn[bin] != bestColumn { break }
      if binSeries[bin] == series, binColumn[bin] != column {
        bestColumn = binColumn[bin]
        if best == nil || abs(Int(binRow[bin]) - row) < abs(Int(binRow[best!]) - row) { best = bin }
      }
      bin += step
    }
    guard let best else { return indexPath }
    return IndexPath(item: Int(binItem[best]), section: Int(binSeries[best]))
  }

  /// Ticks, gridlines and axes belong to places on the axes, not to items.
  open override func supplementaryViewsFollowItems(ofKind kind: String) -> Bool {
    switch kind {
    case ElementKind.chartTick, ElementKind.chartTickLine, ElementKind.chartAxis, ElementKind.chartSegment: false
    default: super.supplementaryViewsFollowItems(ofKind: kind)
    }
  }
}
