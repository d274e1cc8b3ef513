import TGridJSON

/// How the table orders its rows: by one column, then (for rows equal in it) by the columns
/// sorted before, each ascending or descending, and last by document order, so the sort is
/// stable. A column's values are read as its type says (``TableSortKey/init(_:in:as:)``):
/// numbers and numeric strings numerically, dates in time order, strings by code points.
/// Whichever way a column goes, null, containers and missing keys come after its values.
enum TableSort {
  /// One column of the sort.
  struct Criterion: Equatable {
    /// The column's name.
    var column: String
    /// Whether it descends.
    var isDescending: Bool
  }

  /// The most columns a sort keeps (the newest first).
  static let maximumCriteria = 3

  /// The criteria after sorting by `column`: it comes first, the columns sorted before
  /// (but not itself) after it, as a stable sort of the rows shown would leave them.
  static func adding(_ criterion: Criterion, to criteria: [Criterion]) -> [Criterion] {
    [criterion] + criteria.filter { $0.column != criterion.column }.prefix(maximumCriteria - 1)
  }

  /// The order of rows whose sort keys are `keys[criterion][row]`: row positions, sorted.
  /// - Parameters:
  ///   - keys: one array of keys per criterion, each with one key per row.
  ///   - descending: whether each criterion descends.
  ///
  /// When every column holds only numbers (and null, containers or missing keys), as a
  /// column of numbers or of numeric strings does, the rows are ordered by
  /// ``radixOrder(keys:descending:)`` (linear time, no comparisons); otherwise by
  /// ``comparisonOrder(keys:descending:)``. Both give the same order.
  static func order(keys: [[TableSortKey]], descending: [Bool]) -> [Int] {
    precondition(keys.count == descending.count, "TableSort.order needs one direction per column of keys")
    if keys.allSatisfy(isNumeric) { return radixOrder(keys: keys, descending: descending) }
    return comparisonOrder(keys: keys, descending: descending)
  }

  /// Whether a column's keys are all numbers or kinds that sort last.
  static func isNumeric(_ column: [TableSortKey]) -> Bool {
    column.allSatisfy { key in
      switch key {
      case .number, .null, .container, .missing: true
      case .string, .boolean: false
      }
    }
  }

  /// ``order(keys:descending:)`` by comparing rows, any kinds of keys.
  static func comparisonOrder(keys: [[TableSortKey]], descending: [Bool]) -> [Int] {
    precondition(keys.count == descending.count, "TableSort.order needs one direction per column of keys")
    let rowCount = keys.first?.count ?? 0
    var order = Array(0..<rowCount)
    order.sort { first, second in
      for (column, isDescending) in zip(keys, descending) {
        let (a, b) = (column[first], column[second])
        // Kinds keep their order both ways: values, then null, containers, missing.
        if a.kindOrder != b.kindOrder { return a.kindOrder < b.kindOrder }
        if a < b { return !isDescending }
        if b < a { return isDescending }
      }
      return first < second
    }
    return order
  }

  /// ``order(keys:descending:)`` for columns of numbers (and null, containers, missing):
  /// one stable pass per column, the last column first, so the first column decides and
  /// the others break its ties, and rows equal in all keep document order. A pass puts the
  /// numbers in order by a least-significant-digit radix sort of their bits (16 bits a
  /// round, rounds whose digit is the same for every row skipped), then null, containers
  /// and missing keys, each in the order the pass found them.
  static func radixOrder(keys: [[TableSortKey]], descending: [Bool]) -> [Int] {
    precondition(keys.count == descending.count, "TableSort.order needs one direction per column of keys")
    precondition(keys.allSatisfy(isNumeric), "TableSort.radixOrder takes columns of numbers only")
    let rowCount = keys.first?.count ?? 0
    var order = Array(0..<rowCount)
    for (column, isDescending) in zip(keys, descending).reversed() {
      order = radixPass(order, by: column, descending: isDescending)
    }
    return order
  }

  /// One stable pass of ``radixOrder(keys:descending:)`` over the rows in `order`.
  private static func radixPass(_ order: [Int], by column: [TableSortKey], descending: Bool) -> [Int] {
    var bits: [UInt64] = []
    var rows: [Int] = []
    bits.reserveCapacity(order.count)
    rows.reserveCapacity(order.count)
    // Null (3), containers (4), missing (5), in the order met.
    var last: [[Int]] = [[], [], []]
    for row in order {
      switch column[row] {
      case .number(let value):
        bits.append(orderedBits(of: value, descending: descending))
        rows.append(row)
      case let key:
        last[key.kindOrder - 3].append(row)
      }
    }
    radixSort(&bits, carrying: &rows)
    return rows + last[0] + last[1] + last[2]
  }

  /// A number's bits as an unsigned integer that orders as the number does (descending:
  /// in reverse); -0 counts as 0, as `<` sees them equal.
  static func orderedBits(of value: Double, descending: Bool) -> UInt64 {
    let pattern = (value == 0 ? 0.0 : value).bitPattern
    let ascending = pattern & (1 << 63) != 0 ? ~pattern : pattern | (1 << 63)
    return descending ? ~ascending : ascending
  }

