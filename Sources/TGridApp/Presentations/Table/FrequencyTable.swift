/// The frequency of each value of one column (VisiData's frequency table): values counted
/// one by one with ``add(_:)``, then listed by ``rows(binCount:)`` with their counts and
/// shares, numbers in bins when there are many different ones.
struct FrequencyTable {
  /// How many times each value was seen.
  private(set) var counts: [ColumnValue: Int] = [:]
  /// How many values were counted (rows read).
  private(set) var total = 0

  /// Numbers are put in bins when they have more different values than this.
  static let binningThreshold = 20
  /// Bins when nothing else is asked for.
  static let defaultBinCount = 10
  /// The fewest and most bins a key can ask for.
  static let binCountRange = 2...100

  /// One line of the table: what it counts, how many, and the records it stands for.
  struct Row: Equatable {
    /// The value or the bin (`[10, 20)`), as shown.
    var label: String
    /// How many rows have it.
    var count: Int
    /// What the row counts.
    var selection: Selection
  }

  /// What a row of the table counts: one value, or the numbers in a range.
  enum Selection: Equatable {
    /// Every row with this value.
    case value(ColumnValue)
    /// Every number in `lower ..< upper` (`lower ... upper` for the last bin), of a column
    /// of numbers or (with `numericStrings`) of strings that spell them.
    case range(lower: Double, upper: Double, isLast: Bool, numericStrings: Bool)

    /// Whether a row's value is one this row counts.
    func contains(_ value: ColumnValue) -> Bool {
      switch self {
      case .value(let counted): return value == counted
      case .range(let lower, let upper, let isLast, let numericStrings):
        let number: Double
        switch value {
        case .number(let x) where !numericStrings: number = x
        case .numericString(_, let x) where numericStrings: number = x
        default: return false
        }
        return number >= lower && (isLast ? number <= upper : number < upper)
      }
    }

    /// A jq filter keeping the array rows whose element at `position` this row counts (a
    /// row without it, for the missing row); other rows never index (an object cannot
    /// be indexed by a number).
    func filterExpression(element position: Int) -> String {
      if case .value(.missing) = self { return "(type == \"array\" and length > \(position)) | not" }
      return "type == \"array\" and (\(filterExpression(path: ".[\(position)]")))"
    }

    /// A jq filter keeping the records this row counts, for a column at `path`.
    func filterExpression(path: String) -> String {
      switch self {
      case .value(let value): return value.filterExpression(path: path)
      case .range(let lower, let upper, let isLast, let numericStrings):
        let operand = numericStrings ? "(\(path) | tonumber)" : path
        let type = numericStrings ? "string" : "number"
        return "(\(path) | type) == \"\(type)\" and \(operand) >= \(ColumnValue.literal(lower)) and \(operand) "
          + (isLast ? "<= " : "< ") + ColumnValue.literal(upper)
      }
    }
  }

  /// Counts one value.
  mutating func add(_ value: ColumnValue, count: Int = 1) {
    counts[value, default: 0] += count
    total += count
  }

  /// Adds another table's counts (a part counted on another thread).
  mutating func merge(_ other: FrequencyTable) {
    counts.merge(other.counts, uniquingKeysWith: +)
    total += other.total
  }

  /// Whether the values are numbers (or strings that spell them) with more different
  /// values than ``binningThreshold``, so that ``rows(binCount:)`` bins them.
  var isBinned: Bool { binnedKind != nil }

  /// The kind of numbers the column has when it is binned: `false` numbers, `true`
  /// numeric strings; nil when it is not binned.
  private var binnedKind: Bool? {
    var numbers = 0
    var strings = 0
    for value in counts.keys {
      switch value {
      case .number: numbers += 1
      case .numericString: strings += 1
      case .null, .missing: break
      default: return nil
      }
    }
    if numbers > Self.binningThreshold, strings == 0 { return false }
    if strings > Self.binningThreshold, numbers == 0 { return true }
    return nil
  }

