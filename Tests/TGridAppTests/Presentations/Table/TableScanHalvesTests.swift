import TGridJSON
import TGridSystem
import TermGrid
import Testing

@testable import TGridApp

/// The table's scan of keys reads many rows in two halves on two threads (issue 34.4): the
/// columns are the union of the rows' keys in first-seen order, as one pass finds them,
/// wherever in a half a new key, an array row or a scalar row turns up; several tables
/// scan one document at once.
@Suite struct TableScanHalvesTests {
  static let rowCount = TableModel.initialScanRows + 12 * TableModel.rowsPerThread + 77

  /// Rows mostly of one shape; others (new keys, arrays, scalars) at places that fall in
  /// the earlier and the later halves of chunks.
  static func rows() -> [String] {
    let first = TableModel.initialScanRows
    let half = TableModel.rowsPerThread
    return (0..<rowCount).map { index -> String in
      switch index {
      case first + half + 5: #"{"id": 1, "late": 2}"#  // a later half, before any key below
      case first + 3: #"{"early": true, "id": 0}"#  // an earlier half
      case first + 3 * half + 1: "[1, 2, 3, 4]"  // an array row in a later half
      case first + 6 * half: "17"  // a scalar row, first of an earlier half
      case first + 8 * half - 1: #"{"id": 2, "n\u0061me": "x", "last": null}"#  // a half's last row
      case rowCount - 1: #"{"tail": 1}"#  // the rows after the last chunk
      default: #"{"id": \#(index), "name": "n\#(index)"}"#
      }
    }
  }

  /// The columns as one pass in order finds them: the rows' keys in first-seen order, the
  /// element columns after them, the value column first.
  static let expectedColumns = ["(value)", "id", "name", "early", "late", "last", "tail", "[0]", "[1]", "[2]", "[3]"]

  func store() throws -> DocumentStore {
    DocumentStore(
      document: try JSONDocument(parsing: "[" + Self.rows().joined(separator: ",") + "]"), name: "test.json",
      path: nil)
  }

  @Test func halvesFindTheColumnsOnePassFinds() throws {
    let store = try store()
    var model = TableModel(store: store, root: store.root)
    #expect(!model.isScanned)
    _ = model.scan(in: store, until: UInt64.max)
    #expect(model.isScanned)
    #expect(model.allColumns == Self.expectedColumns)
    // Rows of the first shape are skipped on both threads: decoded are the rows whose shape
    // changed, the rows after them, and the first row of each half.
    #expect(model.keyDecodedRowCount < 40)
  }

  @Test func tablesScanOneDocumentOnSeveralThreadsAtOnce() throws {
    let store = try store()
    let document = store.document
    // Each thread makes its own store over the same document (storage shared, read only).
    let columns = Locked<[[String]]>([])
    let threads = (0..<3).compactMap { _ in
      WorkerThread.start {
        let store = DocumentStore(document: document, name: "test.json", path: nil)
        var model = TableModel(store: store, root: store.root)
        _ = model.scan(in: store, until: UInt64.max)
        columns.withLock { $0.append(model.allColumns) }
      }
    }
    #expect(threads.count == 3)
    for thread in threads { thread.join() }
    #expect(columns.withLock { $0 } == Array(repeating: Self.expectedColumns, count: 3))
  }
}
