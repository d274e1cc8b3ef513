import TGridJSON
import TermGrid

/// A sheet the table shows in place of its rows for a while (VisiData's derived sheets):
/// the frequency of one column's values, or a summary of every column. It is computed over
/// every row the table shows (under a filter, the rows it keeps) a slice at a time
/// (``advance(until:in:model:rows:)``), with its progress; then its ``lines`` are ready.
final class TableSheet {
  /// Which sheet it is.
  enum Kind: Equatable {
    /// The values of a column and how often each occurs.
    case frequency(column: String)
    /// One row per column: kinds, missing and null values, distinct values, numbers.
    case summary
  }

  /// One cell of a sheet: its text, and how it is drawn.
  struct Field: Equatable {
    var text: String
    /// Numbers are right-aligned.
    var isNumeric = false
    /// Missing keys and notes are dimmed.
    var isDim = false
    /// The frequency bar.
    var isBar = false
  }

  let kind: Kind
  /// The column the sheet is about (a frequency sheet) or that was focused (a summary).
  let columnIndex: Int
  /// Where the table was when the sheet opened: its focused item and scroll position.
  let tableFocus: IndexPath?
  let tableOffset: Point
  /// The frequency rows whose records are selected (`Space` in the sheet): the table
  /// selects those records when it shows again.
  var selectedFrequencyRows: Set<Int> = []

  /// The column titles.
  private(set) var titles: [String] = []
  /// The rows, once computed.
  private(set) var lines: [[Field]] = []
  /// The frequency rows behind ``lines`` (a frequency sheet).
  private(set) var frequencyRows: [FrequencyTable.Row] = []
  /// The table's columns behind ``lines`` (a summary).
  private(set) var summarizedColumns: [String] = []
  /// How many bins a binned frequency sheet has.
  var binCount = FrequencyTable.defaultBinCount {
    didSet { if isComputed { makeLines() } }
  }

  /// How many of the table's rows are read.
  private(set) var position = 0
  /// Whether every row is read.
  private(set) var isComputed = false
  private var frequency = FrequencyTable()
  /// The frequency count under way on worker threads (a table of at least
  /// ``backgroundRowCount`` rows).
  private var background: FrequencyCount?
  private var summaries: [ColumnSummary] = []
  /// The summary under way on worker threads (a table of at least ``backgroundRowCount`` rows).
  private var summaryCount: SummaryCount?
  private var summaryPlan: SummaryPlan?
  private var summaryScratch = SummaryPlan.Scratch()
  private var columns: [String] = []

  /// The widest a sheet column's values make it.
  static let maximumWidth = 40
  /// The width of a frequency bar at its longest.
  static let barWidth = 30
  /// A sheet of this many rows or more is counted on worker threads (fewer are counted on
  /// the run loop's thread, at once).
  static let backgroundRowCount = 20_000

  init(kind: Kind, columnIndex: Int, columns: [String], tableFocus: IndexPath?, tableOffset: Point) {
    self.kind = kind
    self.columnIndex = columnIndex
    self.columns = columns
    self.tableFocus = tableFocus
    self.tableOffset = tableOffset
    summaries = Array(repeating: ColumnSummary(), count: kind == .summary ? columns.count : 0)
    titles = Self.titles(for: kind)
  }

  deinit {
    background?.cancel()
    summaryCount?.cancel()
  }

  /// The column titles of a kind of sheet.
  static func titles(for kind: Kind) -> [String] {
    switch kind {
    case .frequency(let column): return [column, "count", "percent", "histogram"]
    case .summary:
      return ["column", "type", "missing", "null", "distinct", "mode", "min", "max", "mean", "p50", "p95", "shape"]
    }
  }

  /// The share of rows read, 0…1.
  func progress(of rowCount: Int) -> Double {
    rowCount > 0 ? Double(min(position, rowCount)) / Double(rowCount) : 1
  }

  /// Reads rows until `deadline` (a `MonotonicClock.nanoseconds()` value) or the last one.
  /// - Returns: whether the sheet is computed now.
  @discardableResult
  func advance(until deadline: UInt64?, in store: DocumentStore, model: TableModel, rows: NodeIDList) -> Bool {
    guard !isComputed else { return true }
    let document = store.document
    let columnIndex = model.column(named: columns.indices.contains(self.columnIndex) ? columns[self.columnIndex] : "")
    let inBackground =
      !countsOnThisThread
      && (background != nil || summaryCount != nil || rows.count - position >= Self.backgroundRowCount)
    if inBackground, case .frequency = kind, let columnIndex {
      return advanceInBackground(
        column: model.columns[columnIndex], until: deadline, in: store, model: model, rows: rows)
    }
    if inBackground, kind == .summary {
      return summarizeInBackground(until: deadline, in: store, model: model, rows: rows)
    }
    while position < rows.count {
      let row = rows[position]
      switch kind {
      case .frequency:
        let node = columnIndex.flatMap { model.value(row: row, column: $0, in: store) }
        frequency.add(ColumnValue(node, in: document))
      case .summary:
        summarize(row: row, in: store, model: model)
      }
      position += 1
      // The clock is read every 256 rows: a row costs about a microsecond.
      if position & 255 == 0, let deadline, MonotonicClock.nanoseconds() >= deadline { return false }
    }
    isComputed = true
    makeLines()
    return true
  }

