import TGridJSON

/// The summary of one column (a row of VisiData's `I` sheet), built value by value with
/// ``add(_:)``: the mix of kinds, missing keys apart from nulls, distinct values (exact up
/// to ``exactDistinctLimit``, then a ``HyperLogLog`` estimate), the most frequent value,
/// and the smallest, largest, mean and percentiles of its numbers (and numeric strings).
///
/// Summaries of parts of a column merge (``merge(_:)``) into the summary of the whole:
/// counts, kinds, extremes and sums add up exactly (the mean up to float rounding), the
/// sketches merge register by register, the exact counts while they stay under the bound,
/// and the samples are drawn from in proportion to the numbers each part saw.
///
/// ``add(_:in:)`` reads a value straight from the document's bytes: strings and numbers
/// are hashed, compared and parsed (once) from their text, and made into a ``ColumnValue``
/// only the first time the exact counts see them; the summary is the one ``add(_:)`` of
/// the same values makes.
struct ColumnSummary: Sendable {
  /// How many rows were read.
  private(set) var rowCount = 0
  /// How many rows had each kind, by ``ColumnValue/kindIndex`` (missing included).
  private var kindTallies = [Int](repeating: 0, count: ColumnValue.kindNames.count)
  /// Counts per value while there are at most ``exactDistinctLimit`` of them.
  private var exactCounts: ExactCounts? {
    isExact ? counts : nil
  }
  /// The counts while ``isExact`` (emptied once given up).
  private var counts = ExactCounts()
  /// Whether there are at most ``exactDistinctLimit`` distinct values so far.
  private var isExact = true
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
    ExactCounts.key(of: value) { kind, key in count(kind: kind, hash: value.stableHash, key: key, make: { value }) }
    if let number = value.number { add(number: number) }
  }

  /// Counts one row's value read from `document` (nil: the row has no such key), as
  /// ``add(_:)`` counts `ColumnValue(node, in: document)`, without making a `String` of a
  /// string or number that the exact counts have seen (or have given up).
  mutating func add(_ node: JSONNode?, in document: JSONDocument) {
    guard let node else { return add(.missing) }
    switch document.kind(of: node) {
    case .string:
      let counted = document.withStringBytes(of: node) { bytes in
        let number = TableSortKey.number(spelledBy: bytes)
        let isNumeric = number != nil
        count(
          kind: isNumeric ? 1 : 2, hash: ColumnValue.stableHash(tag: isNumeric ? 2 : 3, bytes: bytes), key: bytes,
          make: {
            let text = String(decoding: bytes, as: UTF8.self)
            return number.map { .numericString(text, $0) } ?? .string(text)
          })
        return number
      }
      if let number = counted ?? nil { add(number: number) }
    case .number:
      // -0 and 0 are one value, as in jq.
      let number =
        document.withNumberBytes(of: node) { bytes in
          TableSortKey.shortDecimal(bytes) ?? Double(String(decoding: bytes, as: UTF8.self)) ?? 0
        }.map { $0 + 0 } ?? 0
      ExactCounts.withNumberKey(number) { key in
        count(kind: 0, hash: ColumnValue.stableHash(number: number), key: key, make: { .number(number) })
      }
      add(number: number)
    case .true, .false, .null:
      // No text to read: the value made without going back to the document.
      let kind = document.kind(of: node)
      let value: ColumnValue = kind == .null ? .null : .boolean(kind == .true)
      ExactCounts.key(of: value) { kind, key in count(kind: kind, hash: value.stableHash, key: key, make: { value }) }
    default:
      add(ColumnValue(node, in: document))
    }
  }

  /// Counts a value of kind `kind` (``ColumnValue/kindIndex``) with `hash` (its
  /// ``ColumnValue/stableHash``) and key bytes `key` (``ExactCounts/key(of:_:)``) into the
  /// exact counts (an entry made by `make` when the value is new) or, once they are given
  /// up, the sketch.
  @inline(__always)
  private mutating func count(
    kind: UInt8, hash: UInt64, key: UnsafeBufferPointer<UInt8>, make: () -> ColumnValue
  ) {
    rowCount += 1
    kindTallies[Int(kind)] += 1
    if isExact {
      counts.increment(counts.entry(hash: hash, kind: kind, key: key, make: make))
      if counts.count > Self.exactDistinctLimit { giveUpExactCounts() }
    } else if Int(kind) != ColumnValue.missingKindIndex {
      sketch.add(hash: hash)
    }
  }

  /// Counts a number (or a numeric string's) into the mean, extremes and sample.
  private mutating func add(number: Double) {
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
    if isExact, let otherCounts = other.exactCounts {
      counts.merge(otherCounts)
      if counts.count > Self.exactDistinctLimit { giveUpExactCounts() }
    } else {
      // One part (or both) gave its exact counts up: the mode is the likelier of theirs.
      let candidates = [modeAtLimit, other.modeAtLimit, exactMode(of: exactCounts), exactMode(of: other.exactCounts)]
      modeAtLimit = candidates.compactMap { $0 }.max { $0.count < $1.count }
      if let exactCounts { addToSketch(exactCounts) }
      if let otherCounts = other.exactCounts { addToSketch(otherCounts) }
      sketch.merge(other.sketch)
      isExact = false
      counts = ExactCounts()
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

  /// Past the bound: the mode so far kept, the values put in the sketch, the counts dropped.
  private mutating func giveUpExactCounts() {
    modeAtLimit = exactMode(of: counts)
    addToSketch(counts)
    isExact = false
    counts = ExactCounts()
  }

  /// Adds the values of exact counts to the sketch (not a missing key).
  private mutating func addToSketch(_ counts: ExactCounts) {
    for (index, value) in counts.values.enumerated() where value != .missing { sketch.add(hash: counts.hashes[index]) }
  }

  /// The most frequent value of exact counts (not a missing key); of equally frequent ones
  /// the first by code points of its text.
  private func exactMode(of counts: ExactCounts?) -> (value: ColumnValue, count: Int)? {
    guard let counts else { return nil }
    var best: Int?
    for (index, value) in counts.values.enumerated() where value != .missing {
      guard let current = best else {
        best = index
        continue
      }
      if counts.counts[index] != counts.counts[current] {
        if counts.counts[index] > counts.counts[current] { best = index }
      } else if value.text.unicodeScalars.lexicographicallyPrecedes(counts.values[current].text.unicodeScalars) {
        best = index
      }
    }
    return best.map { (counts.values[$0], counts.counts[$0]) }
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
    if let exactCounts { return (exactCounts.values.filter { $0 != .missing }.count, true) }
    return (sketch.estimate, false)
  }

  /// The most frequent value (not a missing key), its count, and whether that is exact (it
  /// is the mode of the first ``exactDistinctLimit`` distinct values otherwise).
  var mode: (value: ColumnValue, count: Int, isExact: Bool)? {
    if exactCounts != nil { return exactMode(of: exactCounts).map { ($0.value, $0.count, true) } }
    return modeAtLimit.map { ($0.value, $0.count, false) }
  }

  /// The mean of the numbers, if there are any.
  var mean: Double? { numberCount > 0 ? numberSum / Double(numberCount) : nil }

  /// Whether ``percentile(_:)`` is computed from a sample.
  var percentilesAreSampled: Bool { numberCount > sample.count }

  /// The `fraction` percentile of the numbers (nearest rank: the smallest number with at
  /// least that share of the numbers at or below it).
  func percentile(_ fraction: Double) -> Double? {
    percentiles([fraction])[0]
  }

  /// Several percentiles (see ``percentile(_:)``) from one copy of the numbers, each found
  /// by selection (``selected(_:in:)``) instead of a sort of them all: the sheet asks for two
  /// of up to ``sampleLimit`` numbers a column on the run loop, once the workers have ended.
  func percentiles(_ fractions: [Double]) -> [Double?] {
    guard !sample.isEmpty else { return fractions.map { _ in nil } }
    var numbers = sample
    return fractions.map { fraction in
      let rank = Int((fraction * Double(numbers.count)).rounded(.up))
      return Self.selected(min(max(rank, 1), numbers.count) - 1, in: &numbers)
    }
  }

  /// The number at `position` (from 0) of `numbers` once sorted; `numbers` is reordered.
  /// Quickselect: each step splits the part that holds the position in three around the
  /// median of three of its numbers (less, equal, greater: many equal numbers cost no more
  /// than different ones) and keeps the part that holds it; what is left after 64 steps,
  /// or under 16 numbers, is sorted.
  static func selected(_ position: Int, in numbers: inout [Double]) -> Double {
    precondition(numbers.indices.contains(position), "no number at position \(position)")
    return numbers.withUnsafeMutableBufferPointer { buffer in
      var (low, high) = (0, buffer.count)
      var steps = 0
      while high - low > 16, steps < 64 {
        steps += 1
        let (first, middle, last) = (buffer[low], buffer[low + (high - low) / 2], buffer[high - 1])
        let pivot = Swift.max(Swift.min(first, middle), Swift.min(Swift.max(first, middle), last))
        // [low, less) < pivot, [less, next) == pivot, [greater, high) > pivot.
        var (less, next, greater) = (low, low, high)
        while next < greater {
          let number = buffer[next]
          if number < pivot {
            buffer.swapAt(less, next)
            less += 1
            next += 1
          } else if number > pivot {
            greater -= 1
            buffer.swapAt(next, greater)
          } else {
            next += 1
          }
        }
        if position < less {
          high = less
        } else if position >= greater {
          low = greater
        } else {
          return pivot
        }
      }
      var rest = UnsafeMutableBufferPointer(rebasing: buffer[low..<high])
      rest.sort()
      return buffer[position]
    }
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
    // A number past a Double's range (`1e400`) reads as infinite: no bin holds it.
    let numbers = numbers.allSatisfy(\.isFinite) ? numbers : numbers.filter(\.isFinite)
    guard width > 0, let low = numbers.min(), let high = numbers.max(), high > low else { return "" }
    // Halved when the span itself is past a Double's range (`-1e308` to `1e308`).
    let scale = (high - low).isFinite ? 1.0 : 0.5
    let span = high * scale - low * scale
    var bins = [Int](repeating: 0, count: width)
    for number in numbers {
      let bin = Int((number * scale - low * scale) / span * Double(width))
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
