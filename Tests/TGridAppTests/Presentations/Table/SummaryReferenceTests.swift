import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The summary sheet's figures against a straightforward computation written apart from
/// the summary's code (issue 29, the 10 M-record summary): random columns, each value
/// written as JSON together with the ``ColumnValue`` it stands for, summarized by the
/// summary's own path (bytes, exact-count keys, selection for percentiles, on one thread
/// and on two) and computed plainly from the values (a `Set` for distinct values, a
/// dictionary for the mode, a sort for percentiles). Distinct counts are exact up to
/// ``ColumnSummary/exactDistinctLimit`` values and estimates past it.
@Suite struct SummaryReferenceTests {
  /// A column's value as written in a record (nil: the key left out) and what it is.
  typealias Cell = (written: String?, value: ColumnValue)

  /// A random value of `spread` different ones per kind: numbers (whole, halves, `-0`),
  /// numeric strings, plain, non-ASCII and escaped strings (equal to their unescaped
  /// spelling), booleans, `null`, arrays, a missing key.
  static func cell(_ random: inout SplitMix64, spread: UInt64) -> Cell {
    let n = random.next() % spread
    switch random.next() % 12 {
    case 0: return ("\(n)", .number(Double(n)))
    case 1: return ("-\(n).5", .number(-Double(n) - 0.5))
    case 2: return (n == 0 ? "-0" : "\(n)e1", .number(Double(n) * 10))
    case 3: return ("\"\(n)\"", .numericString("\(n)", Double(n)))
    case 4: return ("\"s\(n)\"", .string("s\(n)"))
    case 5: return ("\"é\(n)\"", .string("é\(n)"))
    case 6: return (#""\u00e9\#(n)""#, .string("é\(n)"))
    case 7:
      let flag = random.next() % 2 == 0
      return (flag ? "true" : "false", .boolean(flag))
    case 8: return ("null", .null)
    case 9: return ("[\(n % 5)]", .container("[\(n % 5)]"))
    case 10: return (nil, .missing)
    default: return ("\(n)", .number(Double(n)))
    }
  }

  /// `rows` records of `spreads.count` columns `c0`, `c1`…; the values of each column.
  static func records(rows: Int, spreads: [UInt64], seed: UInt64) throws -> (JSONDocument, [[ColumnValue]]) {
    var random = SplitMix64(seed: seed)
    var columns = [[ColumnValue]](repeating: [], count: spreads.count)
    var lines: [String] = []
    for _ in 0..<rows {
      var members: [String] = []
      for (column, spread) in spreads.enumerated() {
        let cell = cell(&random, spread: spread)
        columns[column].append(cell.value)
        if let written = cell.written { members.append("\"c\(column)\": \(written)") }
      }
      lines.append("{" + members.joined(separator: ", ") + "}")
    }
    return (try JSONDocument(parsing: "[" + lines.joined(separator: ",\n") + "]"), columns)
  }

  /// The summary's own path over every row, on `threads` threads (0: row by row here).
  static func summaries(of document: JSONDocument, columns: Int, threads: Int) throws -> [ColumnSummary] {
    let plan = SummaryPlan(sources: (0..<columns).map { .key("c\($0)") })
    let rows = Array(document.children(of: document.root))
    guard threads > 0 else {
      var summaries = Array(repeating: ColumnSummary(), count: columns)
      var scratch = SummaryPlan.Scratch()
      for row in rows { plan.summarize(row, of: document, into: &summaries, scratch: &scratch) }
      return summaries
    }
    let count = SummaryCount(
      document: document, plan: plan, rows: .children(of: document.root, count: rows.count), threads: threads)
    #expect(count.wait(milliseconds: 60_000))
    return try #require(count.result)
  }

  /// Expects a summary to say what the plain computation over `values` says (numbers
  /// fewer than the sample's bound: percentiles and sparkline exact).
  static func expectReference(_ summary: ColumnSummary, _ values: [ColumnValue], _ place: String) {
    #expect(summary.rowCount == values.count, "\(place)")
    var kinds: [String: Int] = [:]
    for value in values { kinds[value.kindName, default: 0] += 1 }
    #expect(summary.kindCounts == kinds, "\(place)")
    #expect(summary.missingCount == kinds["missing", default: 0], "\(place)")
    #expect(summary.nullCount == kinds["null", default: 0], "\(place)")
    // Distinct: exact while the entries (a missing key one of them) are within the bound.
    let present = values.filter { $0 != .missing }
    let distinct = Set(present).count
    let entries = Set(values).count
    #expect(summary.distinct.isExact == (entries <= ColumnSummary.exactDistinctLimit), "\(place)")
    if summary.distinct.isExact {
      #expect(summary.distinct.count == distinct, "\(place)")
      // The mode: the most frequent; of equally frequent ones the first by code points of
      // its text, of those the first seen.
      var counts: [ColumnValue: Int] = [:]
      var firstSeen: [ColumnValue] = []
      for value in present {
        if counts[value] == nil { firstSeen.append(value) }
        counts[value, default: 0] += 1
      }
      var mode: ColumnValue?
      for value in firstSeen {
        guard let best = mode else {
          mode = value
          continue
        }
        let (count, bestCount) = (counts[value, default: 0], counts[best, default: 0])
        if count > bestCount
          || (count == bestCount && value.text.unicodeScalars.lexicographicallyPrecedes(best.text.unicodeScalars))
        {
          mode = value
        }
      }
      #expect(summary.mode?.value == mode && summary.mode?.count == mode.flatMap { counts[$0] }, "\(place)")
    } else {
      let error = abs(Double(summary.distinct.count - distinct)) / Double(distinct)
      #expect(error < 0.05, "\(place): ≈\(summary.distinct.count) for \(distinct)")
    }
    let numbers = values.compactMap(\.number)
    #expect(summary.minimum == numbers.min() && summary.maximum == numbers.max(), "\(place)")
    if numbers.isEmpty {
      #expect(summary.mean == nil, "\(place)")
    } else {
      let mean = numbers.reduce(0, +) / Double(numbers.count)
      #expect(summary.mean.map { abs($0 - mean) <= 1e-9 * max(1, abs(mean)) } == true, "\(place)")
    }
    #expect(!summary.percentilesAreSampled, "\(place)")
    let sorted = numbers.sorted()
    for fraction in [0, 0.01, 0.25, 0.5, 0.95, 0.999, 1] {
      #expect(summary.percentile(fraction) == ColumnSummary.percentile(fraction, of: sorted), "\(place) p\(fraction)")
    }
    #expect(summary.percentiles([0.5, 0.95]) == [0.5, 0.95].map { ColumnSummary.percentile($0, of: sorted) })
    #expect(
      summary.sparkline() == ColumnSummary.sparkline(of: numbers, width: ColumnSummary.sparklineWidth), "\(place)")
  }

