import TermGrid

/// Runs the chart-layout benchmarks: `tgrid-bench chart [POINTS ...]`.
///
/// For each point count (1,000,000 by default) and kind (scatter, line, bar, a histogram of
/// 50 bins) it prints the median time of a full `prepare()` from whole arrays of values
/// (``ChartLayoutDelegate/chartLayout(_:valuesOfSeries:)``), of a `prepare()` that finds
/// nothing changed (the chart shown again: the invalidation a layout switch makes), the
/// cells the points were binned into, and the median and 99th-percentile time of a
/// visible-rect query at random offsets of a plot zoomed to 16 screens' width.
func runChartBenchmarks(arguments: [String]) {
  var pointCounts: [Int] = []
  for argument in arguments {
    guard let count = Int(argument.filter { $0 != "_" }), count > 0 else {
      print("usage: tgrid-bench chart [POINTS ...]")
      return
    }
    pointCounts.append(count)
  }
  if pointCounts.isEmpty { pointCounts = [1_000_000] }
  print("Chart layout: bounds \(ChartBenchmark.bounds.size) cells, one series of random (x, y) points;")
  print("times are medians, queries over \(ChartBenchmark.queryCount) random offsets at zoom 16.")
  print("")
  print(
    "points".leftPadded(9), "kind".leftPadded(10), "prepare ms".leftPadded(11), "again ms".leftPadded(9),
    "cells".leftPadded(7),
    "query µs".leftPadded(9), "query p99".leftPadded(10), "elements".leftPadded(9), "peak MB".leftPadded(8))
  for count in pointCounts {
    let values = ChartBenchmark.values(count: count)
    for (name, kind, bins) in [
      ("scatter", ChartKind.scatter, nil), ("line", .line, nil), ("bar", .bar, nil), ("histogram", .bar, 50),
    ] as [(String, ChartKind, Int?)] {
      let result = ChartBenchmark(values: values, kind: kind, binCount: bins).run()
      print(
        String(count).leftPadded(9), name.leftPadded(10), result.prepareMilliseconds.formatted(2).leftPadded(11),
        result.keptMilliseconds.formatted(3).leftPadded(9), String(result.cells).leftPadded(7),
        result.queryMicroseconds.formatted(2).leftPadded(9),
        result.queryP99Microseconds.formatted(2).leftPadded(10), String(result.elements).leftPadded(9),
        FlowBenchmark.peakResidentMegabytes().formatted(1).leftPadded(8))
    }
  }
  print("")
  print("prepare: full pass after invalidateLayout(), fitted to the width (median of \(ChartBenchmark.prepareRuns)).")
  print("again: prepare() after the invalidation a layout switch makes, nothing changed (the pass is kept).")
  print("cells: the bins drawn (points that share a cell are one element).")
  print("query: layoutAttributesForElements(in:) for the visible rectangle of the plot at zoom 16;")
  print("elements: median returned (points, ticks, tick lines, axes, legend).")
  if ChartBenchmark.sink == 42 { print("") }
}

/// One chart-layout benchmark case.
struct ChartBenchmark {
  struct Result {
    var prepareMilliseconds: Double
    var keptMilliseconds: Double
    var cells: Int
    var queryMicroseconds: Double
    var queryP99Microseconds: Double
    var elements: Int
  }

  static let bounds = Rect(x: 0, y: 0, width: 200, height: 50)
  static let prepareRuns = 7
  static let queryCount = 2_000
  /// Keeps results alive so the optimizer cannot drop the work.
  nonisolated(unsafe) static var sink = 0

  let values: ChartSeriesValues
  let kind: ChartKind
  let binCount: Int?

  /// `count` points: x uniform over a range, y a noisy function of x.
  static func values(count: Int) -> ChartSeriesValues {
    var generator = BenchmarkGenerator(seed: UInt64(count))
    var x = [Double](repeating: 0, count: count)
    var y = [Double](repeating: 0, count: count)
    for index in 0..<count {
      let position = Double(generator.next() % 1_000_000) / 10
      x[index] = position
      y[index] = position.truncatingRemainder(dividingBy: 977) + Double(generator.next() % 500)
    }
    return ChartSeriesValues(x: x, y: y)
  }

  func run() -> Result {
    let host = StaticLayoutHost(itemCounts: [values.x.count], bounds: Self.bounds)
    let source = Values(values: values)
    let fitted = ChartLayout(kind: kind, binCount: binCount)
    fitted.collectionView = host
    fitted.delegate = source
    var prepareTimes: [Double] = []
    for _ in 0..<Self.prepareRuns {
      fitted.invalidateLayout()
      prepareTimes.append(FlowBenchmark.milliseconds { fitted.prepareIfNeeded() })
    }
    // Shown again: what a layout switch invalidates with, and nothing it reads changed.
    var keptTimes: [Double] = []
    for _ in 0..<Self.prepareRuns {
      var context = InvalidationContext.everything
      context.invalidateDataSourceCounts = true
      fitted.invalidateLayout(with: context)
      keptTimes.append(FlowBenchmark.milliseconds { fitted.prepareIfNeeded() })
    }
    let zoomed = fitted.copy(zoom: 16)
    zoomed.collectionView = host
    zoomed.prepareIfNeeded()
    var generator = BenchmarkGenerator(seed: 33)
    let widest = Swift.max(0, zoomed.collectionViewContentSize.width - Self.bounds.width)
    var queryTimes: [Double] = []
    var elementCounts: [Int] = []
    for _ in 0..<Self.queryCount {
      let rect = Self.bounds.offsetBy(dx: Double.random(in: 0...widest, using: &generator), dy: 0)
      host.bounds = rect
      var returned = 0
      queryTimes.append(
        FlowBenchmark.milliseconds { returned = zoomed.layoutAttributesForElements(in: rect).count } * 1e3)
      elementCounts.append(returned)
      Self.sink &+= returned
    }
    host.bounds = Self.bounds
    return Result(
      prepareMilliseconds: FlowBenchmark.median(prepareTimes), keptMilliseconds: FlowBenchmark.median(keptTimes),
      cells: fitted.binCountDrawn,
      queryMicroseconds: FlowBenchmark.median(queryTimes),
      queryP99Microseconds: FlowBenchmark.percentile(queryTimes, 0.99),
      elements: Int(FlowBenchmark.median(elementCounts.map(Double.init))))
  }

  /// Answers the layout with whole arrays.
  final class Values: ChartLayoutDelegate {
    let values: ChartSeriesValues
    init(values: ChartSeriesValues) { self.values = values }
    func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double? {
      values.x[indexPath.item]
    }
    func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double? {
      values.y[indexPath.item]
    }
    func chartLayout(_ layout: ChartLayout, valuesOfSeries series: Int) -> ChartSeriesValues? { values }
  }
}