  /// Sorts `keys` ascending, stably, moving `values` with them.
  private static func radixSort(_ keys: inout [UInt64], carrying values: inout [Int]) {
    let count = keys.count
    guard count > 1 else { return }
    var spareKeys = [UInt64](repeating: 0, count: count)
    var spareValues = [Int](repeating: 0, count: count)
    var counts = [Int](repeating: 0, count: 1 << 16)
    for shift in stride(from: 0, to: 64, by: 16) {
      for index in counts.indices { counts[index] = 0 }
      keys.withUnsafeBufferPointer { keys in
        counts.withUnsafeMutableBufferPointer { counts in
          for key in keys { counts[Int(truncatingIfNeeded: key >> UInt64(shift)) & 0xFFFF] += 1 }
        }
      }
      // A digit every key shares moves nothing.
      if counts[Int(truncatingIfNeeded: keys[0] >> UInt64(shift)) & 0xFFFF] == count { continue }
      var start = 0
      for index in counts.indices {
        let next = start + counts[index]
        counts[index] = start
        start = next
      }
      keys.withUnsafeBufferPointer { keys in
        values.withUnsafeBufferPointer { values in
          spareKeys.withUnsafeMutableBufferPointer { spareKeys in
            spareValues.withUnsafeMutableBufferPointer { spareValues in
              counts.withUnsafeMutableBufferPointer { counts in
                for index in 0..<count {
                  let key = keys[index]
                  let digit = Int(truncatingIfNeeded: key >> UInt64(shift)) & 0xFFFF
                  let place = counts[digit]
                  counts[digit] = place + 1
                  spareKeys[place] = key
                  spareValues[place] = values[index]
                }
              }
            }
          }
        }
      }
      swap(&keys, &spareKeys)
      swap(&values, &spareValues)
    }
  }

  /// A date as seconds since 1970 (UTC, or the offset it states): `2024-05-01`,
  /// `2024-05-01T12:30`, `2024-05-01 12:30:15.25+02:00`, `…Z`; nil for anything else.
  static func seconds(ofDate text: String) -> Double? {
    let bytes = Array(text.utf8)
    guard ColumnType.looksLikeDate(text) else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for index in range {
        guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        value = value * 10 + Int(bytes[index] - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
      (1...31).contains(day)
    else { return nil }
    var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
    guard bytes.count > 10 else { return seconds }
    // A time: HH:MM, then :SS, a fraction, and a zone.
    guard let hour = number(11..<13), bytes.count >= 16, bytes[13] == 0x3A, let minute = number(14..<16),
      hour <= 24, minute < 60
    else { return nil }
    seconds += Double(hour * 3_600 + minute * 60)
    var index = 16
    if index < bytes.count, bytes[index] == 0x3A {
      guard let second = number(17..<19), second <= 60 else { return nil }
      seconds += Double(second)
      index = 19
      if index < bytes.count, bytes[index] == 0x2E || bytes[index] == 0x2C {
        index += 1
        var scale = 0.1
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          seconds += Double(bytes[index] - 0x30) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { return nil }
      }
    }
    guard index < bytes.count else { return seconds }
    switch bytes[index] {
    case 0x5A, 0x7A:  // Z
      return index + 1 == bytes.count ? seconds : nil
    case 0x2B, 0x2D:  // +hh:mm, -hh:mm, +hhmm, +hh
      let sign = bytes[index] == 0x2B ? 1.0 : -1.0
      guard let hours = number((index + 1)..<(index + 3)) else { return nil }
      var rest = index + 3
      if rest < bytes.count, bytes[rest] == 0x3A { rest += 1 }
      var minutes = 0
      if rest < bytes.count {
        guard let value = number(rest..<(rest + 2)), rest + 2 == bytes.count else { return nil }
        minutes = value
      }
      return seconds - sign * Double(hours * 3_600 + minutes * 60)
    default:
      return nil
    }
  }

  /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension TableSortKey {
  /// A value's key when its column is read as `type` (a type the person chose, or the one
  /// inferred): a column of dates orders its date strings in time order, a column of
  /// strings orders everything as text (numbers by their text); other types order values
  /// as ``init(_:in:)`` does.
  init(_ node: JSONNode?, in document: JSONDocument, as type: ColumnType?) {
    guard let node else {
      self = .missing
      return
    }
    switch (type, document.kind(of: node)) {
    case (.date, .string):
      let text = document.string(of: node) ?? ""
      self = TableSort.seconds(ofDate: text).map(TableSortKey.number) ?? .string(text)
    case (.string, .string):
      self = .string(document.string(of: node) ?? "")
    case (.string, .number):
      self = .string(document.numberText(of: node) ?? "")
    default:
      self.init(node, in: document)
    }
  }
}
