import TGridSystem
import TermGrid

/// Runs the flow-layout benchmarks: `tgrid-bench flow [uniform|variable] [ITEMS ...]`.
///
/// For each item count (10,000 and 1,000,000 by default) and sizing (one `itemSize`, or a
/// size per item from a delegate) it prints the median time of a full `prepare()`, of a
/// visible-rect query at random offsets, of a scroll step with pinned headers and of a
/// preferred-size pass, and the process's peak memory so far.
func runFlowBenchmarks(arguments: [String]) {
  var sizings: [FlowBenchmark.Sizing] = []
  var itemCounts: [Int] = []
  for argument in arguments {
    if let sizing = FlowBenchmark.Sizing(rawValue: argument) {
      sizings.append(sizing)
    } else if let count = Int(argument.filter { $0 != "_" }), count > 0 {
      itemCounts.append(count)
    } else {
      print("usage: tgrid-bench flow [uniform|variable] [ITEMS ...]")
      ProcessIdentity.exit(2)
    }
  }
  if sizings.isEmpty { sizings = FlowBenchmark.Sizing.allCases }
  if itemCounts.isEmpty { itemCounts = [10_000, 1_000_000] }

  print("Flow layout: bounds \(FlowBenchmark.bounds.size) points, sections of \(FlowBenchmark.sectionSize) items")
  print("with a header and a footer; times are medians, queries over \(FlowBenchmark.queryCount) random offsets.")
  print("")
  print(
    "items".leftPadded(9), "sizes".leftPadded(9), "prepare ms".leftPadded(11), "query µs".leftPadded(9),
    "query p99".leftPadded(10), "elements".leftPadded(9), "scroll µs".leftPadded(10),
    "preferred ms".leftPadded(13), "peak MB".leftPadded(8))
  for itemCount in itemCounts {
    for sizing in sizings {
      let result = FlowBenchmark(itemCount: itemCount, sizing: sizing).run()
      print(
        String(itemCount).leftPadded(9), sizing.rawValue.leftPadded(9),
        result.prepareMilliseconds.formatted(3).leftPadded(11),
        result.queryMicroseconds.formatted(2).leftPadded(9), result.queryP99Microseconds.formatted(2).leftPadded(10),
        String(result.elementsPerQuery).leftPadded(9), result.scrollMicroseconds.formatted(2).leftPadded(10),
        result.preferredSizeMilliseconds.formatted(3).leftPadded(13), result.peakMegabytes.formatted(1).leftPadded(8))
    }
  }
  if sizings.contains(.variable), let largest = itemCounts.max() {
    let milliseconds = FlowBenchmark.delegateQuestionMilliseconds(itemCount: largest)
    print("")
    print("of which \(largest) size questions to the delegate alone: \(milliseconds.formatted(3)) ms (median)")
  }
  print("")
  print("prepare: full pass after invalidateLayout() (median of \(FlowBenchmark.prepareRuns)).")
  print("query: layoutAttributesForElements(in:) for the visible rectangle; elements: median returned.")
  print("scroll: one scroll step with pinned headers (invalidation context, pass, visible query).")
  print("preferred: pass after one preferred item size in the middle section (recomputes from it on).")
  print("peak MB: the process's peak resident memory so far (getrusage ru_maxrss).")
  if FlowBenchmark.sink == 42 { print("") }
}

/// One flow-layout benchmark case.
struct FlowBenchmark {
  /// How items are sized.
  enum Sizing: String, CaseIterable {
    /// One `itemSize`: the arithmetic path.
    case uniform
    /// A size per item from the delegate: the walked path.
    case variable
  }

  /// What one case measured.
  struct Result {
    var prepareMilliseconds: Double
    var queryMicroseconds: Double
    var queryP99Microseconds: Double
    var elementsPerQuery: Int
    var scrollMicroseconds: Double
    var preferredSizeMilliseconds: Double
    var peakMegabytes: Double
  }

  static let bounds = Rect(x: 0, y: 0, width: 200, height: 50)
  static let sectionSize = 1_000
  static let prepareRuns = 7
  static let queryCount = 2_000
  /// Keeps results alive so the optimizer cannot drop the work.
  nonisolated(unsafe) static var sink = 0

  let itemCount: Int
  let sizing: Sizing