  @Test(arguments: [(1, 0), (2, 0), (3, 2), (4, 2)] as [(UInt64, Int)])
  func theSummaryOfRandomColumnsIsTheStraightforwardOne(seed: UInt64, threads: Int) throws {
    let spreads: [UInt64] = [3, 40, 700, 5_000]
    let (document, columns) = try Self.records(
      rows: 3_000 + Int(seed) * 311 + threads * 1_000, spreads: spreads, seed: seed)
    let summaries = try Self.summaries(of: document, columns: spreads.count, threads: threads)
    for (column, values) in columns.enumerated() {
      Self.expectReference(summaries[column], values, "c\(column) seed \(seed) threads \(threads)")
    }
  }

  @Test(arguments: [0, 2])
  func distinctValuesAreExactUpToTheBoundAndEstimatedPastIt(threads: Int) throws {
    // c0: exactly the bound's number of values, c1: one more, c2: the bound with a missing
    // key beside (one entry more: estimated), c3: strings twice the bound.
    let limit = ColumnSummary.exactDistinctLimit
    var lines: [String] = []
    var columns = [[ColumnValue]](repeating: [], count: 4)
    for row in 0..<(limit + 1) {
      let first = row % limit
      columns[0].append(.number(Double(first)))
      columns[1].append(.number(Double(row)))
      columns[2].append(row == limit ? .missing : .string("v\(row)"))
      columns[3].append(.string("w\(row * 2)"))
      var members = [#""c0": \#(first)"#, #""c1": \#(row)"#, #""c3": "w\#(row * 2)""#]
      if row < limit { members.append(#""c2": "v\#(row)""#) }
      lines.append("{" + members.joined(separator: ", ") + "}")
    }
    for row in 0..<limit {
      columns[0].append(.number(Double(row)))
      columns[1].append(.number(Double(row)))
      columns[2].append(.string("v\(row)"))
      columns[3].append(.string("w\(row * 2 + 1)"))
      lines.append(#"{"c0": \#(row), "c1": \#(row), "c2": "v\#(row)", "c3": "w\#(row * 2 + 1)"}"#)
    }
    let document = try JSONDocument(parsing: "[" + lines.joined(separator: ",") + "]")
    let summaries = try Self.summaries(of: document, columns: 4, threads: threads)
    #expect(summaries[0].distinct.count == limit && summaries[0].distinct.isExact)
    #expect(summaries[1].distinct.isExact == false && summaries[2].distinct.isExact == false)
    #expect(summaries[3].distinct.isExact == false)
    for (column, values) in columns.enumerated() {
      Self.expectReference(summaries[column], values, "c\(column) at the bound, threads \(threads)")
    }
  }

  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func selectionFindsWhatASortFinds(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = 1 + Int(random.next() % 3_000)
    // Few different numbers, many, already sorted, reversed, all equal.
    let spread = [1, 2, 7, 1_000, 1 << 40][Int(seed % 5)]
    var numbers = (0..<count).map { _ in Double(random.next() % UInt64(spread)) - Double(spread / 2) }
    if seed % 7 == 3 { numbers.sort() }
    if seed % 7 == 4 { numbers.sort(by: >) }
    let sorted = numbers.sorted()
    for _ in 0..<20 {
      let position = Int(random.next() % UInt64(count))
      var work = numbers
      #expect(ColumnSummary.selected(position, in: &work) == sorted[position], "seed \(seed) position \(position)")
      #expect(work.sorted() == sorted)
    }
    // Positions asked one after another of the same reordered numbers, as the sheet does.
    var work = numbers
    for position in [count / 2, count - 1, 0, (count * 19) / 20] {
      #expect(ColumnSummary.selected(position, in: &work) == sorted[position], "seed \(seed) then \(position)")
    }
  }
}
