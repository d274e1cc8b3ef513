import Dispatch
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The frequency sheet's count on worker threads (issue 29): whatever the number of threads
/// and however the rows are given, it counts what one thread counting row by row counts;
/// many counts at once over one document agree; a cancelled count ends without a result.
@Suite struct FrequencyCountTests {
  /// Records with a key `k` of mixed kinds, some without it, and a few non-object rows.
  static func document(rows: Int, seed: UInt64) throws -> JSONDocument {
    var random = SplitMix64(seed: seed)
    var records: [String] = []
    for index in 0..<rows {
      switch random.next() % 9 {
      case 0: records.append(#"{"other": 1}"#)
      case 1: records.append(#"{"k": null}"#)
      case 2: records.append(#"{"k": "\#(random.next() % 30)"}"#)
      case 3: records.append(#"{"k": "name \#(random.next() % 5)", "k2": [1]}"#)
      case 4: records.append(String(index % 4))
      case 5: records.append(#"{"k": {"a": \#(random.next() % 3)}}"#)
      case 6: records.append(#"{"k": \#(random.next() % 2 == 0 ? "true" : "false")}"#)
      default: records.append(#"{"a": 0, "k": \#(Double(random.next() % 40) / 4)}"#)
      }
    }
    return try JSONDocument(parsing: "[" + records.joined(separator: ",") + "]")
  }

  /// The count one thread makes, a row at a time.
  static func counted(_ column: String, of nodes: [JSONNode], in document: JSONDocument) -> [ColumnValue: Int] {
    var table = FrequencyTable()
    for row in nodes {
      if document.kind(of: row) == .object {
        table.add(
          ColumnValue(column == TableModel.valueColumn ? nil : document.child(forKey: column, of: row), in: document))
      } else {
        table.add(ColumnValue(column == TableModel.valueColumn ? row : nil, in: document))
      }
    }
    return table.counts
  }

  @Test(arguments: [1, 2, 3, 4, 7])
  func anyNumberOfThreadsCountsWhatOneThreadCounts(threads: Int) throws {
    let document = try Self.document(rows: 10_000 + threads * 977, seed: UInt64(threads))
    let rows = Array(document.children(of: document.root))
    for column in ["k", TableModel.valueColumn, "absent"] {
      let count = FrequencyCount(
        document: document, column: column, rows: .children(of: document.root, count: rows.count), threads: threads)
      #expect(count.wait(milliseconds: 60_000))
      let result = try #require(count.result)
      #expect(result.counts == Self.counted(column, of: rows, in: document), "\(column) on \(threads) threads")
      #expect(result.total == rows.count)
      #expect(count.rowsRead == rows.count)
    }
  }

  @Test func theRowsAFilterKeepsAreCountedAsGiven() throws {
    let document = try Self.document(rows: 9_000, seed: 42)
    let kept = Array(document.children(of: document.root)).enumerated().filter { $0.offset % 3 != 1 }.map(\.element)
    let count = FrequencyCount(document: document, column: "k", rows: .nodes(kept.reversed()), threads: 3)
    #expect(count.wait(milliseconds: 60_000))
    #expect(try #require(count.result).counts == Self.counted("k", of: kept, in: document))
  }

  @Test func manyCountsAtOnceOverOneDocumentAgree() throws {
    let document = try Self.document(rows: 20_000, seed: 7)
    let rows = Array(document.children(of: document.root))
    let expected = Self.counted("k", of: rows, in: document)
    let counts = (0..<8).map { index in
      FrequencyCount(
        document: document, column: "k", rows: .children(of: document.root, count: rows.count), threads: 1 + index % 4)
    }
    for count in counts {
      #expect(count.wait(milliseconds: 60_000))
      #expect(count.result?.counts == expected)
    }
  }

  @Test func anEditWhileCountingChangesNeitherTheCountNorTheDocument() throws {
    let document = try Self.document(rows: 30_000, seed: 11)
    let rows = Array(document.children(of: document.root))
    let expected = Self.counted("k", of: rows, in: document)
    var edited = document
    let count = FrequencyCount(
      document: document, column: "k", rows: .children(of: document.root, count: rows.count), threads: 2)
    // The run loop's thread edits its own copy meanwhile: copy on write keeps the count's.
    let first = try #require(edited.child(at: 0, of: edited.root))
    _ = try edited.replace(first, withJSON: #"{"k": "edited"}"#)
    #expect(count.wait(milliseconds: 60_000))
    #expect(count.result?.counts == expected)
    #expect(Self.counted("k", of: Array(edited.children(of: edited.root)), in: edited)[.string("edited")] == 1)
  }

  @Test func aCancelledCountEndsWithoutAResult() throws {
    let document = try Self.document(rows: 200_000, seed: 3)
    let count = FrequencyCount(
      document: document, column: "k", rows: .children(of: document.root, count: 200_000), threads: 2)
    count.cancel()
    #expect(count.wait(milliseconds: 60_000))
    #expect(count.isFinished)
    #expect(count.result.map(\.total) == nil)
  }
}