  /// Starts the count on worker threads if it is not under way, waits for it until
  /// `deadline`, and takes its result when it has ended.
  private func advanceInBackground(
    column: String, until deadline: UInt64?, in store: DocumentStore, model: TableModel, rows: NodeIDList
  ) -> Bool {
    let count: FrequencyCount
    if let background {
      count = background
    } else {
      count = FrequencyCount(
        document: store.document, source: model.source(ofColumn: column),
        rows: Self.workerRows(rows, in: store, model: model), threads: FrequencyCount.threadCount)
      background = count
    }
    guard count.wait(milliseconds: Self.milliseconds(until: deadline)), let result = count.result else {
      position = count.rowsRead
      return false
    }
    background = nil
    frequency = result
    position = rows.count
    isComputed = true
    makeLines()
    return true
  }

  /// The rows as the worker threads read them: every child of the table's container when
  /// the table shows them all (in some order: the threads read them from the document
  /// itself), else the rows' values.
  private static func workerRows(_ rows: NodeIDList, in store: DocumentStore, model: TableModel)
    -> FrequencyCount.Rows
  {
    let document = store.document
    let root = store.node(model.root)
    let isFiltered = store.filter.map { $0.container == model.root } ?? false
    if let root, document.isContainer(root), !isFiltered, rows.count <= document.childCount(of: root) {
      return .children(of: root, count: rows.count)
    }
    return .nodes(rows.compactMap { store.node($0) })
  }

  /// How long from now until `deadline` (nil: as long as it takes).
  private static func milliseconds(until deadline: UInt64?) -> Int {
    let now = MonotonicClock.nanoseconds()
    return deadline.map { $0 > now ? Int(($0 - now) / 1_000_000) : 0 } ?? Int(Int32.max)
  }

  /// Starts the summary on worker threads if it is not under way, waits for it until
  /// `deadline`, and takes its result when it has ended.
  private func summarizeInBackground(
    until deadline: UInt64?, in store: DocumentStore, model: TableModel, rows: NodeIDList
  ) -> Bool {
    let count: SummaryCount
    if let summaryCount {
      count = summaryCount
    } else {
      count = SummaryCount(
        document: store.document, plan: plan(model), rows: Self.workerRows(rows, in: store, model: model),
        threads: FrequencyCount.threadCount)
      summaryCount = count
    }
    guard count.wait(milliseconds: Self.milliseconds(until: deadline)), let result = count.result else {
      position = count.rowsRead
      return false
    }
    summaryCount = nil
    summaries = result
    position = rows.count
    isComputed = true
    makeLines()
    return true
  }

  /// Which value of a row each summarized column reads.
  private func plan(_ model: TableModel) -> SummaryPlan {
    if let summaryPlan { return summaryPlan }
    let made = SummaryPlan(columns: columns, model: model)
    summaryPlan = made
    return made
  }

  /// Adds one row's values to every column's summary (its members read once).
  private func summarize(row: NodeID, in store: DocumentStore, model: TableModel) {
    guard let node = store.node(row) else { return }
    plan(model).summarize(node, of: store.document, into: &summaries, scratch: &summaryScratch)
  }

  /// Makes ``lines`` from what was counted.
  private func makeLines() {
    switch kind {
    case .frequency:
      frequencyRows = frequency.rows(binCount: binCount)
      let largest = frequencyRows.map(\.count).max() ?? 0
      lines = frequencyRows.map { row in
        let isMissing = row.selection == .value(.missing)
        var isNumber = false
        if case .value(let value) = row.selection, value.number != nil { isNumber = true }
        return [
          Field(text: row.label, isNumeric: isNumber, isDim: isMissing),
          Field(text: String(row.count), isNumeric: true),
          Field(text: FrequencyTable.percentText(row.count, of: frequency.total), isNumeric: true),
          Field(text: FrequencyBar.text(count: row.count, maximum: largest, width: Self.barWidth), isBar: true),
        ]
      }
    case .summary:
      summarizedColumns = columns
      lines = zip(columns, summaries).map { name, summary in
        let distinct = summary.distinct
        let mode = summary.mode
        let approximate = summary.percentilesAreSampled ? "≈" : ""
        let percentiles = summary.percentiles([0.5, 0.95])
        func number(_ value: Double?, prefix: String = "") -> Field {
          Field(text: value.map { prefix + ColumnValue.text(of: $0) } ?? "", isNumeric: true)
        }
        return [
          Field(text: name),
          Field(text: summary.typeMix),
          Field(text: String(summary.missingCount), isNumeric: true, isDim: summary.missingCount == 0),
          Field(text: String(summary.nullCount), isNumeric: true, isDim: summary.nullCount == 0),
          Field(text: (distinct.isExact ? "" : "≈") + String(distinct.count), isNumeric: true),
          // A mode of one (every value different) says nothing.
          Field(text: mode.map { $0.count > 1 ? ($0.isExact ? "" : "≈") + "\($0.value.text) ×\($0.count)" : "" } ?? ""),
          number(summary.minimum), number(summary.maximum), number(summary.mean),
          number(percentiles[0], prefix: approximate), number(percentiles[1], prefix: approximate),
          Field(text: summary.sparkline()),
        ]
      }
    }
  }