  /// The table's rows: values by count, the most frequent first (equal counts in value
  /// order); a binned column's numbers as `binCount` bins of equal width, lowest first,
  /// then null and missing values.
  func rows(binCount: Int = Self.defaultBinCount) -> [Row] {
    guard let numericStrings = binnedKind else {
      return counts.map { Row(label: $0.key.text, count: $0.value, selection: .value($0.key)) }
        .sorted { first, second in
          if first.count != second.count { return first.count > second.count }
          guard case .value(let a) = first.selection, case .value(let b) = second.selection else { return false }
          return Self.precedes(a, b)
        }
    }
    var numbers: [(value: Double, count: Int)] = []
    var others: [Row] = []
    for (value, count) in counts {
      if let number = value.number {
        numbers.append((number, count))
      } else {
        others.append(Row(label: value.text, count: count, selection: .value(value)))
      }
    }
    let bins = NumericBins(
      lower: numbers.map(\.value).min() ?? 0, upper: numbers.map(\.value).max() ?? 0,
      count: min(max(binCount, Self.binCountRange.lowerBound), Self.binCountRange.upperBound))
    var binCounts = Array(repeating: 0, count: bins.count)
    for (value, count) in numbers { binCounts[bins.bin(of: value)] += count }
    var rows = (0..<bins.count).map { index in
      let range = bins.range(ofBin: index)
      let isLast = index == bins.count - 1
      return Row(
        label: "[\(ColumnValue.text(of: range.lower)), \(ColumnValue.text(of: range.upper))\(isLast ? "]" : ")")",
        count: binCounts[index],
        selection: .range(lower: range.lower, upper: range.upper, isLast: isLast, numericStrings: numericStrings))
    }
    rows += others.sorted { $0.count > $1.count }
    return rows
  }

  /// Value order for equal counts: the table's sort order (numbers, strings, …, missing).
  private static func precedes(_ a: ColumnValue, _ b: ColumnValue) -> Bool {
    let (first, second) = (sortKey(a), sortKey(b))
    if first.kindOrder != second.kindOrder { return first.kindOrder < second.kindOrder }
    if first != second { return first < second }
    return a.text.unicodeScalars.lexicographicallyPrecedes(b.text.unicodeScalars)
  }

  private static func sortKey(_ value: ColumnValue) -> TableSortKey {
    switch value {
    case .number(let number), .numericString(_, let number): return .number(number)
    case .string(let text): return .string(text)
    case .boolean(let flag): return .boolean(flag)
    case .null: return .null
    case .container: return .container
    case .missing: return .missing
    }
  }

  /// A count's share of the total, as shown: `12.5%`, one decimal.
  static func percentText(_ count: Int, of total: Int) -> String {
    guard total > 0 else { return "0%" }
    let tenths = (Double(count) * 1000 / Double(total)).rounded()
    let whole = Int(tenths) / 10
    return "\(whole).\(Int(tenths) % 10)%"
  }
}

/// Equal-width bins from the smallest number to the largest: bin `i` holds the numbers in
/// `[lower + i·width, lower + (i+1)·width)`, the last one its upper end too. Which bin a
/// number falls in agrees exactly with comparing it to the bin's ends (the filter a bin's
/// row applies does that).
struct NumericBins {
  /// The smallest number.
  let lower: Double
  /// The largest number.
  let upper: Double
  /// How many bins (1 when every number is the same).
  let count: Int

  init(lower: Double, upper: Double, count: Int) {
    self.lower = lower
    self.upper = max(lower, upper)
    self.count = upper > lower ? max(1, count) : 1
  }

  /// Where bin `index` starts (its last one ends at ``upper``).
  func edge(_ index: Int) -> Double {
    if index <= 0 { return lower }
    if index >= count { return upper }
    return lower + (upper - lower) * Double(index) / Double(count)
  }

  /// The ends of a bin.
  func range(ofBin index: Int) -> (lower: Double, upper: Double) {
    (edge(index), edge(index + 1))
  }

  /// The bin a number falls in (numbers outside the range go to the nearest end bin).
  func bin(of value: Double) -> Int {
    guard count > 1, upper > lower else { return 0 }
    var index = Int(((value - lower) / (upper - lower) * Double(count)).rounded(.down))
    index = min(max(index, 0), count - 1)
    // Rounding may put a number next to an edge in the next or previous bin.
    while index > 0, value < edge(index) { index -= 1 }
    while index < count - 1, value >= edge(index + 1) { index += 1 }
    return index
  }
}

/// A horizontal bar in eighths of a cell (`█████▌`), as long as a count is to the largest.
enum FrequencyBar {
  /// The partial blocks, one eighth to seven eighths.
  private static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The bar for `count` when `maximum` fills `width` cells; any count above zero shows at
  /// least an eighth.
  static func text(count: Int, maximum: Int, width: Int) -> String {
    guard count > 0, maximum > 0, width > 0 else { return "" }
    var eighths = Int((Double(min(count, maximum)) / Double(maximum) * Double(width * 8)).rounded())
    eighths = max(1, eighths)
    var text = String(repeating: "█", count: eighths / 8)
    if eighths % 8 > 0 { text.append(partials[eighths % 8 - 1]) }
    return text
  }
}
