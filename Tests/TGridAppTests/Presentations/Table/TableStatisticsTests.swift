import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The statistics behind the table's frequency and summary sheets (issue 29): counts,
  /// shares, bins, bars, distinct values exact and sketched, percentiles.
  @Suite struct TableStatisticsTests {
    // MARK: - Frequency

    @Test func valuesAreListedByCountTheMostFrequentFirstWithTheirShare() {
      var table = FrequencyTable()
      for origin in ["USA", "Japan", "USA", "Europe", "USA", "Japan"] { table.add(.string(origin)) }
      table.add(.missing)
      table.add(.null)
      let rows = table.rows()
      #expect(rows.map(\.label) == ["USA", "Japan", "Europe", "null", "(missing)"])
      #expect(rows.map(\.count) == [3, 2, 1, 1, 1])
      #expect(table.total == 8)
      #expect(
        rows.map { FrequencyTable.percentText($0.count, of: table.total) } == [
          "37.5%", "25.0%", "12.5%", "12.5%", "12.5%",
        ])
      #expect(!table.isBinned)
    }

    @Test func equalCountsKeepValueOrderNumbersByValue() {
      var table = FrequencyTable()
      for value in [10.0, 9, 100, 9, 10, 100] { table.add(.number(value)) }
      #expect(table.rows().map(\.label) == ["9", "10", "100"])
    }

    @Test func percentsRoundToOneDecimal() {
      #expect(FrequencyTable.percentText(1, of: 3) == "33.3%")
      #expect(FrequencyTable.percentText(2, of: 3) == "66.7%")
      #expect(FrequencyTable.percentText(3, of: 3) == "100.0%")
      #expect(FrequencyTable.percentText(0, of: 0) == "0%")
    }

    @Test func manyDifferentNumbersAreBinnedAndEveryNumberIsInExactlyOneBin() {
      var table = FrequencyTable()
      let values = (0..<100).map { Double($0) * 1.5 }
      for value in values { table.add(.number(value)) }
      table.add(.null)
      #expect(table.isBinned)
      let rows = table.rows(binCount: 10)
      #expect(rows.count == 11, "ten bins and the null")
      #expect(rows.first?.label == "[0, 14.85)")
      #expect(rows[9].label == "[133.65, 148.5]", "the last bin holds its upper end")
      #expect(rows.prefix(10).map(\.count).reduce(0, +) == 100)
      #expect(rows.prefix(10).allSatisfy { $0.count == 10 })
      #expect(rows.last?.label == "null")
      #expect(table.rows(binCount: 4).count == 5)
      #expect(table.rows(binCount: 1).count == 3, "never fewer than two bins")
    }

    @Test func binsAgreeWithTheirEdgesForEveryNumber() {
      var random = SplitMix64(seed: 7)
      for _ in 0..<50 {
        let lower = Double(Int(random.next() % 1000)) / 7 - 70
        let upper = lower + Double(Int(random.next() % 1000) + 1) / 3
        let bins = NumericBins(lower: lower, upper: upper, count: Int(random.next() % 30) + 2)
        for _ in 0..<200 {
          let value = lower + (upper - lower) * Double(random.next() % 10_001) / 10_000
          let bin = bins.bin(of: value)
          let range = bins.range(ofBin: bin)
          #expect(value >= range.lower)
          #expect(bin == bins.count - 1 ? value <= range.upper : value < range.upper)
        }
      }
    }

    @Test func numericStringsAreBinnedAndFilteredThroughTonumber() {
      var table = FrequencyTable()
      for value in 0..<30 { table.add(.numericString(String(value * 1000), Double(value * 1000))) }
      let rows = table.rows(binCount: 3)
      #expect(rows.map(\.count) == [10, 10, 10])
      #expect(
        rows[0].selection.filterExpression(path: #".["pop"]"#)
          == #"(.["pop"] | type) == "string" and (.["pop"] | tonumber) >= 0 and (.["pop"] | tonumber) < 9666.666666666666"#
      )
    }

    @Test func filterExpressionsSayEachKindOfValue() {
      let path = ColumnValue.path(ofColumn: "Miles \"per\" Gallon")
      #expect(path == #".["Miles \"per\" Gallon"]"#)
      #expect(ColumnValue.string("USA").filterExpression(path: ".[\"Origin\"]") == #".["Origin"] == "USA""#)
      #expect(ColumnValue.string("a\nb").filterExpression(path: ".") == #". == "a\nb""#)
      #expect(ColumnValue.number(8).filterExpression(path: ".[\"c\"]") == #".["c"] == 8"#)
      #expect(ColumnValue.number(0.1).filterExpression(path: ".[\"c\"]") == #".["c"] == 0.1"#)
      #expect(ColumnValue.null.filterExpression(path: ".[\"c\"]") == #".["c"] == null and has("c")"#)
      #expect(ColumnValue.missing.filterExpression(path: ".[\"c\"]") == #"has("c") | not"#)
      #expect(ColumnValue.boolean(false).filterExpression(path: ".[\"c\"]") == #".["c"] == false"#)
    }

    @Test func everyFilterExpressionIsAValidFilterThatKeepsItsRows() throws {
      let json = #"[{"o": "USA", "n": 1}, {"o": "Japan", "n": null}, {"n": 2.5}, {"o": [1, "x"], "n": 1}]"#
      let document = try JSONDocument(parsing: json)
      for column in ["o", "n"] {
        var table = FrequencyTable()
        let records = document.children(of: document.root).map { $0 }
        for record in records { table.add(ColumnValue(document.child(forKey: column, of: record), in: document)) }
        for row in table.rows() {
          let filter = try JSONFilter(row.selection.filterExpression(path: ColumnValue.path(ofColumn: column)))
          let kept = records.filter { filter.matches($0, in: document) }
          #expect(kept.count == row.count, "\(column) \(row.label): \(filter)")
        }
      }
    }

    @Test func barsAreInEighthsScaledToTheLargestCount() {
      #expect(FrequencyBar.text(count: 10, maximum: 10, width: 4) == "████")
      #expect(FrequencyBar.text(count: 5, maximum: 10, width: 4) == "██")
      #expect(FrequencyBar.text(count: 3, maximum: 8, width: 1) == "▍")
      #expect(FrequencyBar.text(count: 1, maximum: 1_000, width: 4) == "▏", "anything counted shows")
      #expect(FrequencyBar.text(count: 0, maximum: 10, width: 4) == "")
      #expect(FrequencyBar.text(count: 9, maximum: 10, width: 3).count == 3)
    }

    // MARK: - Distinct values

    /// The sketch's estimate stays within four standard errors of the exact count, over
    /// many seeds and cardinalities (each value added a few times).
    @Test(arguments: 1...20) func hyperLogLogIsWithinItsStatedErrorOfTheExactCount(seed: UInt64) {
      var random = SplitMix64(seed: seed)
      let distinct = Int(random.next() % 60_000) + 1
      var sketch = HyperLogLog()
      var exact = Set<ColumnValue>()
      for index in 0..<distinct {
        let value: ColumnValue =
          index % 3 == 0 ? .number(Double(random.next() % 1_000_000_000)) : .string("v\(random.next())")
        exact.insert(value)
        for _ in 0..<(Int(random.next() % 3) + 1) { sketch.add(value) }
      }
      let error = abs(Double(sketch.estimate - exact.count)) / Double(exact.count)
      #expect(error <= 4 * sketch.standardError, "estimate \(sketch.estimate) for \(exact.count)")
    }

    @Test func theNaturalLogarithmIsAccurate() {
      #expect(abs(HyperLogLog.naturalLog(1)) < 1e-12)
      #expect(abs(HyperLogLog.naturalLog(2.718_281_828_459_045) - 1) < 1e-12)
      #expect(abs(HyperLogLog.naturalLog(4096) - 8.317_766_166_719_343) < 1e-9)
      #expect(abs(HyperLogLog.naturalLog(0.001) + 6.907_755_278_982_137) < 1e-9)
    }

    @Test func distinctValuesAreExactUpToTheBoundThenSketched() {
      var summary = ColumnSummary()
      for value in 0..<100 { summary.add(.number(Double(value % 40))) }
      summary.add(.missing)
      #expect(summary.distinct.count == 40 && summary.distinct.isExact)
      var large = ColumnSummary()
      let count = ColumnSummary.exactDistinctLimit * 3
      for value in 0..<count { large.add(.string("s\(value)")) }
      let distinct = large.distinct
      #expect(!distinct.isExact)
      #expect(abs(Double(distinct.count - count)) / Double(count) < 0.07, "\(distinct.count)")
    }

    // MARK: - Summary

    @Test func aSummaryCountsKindsMissingNullsAndNumbers() {
      var summary = ColumnSummary()
      for value in [130.0, 165, 150, 150, 140] { summary.add(.number(value)) }
      summary.add(.null)
      summary.add(.missing)
      summary.add(.missing)
      #expect(summary.rowCount == 8)
      #expect(summary.missingCount == 2)
      #expect(summary.nullCount == 1)
      #expect(summary.typeMix == "number 5, null 1")
      #expect(summary.minimum == 130 && summary.maximum == 165)
      #expect(summary.mean == 147)
      #expect(summary.percentile(0.5) == 150)
      #expect(summary.percentile(0.95) == 165)
      #expect(summary.mode?.value == .number(150) && summary.mode?.count == 2)
      #expect(!summary.percentilesAreSampled)
    }

    @Test func nearestRankPercentiles() {
      let sorted = (1...100).map(Double.init)
      #expect(ColumnSummary.percentile(0.5, of: sorted) == 50)
      #expect(ColumnSummary.percentile(0.95, of: sorted) == 95)
      #expect(ColumnSummary.percentile(0, of: sorted) == 1)
      #expect(ColumnSummary.percentile(1, of: sorted) == 100)
      #expect(ColumnSummary.percentile(0.5, of: []) == nil)
    }

    @Test func numbersAreShownShort() {
      #expect(ColumnValue.text(of: 3) == "3")
      #expect(ColumnValue.text(of: -12.5) == "-12.5")
      #expect(ColumnValue.text(of: 1.0 / 3) == "0.333333")
      #expect(ColumnValue.text(of: 23.514_5) == "23.5145")
      #expect(ColumnValue.text(of: 0.000_123_456_7) == "0.000123457")
      #expect(ColumnValue.literal(1.0 / 3) == "0.3333333333333333")
    }
  }

  @Test func theSparklineDrawsTheDistributionInEqualBinsScaledToTheFullest() {
    // 0…7 once each and 7 three times more: the last bin is the fullest.
    let numbers: [Double] = [0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7]
    #expect(ColumnSummary.sparkline(of: numbers, width: 8) == "▂▂▂▂▂▂▂█")
    // A gap: nothing between 0 and 10 but at the ends.
    #expect(ColumnSummary.sparkline(of: [0, 0, 10], width: 4) == "█  ▄")
    // Fewer than two different numbers: no shape to draw.
    #expect(ColumnSummary.sparkline(of: [3, 3, 3], width: 8) == "")
    #expect(ColumnSummary.sparkline(of: [], width: 8) == "")
    var summary = ColumnSummary()
    for value in [1.0, 2, 2, 3, 3, 3] { summary.add(.number(value)) }
    summary.add(.string("x"))
    #expect(summary.sparkline(width: 3) == "▃▅█", "strings do not count")
  }
}

