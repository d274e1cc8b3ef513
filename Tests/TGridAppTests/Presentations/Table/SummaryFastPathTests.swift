import TGridJSON
import Testing

@testable import TGridApp

/// The summary's fast path (issue 29, 10 M records): values read from the document's bytes
/// into an open-addressing exact-count table, keys matched by the last record's key order.
/// On random records (mixed kinds, missing keys, nulls, repeated keys, escaped and
/// non-ASCII keys and strings, changing key orders) it says exactly what the straightforward
/// path says: every cell's value made a ``ColumnValue`` and counted with
/// ``ColumnSummary/add(_:)``.
@Suite struct SummaryFastPathTests {
  /// Keys as written in the records: `\u0061` is `a` escaped, `a\"q` has a quote.
  static let writtenKeys = ["a", "b", "é", "日本", #"a\"q"#, #"\u0061"#, "o", "c"]
  /// Values as written: numbers that are one value (`0`, `-0`, `0.0`), numeric strings,
  /// strings equal once unescaped (`é`, `\u00e9`), other kinds.
  static let writtenValues = [
    "0", "-0", "0.0", "1", "1.0", "1e0", "-2.5", "12345678901234567890", "1E400", "3.25", #""12""#, #""-0""#,
    #""1e5""#, #""12 ""#, #""é""#, #""\u00e9""#, #""e\u0301""#, #""日本""#, #""""#, #""x\"y""#, #""null""#,
    "true", "false", "null", "[1,2]", "[]", #"{"x":1}"#, #"{"x":"é"}"#, "{}",
  ]

  /// `rows` random records; `variety` values per key (more than the exact bound: sketches).
  static func document(rows: Int, seed: UInt64, variety: UInt64 = 0) throws -> JSONDocument {
    var random = SplitMix64(seed: seed)
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    let shapes = (0..<4).map { _ in (0..<(2 + Int(random.next() % 6))).map { _ in pick(writtenKeys) } }
    var records: [String] = []
    for _ in 0..<rows {
      switch random.next() % 16 {
      case 0: records.append(pick(writtenValues))
      case 1: records.append("[\(pick(writtenValues)), \(pick(writtenValues))]")
      default:
        // Mostly a shared shape (the key-order fast path), sometimes keys in any order.
        let keys =
          random.next() % 4 == 0 ? (0..<Int(random.next() % 7)).map { _ in pick(writtenKeys) } : pick(shapes)
        let members = keys.map { key in
          let value =
            variety > 0 && random.next() % 2 == 0
            ? (random.next() % 2 == 0 ? "\(random.next() % variety)" : "\"s\(random.next() % variety)\"")
            : key == "o" && random.next() % 2 == 0 ? #"{"x": \#(pick(writtenValues))}"# : pick(writtenValues)
          return "\"\(key)\": \(value)"
        }
        records.append("{" + members.joined(separator: ", ") + "}")
      }
    }
    return try JSONDocument(parsing: "[" + records.joined(separator: ",\n") + "]")
  }

  /// Every kind of column: keys (one listed twice, one escaped, one absent), a path, the
  /// row's value, array elements.
  static let sources: [TableModel.CellSource] = [
    .key("a"), .key("b"), .key("é"), .key("日本"), .key(#"a"q"#), .key("absent"), .key("a"), .path(["o", "x"]), .row,
    .element(0, key: "[0]"), .element(1, key: "c"),
  ]

  /// The fast path: ``SummaryPlan`` over the rows.
  static func fast(_ rows: [JSONNode], in document: JSONDocument) -> [ColumnSummary] {
    let plan = SummaryPlan(sources: sources)
    var summaries = Array(repeating: ColumnSummary(), count: sources.count)
    var scratch = SummaryPlan.Scratch()
    for row in rows { plan.summarize(row, of: document, into: &summaries, scratch: &scratch) }
    return summaries
  }

  /// The straightforward path: each cell's value as the table shows it, made a ``ColumnValue``.
  static func straightforward(_ rows: [JSONNode], in document: JSONDocument) -> [ColumnSummary] {
    var summaries = Array(repeating: ColumnSummary(), count: sources.count)
    for row in rows {
      for (column, source) in sources.enumerated() {
        summaries[column].add(ColumnValue(TableModel.value(source, in: row, of: document), in: document))
      }
    }
    return summaries
  }

  /// Expects two summaries to say exactly the same.
  static func expectSame(_ got: [ColumnSummary], _ want: [ColumnSummary], _ note: String) {
    for (column, (got, want)) in zip(got, want).enumerated() {
      let place = "column \(column) \(note)"
      #expect(got.rowCount == want.rowCount, "\(place)")
      #expect(got.kindCounts == want.kindCounts, "\(place)")
      #expect(got.missingCount == want.missingCount && got.nullCount == want.nullCount, "\(place)")
      #expect(got.distinct == want.distinct, "\(place)")
      #expect(got.mode?.value == want.mode?.value, "\(place)")
      #expect(got.mode?.count == want.mode?.count && got.mode?.isExact == want.mode?.isExact, "\(place)")
      #expect(got.minimum == want.minimum && got.maximum == want.maximum, "\(place)")
      #expect(got.mean == want.mean, "\(place)")
      #expect(got.percentile(0.5) == want.percentile(0.5) && got.percentile(0.95) == want.percentile(0.95), "\(place)")
      #expect(got.sparkline() == want.sparkline(), "\(place)")
    }
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func theFastPathSummarizesWhatTheStraightforwardOneDoes(seed: UInt64) throws {
    let document = try Self.document(rows: 400 + Int(seed) * 97, seed: seed)
    let rows = Array(document.children(of: document.root))
    Self.expectSame(Self.fast(rows, in: document), Self.straightforward(rows, in: document), "seed \(seed)")
  }

  @Test func pastTheExactBoundTheFastPathSketchesTheSameValues() throws {
    let document = try Self.document(rows: 60_000, seed: 77, variety: 40_000)
    let rows = Array(document.children(of: document.root))
    let fast = Self.fast(rows, in: document)
    Self.expectSame(fast, Self.straightforward(rows, in: document), "past the bound")
    #expect(fast.contains { !$0.distinct.isExact && $0.mode?.isExact == false })
  }

  @Test func equalValuesAreOneEntryWhateverTheirSpelling() throws {
    // `0`, `-0` and `0.0` are one number; `é` and `\u00e9` one string; `"12"` a numeric string.
    let document = try JSONDocument(
      parsing: #"[{"a": 0}, {"a": -0}, {"a": 0.0}, {"a": "é"}, {"a": "\u00e9"}, {"a": "12"}, {"a": 12}, {}]"#)
    let summary = Self.fast(Array(document.children(of: document.root)), in: document)[0]
    #expect(summary.distinct.count == 4 && summary.distinct.isExact)
    #expect(summary.mode?.value == .number(0) && summary.mode?.count == 3)
    #expect(summary.kindCounts == ["number": 4, "string": 2, "numeric string": 1, "missing": 1])
  }

  @Test func aSparklineLeavesOutNumbersPastADoublesRange() {
    // `1e400` reads as infinity (it trapped: an infinite span made a bin of NaN).
    #expect(ColumnSummary.sparkline(of: [1, 2, .infinity, 3, -.infinity], width: 2) == "▄█")
    #expect(ColumnSummary.sparkline(of: [.infinity, .infinity], width: 4) == "")
    #expect(ColumnSummary.sparkline(of: [-1e308, 1e308, 1e308], width: 2) == "▄█")
  }

  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func exactCountsCountAsADictionaryDoes(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var counts = ExactCounts()
    var reference: [ColumnValue: Int] = [:]
    var firstSeen: [ColumnValue] = []
    let pool: [ColumnValue] = [
      .null, .missing, .boolean(true), .boolean(false), .number(0), .number(-1.5), .string(""), .string("é"),
      .string("e\u{301}"), .numericString("12", 12), .string("12"), .container("[1]"), .container("{}"),
    ]
    for _ in 0..<5_000 {
      let value =
        random.next() % 3 == 0 ? pool[Int(random.next() % UInt64(pool.count))] : .number(Double(random.next() % 700))
      if reference[value] == nil { firstSeen.append(value) }
      reference[value, default: 0] += 1
      counts.add(value)
    }
    #expect(counts.count == reference.count)
    #expect(counts.values == firstSeen)
    for (index, value) in counts.values.enumerated() { #expect(counts.counts[index] == reference[value]) }
    // Merged with itself: every count doubles, nothing new.
    var doubled = counts
    doubled.merge(counts)
    #expect(doubled.values == firstSeen && doubled.counts == counts.counts.map { $0 * 2 })
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func membersByShapeFindWhatMembersFind(seed: UInt64) throws {
    let document = try Self.document(rows: 600, seed: seed)
    let keys = JSONKeyList(["a", "b", "é", "日本", #"a"q"#, "absent", "a", "o"])
    var shape = JSONKeyList.Shape()
    var byShape: [JSONNode?] = []
    var plain: [JSONNode?] = []
    for row in document.children(of: document.root) {
      document.members(keys, of: row, into: &byShape, shape: &shape)
      document.members(keys, of: row, into: &plain)
      #expect(byShape == plain)
    }
  }
}
