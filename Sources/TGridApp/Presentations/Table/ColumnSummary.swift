/// The summary of one column (a row of VisiData's `I` sheet), built value by value with
/// ``add(_:)``: the mix of kinds, missing keys apart from nulls, distinct values (exact up
/// to ``exactDistinctLimit``, then a ``HyperLogLog`` estimate), the most frequent value,
/// and the smallest, largest, mean and percentiles of its numbers (and numeric strings).
///
/// Summaries of parts of a column merge (``merge(_:)``) into the summary of the whole:
/// counts, kinds, extremes and sums add up exactly (the mean up to float rounding), the
/// sketches merge register by register, the exact counts while they stay under the bound,
/// and the samples are drawn from in proportion to the numbers each part saw.
struct ColumnSummary: Sendable {
  /// How many rows were read.
  private(set) var rowCount = 0
  /// How many rows had each kind, by ``ColumnValue/kindIndex`` (missing included).
  private var kindTallies = [Int](repeating: 0, count: ColumnValue.kindNames.count)
  /// Counts per value while there are at most ``exactDistinctLimit`` of them.
  private var exactCounts: [ColumnValue: Int]? = [:]
  /// The most frequent value when the exact counts were given up, and its count then.
  private var modeAtLimit: (value: ColumnValue, count: Int)?
  /// The distinct values once the exact counts are given up. A sketch does not change when
  /// a value is added again, so it is made only then, from the exact counts' values, and
  /// is the very sketch adding every value would have made.
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
    kindTallies[value.kindIndex] += 1
    if var counts = exactCounts {
      exactCounts = nil  // keeps the dictionary uniquely referenced while it changes
      counts[value, default: 0] += 1
      if counts.count > Self.exactDistinctLimit {
        modeAtLimit = exactMode(of: counts)
        addToSketch(counts)
      } else {
        exactCounts = counts
      }
    } else if value != .missing {
      sketch.add(value)
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

  /// How many rows had each kind (``ColumnValue/kindName``), missing included.
  var kindCounts: [String: Int] {
    var counts: [String: Int] = [:]
    for (index, count) in kindTallies.enumerated() where count > 0 { counts[ColumnValue.kindNames[index]] = count }
    return counts
  }

  /// How many rows lack the key.
  var missingCount: Int { kindTallies[ColumnValue.missingKindIndex] }
  /// How many rows have `null`.
  var nullCount: Int { kindTallies[ColumnValue.nullKindIndex] }

  /// Adds the summary of other rows of the same column (read after these: the merged
  /// sample draws on both in proportion to how many numbers each saw, in a fixed order, so
  /// a merge of the same parts in the same order is the same each run).
  mutating func merge(_ other: ColumnSummary) {
    rowCount += other.rowCount
    for index in kindTallies.indices { kindTallies[index] += other.kindTallies[index] }
    if var counts = exactCounts, let otherCounts = other.exactCounts {
      exactCounts = nil
      counts.merge(otherCounts, uniquingKeysWith: +)
      if counts.count > Self.exactDistinctLimit {
        modeAtLimit = exactMode(of: counts)
        addToSketch(counts)
      } else {
        exactCounts = counts
      }
    } else {
      // One part (or both) gave its exact counts up: the mode is the likelier of theirs.
      let candidates = [modeAtLimit, other.modeAtLimit, exactMode(of: exactCounts), exactMode(of: other.exactCounts)]
      modeAtLimit = candidates.compactMap { $0 }.max { $0.count < $1.count }
      if let exactCounts { addToSketch(exactCounts) }
      if let otherCounts = other.exactCounts { addToSketch(otherCounts) }
      sketch.merge(other.sketch)
      exactCounts = nil
    }
    guard other.numberCount > 0, let otherMinimum = other.minimum, let otherMaximum = other.maximum else { return }
    let total = numberCount + other.numberCount
    if total <= Self.sampleLimit {
      sample += other.sample
    } else {
      sample = mergedSample(sample, of: numberCount, other.sample, of: other.numberCount)
    }
    numberCount = total
    numberSum += other.numberSum
    minimum = Swift.min(minimum ?? otherMinimum, otherMinimum)
    maximum = Swift.max(maximum ?? otherMaximum, otherMaximum)
  }

  /// Adds the values of exact counts to the sketch (not a missing key).
  private mutating func addToSketch(_ counts: [ColumnValue: Int]) {
    for value in counts.keys where value != .missing { sketch.add(value) }
  }

  /// The most frequent value of exact counts (not a missing key).
  private func exactMode(of counts: [ColumnValue: Int]?) -> (value: ColumnValue, count: Int)? {
    counts?.filter { $0.key != .missing }.max { $0.value < $1.value }.map { ($0.key, $0.value) }
  }

  /// A uniform sample of ``sampleLimit`` of the `firstCount + secondCount` numbers two
  /// uniform samples stand for: each draw takes the next number of one of them (shuffled)
  /// with the chance that a number not yet drawn of all of them is one of its own.
  private mutating func mergedSample(
    _ first: [Double], of firstCount: Int, _ second: [Double], of secondCount: Int
  ) -> [Double] {
    var first = first
    var second = second
    first.shuffle(using: &random)
    second.shuffle(using: &random)
    var merged: [Double] = []
    merged.reserveCapacity(Self.sampleLimit)
    var (firstLeft, secondLeft) = (firstCount, secondCount)
    var (firstNext, secondNext) = (0, 0)
    while merged.count < Self.sampleLimit, firstLeft + secondLeft > 0 {
      let takesFirst = UInt64(firstLeft) > random.next() % UInt64(firstLeft + secondLeft)
      if takesFirst, firstNext < first.count {
        merged.append(first[firstNext])
        firstNext += 1
        firstLeft -= 1
      } else if secondNext < second.count {
        merged.append(second[secondNext])
        secondNext += 1
        secondLeft -= 1
      } else if firstNext < first.count {
        merged.append(first[firstNext])
        firstNext += 1
        firstLeft -= 1
      } else {
        break
      }
    }
    return merged
  }

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
struct SplitMix64: RandomNumberGenerator, Sendable {
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