extension PilotTests {
  /// Column types in the table's header (issue 29): a marker per type, numbers right-aligned,
  /// missing keys dimmed and apart from null.
  @Suite struct ColumnTypePilotTests {
    @Test func headersShowTheTypeAndNumbersAreRightAligned() throws {
      let json = #"""
        [{"n": 1, "s": "12", "d": "2024-05-01", "b": true, "t": "x", "m": 1},
         {"n": 250, "s": "7", "d": "2024-06-01T10:00:00Z", "b": false, "t": "y", "m": "a"},
         {"n": null, "s": "3", "d": "1999-12-31", "b": true, "t": "z"}]
        """#
      let pilot = try Pilot(json: json, size: CellSize(columns: 80, rows: 8), presentation: .table)
      #expect(pilot.lines[0] == " │n # │s %│d @                 │b ?  │t  │m *                                   ")
      #expect(pilot.lines[2] == "0│   1│ 12│2024-05-01          │true │x  │1                                     ")
      #expect(pilot.lines[3] == "1│ 250│  7│2024-06-01T10:00:00Z│false│y  │a                                     ")
      // A missing key is a dot, not null.
      #expect(pilot.lines[4] == "2│null│  3│1999-12-31          │true │z  │·                                     ")
    }

    @Test func typesMergeStringsOfEverySortAndMixTheRest() {
      #expect(ColumnType.Tally.merge(.numericString, .date) == .string)
      #expect(ColumnType.Tally.merge(.empty, .number) == .number)
      #expect(ColumnType.Tally.merge(.number, .numericString) == .mixed)
      #expect(ColumnType.looksLikeDate("2024-05-01"))
      #expect(ColumnType.looksLikeDate("2024-05-01 10:00"))
      #expect(!ColumnType.looksLikeDate("2024-05-0"))
      #expect(!ColumnType.looksLikeDate("2024/05/01"))
    }
  }

}
