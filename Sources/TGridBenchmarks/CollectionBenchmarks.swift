import TGridSystem
import TermGrid

/// Runs the collection-view benchmark: `tgrid-bench collection [ITEMS] [cards|cells]`.
///
/// A collection view of ITEMS items (1,000,000 by default) in one section, laid out by the
/// ``FlowLayout`` with one item size, on a 200×60 canvas, is scrolled one page at a time
/// from the top to the bottom. Each frame is the page scroll, the layout pass (the layout's
/// visible-rect query, views reused for what entered and recycled for what left) and the
/// drawing of every visible view into the canvas. It prints the median and 99th percentile
/// frame time, its parts, and the live and queued view counts.
func runCollectionBenchmarks(arguments: [String]) {
  var itemCount = 1_000_000
  var shapes: [CollectionBenchmark.Shape] = []
  for argument in arguments {
    if let shape = CollectionBenchmark.Shape(rawValue: argument) {
      shapes.append(shape)
    } else if let count = Int(argument.filter { $0 != "_" }), count > 0 {
      itemCount = count
    } else {
      print("usage: tgrid-bench collection [ITEMS] [cards|cells]")
      ProcessIdentity.exit(2)
    }
  }
  if shapes.isEmpty { shapes = CollectionBenchmark.Shape.allCases }

  print("Collection view: \(itemCount) items, FlowLayout with one item size, canvas 200×60,")
  print("scrolled one page at a time from top to bottom; a frame = page scroll + layout pass + draw.")
  print("")
  print(
    "items".benchmarkPadded(9), "item".benchmarkPadded(6), "frames".benchmarkPadded(7), "frame ms".benchmarkPadded(9),
    "p99 ms".benchmarkPadded(7), "max ms".benchmarkPadded(7), "pass ms".benchmarkPadded(8),
    "draw ms".benchmarkPadded(8),
    "query ms".benchmarkPadded(9), "visible".benchmarkPadded(8), "live max".benchmarkPadded(9),
    "queue max".benchmarkPadded(10), "created".benchmarkPadded(8))
  for shape in shapes {
    let result = CollectionBenchmark(itemCount: itemCount, shape: shape).run()
    print(
      String(itemCount).benchmarkPadded(9), shape.itemDescription.benchmarkPadded(6),
      String(result.frames).benchmarkPadded(7),
      result.frameMedian.benchmarkFormatted(3).benchmarkPadded(9),
      result.frameP99.benchmarkFormatted(3).benchmarkPadded(7),
      result.frameMaximum.benchmarkFormatted(3).benchmarkPadded(7),
      result.passMedian.benchmarkFormatted(3).benchmarkPadded(8),
      result.drawMedian.benchmarkFormatted(3).benchmarkPadded(8),
      result.queryMedian.benchmarkFormatted(3).benchmarkPadded(9),
      String(result.visibleMedian).benchmarkPadded(8), String(result.liveMaximum).benchmarkPadded(9),
      String(result.queuedMaximum).benchmarkPadded(10), String(result.created).benchmarkPadded(8))
  }
  print("")
  print("frame: median; p99 and max over all frames. pass: layoutIfNeeded (layout query, reuse, apply);")
  print("draw: draw(into:) of the laid-out views; query: layoutAttributesForElements(in:) alone (medians).")
  print("visible: median views on screen; live max: most views alive at once; queue max: most views")
  print("waiting for reuse; created: views ever made.")
  if CollectionBenchmark.sink == 42 { print("") }
}

/// One run of the collection-view scrolling benchmark.
struct CollectionBenchmark {
  /// The item size scrolled through.
  enum Shape: String, CaseIterable {
    /// Cards of 12×3 points, one point apart: about 15 columns by 15 lines on screen.
    case cards
    /// Single-line cells of 6×1, one point apart: about 28 columns by 60 lines on screen.
    case cells

    var itemSize: Size {
      switch self {
      case .cards: return Size(width: 12, height: 3)
      case .cells: return Size(width: 6, height: 1)
      }
    }

