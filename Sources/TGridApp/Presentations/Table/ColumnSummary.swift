/// The summary of one column (a row of VisiData's `I` sheet), built value by value with
/// ``add(_:)``: the mix of kinds, missing keys apart from nulls, distinct values (exact up
/// to ``exactDistinctLimit``, then a ``HyperLogLog`` estimate), the most frequent value,
/// and the smallest, largest, mean and percentiles of its numbers (and numeric strings).
struct ColumnSummary {
  /// How many rows were read.
  private(set) var rowCount = 0
  /// How many rows had each kind (``ColumnValue/kindName``), missing included.
  private(set) var kindCounts: [String: Int] = [:]
  /// Counts per value while there are at most ``exactDistinctLimit`` of them.
  private var exactCounts: [ColumnValue: Int]? = [:]
  /// The most frequent value when the exact counts were given up, and its count then.
  private var modeAtLimit: (value: ColumnValue, count: Int)?
  private var sketch = HyperLogLog()
  /// Numbers seen (and numeric strings): a uniform sample of at most ``sampleLimit``.
  private var sample: [Double] = []
  private var numberCount = 0
  private var numberSum = 0.0
  private(set) var minimum: Double?
  private(set) var maximum: Double?
  /// A fixed-seed generator for the sample, so a summary is the same each run.
  private var random = SplitMix64(seed: 0x5EED)

  /// Distinct values are counted exactly up to this many.
  static let exactDistinctLimit = 10_000
  /// Percentiles are exact up to this many numbers, then from a sample this size.
  static let sampleLimit = 100_000

  /// Counts one row's value.
  mutating func add(_ value: ColumnValue) {
    rowCount += 1
    kindCounts[value.kindName, default: 0] += 1
    if value != .missing { sketch.add(value) }
    if var counts = exactCounts {
      exactCounts = nil  // keeps the dictionary uniquely referenced while it changes
      counts[value, default: 0] += 1
      if counts.count > Self.exactDistinctLimit {
        modeAtLimit = counts.filter { $0.key != .missing }.max { $0.value < $1.value }.map { ($0.key, $0.value) }
      } else {
        exactCounts = counts
      }
    }
    guard let number = value.number else { return }
    numberCount += 1
    numberSum += number
    minimum = Swift.min(minimum ?? number, number)
    maximum = Swift.max(maximum ?? number, number)
    if sample.count < Self.sampleLimit {
      sample.append(number)
    } else {
      // Reservoir sampling: every number seen so far is in the sample with equal chance.
      let slot = Int(random.next() % UInt64(numberCount))
      if slot < Self.sampleLimit { sample[slot] = number }
    }
  }

  /// How many rows lack the key.
  var missingCount: Int { kindCounts["missing"] ?? 0 }
  /// How many rows have `null`.
  var nullCount: Int { kindCounts["null"] ?? 0 }

  /// The number of distinct values (missing keys not counted), and whether it is exact.
  var distinct: (count: Int, isExact: Bool) {
    if let exactCounts { return (exactCounts.keys.filter { $0 != .missing }.count, true) }
    return (sketch.estimate, false)
  }

  /// The most frequent value (not a missing key), its count, and whether that is exact (it
  /// is the mode of the first ``exactDistinctLimit`` distinct values otherwise).
  var mode: (value: ColumnValue, count: Int, isExact: Bool)? {
    if let exactCounts {
      let best = exactCounts.filter { $0.key != .missing }.max { first, second in
        first.value != second.value
          ? first.value < second.value
          : second.key.text.unicodeScalars.lexicographicallyPrecedes(first.key.text.unicodeScalars)
      }
      return best.map { ($0.key, $0.value, true) }
    }
    return modeAtLimit.map { ($0.value, $0.count, false) }
  }

  /// The mean of the numbers, if there are any.
  var mean: Double? { numberCount > 0 ? numberSum / Double(numberCount) : nil }

  /// Whether ``percentile(_:)`` is computed from a sample.
  var percentilesAreSampled: Bool { numberCount > sample.count }

  /// The `fraction` percentile of the numbers (nearest rank: the smallest number with at
  /// least that share of the numbers at or below it).
  func percentile(_ fraction: Double) -> Double? {
    Self.percentile(fraction, of: sample.sorted())
  }

  /// The shape of the numbers' distribution as a sparkline: `width` equal-width bins from
  /// the smallest to the largest number, each drawn as a block one to eight eighths high
  /// (`▁▃█▅▂`), scaled to the fullest bin; an empty bin is a space. Empty when the column
  /// has fewer than two different numbers. From the sample when there are more numbers
  /// than it holds.
  func sparkline(width: Int = ColumnSummary.sparklineWidth) -> String {
    Self.sparkline(of: sample, width: width)
  }

  /// How many bins a summary's sparkline has.
  static let sparklineWidth = 8

  /// The sparkline of some numbers (see ``sparkline(width:)``).
  static func sparkline(of numbers: [Double], width: Int) -> String {
    guard width > 0, let low = numbers.min(), let high = numbers.max(), high > low else { return "" }
    var bins = [Int](repeating: 0, count: width)
    for number in numbers {
      let bin = Int((number - low) / (high - low) * Double(width))
      bins[min(max(bin, 0), width - 1)] += 1
    }
    let fullest = bins.max() ?? 1
    let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    return String(
      bins.map { count in
        guard count > 0 else { return " " }
        // At least one eighth, so a bin with anything in it never looks empty.
        let eighths = max(1, Int((Double(count) / Double(fullest) * 8).rounded()))
        return blocks[min(eighths, 8) - 1]
      })
  }

  /// The nearest-rank percentile of sorted numbers.
  static func percentile(_ fraction: Double, of sorted: [Double]) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  /// The kinds with their counts, the most common first: `number 394, null 6`.
  var typeMix: String {
    let present = kindCounts.filter { $0.key != "missing" }
    if present.count == 1, let only = present.first { return only.key }
    return present.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator with a fixed seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