  func run() -> Result {
    let counts = Self.sectionCounts(itemCount: itemCount)
    let host = StaticLayoutHost(itemCounts: counts, bounds: Self.bounds)
    let delegate = CardSizes()
    let layout = FlowLayout()
    layout.collectionView = host
    if sizing == .variable { layout.delegate = delegate }
    layout.itemSize = Size(width: 12, height: 3)
    layout.minimumInteritemSpacing = 1
    layout.minimumLineSpacing = 1
    layout.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.footerReferenceSize = Size(width: 0, height: 1)

    var prepareTimes: [Double] = []
    for _ in 0..<Self.prepareRuns {
      layout.invalidateLayout()
      prepareTimes.append(Self.milliseconds { layout.prepareIfNeeded() })
    }
    layout.finalizeCollectionViewUpdates()

    var generator = BenchmarkGenerator(seed: UInt64(itemCount) &* 31 &+ (sizing == .uniform ? 1 : 2))
    let maximumOffset = Swift.max(0, layout.collectionViewContentSize.height - Self.bounds.height)
    var queryTimes: [Double] = []
    var elementCounts: [Int] = []
    queryTimes.reserveCapacity(Self.queryCount)
    for _ in 0..<Self.queryCount {
      let rect = Self.bounds.offsetBy(dx: 0, dy: Double.random(in: 0...maximumOffset, using: &generator))
      var returned = 0
      queryTimes.append(Self.milliseconds { returned = layout.layoutAttributesForElements(in: rect).count } * 1_000)
      elementCounts.append(returned)
      Self.sink &+= returned
    }

    layout.sectionHeadersPinToVisibleBounds = true
    layout.prepareIfNeeded()
    layout.finalizeCollectionViewUpdates()
    var scrollTimes: [Double] = []
    var offset = maximumOffset / 2
    for _ in 0..<Self.queryCount {
      offset += 1
      let newBounds = Self.bounds.offsetBy(dx: 0, dy: offset)
      scrollTimes.append(
        Self.milliseconds {
          if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            let context = layout.invalidationContext(forBoundsChange: newBounds)
            host.bounds = newBounds
            layout.invalidateLayout(with: context)
          }
          layout.prepareIfNeeded()
          Self.sink &+= layout.layoutAttributesForElements(in: newBounds).count
        } * 1_000)
    }

    var preferredTimes: [Double] = []
    for run in 0..<Self.prepareRuns {
      var context = InvalidationContext()
      let middle = IndexPath(item: run, section: counts.count / 2)
      context.preferredItemSizes[middle] = Size(width: 14, height: 4 + Double(run % 2))
      layout.invalidateLayout(with: context)
      preferredTimes.append(Self.milliseconds { layout.prepareIfNeeded() })
      layout.finalizeCollectionViewUpdates()
    }
    withExtendedLifetime((host, delegate)) {}

    return Result(
      prepareMilliseconds: Self.median(prepareTimes),
      queryMicroseconds: Self.median(queryTimes),
      queryP99Microseconds: Self.percentile(queryTimes, 0.99),
      elementsPerQuery: Int(Self.median(elementCounts.map(Double.init))),
      scrollMicroseconds: Self.median(scrollTimes),
      preferredSizeMilliseconds: Self.median(preferredTimes),
      peakMegabytes: Self.peakResidentMegabytes())
  }

  /// The time to ask a delegate, through the protocol, for `itemCount` sizes: the part of
  /// a variable-size `prepare()` that the layout cannot make faster.
  static func delegateQuestionMilliseconds(itemCount: Int) -> Double {
    let layout = FlowLayout()
    let cards = CardSizes()
    layout.delegate = cards
    // Read back through the weak property, as the layout does, so the call stays dynamic.
    guard let delegate = layout.effectiveDelegate else { return .nan }
    let counts = sectionCounts(itemCount: itemCount)
    var times: [Double] = []
    for _ in 0..<prepareRuns {
      var total = 0.0
      times.append(
        milliseconds {
          for (section, count) in counts.enumerated() {
            for item in 0..<count {
              total += delegate.flowLayout(layout, sizeForItemAt: IndexPath(item: item, section: section))?.width ?? 0
            }
          }
        })
      sink &+= Int(total)
    }
    withExtendedLifetime(cards) {}
    return median(times)
  }

  static func sectionCounts(itemCount: Int) -> [Int] {
    var counts = Array(repeating: sectionSize, count: itemCount / sectionSize)
    if itemCount % sectionSize > 0 { counts.append(itemCount % sectionSize) }
    return counts
  }

  static func milliseconds(_ work: () -> Void) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    work()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
  }

  static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
  }

  static func peakResidentMegabytes() -> Double {
    ResourceUsage.ofThisProcess().peakResidentKilobytes / 1_024
  }
}

/// Card sizes the way tgrid would give them: cheap, varied, deterministic.
final class CardSizes: FlowLayoutDelegate {
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    var hash = UInt64(truncatingIfNeeded: indexPath.section &* 1_000_003 &+ indexPath.item) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 29
    return Size(width: Double(6 + hash % 20), height: Double(2 + (hash >> 8) % 4))
  }
}

/// A seeded generator for reproducible offsets.
struct BenchmarkGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension Double {
  /// The number with `digits` decimals.
  func formatted(_ digits: Int) -> String {
    guard isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (self * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(abs(scaled) - abs(Double(whole) * scale))
    guard digits > 0 else { return String(whole) }
    let fractionText = String(fraction)
    let sign = self < 0 && whole == 0 ? "-" : ""
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
  }
}
