import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The summary sheet's count on worker threads (issue 29): whatever the number of threads,
/// the merged summaries say what one thread summarizing row by row says — exactly for
/// counts, kinds, extremes, exact distinct counts and modes, up to float rounding for the
/// mean, within the sketches' error past their bounds; many summaries at once over one
/// document agree; a cancelled one ends without a result.
@Suite struct SummaryCountTests {
  /// Records of mixed kinds: `k` mixed, `n` numbers of `spread` values, `s` numeric
  /// strings, some rows without keys, non-object rows, and a nested `o.a`.
  static func document(rows: Int, spread: UInt64, seed: UInt64) throws -> JSONDocument {
    var random = SplitMix64(seed: seed)
    var records: [String] = []
    for index in 0..<rows {
      let n = random.next() % spread
      switch random.next() % 8 {
      case 0: records.append(#"{"other": 1}"#)
      case 1: records.append(#"{"k": null, "n": \#(n)}"#)
      case 2: records.append(#"{"k": "\#(random.next() % 30)", "s": "\#(n)"}"#)
      case 3: records.append(#"{"k": [1, \#(random.next() % 3)], "n": \#(Double(n) / 4)}"#)
      case 4: records.append(String(index % 5))
      case 5: records.append(#"{"k": {"a": 1}, "o": {"a": \#(n)}, "n": -\#(n)}"#)
      case 6: records.append(#"{"k": true, "s": "x\#(n)", "n": \#(n)}"#)
      default: records.append(#"{"n": \#(n), "k": "name \#(n % 7)", "o": 3}"#)
      }
    }
    return try JSONDocument(parsing: "[" + records.joined(separator: ",") + "]")
  }

  static let columns = ["k", "n", "s", "o.a", TableModel.valueColumn, "absent"]

  /// A plan for ``columns`` (`o.a` a sub-column) without a table model.
  static func plan(in document: JSONDocument) -> SummaryPlan {
    SummaryPlan(sources: [.key("k"), .key("n"), .key("s"), .path(["o", "a"]), .row, .key("absent")])
  }

  /// The summaries one thread makes, a row at a time.
  static func summarized(_ rows: [JSONNode], in document: JSONDocument) -> [ColumnSummary] {
    var summaries = Array(repeating: ColumnSummary(), count: columns.count)
    var scratch = SummaryPlan.Scratch()
    let plan = plan(in: document)
    for row in rows { plan.summarize(row, of: document, into: &summaries, scratch: &scratch) }
    return summaries
  }

  /// Expects `merged` to say what `single` says (sketches within their stated error).
  static func expectAgreement(_ merged: [ColumnSummary], _ single: [ColumnSummary], _ note: String) {
    #expect(merged.count == single.count)
    for (column, (got, want)) in zip(merged, single).enumerated() {
      let place = "\(columns[column]) \(note)"
      #expect(got.rowCount == want.rowCount, "\(place)")
      #expect(got.kindCounts == want.kindCounts, "\(place)")
      #expect(got.typeMix == want.typeMix, "\(place)")
      #expect(got.minimum == want.minimum && got.maximum == want.maximum, "\(place)")
      if let mean = got.mean, let expected = want.mean {
        #expect(abs(mean - expected) <= 1e-9 * max(1, abs(expected)), "\(place)")
      } else {
        #expect(got.mean == nil && want.mean == nil, "\(place)")
      }
      #expect(got.distinct.isExact == want.distinct.isExact, "\(place)")
      if want.distinct.isExact {
        #expect(got.distinct.count == want.distinct.count, "\(place)")
        #expect(got.mode?.value == want.mode?.value && got.mode?.count == want.mode?.count, "\(place)")
      } else {
        // The sketches merged register by register: the very estimate.
        #expect(got.distinct.count == want.distinct.count, "\(place)")
      }
      #expect(got.percentilesAreSampled == want.percentilesAreSampled, "\(place)")
      if !want.percentilesAreSampled {
        #expect(got.percentile(0.5) == want.percentile(0.5), "\(place)")
        #expect(got.percentile(0.95) == want.percentile(0.95), "\(place)")
        #expect(got.sparkline() == want.sparkline(), "\(place)")
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 7])
  func anyNumberOfThreadsSummarizesWhatOneThreadSummarizes(threads: Int) throws {
    let document = try Self.document(rows: 12_000 + threads * 977, spread: 500, seed: UInt64(threads))
    let rows = Array(document.children(of: document.root))
    let count = SummaryCount(
      document: document, plan: Self.plan(in: document), rows: .children(of: document.root, count: rows.count),
      threads: threads)
    #expect(count.wait(milliseconds: 60_000))
    let merged = try #require(count.result)
    Self.expectAgreement(merged, Self.summarized(rows, in: document), "on \(threads) threads")
    #expect(merged[0].distinct.isExact && merged[1].distinct.isExact)
    #expect(count.rowsRead == rows.count)
  }

  @Test func pastTheBoundsTheMergedSketchesAreWithinTheirError() throws {
    // More distinct numbers than the exact bound and more numbers than the sample holds.
    let rows = ColumnSummary.sampleLimit * 3
    let document = try Self.document(rows: rows, spread: 1 << 40, seed: 99)
    let nodes = Array(document.children(of: document.root))
    let single = Self.summarized(nodes, in: document)
    let count = SummaryCount(
      document: document, plan: Self.plan(in: document), rows: .children(of: document.root, count: rows), threads: 3)
    #expect(count.wait(milliseconds: 120_000))
    let merged = try #require(count.result)
    Self.expectAgreement(merged, single, "on 3 threads")
    let numbers = merged[1]
    #expect(!numbers.distinct.isExact && numbers.percentilesAreSampled)
    // The true distinct count: every value of `n` (a number, negative or a quarter too).
    var exact = Set<ColumnValue>()
    var values: [Double] = []
    for row in nodes where document.kind(of: row) == .object {
      guard let member = document.child(forKey: "n", of: row) else { continue }
      let value = ColumnValue(member, in: document)
      exact.insert(value)
      values.append(value.number ?? 0)
    }
    let error = abs(Double(numbers.distinct.count - exact.count)) / Double(exact.count)
    #expect(error < 4 * HyperLogLog().standardError, "\(numbers.distinct.count) for \(exact.count)")
    // The merged sample's percentiles are within 1 % of rank of the exact ones.
    values.sort()
    for fraction in [0.5, 0.95] {
      let estimate = try #require(numbers.percentile(fraction))
      let rank = Double(values.firstIndex { $0 >= estimate } ?? values.count) / Double(values.count)
      #expect(abs(rank - fraction) < 0.01, "p\(Int(fraction * 100)): \(estimate) at rank \(rank)")
    }
  }

  @Test func manySummariesAtOnceOverOneDocumentAgree() throws {
    let document = try Self.document(rows: 20_000, spread: 50_000, seed: 7)
    let rows = Array(document.children(of: document.root))
    let single = Self.summarized(rows, in: document)
    let counts = (0..<6).map { index in
      SummaryCount(
        document: document, plan: Self.plan(in: document), rows: .children(of: document.root, count: rows.count),
        threads: 1 + index % 4)
    }
    for (index, count) in counts.enumerated() {
      #expect(count.wait(milliseconds: 60_000))
      Self.expectAgreement(try #require(count.result), single, "count \(index)")
    }
  }

  @Test func theRowsAFilterKeepsAreSummarizedAsGiven() throws {
    let document = try Self.document(rows: 9_000, spread: 300, seed: 42)
    let kept = Array(document.children(of: document.root)).enumerated().filter { $0.offset % 3 != 1 }.map(\.element)
    let count = SummaryCount(document: document, plan: Self.plan(in: document), rows: .nodes(kept), threads: 3)
    #expect(count.wait(milliseconds: 60_000))
    Self.expectAgreement(try #require(count.result), Self.summarized(kept, in: document), "filtered")
  }

  @Test func aCancelledSummaryEndsWithoutAResult() throws {
    let document = try Self.document(rows: 200_000, spread: 1_000, seed: 3)
    let count = SummaryCount(
      document: document, plan: Self.plan(in: document), rows: .children(of: document.root, count: 200_000),
      threads: 2)
    count.cancel()
    #expect(count.wait(milliseconds: 60_000))
    #expect(count.result == nil)
  }

  @Test func arrayRowsAreSummarizedByPositionAsTheTableShowsThem() throws {
    let document = try JSONDocument(parsing: #"[[1, "x"], [2], {"[0]": 5}, 3, [], [4, "y", true]]"#)
    let plan = SummaryPlan(sources: [.element(0, key: "[0]"), .element(1, key: "[1]"), .row])
    var summaries = Array(repeating: ColumnSummary(), count: 3)
    var scratch = SummaryPlan.Scratch()
    let rows = Array(document.children(of: document.root))
    for row in rows { plan.summarize(row, of: document, into: &summaries, scratch: &scratch) }
    #expect(summaries[0].kindCounts == ["number": 4, "missing": 2], "1, 2, the record's 5, 4; 3 and [] have none")
    #expect(summaries[0].minimum == 1 && summaries[0].maximum == 5)
    #expect(summaries[1].kindCounts == ["string": 2, "missing": 4])
    #expect(summaries[2].kindCounts == ["number": 1, "array": 1, "missing": 4], "3 and the empty array")
    // Each column reads what the table's cell shows.
    for (column, source) in [TableModel.CellSource.element(0, key: "[0]"), .element(1, key: "[1]"), .row].enumerated() {
      var expected = ColumnSummary()
      for row in rows { expected.add(ColumnValue(TableModel.value(source, in: row, of: document), in: document)) }
      #expect(summaries[column].kindCounts == expected.kindCounts)
    }
  }

  @Test func shortDecimalsReadAsDoubleReadsThem() {
    var random = SplitMix64(seed: 5)
    var texts = ["0", "-0", "007", "1.", ".5", "+4", "1e3", "-", "", "1.2.3", "123456789012345", "1234567890123456"]
    for _ in 0..<20_000 {
      let whole = random.next() % 1_000_000_000
      let places = Int(random.next() % 7)
      let fraction = places == 0 ? "" : "." + String(String(random.next()).suffix(places))
      texts.append((random.next() % 3 == 0 ? "-" : "") + String(whole) + fraction)
    }
    for text in texts {
      if let fast = TableSortKey.shortDecimal(text) {
        #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
      }
    }
    #expect(TableSortKey.shortDecimal("12.50") == 12.5 && TableSortKey.shortDecimal("-3") == -3)
    #expect(TableSortKey.shortDecimal("1e3") == nil && TableSortKey.shortDecimal("1234567890123456") == nil)
  }

  @Test func mergedSketchesAreTheSketchOfEveryValue() {
    var whole = HyperLogLog()
    var first = HyperLogLog()
    var second = HyperLogLog()
    for value in 0..<50_000 {
      let hash = ColumnValue.number(Double(value)).stableHash
      whole.add(hash: hash)
      if value % 3 == 0 { first.add(hash: hash) } else { second.add(hash: hash) }
    }
    first.merge(second)
    #expect(first.estimate == whole.estimate)
  }
}