    var lineSpacing: Double { self == .cards ? 1 : 0 }

    var itemDescription: String { "\(Int(itemSize.width))×\(Int(itemSize.height))" }
  }

  struct Result {
    var frames: Int
    var frameMedian: Double
    var frameP99: Double
    var frameMaximum: Double
    var passMedian: Double
    var drawMedian: Double
    var queryMedian: Double
    var visibleMedian: Int
    var liveMaximum: Int
    var queuedMaximum: Int
    var created: Int
  }

  /// Keeps the optimizer from dropping work whose result is otherwise unused.
  nonisolated(unsafe) static var sink = 0

  let itemCount: Int
  let shape: Shape

  func run() -> Result {
    let size = CellSize(columns: 200, rows: 60)
    let layout = FlowLayout()
    layout.itemSize = shape.itemSize
    layout.minimumInteritemSpacing = 1
    layout.minimumLineSpacing = shape.lineSpacing
    layout.alignment = .leading
    let dataSource = BenchmarkDataSource(itemCount: itemCount)
    let view = CollectionView(frame: CellRect(size: size), layout: layout)
    view.animatesChanges = false
    view.register(BenchmarkCell.self, forCellWithReuseIdentifier: BenchmarkDataSource.identifier)
    view.dataSource = dataSource
    var canvas = Canvas(size: size)
    view.draw(into: &canvas)

    var frames: [Double] = []
    var passes: [Double] = []
    var draws: [Double] = []
    var queries: [Double] = []
    var visible: [Int] = []
    var liveMaximum = view.visibleViewCount
    var queuedMaximum = view.queuedViewCount
    let clock = ContinuousClock()
    while true {
      let before = view.contentOffset
      let start = clock.now
      view.scroll(byPages: 1)
      view.layoutIfNeeded()
      let laidOut = clock.now
      view.draw(into: &canvas)
      let end = clock.now
      guard view.contentOffset != before else { break }
      frames.append(Self.milliseconds(end - start))
      passes.append(Self.milliseconds(laidOut - start))
      draws.append(Self.milliseconds(end - laidOut))
      visible.append(view.visibleViewCount)
      liveMaximum = max(liveMaximum, view.visibleViewCount)
      queuedMaximum = max(queuedMaximum, view.queuedViewCount)
      // The layout's share, measured apart so it does not count twice.
      let queryStart = clock.now
      Self.sink &+= layout.layoutAttributesForElements(in: view.bounds).count
      queries.append(Self.milliseconds(clock.now - queryStart))
    }
    Self.sink &+= Int(canvas[0, 0].character.asciiValue ?? 0)
    withExtendedLifetime(dataSource) {}
    return Result(
      frames: frames.count, frameMedian: Self.percentile(frames, 0.5), frameP99: Self.percentile(frames, 0.99),
      frameMaximum: frames.max() ?? 0, passMedian: Self.percentile(passes, 0.5),
      drawMedian: Self.percentile(draws, 0.5),
      queryMedian: Self.percentile(queries, 0.5), visibleMedian: visible.sorted()[visible.count / 2],
      liveMaximum: liveMaximum, queuedMaximum: queuedMaximum, created: view.createdViewCount)
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
  }
}

/// Numbered items, each shown by a ``BenchmarkCell``: what a data source typically does.
final class BenchmarkDataSource: CollectionViewDataSource {
  static let identifier = "item"
  let itemCount: Int

  init(itemCount: Int) {
    self.itemCount = itemCount
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(
      BenchmarkCell.self, withReuseIdentifier: Self.identifier, for: indexPath)
    cell.title = "#\(indexPath.item)"
    return cell
  }
}

/// A cell showing a short title on its first line.
final class BenchmarkCell: Cell {
  var title = ""

  required init() {
    super.init()
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    canvas.draw(title, at: CellPoint(column: region.column, row: region.row), style: style, clip: clip)
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  fileprivate func benchmarkPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension Double {
  /// The number with `digits` decimals.
  fileprivate func benchmarkFormatted(_ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (self * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
  }
}
