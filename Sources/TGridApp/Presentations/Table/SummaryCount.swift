import Dispatch
import Synchronization
import TGridJSON
import TermGrid

/// Which value of a row each column of a summary reads, worked out once from the table's
/// columns: the rows' own keys, matched as bytes in one pass over a row's members
/// (``JSONDocument/members(_:of:into:)``, no key made into a `String`); sub-columns along
/// their paths; array rows' elements by position; the value column for other rows.
struct SummaryPlan: Sendable {
  /// How many columns are summarized.
  let columnCount: Int
  /// The keys of the columns that are a row's own members (element columns too: an
  /// object may have a key spelled `[0]`).
  let keys: JSONKeyList
  /// The column of each of ``keys``.
  let keyColumns: [Int]
  /// The position of the elements each of ``keys`` shows of array rows (nil: none).
  let keyPositions: [Int?]
  /// How many elements of an array row are read (the highest position shown, plus one).
  let elementCount: Int
  /// The sub-columns (`address.city`) and their paths.
  let subColumns: [Int]
  let subColumnPaths: [[String]]
  /// The column of rows that are not objects (``TableModel/valueColumn``), if shown.
  let valueColumn: Int?

  /// The plan for `columns` (in summary order) of `model`.
  init(columns: [String], model: TableModel) {
    self.init(sources: columns.map(model.source(ofColumn:)))
  }

  /// The plan for columns that read their values from `sources`.
  init(sources: [TableModel.CellSource]) {
    columnCount = sources.count
    var keys: [String] = []
    var keyColumns: [Int] = []
    var keyPositions: [Int?] = []
    var subColumns: [Int] = []
    var subColumnPaths: [[String]] = []
    var valueColumn: Int?
    for (index, source) in sources.enumerated() {
      switch source {
      case .row:
        valueColumn = valueColumn ?? index
      case .path(let path):
        subColumns.append(index)
        subColumnPaths.append(path)
      case .key(let key):
        keys.append(key)
        keyColumns.append(index)
        keyPositions.append(nil)
      case .element(let position, let key):
        keys.append(key)
        keyColumns.append(index)
        keyPositions.append(position)
      }
    }
    self.keys = JSONKeyList(keys)
    self.keyColumns = keyColumns
    self.keyPositions = keyPositions
    elementCount = keyPositions.compactMap { $0 }.max().map { $0 + 1 } ?? 0
    self.subColumns = subColumns
    self.subColumnPaths = subColumnPaths
    self.valueColumn = valueColumn
  }

  /// The values one row gives, read again and again without allocating.
  struct Scratch {
    var found: [JSONNode?] = []
    var elements: [JSONNode?] = []
    /// The key order of the last object row, tried first on the next.
    var shape = JSONKeyList.Shape()
  }

  /// Adds one row's values to every column's summary (a missing key as ``ColumnValue/missing``).
  func summarize(
    _ row: JSONNode, of document: JSONDocument, into summaries: inout [ColumnSummary], scratch: inout Scratch
  ) {
    if document.kind(of: row) == .object {
      document.members(keys, of: row, into: &scratch.found, shape: &scratch.shape)
      for (index, column) in keyColumns.enumerated() {
        summaries[column].add(scratch.found[index], in: document)
      }
      for (index, column) in subColumns.enumerated() {
        summaries[column].add(TableModel.value(at: subColumnPaths[index], in: row, of: document), in: document)
      }
      if let valueColumn { summaries[valueColumn].add(.missing) }
    } else if elementCount > 0, document.kind(of: row) == .array, document.childCount(of: row) > 0 {
      // The elements read once, in order, up to the last position a column shows.
      scratch.elements.removeAll(keepingCapacity: true)
      for element in document.children(of: row) {
        scratch.elements.append(element)
        if scratch.elements.count == elementCount { break }
      }
      for (index, column) in keyColumns.enumerated() {
        let position = keyPositions[index]
        let element = position.flatMap { scratch.elements.indices.contains($0) ? scratch.elements[$0] : nil }
        summaries[column].add(element, in: document)
      }
      for column in subColumns { summaries[column].add(.missing) }
      if let valueColumn { summaries[valueColumn].add(.missing) }
    } else {
      for column in keyColumns { summaries[column].add(.missing) }
      for column in subColumns { summaries[column].add(.missing) }
      let shown = TableModel.value(.row, in: row, of: document)
      if let valueColumn { summaries[valueColumn].add(shown, in: document) }
    }
  }
}

/// Every column's summary counted on worker threads (the summary sheet of a large table),
/// as ``FrequencyCount`` counts one column's values: the rows are split in parts by
/// ``RowWorkers``, each part summarized on a thread of its own over a copy of the document,
/// and the parts' summaries merged in row order once the last one ends. ``rowsRead`` is the
/// progress, ``cancel()`` stops every part at its next check.
final class SummaryCount: Sendable {
  private let workers: RowWorkers<[ColumnSummary]>

  /// Starts summarizing, by `plan`, `rows` of `document` on `threads` threads (at least one).
  init(document: JSONDocument, plan: SummaryPlan, rows: FrequencyCount.Rows, threads: Int) {
    workers = RowWorkers(document: document, rows: rows, threads: threads) { eachRow in
      var summaries = Array(repeating: ColumnSummary(), count: plan.columnCount)
      var scratch = SummaryPlan.Scratch()
      eachRow { row in plan.summarize(row, of: document, into: &summaries, scratch: &scratch) }
      return summaries
    }
  }

  /// How many rows there are to summarize.
  var rowCount: Int { workers.rowCount }

  /// How many rows are summarized so far (all parts together).
  var rowsRead: Int { workers.rowsRead }

  /// Whether every part has ended (summarized, or stopped by ``cancel()``).
  var isFinished: Bool { workers.isFinished }

  /// Waits up to `milliseconds` for every part to end.
  /// - Returns: whether they have.
  func wait(milliseconds: Int) -> Bool { workers.wait(milliseconds: milliseconds) }

  /// Every column's summary, once every part has ended and none was cancelled.
  var result: [ColumnSummary]? {
    guard let parts = workers.parts, var merged = parts.first else { return nil }
    for part in parts.dropFirst() {
      for column in merged.indices { merged[column].merge(part[column]) }
    }
    return merged
  }

  /// Stops every part at its next check; ``result`` is then nil.
  func cancel() { workers.cancel() }
}
