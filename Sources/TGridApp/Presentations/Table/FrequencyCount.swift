import TGridJSON
import TGridSystem
import TermGrid

/// One column's frequency counted on worker threads (the frequency sheet of a large table):
/// the rows are split in parts, each part is counted into a ``FrequencyTable`` of its own on
/// a thread of its own, over a copy of the document taken when the count starts (an edit
/// meanwhile copies the tape instead of changing what the threads read), and the parts are
/// merged when the last one ends. ``rowsRead`` is the progress, ``cancel()`` stops every
/// part at its next check, ``wait(milliseconds:)`` lets the run loop's thread wait a slice
/// for the result instead of polling.
final class FrequencyCount: Sendable {
  /// The rows to count.
  enum Rows: Sendable {
    /// The first `count` children of a container, read each from the one before.
    case children(of: JSONNode, count: Int)
    /// These values (the rows a filter keeps).
    case nodes([JSONNode])

    /// How many rows.
    var count: Int {
      switch self {
      case .children(_, let count): return count
      case .nodes(let nodes): return nodes.count
      }
    }
  }

  private let workers: RowWorkers<FrequencyTable>

  /// Rows are counted this many at a time between looks at the progress and at
  /// ``cancel()`` (about a millisecond of work).
  static let checkInterval = 1_024

  /// Starts counting the values of the column `column` (a key, or ``TableModel/valueColumn``)
  /// of `rows` of `document` on `threads` threads (at least one).
  convenience init(document: JSONDocument, column: String, path: [String]? = nil, rows: Rows, threads: Int) {
    let source: TableModel.CellSource =
      column == TableModel.valueColumn ? .row : path.map { $0.count == 1 ? .key($0[0]) : .path($0) } ?? .key(column)
    self.init(document: document, source: source, rows: rows, threads: threads)
  }

  /// Starts counting the values a column reads from `source` in `rows` of `document` on
  /// `threads` threads (at least one).
  init(document: JSONDocument, source: TableModel.CellSource, rows: Rows, threads: Int) {
    workers = RowWorkers(document: document, rows: rows, threads: threads) { eachRow in
      var table = FrequencyTable()
      // The same value a table cell shows (``TableModel/value(row:column:in:)``).
      eachRow { row in table.add(ColumnValue(TableModel.value(source, in: row, of: document), in: document)) }
      return table
    }
  }

  /// How many rows there are to count.
  var rowCount: Int { workers.rowCount }

  /// How many rows are counted so far (all parts together).
  var rowsRead: Int { workers.rowsRead }

  /// Whether every part has ended (counted, or stopped by ``cancel()``).
  var isFinished: Bool { workers.isFinished }

  /// Waits up to `milliseconds` for every part to end.
  /// - Returns: whether they have.
  func wait(milliseconds: Int) -> Bool { workers.wait(milliseconds: milliseconds) }

  /// The whole count, once every part has ended and none was cancelled.
  var result: FrequencyTable? {
    guard let parts = workers.parts else { return nil }
    var merged = FrequencyTable()
    for part in parts { merged.merge(part) }
    return merged
  }

  /// Stops every part at its next check; ``result`` is then nil.
  func cancel() { workers.cancel() }

  /// How many threads a count uses: one per processor, at most four.
  static var threadCount: Int { min(4, ProcessIdentity.processorCount) }
}
