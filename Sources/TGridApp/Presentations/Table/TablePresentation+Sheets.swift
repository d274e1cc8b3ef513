import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Show the frequency of the focused column's values.
  static let showFrequencySheet: CommandIdentifier = "showFrequencySheet"
  /// Show a summary of every column.
  static let showSummarySheet: CommandIdentifier = "showSummarySheet"
  /// Back from a sheet to the table, where it was.
  static let closeSheet: CommandIdentifier = "closeSheet"
  /// A sheet's row: filter the table to its records (frequency), or go to its column (summary).
  static let openSheetRow: CommandIdentifier = "openSheetRow"
  /// Select (or leave) the records a frequency row counts: the table shows them selected.
  static let selectSheetRecords: CommandIdentifier = "selectSheetRecords"
  /// More bins in a frequency sheet of numbers.
  static let moreBins: CommandIdentifier = "moreBins"
  /// Fewer bins in a frequency sheet of numbers.
  static let fewerBins: CommandIdentifier = "fewerBins"
}

/// The frequency and summary sheets (issue 29): shown by the table in place of its rows,
/// through the same layout, with a key table of their own (``BrowserKeys/tableSheet``).
extension TablePresentation {
  /// Opens a sheet over the rows the table shows; it computes in slices, a frame at a time.
  func openSheet(_ kind: TableSheet.Kind) {
    let view = host.collectionView
    let focused = view.indexPathForFocusedItem
    let column = focused.flatMap(position(of:))?.column ?? 0
    var kind = kind
    if case .frequency = kind {
      guard model.columns.indices.contains(column) else {
        host.show(message: "no column to count")
        return
      }
      kind = .frequency(column: model.columns[column])
    }
    view.finishAnimationsNow()
    let opened = TableSheet(
      kind: kind, columnIndex: column, columns: model.columns, tableFocus: focused, tableOffset: view.contentOffset)
    // A small table is counted at once (no frame of "reading 0%").
    opened.advance(
      until: MonotonicClock.nanoseconds() + UInt64(Self.sheetSliceMilliseconds) * 1_000_000, in: store, model: model,
      rows: shownRows)
    sheet = opened
    view.clearSelection()
    reloadSheet(focus: IndexPath(item: 0, section: 0), offset: .zero)
  }

  /// Back to the table, its focus and scroll position as they were.
  func closeSheet() {
    guard let closed = sheet else { return }
    sheet = nil
    if rowsMissedArrivals {
      rowsMissedArrivals = false
      apply(DocumentChange(reason: .grew, steps: []))
    }
    // The sheet's own selection (its rows picked with Space) names no table cell.
    host.collectionView.clearSelection()
    let focus = closed.tableFocus.flatMap { position(of: $0) != nil ? $0 : nil }
    reloadSheet(focus: focus ?? IndexPath(item: 0, section: 0), offset: closed.tableOffset)
    selectRecords(countedBy: closed)
  }

  /// Selects the table's rows (as records) whose value one of the sheet's selected
  /// frequency rows counts, as VisiData's frequency sheet selects its source rows.
  private func selectRecords(countedBy closed: TableSheet) {
    guard case .frequency(let name) = closed.kind, !closed.selectedFrequencyRows.isEmpty,
      let column = model.column(named: name)
    else { return }
    let counted = closed.selectedFrequencyRows.compactMap {
      closed.frequencyRows.indices.contains($0) ? closed.frequencyRows[$0].selection : nil
    }
    let document = store.document
    var rows: [Int] = []
    for (row, id) in shownRows.enumerated() {
      let value = ColumnValue(model.value(row: id, column: column, in: store), in: document)
      if counted.contains(where: { $0.contains(value) }) { rows.append(row) }
    }
    guard !rows.isEmpty else { return }
    selectRows(rows)
  }

  /// `Space` in a frequency sheet: selects or leaves the focused row's records.
  private func toggleFocusedSheetRecords() {
    guard let sheet, sheet.isComputed, case .frequency = sheet.kind else {
      host.show(message: "Space selects a frequency row's records (the summary sheet: Enter goes to the column)")
      return
    }
    let view = host.collectionView
    let width = max(1, sheet.titles.count)
    guard let focused = view.indexPathForFocusedItem.map({ $0.item / width }),
      sheet.frequencyRows.indices.contains(focused)
    else { return }
    let selecting = !sheet.selectedFrequencyRows.contains(focused)
    if selecting {
      sheet.selectedFrequencyRows.insert(focused)
    } else {
      sheet.selectedFrequencyRows.remove(focused)
    }
    for column in 0..<width {
      let indexPath = IndexPath(item: focused * width + column, section: 0)
      if selecting { view.selectItem(at: indexPath) } else { view.deselectItem(at: indexPath) }
    }
    let records = sheet.selectedFrequencyRows.reduce(0) { $0 + sheet.frequencyRows[$1].count }
    host.show(
      message:
        "\(records) record\(records == 1 ? "" : "s") of \(sheet.selectedFrequencyRows.count) value\(sheet.selectedFrequencyRows.count == 1 ? "" : "s") selected · q: back to the table with them selected"
    )
  }

