import TGridSystem
import TermGrid

/// Runs the compositional-layout benchmarks: `tgrid-bench compositional [ITEMS ...]`.
///
/// For each item count (10,000 and 1,000,000 by default) it lays out the flow benchmark's
/// shape as a compositional list (sections of 1,000 rows with a header and a footer, in
/// 200×50 points) four ways, and the flow layout's two cases in the same process for the
/// ratio: the median time of a full `prepare()` and of a visible-rect query.
func runCompositionalBenchmarks(arguments: [String]) {
  var itemCounts: [Int] = []
  for argument in arguments {
    guard let count = Int(argument.filter { $0 != "_" }), count > 0 else {
      print("usage: tgrid-bench compositional [ITEMS ...]")
      ProcessIdentity.exit(2)
    }
    itemCounts.append(count)
  }
  if itemCounts.isEmpty { itemCounts = [10_000, 1_000_000] }
  print("Compositional layout: a list, bounds \(FlowBenchmark.bounds.size) points, sections of")
  print(
    "\(FlowBenchmark.sectionSize) rows with a header and a footer; medians, queries over \(FlowBenchmark.queryCount) offsets."
  )
  print("")
  print(
    "items".leftPadded(9), "case".leftPadded(22), "prepare ms".leftPadded(11), "query µs".leftPadded(9),
    "query p99".leftPadded(10), "elements".leftPadded(9), "peak MB".leftPadded(8))
  for itemCount in itemCounts {
    for shape in CompositionalBenchmark.Shape.allCases {
      let result = CompositionalBenchmark(itemCount: itemCount, shape: shape).run()
      print(
        String(itemCount).leftPadded(9), shape.rawValue.leftPadded(22),
        result.prepareMilliseconds.formatted(3).leftPadded(11),
        result.queryMicroseconds.formatted(2).leftPadded(9), result.queryP99Microseconds.formatted(2).leftPadded(10),
        String(result.elementsPerQuery).leftPadded(9), result.peakMegabytes.formatted(1).leftPadded(8))
      if let measuring = result.measuringPassMilliseconds {
        print("".leftPadded(9), "(the pass taking the measured sizes: \(measuring.formatted(3)) ms)")
      }
    }
    for sizing in FlowBenchmark.Sizing.allCases {
      let flow = FlowBenchmark(itemCount: itemCount, sizing: sizing).run()
      print(
        String(itemCount).leftPadded(9), ("flow " + sizing.rawValue).leftPadded(22),
        flow.prepareMilliseconds.formatted(3).leftPadded(11), flow.queryMicroseconds.formatted(2).leftPadded(9),
        flow.queryP99Microseconds.formatted(2).leftPadded(10), String(flow.elementsPerQuery).leftPadded(9),
        flow.peakMegabytes.formatted(1).leftPadded(8))
    }
  }
  print("")
  print("shared section: one LayoutSection for every section (rows 200×3, absolute heights).")
  print("section provider: a new LayoutSection built by the provider for each section on each pass.")
  print("grid of 12: rows of 12 items sharing the width by largest remainder (repeatingSubitem).")
  print("measured: estimated heights, every item measured (2–5 rows) before the timed passes.")
  print("flow: the flow layout's cases (`tgrid-bench flow`), run here for the ratio.")
  if CompositionalBenchmark.sink == 42 { print("") }
}

/// One compositional-layout benchmark case.
struct CompositionalBenchmark {
  /// How the list is described.
  enum Shape: String, CaseIterable {
    case sharedSection = "shared section"
    case sectionProvider = "section provider"
    case grid = "grid of 12"
    case measured = "measured"
  }

  struct Result {
    var prepareMilliseconds: Double
    var queryMicroseconds: Double
    var queryP99Microseconds: Double
    var elementsPerQuery: Int
    var peakMegabytes: Double
    /// The measured case: the pass that takes every item's measured size (the walk the
    /// timed passes then keep), which the prepare column does not show.
    var measuringPassMilliseconds: Double? = nil
  }

