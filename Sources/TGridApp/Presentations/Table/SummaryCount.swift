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
  }

  /// Adds one row's values to every column's summary (a missing key as ``ColumnValue/missing``).
  func summarize(
    _ row: JSONNode, of document: JSONDocument, into summaries: inout [ColumnSummary], scratch: inout Scratch
  ) {
    if document.kind(of: row) == .object {
      document.members(keys, of: row, into: &scratch.found)
      for (index, column) in keyColumns.enumerated() {
        summaries[column].add(ColumnValue(scratch.found[index], in: document))
      }
      for (index, column) in subColumns.enumerated() {
        summaries[column].add(
          ColumnValue(TableModel.value(at: subColumnPaths[index], in: row, of: document), in: document))
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
        summaries[column].add(ColumnValue(element, in: document))
      }
      for column in subColumns { summaries[column].add(.missing) }
      if let valueColumn { summaries[valueColumn].add(.missing) }
    } else {
      for column in keyColumns { summaries[column].add(.missing) }
      for column in subColumns { summaries[column].add(.missing) }
      let shown = TableModel.value(.row, in: row, of: document)
      if let valueColumn { summaries[valueColumn].add(ColumnValue(shown, in: document)) }
    }
  }
}

/// Every column's summary counted on worker threads (the summary sheet of a large table),
/// as ``FrequencyCount`` counts one column's values: the rows are split in parts, each part
/// summarized on a thread of its own over a copy of the document, and the parts' summaries
/// merged in row order once the last one ends. ``rowsRead`` is the progress, ``cancel()``
/// stops every part at its next check.
final class SummaryCount: Sendable {
  /// How many rows there are to summarize.
  let rowCount: Int
  private let group = DispatchGroup()
  private let cancellation = JSONCancellation()
  private let read = Atomic<Int>(0)
  /// Each part's summaries, in row order (nil until the part ends).
  private let parts: Locked<[[ColumnSummary]?]>

  /// Starts summarizing, by `plan`, `rows` of `document` on `threads` threads (at least one).
  init(document: JSONDocument, plan: SummaryPlan, rows: FrequencyCount.Rows, threads: Int) {
    rowCount = rows.count
    let threads = max(1, min(threads, rows.count / FrequencyCount.checkInterval + 1))
    parts = Locked(Array(repeating: nil, count: threads))
    for part in 0..<threads {
      let range = (rows.count * part / threads)..<(rows.count * (part + 1) / threads)
      group.enter()
      DispatchQueue.global(qos: .userInitiated).async { [self] in
        let summaries = summarize(rows, in: range, plan: plan, document: document)
        parts.withLock { $0[part] = summaries }
        group.leave()
      }
    }
  }

  /// How many rows are summarized so far (all parts together).
  var rowsRead: Int { min(rowCount, read.load(ordering: .relaxed)) }

  /// Whether every part has ended (summarized, or stopped by ``cancel()``).
  var isFinished: Bool { group.wait(timeout: .now()) == .success }

  /// Waits up to `milliseconds` for every part to end.
  /// - Returns: whether they have.
  func wait(milliseconds: Int) -> Bool {
    group.wait(timeout: .now() + .milliseconds(max(0, milliseconds))) == .success
  }

  /// Every column's summary, once every part has ended and none was cancelled.
  var result: [ColumnSummary]? {
    guard !cancellation.isCancelled, isFinished else { return nil }
    return parts.withLock { parts in
      var merged: [ColumnSummary]?
      for case let part? in parts {
        guard var whole = merged else {
          merged = part
          continue
        }
        for column in whole.indices { whole[column].merge(part[column]) }
        merged = whole
      }
      return merged
    }
  }

  /// Stops every part at its next check; ``result`` is then nil.
  func cancel() {
    cancellation.cancel()
  }

  /// Summarizes the rows at positions `range`.
  private func summarize(
    _ rows: FrequencyCount.Rows, in range: Range<Int>, plan: SummaryPlan, document: JSONDocument
  ) -> [ColumnSummary] {
    var summaries = Array(repeating: ColumnSummary(), count: plan.columnCount)
    var scratch = SummaryPlan.Scratch()
    var sinceCheck = 0
    func add(_ row: JSONNode) -> Bool {
      plan.summarize(row, of: document, into: &summaries, scratch: &scratch)
      sinceCheck += 1
      guard sinceCheck == FrequencyCount.checkInterval else { return true }
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
    return summaries
  }
}