  /// The width of a sheet column: its title and values, up to ``maximumWidth`` (the bar
  /// column is as wide as a full bar).
  func width(ofColumn column: Int) -> Int {
    guard titles.indices.contains(column) else { return 3 }
    if case .frequency = kind, column == 3 { return Self.barWidth }
    var width = TextWidth.displayWidth(of: titles[column])
    for line in lines.prefix(1_000) where line.indices.contains(column) {
      width = max(width, TextWidth.displayWidth(of: line[column].text))
    }
    return min(Self.maximumWidth, max(3, width))
  }

  /// A count made again while records arrive and leave (`--keep`), over the table's rows as
  /// they are: the sheet shows its own lines until it is done, then takes its.
  private(set) var recount: TableSheet?
  /// Records left while ``recount`` had counted them: it is made again once done.
  private var recountsAgain = false
  /// Counts on the run loop's thread only (a recount: the document changes under it).
  private var countsOnThisThread = false

  /// Follows records arriving (`inserted`, the rows they make) and leaving (`droppedCount`
  /// of the first ones) on a followed stream: arrivals are added to the count at once; when
  /// records left (their values are gone) or the columns changed, the sheet is counted
  /// again beside the one shown (``continueRecount(until:in:model:)``).
  /// - Returns: whether the lines changed.
  func follow(inserted: [NodeID], droppedCount: Int, in store: DocumentStore, model: TableModel) -> Bool {
    let sameColumns: Bool
    switch kind {
    case .frequency(let name): sameColumns = model.column(named: name) != nil
    case .summary: sameColumns = columns == model.columns
    }
    if isComputed, recount == nil, droppedCount == 0, sameColumns {
      let document = store.document
      for row in inserted {
        switch kind {
        case .frequency(let name):
          let node = model.column(named: name).flatMap { model.value(row: row, column: $0, in: store) }
          frequency.add(ColumnValue(node, in: document))
        case .summary:
          summarize(row: row, in: store, model: model)
        }
      }
      position += inserted.count
      makeLines()
      return !inserted.isEmpty
    }
    if let recount {
      // Arrivals are read at the end of the rows; records leaving were maybe counted.
      if droppedCount > 0, recount.dropCounted(droppedCount) { recountsAgain = true }
    } else {
      recount = freshCount(model: model)
    }
    return false
  }

  /// A sheet of the same kind over the table's columns, counting on this thread.
  private func freshCount(model: TableModel) -> TableSheet {
    let column: Int
    if case .frequency(let name) = kind {
      column = model.column(named: name) ?? columnIndex
    } else {
      column = columnIndex
    }
    let fresh = TableSheet(
      kind: kind, columnIndex: column, columns: model.columns, tableFocus: tableFocus, tableOffset: tableOffset)
    fresh.countsOnThisThread = true
    fresh.binCount = binCount
    return fresh
  }

  /// The first `count` rows left: ``position`` follows them.
  /// - Returns: whether some of them were counted already (the count is no longer exact).
  private func dropCounted(_ count: Int) -> Bool {
    let counted = min(count, position)
    position -= counted
    return counted > 0
  }

  /// Counts on in ``recount`` until `deadline`; once it is done the sheet takes its lines.
  /// - Returns: whether the lines changed.
  func continueRecount(until deadline: UInt64, in store: DocumentStore, model: TableModel) -> Bool {
    guard let recount, recount.advance(until: deadline, in: store, model: model, rows: model.rows) else {
      return false
    }
    frequency = recount.frequency
    summaries = recount.summaries
    columns = recount.columns
    summaryPlan = recount.summaryPlan
    position = recount.position
    isComputed = true
    makeLines()
    self.recount = recountsAgain ? freshCount(model: model) : nil
    recountsAgain = false
    return true
  }

  /// The status line's text: what the sheet is, its rows, and what its keys do.
  func positionText(focusedRow: Int?, rowCount: Int) -> String {
    let what: String
    switch kind {
    case .frequency(let column): what = "frequency of \(column)"
    case .summary: what = "summary of \(columns.count) columns"
    }
    guard isComputed else {
      return "\(what): counting … \(Int(progress(of: rowCount) * 100))% of \(rowCount) rows · Esc stops"
    }
    var text = "\(what) · row \((focusedRow ?? 0) + 1)/\(lines.count) of \(rowCount) records"
    if let recount {
      text += " (counting again as records arrive and leave: \(Int(recount.progress(of: rowCount) * 100))%)"
    }
    switch kind {
    case .frequency:
      if frequency.isBinned { text += " · \(binCount) bins (+/- change)" }
      text += " · Enter filters · q back"
    case .summary: text += " · Enter: its column · q back"
    }
    return text
  }
}
