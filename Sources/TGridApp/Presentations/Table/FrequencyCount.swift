import Dispatch
import Synchronization
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

  /// How many rows there are to count.
  let rowCount: Int
  private let group = DispatchGroup()
  private let cancellation = JSONCancellation()
  private let read = Atomic<Int>(0)
  private let parts: Locked<[FrequencyTable]>

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
    rowCount = rows.count
    let threads = max(1, min(threads, rows.count / Self.checkInterval + 1))
    parts = Locked([])
    for part in 0..<threads {
      let range = (rows.count * part / threads)..<(rows.count * (part + 1) / threads)
      group.enter()
      DispatchQueue.global(qos: .userInitiated).async { [self] in
        let table = count(source, of: rows, in: range, document: document)
        parts.withLock { $0.append(table) }
        group.leave()
      }
    }
  }

  /// How many rows are counted so far (all parts together).
  var rowsRead: Int { min(rowCount, read.load(ordering: .relaxed)) }

  /// Whether every part has ended (counted, or stopped by ``cancel()``).
  var isFinished: Bool { group.wait(timeout: .now()) == .success }

  /// Waits up to `milliseconds` for every part to end.
  /// - Returns: whether they have.
  func wait(milliseconds: Int) -> Bool {
    group.wait(timeout: .now() + .milliseconds(max(0, milliseconds))) == .success
  }

  /// The whole count, once every part has ended and none was cancelled.
  var result: FrequencyTable? {
    guard !cancellation.isCancelled, isFinished else { return nil }
    return parts.withLock { parts in
      var merged = FrequencyTable()
      for part in parts { merged.merge(part) }
      return merged
    }
  }

  /// Stops every part at its next check; ``result`` is then nil.
  func cancel() {
    cancellation.cancel()
  }

  /// Counts the column's values of the rows at positions `range`.
  private func count(
    _ source: TableModel.CellSource, of rows: Rows, in range: Range<Int>, document: JSONDocument
  ) -> FrequencyTable {
    var table = FrequencyTable()
    var sinceCheck = 0
    // The same value a table cell shows (``TableModel/value(row:column:in:)``).
    func add(_ row: JSONNode) -> Bool {
      table.add(ColumnValue(TableModel.value(source, in: row, of: document), in: document))
      sinceCheck += 1
      guard sinceCheck == Self.checkInterval else { return true }
      _ = read.add(sinceCheck, ordering: .relaxed)
      sinceCheck = 0
      return !cancellation.isCancelled
    }
    switch rows {
    case .children(let container, _):
      var children = document.children(of: container, from: range.lowerBound).makeIterator()
      for _ in range {
        guard let row = children.next(), add(row) else { break }
      }
    case .nodes(let nodes):
      for row in nodes[range] where !add(row) { break }
    }
    _ = read.add(sinceCheck, ordering: .relaxed)
    return table
  }

  /// How many threads a count uses: one per processor, at most four.
  static var threadCount: Int { min(4, ProcessIdentity.processorCount) }
}