  nonisolated(unsafe) static var sink = 0

  let itemCount: Int
  let shape: Shape

  func run() -> Result {
    let counts = FlowBenchmark.sectionCounts(itemCount: itemCount)
    let host = StaticLayoutHost(itemCounts: counts, bounds: FlowBenchmark.bounds)
    let layout: CompositionalLayout
    switch shape {
    case .sharedSection:
      layout = CompositionalLayout(section: Self.section(height: .absolute(3), columns: 1))
    case .sectionProvider:
      layout = CompositionalLayout { _, _ in Self.section(height: .absolute(3), columns: 1) }
    case .grid:
      layout = CompositionalLayout(section: Self.section(height: .absolute(3), columns: 12))
    case .measured:
      layout = CompositionalLayout(section: Self.section(height: .estimated(3), columns: 1))
    }
    layout.collectionView = host
    layout.prepareIfNeeded()
    var measuringPass: Double?
    if shape == .measured {
      var context = InvalidationContext()
      for (section, count) in counts.enumerated() {
        for item in 0..<count {
          let height = Double(2 + (section &* 7 &+ item) % 4)
          context.preferredItemSizes[IndexPath(item: item, section: section)] = Size(width: 198, height: height)
        }
      }
      layout.invalidateLayout(with: context)
      measuringPass = FlowBenchmark.milliseconds { layout.prepareIfNeeded() }
    }
    var prepareTimes: [Double] = []
    for _ in 0..<FlowBenchmark.prepareRuns {
      layout.invalidateLayout()
      prepareTimes.append(FlowBenchmark.milliseconds { layout.prepareIfNeeded() })
    }
    var generator = BenchmarkGenerator(
      seed: UInt64(itemCount) &* 37 &+ UInt64(Shape.allCases.firstIndex(of: shape) ?? 0))
    let maximumOffset = Swift.max(0, layout.collectionViewContentSize.height - FlowBenchmark.bounds.height)
    var queryTimes: [Double] = []
    var elementCounts: [Int] = []
    for _ in 0..<FlowBenchmark.queryCount {
      let rect = FlowBenchmark.bounds.offsetBy(dx: 0, dy: Double.random(in: 0...maximumOffset, using: &generator))
      var returned = 0
      queryTimes.append(
        FlowBenchmark.milliseconds { returned = layout.layoutAttributesForElements(in: rect).count } * 1_000)
      elementCounts.append(returned)
      Self.sink &+= returned
    }
    withExtendedLifetime(host) {}
    return Result(
      prepareMilliseconds: FlowBenchmark.median(prepareTimes), queryMicroseconds: FlowBenchmark.median(queryTimes),
      queryP99Microseconds: FlowBenchmark.percentile(queryTimes, 0.99),
      elementsPerQuery: Int(FlowBenchmark.median(elementCounts.map(Double.init))),
      peakMegabytes: FlowBenchmark.peakResidentMegabytes(), measuringPassMilliseconds: measuringPass)
  }

  /// A section of rows (`columns` items a row) with a header and a footer of one point,
  /// insets and spacings of one point, as the flow benchmark's.
  static func section(height: LayoutDimension, columns: Int) -> LayoutSection {
    let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height))
    let rowSize = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height)
    let group =
      columns == 1
      ? LayoutGroup.vertical(layoutSize: rowSize, subitems: [item])
      : LayoutGroup.horizontal(layoutSize: rowSize, repeatingSubitem: item, count: columns)
    group.interItemSpacing = .fixed(1)
    let section = LayoutSection(group: group)
    section.interGroupSpacing = 1
    section.contentInsets = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    let line = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(layoutSize: line, elementKind: ElementKind.header, alignment: .top),
      LayoutBoundarySupplementaryItem(layoutSize: line, elementKind: ElementKind.footer, alignment: .bottom),
    ]
    return section
  }
}