  /// Loads the sheet's (or the table's) items again and puts the focus back.
  private func reloadSheet(focus: IndexPath, offset: Point) {
    let view = host.collectionView
    view.finishAnimationsNow()
    view.reloadData()
    tableLayout.invalidateLayout()
    view.contentOffset = offset
    view.focusItem(at: focus, scrollPosition: .nearest)
    view.ensureFocus()
    host.setNeedsDisplay()
  }

  /// How long a sheet computes before each frame: keys still answer within a frame or two.
  static let sheetSliceMilliseconds = 30

  /// Reads on for the sheet; once it is computed its rows show.
  func continueSheet(forMilliseconds milliseconds: Int) {
    guard let sheet, !sheet.isComputed else { return }
    let deadline = MonotonicClock.nanoseconds() + UInt64(max(1, milliseconds)) * 1_000_000
    if sheet.advance(until: deadline, in: store, model: model, rows: shownRows) {
      reloadSheet(focus: IndexPath(item: 0, section: 0), offset: .zero)
    } else {
      host.setNeedsDisplay()
    }
  }

  /// Carries out a sheet's command; `false` for commands that are not the sheets'.
  func performSheetCommand(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .showFrequencySheet:
      openSheet(.frequency(column: ""))
    case .showSummarySheet:
      openSheet(.summary)
    case .closeSheet:
      if let sheet, !sheet.isComputed { host.show(message: "stopped") }
      closeSheet()
    case .moreBins, .fewerBins:
      guard let sheet, case .frequency = sheet.kind else { return true }
      let range = FrequencyTable.binCountRange
      let changed = command == .moreBins ? sheet.binCount + 1 : sheet.binCount - 1
      sheet.binCount = min(max(changed, range.lowerBound), range.upperBound)
      reloadSheet(focus: host.collectionView.indexPathForFocusedItem ?? IndexPath(item: 0, section: 0), offset: .zero)
    case .openSheetRow:
      openFocusedSheetRow()
    case .selectSheetRecords:
      toggleFocusedSheetRecords()
    default:
      return false
    }
    return true
  }

  /// Enter on a sheet's row: a frequency row filters the table to its records; a summary
  /// row goes to its column in the table.
  private func openFocusedSheetRow() {
    guard let sheet, sheet.isComputed else { return }
    let focusedRow = host.collectionView.indexPathForFocusedItem.map { $0.item / max(1, sheet.titles.count) } ?? 0
    switch sheet.kind {
    case .frequency(let column):
      guard sheet.frequencyRows.indices.contains(focusedRow) else { return }
      var expression: String
      let selection = sheet.frequencyRows[focusedRow].selection
      if case .element(let position, _) = model.source(ofColumn: column) {
        expression = selection.filterExpression(element: position)
      } else {
        expression = selection.filterExpression(
          path: ColumnValue.path(ofColumn: column, keys: model.path(ofColumn: column)))
      }
      // Within a filter already on the table: both hold.
      if let existing = store.filter, existing.container == model.root {
        expression = "(\(existing.filter)) and (\(expression))"
      }
      let root = model.root
      closeSheet()
      if case .keepOpen(let problem) = host.applyFilter(expression, on: root, sliced: true) {
        host.show(message: "cannot filter with \(expression): \(problem)")
      }
    case .summary:
      guard sheet.summarizedColumns.indices.contains(focusedRow) else { return }
      let name = sheet.summarizedColumns[focusedRow]
      closeSheet()
      let view = host.collectionView
      guard let column = model.column(named: name) else { return }
      let row = view.indexPathForFocusedItem.flatMap(position(of:))?.row ?? 0
      view.focusItem(at: IndexPath(item: row * model.columns.count + column, section: 0), scrollPosition: .nearest)
      host.setNeedsDisplay()
    }
  }

  // MARK: - The sheet as the collection view's data

  /// A sheet's cell.
  func sheetCell(_ sheet: TableSheet, in collectionView: CollectionView, at indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(
      TableCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    let columns = max(1, sheet.titles.count)
    let (row, column) = (indexPath.item / columns, indexPath.item % columns)
    guard sheet.lines.indices.contains(row), sheet.lines[row].indices.contains(column) else { return cell }
    let field = sheet.lines[row][column]
    cell.text = field.text
    cell.isTrailing = field.isNumeric
    cell.isDim = field.isDim
    cell.textStyle = field.isBar ? palette.style(for: .number) : nil
    return cell
  }

  /// A sheet's column header.
  func sheetHeader(_ sheet: TableSheet, label: LabelView, column: Int) -> ReusableView? {
    guard sheet.titles.indices.contains(column) else { return nil }
    label.text = sheet.titles[column]
    label.role = .header
    let isNumeric = sheet.lines.first.map { $0.indices.contains(column) && $0[column].isNumeric } ?? false
    label.alignment = isNumeric ? .trailing : .leading
    return label
  }
}
