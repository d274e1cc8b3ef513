import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Sort the table's rows by the focused column, ascending.
  static let sortAscending: CommandIdentifier = "sortAscending"
  /// Sort the table's rows by the focused column, descending.
  static let sortDescending: CommandIdentifier = "sortDescending"
  /// Narrow the focused column.
  static let narrowColumn: CommandIdentifier = "narrowColumn"
  /// Widen the focused column.
  static let widenColumn: CommandIdentifier = "widenColumn"
  /// Open the focused nested value as a table, or show a scalar whole.
  static let openCell: CommandIdentifier = "openCell"
}

/// The table: an array of records (or any container's children) as rows × the union of
/// their keys, in a ``TableLayout`` with the keys as pinned column headers and the row
/// numbers (or an object's keys) as pinned row headers. Nested values show a one-line
/// preview and open as a table of their own on Enter; `s`/`S` sort by the focused column
/// (a view: the document keeps its order); `<`/`>` change a column's width.
final class TablePresentation: Presentation, CollectionViewDataSource, TableLayoutDelegate {
  let kind = PresentationKind.table
  let tableLayout = TableLayout()
  var layout: CollectionLayout { tableLayout }
  var dataSource: any CollectionViewDataSource { self }
  var keyBindings: KeyBindings { sheet == nil ? BrowserKeys.table : BrowserKeys.tableSheet }

  unowned let host: any PresentationHost
  var store: DocumentStore { host.store }
  /// The frequency or summary sheet shown in place of the rows, if any
  /// (`TablePresentation+Sheets.swift`).
  var sheet: TableSheet?
  /// Records arrived (a followed stream) while a sheet was shown: the rows are listed again
  /// when the table is back.
  var rowsMissedArrivals = false
  /// The rows and columns shown.
  var model: TableModel
  /// The rows in the order shown: the model's, or a permutation of them while sorted.
  var shownRows: NodeIDList { sortedRows ?? model.rows }
  private var sortedRows: NodeIDList?
  /// While sorted: the row of `model.rows` each shown row is (`sortOrder[shown]`), and where
  /// each row of `model.rows` shows (`sortedPosition[row]`). A record's row is found by its
  /// unsorted position, then here: two arrays of a million rows are made in a pass, where a
  /// dictionary by record hashed a million ids (a tenth of a million-row sort).
  private var sortOrder: [Int] = []
  private var sortedPosition: [Int] = []
  /// The sort in force: its columns, the first one first (`TableSort`); none: document order.
  var sorts: [TableSort.Criterion] = []
  /// The first column of the sort in force.
  var sort: TableSort.Criterion? { sorts.first }
  /// Widths measured from content by column name, and the user's changes.
  private var measuredWidths: [String: Int] = [:]
  /// The type of each column, inferred from the rows its width is measured on.
  private(set) var columnTypes: [String: ColumnType] = [:]
  /// The types the person chose for columns (`#`, `%`, `@`, `~`), by name, over the
  /// inferred ones (`TablePresentation+Types.swift`).
  var typeOverrides: [String: ColumnType] = [:]
  private var widthAdjustments: [String: Int] = [:]
  var palette = ValuePalette.standard
  /// Whether the selection is of whole rows (records), not of cells
  /// (`TablePresentation+Rows.swift`).
  var selectsRows = false
  /// How many columns, from the first, stay at the left when scrolling sideways, as `!`
  /// set it; nil: the first column when it is the label (a column of text).
  var pinnedColumnCount: Int?

  /// Columns are measured on this many rows (the rest are cut to the same width).
  static let measuredRows = 200
  /// The widest a column starts; `>` widens it further.
  static let maximumWidth = 40
  /// The widest a column gets at all.
  static let widthLimit = 400
  /// The narrowest a column gets.
  static let minimumWidth = 3
  static let cellIdentifier = "tableCell"
  static let headerIdentifier = "tableHeader"

  init(host: any PresentationHost) {
    self.host = host
    let root = GridModel.mainContainer(of: host.store.document.root, in: host.store.document)
    model = TableModel(store: host.store, root: host.store.id(root))
    tableLayout.delegate = self
    // Moving right brings whole columns in, as in VisiData: the column after the pinned ones
    // never starts in its middle.
    tableLayout.scrollsByWholeColumns = true
    applySort()
    measureColumns()
  }

  private var isShown: Bool { host.presentation === self }

  // MARK: - Rows and columns

  /// Orders the rows by the sort in force (none: document order).
  func applySort() {
    sorts = sorts.filter { self.model.column(named: $0.column) != nil }
    guard !sorts.isEmpty else {
      sortedRows = nil
      sortOrder = []
      sortedPosition = []
      return
    }
    // Locals: the model and store read a million times through `self` checked exclusive
    // access on every read.
    let model = self.model
    let store = self.store
    let rows = model.rows
    let document = store.document
    let keys = sorts.map { criterion in
      let column = model.column(named: criterion.column) ?? 0
      // Mixed strings (`"912"`, `"n/a"`) still sort their numbers as numbers unless `~` says text.
      let type = typeOverrides[criterion.column] ?? (columnTypes[criterion.column] == .date ? .date : nil)
      return rows.map { TableSortKey(model.value(row: $0, column: column, in: store), in: document, as: type) }
    }
    // Stable: equal values keep document order, whichever way the sort goes; the kinds keep
    // their order both ways (numbers, strings, booleans, then null and missing values last).
    let order = TableSort.order(keys: keys, descending: sorts.map(\.isDescending))
    sortedRows = NodeIDList(order.map { rows[$0] })
    var positions = [Int](repeating: 0, count: order.count)
    for (shown, row) in order.enumerated() { positions[row] = shown }
    sortOrder = order
    sortedPosition = positions
  }

  /// Measures the columns not measured yet on the first rows shown. Each row's members are
  /// read once (a row of 10,000 keys is not searched for each of 10,000 columns).
  private func measureColumns() {
    let document = store.document
    var widths: [String: Int] = [:]
    var tallies: [String: ColumnType.Tally] = [:]
    for name in model.columns where measuredWidths[name] == nil {
      widths[name] = min(Self.maximumWidth, max(Self.minimumWidth, TextWidth.displayWidth(of: name)))
      tallies[name] = ColumnType.Tally()
    }
    guard !widths.isEmpty else { return }
    let subColumns = widths.keys.filter { model.isSubColumn($0) }
    func measure(_ value: JSONNode, in name: String) {
      tallies[name]?.add(value, in: document)
      guard let width = widths[name], width < Self.maximumWidth else { return }
      let preview = Self.cellText(value, in: document, limit: Self.maximumWidth + 1)
      widths[name] = min(Self.maximumWidth, max(width, TextWidth.displayWidth(of: preview)))
    }
    for row in shownRows.prefix(Self.measuredRows) {
      guard let node = store.node(row) else { continue }
      if document.kind(of: node) == .object {
        for member in document.children(of: node) {
          if let key = document.key(of: member), !model.isSubColumn(key) {
            measure(member, in: key)
          }
        }
        // Sub-columns (`address.city`) read their value along their path.
        for name in subColumns {
          if let value = TableModel.value(at: model.path(ofColumn: name), in: node, of: document) {
            measure(value, in: name)
          }
        }
      } else if !Self.measureElements(of: node, in: document, model: model, measure: measure) {
        measure(node, in: TableModel.valueColumn)
      }
    }
    for (name, tally) in tallies {
      columnTypes[name] = tally.type
      // The header has room for its type's marker.
      if let marker = tally.type.marker, let width = widths[name] {
        let title = TextWidth.displayWidth(of: name) + 1 + marker.count
        widths[name] = min(Self.maximumWidth, max(width, title))
      }
    }
    measuredWidths.merge(widths) { _, new in new }
  }

  /// Widens the measured columns for rows that arrived (the first ``measuredRows`` of them).
  /// - Returns: whether a column grew.
  private func widenColumns(for rows: [NodeID]) -> Bool {
    let document = store.document
    var grew = false
    func measure(_ value: JSONNode, in name: String) {
      guard let width = measuredWidths[name], width < Self.maximumWidth else { return }
      let preview = Self.cellText(value, in: document, limit: Self.maximumWidth + 1)
      let needed = min(Self.maximumWidth, TextWidth.displayWidth(of: preview))
      if needed > width {
        measuredWidths[name] = needed
        grew = true
      }
    }
    let subColumns = model.columns.filter { model.isSubColumn($0) }
    for row in rows.prefix(Self.measuredRows) {
      guard let node = store.node(row) else { continue }
      guard document.kind(of: node) == .object else {
        if !Self.measureElements(of: node, in: document, model: model, measure: measure) {
          measure(node, in: TableModel.valueColumn)
        }
        continue
      }
      for member in document.children(of: node) {
        if let key = document.key(of: member), !model.isSubColumn(key) { measure(member, in: key) }
      }
      for name in subColumns {
        if let value = TableModel.value(at: model.path(ofColumn: name), in: node, of: document) {
          measure(value, in: name)
        }
      }
    }
    return grew
  }

  /// Measures an array row's elements in their columns (`[0]`, `[1]`, …).
  /// - Returns: whether the row is such an array (else it shows in the value column).
  private static func measureElements(
    of row: JSONNode, in document: JSONDocument, model: TableModel, measure: (JSONNode, String) -> Void
  ) -> Bool {
    guard document.kind(of: row) == .array, document.childCount(of: row) > 0 else { return false }
    for (position, element) in document.children(of: row).enumerated() {
      guard position < model.elementColumns.count else { break }
      measure(element, TableModel.elementColumnName(position))
    }
    return true
  }

  /// Focus and selection kept by row index, moved to where their records' rows are now.
  private static func reindexed(
    _ kept: (focus: (row: Int, column: String)?, selected: [(row: Int, column: String)]), from oldRows: NodeIDList,
    row: (NodeID) -> Int?
  ) -> (focus: (row: Int, column: String)?, selected: [(row: Int, column: String)]) {
    func moved(_ cell: (row: Int, column: String)) -> (row: Int, column: String)? {
      guard oldRows.indices.contains(cell.row), let now = row(oldRows[cell.row]) else { return nil }
      return (now, cell.column)
    }
    return (kept.focus.map { moved($0) ?? $0 }, kept.selected.compactMap(moved))
  }

  /// The row that shows a record, if it is shown.
  private func row(ofRecord id: NodeID) -> Int? {
    store.node(id).flatMap { row(ofRecord: id, at: $0) }
  }

  /// Makes room in a column's header for its type's marker and its sort arrow (a type
  /// chosen, or a sort, after measuring).
  func widenForMarker(of name: String) {
    guard let width = measuredWidths[name] else { return }
    let marker = type(ofColumn: name)?.marker.map { $0.count + 1 } ?? 0
    let arrow = sort?.column == name ? 2 : 0
    measuredWidths[name] = min(Self.maximumWidth, max(width, TextWidth.displayWidth(of: name) + marker + arrow))
  }

  func width(ofColumn column: Int) -> Int {
    guard model.columns.indices.contains(column) else { return Self.minimumWidth }
    let name = model.columns[column]
    let adjusted = (measuredWidths[name] ?? Self.minimumWidth) + (widthAdjustments[name] ?? 0)
    return min(Self.widthLimit, max(Self.minimumWidth, adjusted))
  }

  private var rowHeaderWidth: Int {
    plainRowHeaderWidth + (store.diff == nil ? 0 : 2)
  }

  private var plainRowHeaderWidth: Int {
    if model.isObjectRoot {
      let document = store.document
      let widest =
        shownRows.prefix(Self.measuredRows).map {
          store.node($0).flatMap(document.key(of:)).map(TextWidth.displayWidth(of:)) ?? 0
        }.max() ?? 0
      return min(24, max(1, widest))
    }
    // Rows show their index in the document: under a filter, up to the container's count.
    let largest = store.filter?.container == model.root ? store.filter?.elementCount ?? 0 : shownRows.count
    return max(1, String(max(0, largest - 1)).count)
  }

  /// The row and column of an index path.
  func position(of indexPath: IndexPath) -> (row: Int, column: Int)? {
    guard sheet == nil else { return nil }
    let columns = model.columns.count
    guard columns > 0, indexPath.section == 0, indexPath.item >= 0, indexPath.item < shownRows.count * columns else {
      return nil
    }
    return (indexPath.item / columns, indexPath.item % columns)
  }

  /// The index path of a row's cell in a column.
  func indexPath(row: Int, column: Int) -> IndexPath {
    IndexPath(item: row * model.columns.count + column, section: 0)
  }

  /// The row that shows a record (a child of the table's container).
  private func row(ofRecord id: NodeID, at node: JSONNode) -> Int? {
    guard let row = unsortedRow(ofRecord: id, at: node) else { return nil }
    guard sortedRows != nil else { return row }
    return sortedPosition.indices.contains(row) ? sortedPosition[row] : nil
  }

  /// The row of `model.rows` that is a record.
  private func unsortedRow(ofRecord id: NodeID, at node: JSONNode) -> Int? {
    // Under a filter the rows are the elements it keeps, in document order.
    if let filter = store.filter, filter.container == model.root { return model.rows.firstIndex(of: id) }
    guard let position = store.document.position(of: node), model.rows.indices.contains(position),
      model.rows[position] == id
    else { return nil }
    return position
  }

  /// The record (row) a value is in or is, and the value's member of that record (its
  /// column), if it is below the record.
  private func record(containing node: JSONNode) -> (record: JSONNode, field: JSONNode?)? {
    let document = store.document
    guard let rootNode = store.node(model.root) else { return nil }
    if node == rootNode {
      // A scalar document is its own one row.
      return model.rows == [model.root] ? (node, nil) : nil
    }
    var current = node
    var field: JSONNode?
    while let parent = document.parent(of: current) {
      if parent == rootNode { return (current, field) }
      field = current
      current = parent
    }
    return nil
  }

  // MARK: - Presentation

  func prepareToShow() {
    let view = host.collectionView
    view.register(TableCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    for kind in [ElementKind.columnHeader, ElementKind.rowHeader, ElementKind.tableCorner] {
      view.register(LabelView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.headerIdentifier)
    }
  }

  func readAgain() {
    let isSameRoot = store.node(model.root) != nil
    model = TableModel(
      store: store, root: isSameRoot ? model.root : store.root, hiding: model.hiddenColumns,
      nesting: isSameRoot ? model.nesting : TableModel.Nesting())
    applySort()
    measureColumns()
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    if let sheet {
      return sheet.positionText(
        focusedRow: indexPath.map { $0.item / max(1, sheet.titles.count) }, rowCount: shownRows.count)
    }
    guard let focused = indexPath.flatMap(position(of:)) else { return "no rows" }
    var text =
      "row \(focused.row + 1)/\(shownRows.count) · column \(focused.column + 1)/\(model.columns.count) \(model.columns[focused.column])"
    if !sorts.isEmpty {
      text += " · sorted by " + sorts.map { "\($0.column) \($0.isDescending ? "↓" : "↑")" }.joined(separator: ", ")
    }
    if !model.isScanned {
      text += " · reading keys \(model.scannedRowCount * 100 / max(1, model.rows.count))%"
    }
    return text
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    guard sheet == nil, let (row, column) = position(of: indexPath) else { return nil }
    let record = shownRows[row]
    // A selected row stands for its record: edits act on whole records.
    if selectsRows, host.collectionView.isItemSelected(at: indexPath) { return record }
    return model.value(row: record, column: column, in: store).map(store.id) ?? record
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    // A sheet's rows are not values; the table is back before anything moves by id.
    if sheet != nil, reveal { closeSheet() }
    guard sheet == nil else { return nil }
    // The value itself is a row, or a row's field, or inside one: the row's cell that
    // shows it (the field's column, or the first filled one for the row itself).
    guard let node = store.node(id), let (record, field) = record(containing: node),
      let row = row(ofRecord: store.id(record), at: record)
    else { return nil }
    guard let field else { return indexPath(row: row, column: firstFilledColumn(ofRow: row)) }
    let document = store.document
    if document.kind(of: record) == .object {
      guard let key = document.key(of: field),
        let column = model.column(named: key) ?? nestedColumn(of: node, below: record)
      else {
        return indexPath(row: row, column: firstFilledColumn(ofRow: row))
      }
      return indexPath(row: row, column: column)
    }
    // An element of an array row: its position's column.
    if document.kind(of: record) == .array, let position = document.position(of: field),
      let column = model.column(named: TableModel.elementColumnName(position))
    {
      return indexPath(row: row, column: column)
    }
    return indexPath(row: row, column: model.column(named: TableModel.valueColumn) ?? 0)
  }

  /// The sub-column that shows `node` (or the value it is in) below `record`, for a value
  /// inside an expanded column.
  private func nestedColumn(of node: JSONNode, below record: JSONNode) -> Int? {
    let document = store.document
    var keys: [String] = []
    var current: JSONNode? = node
    while let step = current, step != record {
      if let key = document.key(of: step) { keys.insert(key, at: 0) } else { keys = [] }
      current = document.parent(of: step)
    }
    return model.column(forPath: keys)
  }

  private func firstFilledColumn(ofRow row: Int) -> Int {
    model.firstFilledColumn(of: shownRows[row], in: store)
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    if performSheetCommand(command) { return true }
    guard sheet == nil else { return false }
    if performRowCommand(command) { return true }
    if performNestingCommand(command) { return true }
    if let type = Self.columnType(setBy: command) {
      setFocusedColumnType(type)
      return true
    }
    let view = host.collectionView
    switch command {
    case .sortAscending, .sortDescending:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      let column = model.columns[focused.column]
      let focus = nodeID(at: indexPath(row: focused.row, column: focused.column))
      sorts = TableSort.adding(TableSort.Criterion(column: column, isDescending: command == .sortDescending), to: sorts)
      widenForMarker(of: column)
      tableLayout.invalidateLayout()
      reorder(keepingFocusOn: focus, column: focused.column)
      let then = sorts.dropFirst().map { " then \($0.column)" }.joined(separator: ",")
      host.show(
        message:
          "sorted by \(column), \(command == .sortDescending ? "descending" : "ascending")\(then) (the document keeps its order)"
      )
    case .narrowColumn, .widenColumn:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      let name = model.columns[focused.column]
      let current = width(ofColumn: focused.column)
      let step = max(1, current / 4)
      let target =
        command == .widenColumn ? min(Self.widthLimit, current + step) : max(Self.minimumWidth, current - step)
      widthAdjustments[name] = target - (measuredWidths[name] ?? Self.minimumWidth)
      tableLayout.invalidateLayout()
      view.reloadData()
      view.focusItem(at: view.indexPathForFocusedItem, scrollPosition: .nearest)
    case .togglePinnedColumn:
      togglePinnedColumn()
    case .hideColumn:
      hideFocusedColumn()
    case .showAllColumns:
      showAllColumns()
    case .moveColumnLeft, .moveColumnRight:
      moveFocusedColumn(by: command == .moveColumnLeft ? -1 : 1)
    case .moveToFirst, .moveToLast:
      // As in VisiData and vim: the first or last row, in the focused column.
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)), !shownRows.isEmpty else { return false }
      let target = indexPath(row: command == .moveToLast ? shownRows.count - 1 : 0, column: focused.column)
      view.focusItem(at: target, scrollPosition: nil)
      if command == .moveToLast { view.scrollToEnd() } else { view.contentOffset.y = view.minimumContentOffset.y }
      view.scrollToItem(at: target, at: .nearest)
    case .moveToFirstColumn, .moveToLastColumn:
      // vim's 0 and $: the same row's first or last column.
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)), !model.columns.isEmpty else {
        return false
      }
      let target = indexPath(row: focused.row, column: command == .moveToLastColumn ? model.columns.count - 1 : 0)
      view.focusItem(at: target, scrollPosition: nil)
      if command == .moveToFirstColumn { view.contentOffset.x = view.minimumContentOffset.x }
      view.scrollToItem(at: target, at: .nearest)
    case .openCell:
      openFocused()
    case .goUp:
      goUp()
    case .selectAll:
      // "All" is the focused column's cells: the values of one key across the records.
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      for row in shownRows.indices {
        view.selectItem(at: indexPath(row: row, column: focused.column), notifyDelegate: true)
      }
    default:
      return false
    }
    return true
  }

  /// Shows the rows in the current order, keeping the focused value in view.
  func reorder(keepingFocusOn focus: NodeID?, column: Int) {
    let view = host.collectionView
    let before = shownRows
    guard before.count <= animatedReorderLimit else {
      reorderWithoutAnimation(keepingFocusOn: focus, column: column)
      return
    }
    applySort()
    let diff = SnapshotDifference(
      oldSections: [0], oldItemLists: [before], newSections: [0], newItemLists: [shownRows])
    let columns = model.columns.count
    view.finishAnimationsNow()
    view.performBatchUpdates {
      for move in diff.movedItems {
        for column in 0..<columns {
          view.moveItem(
            at: IndexPath(item: move.from.item * columns + column, section: 0),
            to: IndexPath(item: move.to.item * columns + column, section: 0))
        }
      }
    }
    if let focus, let target = indexPath(for: focus, reveal: false) {
      let row = target.item / max(1, columns)
      view.focusItem(at: indexPath(row: row, column: column), scrollPosition: .nearest)
    }
    refreshHeaders()
  }

  /// The most rows a new order moves with animation: past it the rows are shown in their
  /// new order at once (a batch update of a million rows moves every cell of every row,
  /// seconds of work for rows no one sees move).
  var animatedReorderLimit = 20_000

  /// ``reorder(keepingFocusOn:column:)`` for a large table: the cells are loaded again,
  /// the selection is carried over by record and column, the focus stays on its value.
  private func reorderWithoutAnimation(keepingFocusOn focus: NodeID?, column: Int) {
    let view = host.collectionView
    // The selection by row of `model.rows` (which the sort does not change) and column.
    let shownCount = shownRows.count
    let wasSorted = sortedRows != nil
    let order = sortOrder
    let selected = view.indexPathsForSelectedItems.compactMap { indexPath -> (Int, Int)? in
      guard let (row, column) = position(of: indexPath), row < shownCount else { return nil }
      return (wasSorted ? order[row] : row, column)
    }
    view.finishAnimationsNow()
    applySort()
    view.clearSelection()
    view.reloadData()
    let isSorted = sortedRows != nil
    for (row, column) in selected where !isSorted || sortedPosition.indices.contains(row) {
      view.selectItem(at: indexPath(row: isSorted ? sortedPosition[row] : row, column: column))
    }
    if let focus, let target = indexPath(for: focus, reveal: false) {
      let row = target.item / max(1, model.columns.count)
      view.focusItem(at: indexPath(row: row, column: column), scrollPosition: .nearest)
    }
    refreshHeaders()
  }

  private func openFocused() {
    let view = host.collectionView
    guard let indexPath = view.indexPathForFocusedItem, let (row, column) = position(of: indexPath) else { return }
    guard let value = model.value(row: shownRows[row], column: column, in: store) else {
      host.show(message: "this record has no \(model.columns[column])")
      return
    }
    let document = store.document
    guard document.kind(of: value).isContainer, document.childCount(of: value) > 0 else {
      host.viewFocusedValue()
      return
    }
    show(root: store.id(value), focus: nil)
  }

  /// Up to the enclosing table, by the document's structure (as the grid's Backspace): a
  /// nested value opened from a cell goes back to the table of records it is a field of,
  /// its cell focused; anything else to the table of its container, its row focused.
  private func goUp() {
    guard let parent = store.parent(of: model.root) else {
      host.show(message: "already at the top of the document")
      return
    }
    if let records = store.parent(of: parent), let key = store.node(model.root).flatMap(store.document.key(of:)),
      TableModel(store: store, root: records).columns.contains(key)
    {
      show(root: records, focus: model.root)
      return
    }
    show(root: parent, focus: model.root)
  }

  private func show(root: NodeID, focus: NodeID?) {
    let view = host.collectionView
    view.finishAnimationsNow()
    model = TableModel(store: store, root: root)
    sorts = []
    applySort()
    measureColumns()
    view.clearSelection()
    view.reloadData()
    tableLayout.invalidateLayout()
    view.contentOffset = .zero
    let target = focus.flatMap { indexPath(for: $0, reveal: false) } ?? IndexPath(item: 0, section: 0)
    view.focusItem(at: target, scrollPosition: .center)
    view.ensureFocus()
    host.setNeedsDisplay()
  }

  func applyColorCount(_ count: Int) {
    palette = count == 0 ? .monochrome : .standard
  }

  var emptyContainer: NodeID? { shownRows.isEmpty ? model.root : nil }

  /// A filter keeps rows, whichever cell is focused.
  var filterContainer: NodeID? {
    store.node(model.root).map { store.document.isContainer($0) } == true ? model.root : nil
  }

  // MARK: - Reading the keys in slices

  var isReading: Bool { !model.isScanned || sheet.map { !$0.isComputed || $0.recount != nil } == true }

  func continueReading(forMilliseconds milliseconds: Int) {
    if let sheet, !sheet.isComputed {
      // The sheet first: the person waits for it (the key scan goes on once it is done).
      continueSheet(forMilliseconds: max(milliseconds, Self.sheetSliceMilliseconds))
      return
    }
    if let sheet, sheet.recount != nil {
      let deadline = MonotonicClock.nanoseconds() + UInt64(max(1, milliseconds)) * 1_000_000
      if sheet.continueRecount(until: deadline, in: store, model: model) { reloadSheetKeepingFocus() }
      host.setNeedsDisplay()
      return
    }
    let deadline = MonotonicClock.nanoseconds() + UInt64(max(1, milliseconds)) * 1_000_000
    let kept = cellsByName()
    guard model.scan(in: store, until: deadline) else {
      if isShown { host.setNeedsDisplay() }  // the status line's progress
      return
    }
    columnsDidChange(keeping: kept)
  }

  /// Focus and selection as (row, column name), which survive a change of columns.
  func cellsByName() -> (focus: (row: Int, column: String)?, selected: [(row: Int, column: String)]) {
    let view = host.collectionView
    func named(_ indexPath: IndexPath) -> (row: Int, column: String)? {
      position(of: indexPath).map { ($0.row, model.columns[$0.column]) }
    }
    return (view.indexPathForFocusedItem.flatMap(named), view.indexPathsForSelectedItems.compactMap(named))
  }

  /// New keys turned up (or went): every row changes shape, so the table is loaded again
  /// with focus and selection on the same rows and columns.
  func columnsDidChange(
    keeping kept: (focus: (row: Int, column: String)?, selected: [(row: Int, column: String)])
  ) {
    measureColumns()
    if sorts.contains(where: { !model.columns.contains($0.column) }) {
      applySort()
    }
    guard isShown, sheet == nil else { return }
    let view = host.collectionView
    view.finishAnimationsNow()
    view.reloadData()
    tableLayout.invalidateLayout()
    func place(_ cell: (row: Int, column: String)) -> IndexPath? {
      guard shownRows.indices.contains(cell.row), let column = model.columns.firstIndex(of: cell.column) else {
        return nil
      }
      return indexPath(row: cell.row, column: column)
    }
    view.clearSelection()
    for cell in kept.selected { if let indexPath = place(cell) { view.selectItem(at: indexPath) } }
    if let focus = kept.focus {
      view.focusItem(at: place(focus) ?? indexPath(row: focus.row, column: 0), scrollPosition: .nearest)
    }
    view.ensureFocus()
    host.setNeedsDisplay()
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    if let sheet, change.reason == .arrived {
      // Records arriving move no one off the sheet: it counts them (and counts again when
      // records leave), and the table shows them once it is back.
      let (changedRows, rowsChanged) = followRows(change)
      if rowsChanged { model.rescan() }
      _ = model.include(rows: changedRows, in: store)
      applySort()
      rowsMissedArrivals = true
      let dropped = change.steps.filter { if case .removed = $0 { true } else { false } }.count
      if sheet.follow(inserted: changedRows, droppedCount: dropped, in: store, model: model) {
        reloadSheetKeepingFocus()
      }
      host.setNeedsDisplay()
      return
    }
    if sheet != nil {
      // The sheet counted the rows before the change: back to the table, read afresh.
      closeSheet()
      apply(DocumentChange(reason: .grew, steps: []))
      return
    }
    let view = host.collectionView
    view.finishAnimationsNow()
    guard change.reason != .grew, store.node(model.root) != nil else {
      // A load grew the document (or the table's container is gone): list the rows again.
      let kept = cellsByName()
      let isSameRoot = store.node(model.root) != nil
      model = TableModel(
        store: store, root: isSameRoot ? model.root : store.root, hiding: model.hiddenColumns,
        nesting: isSameRoot ? model.nesting : TableModel.Nesting())
      applySort()
      columnsDidChange(keeping: kept)
      return
    }
    if change.reason == .sideSwitched {
      followSideSwitch()
      return
    }
    if change.reason == .arrived, applyArrival(change) { return }
    let oldRows = shownRows
    let kept = cellsByName()
    let oldColumns = model.columns
    let (changedRows, rowsChanged) = followRows(change)
    // Keys may have gone with a row: read them all again, in slices.
    if rowsChanged { model.rescan() }
    let columnsChanged = model.include(rows: changedRows, in: store) || model.columns != oldColumns
    applySort()
    // Records that arrive may hold longer values: their columns widen (never narrow, so the
    // table does not jump as records come and go).
    if columnsChanged { measureColumns() }
    let widened = change.reason == .arrived && widenColumns(for: changedRows)
    if columnsChanged || widened {
      // By record, not by row: arrivals may go between rows (sorted) and drops take the first.
      columnsDidChange(keeping: Self.reindexed(kept, from: oldRows) { row(ofRecord: $0) })
      return
    }
    let diff = SnapshotDifference(
      oldSections: [0], oldItemLists: [oldRows], newSections: [0], newItemLists: [shownRows],
      reloadedItems: Set(changedRows))
    let columns = model.columns.count
    func cells(_ path: IndexPath) -> [IndexPath] {
      (0..<columns).map { IndexPath(item: path.item * columns + $0, section: 0) }
    }
    view.performBatchUpdates {
      if !diff.deletedItems.isEmpty { view.deleteItems(at: diff.deletedItems.flatMap(cells)) }
      if !diff.insertedItems.isEmpty { view.insertItems(at: diff.insertedItems.flatMap(cells)) }
      for move in diff.movedItems {
        for (from, to) in zip(cells(move.from), cells(move.to)) { view.moveItem(at: from, to: to) }
      }
      if !diff.reloadedItems.isEmpty { view.reloadItems(at: diff.reloadedItems.flatMap(cells)) }
    }
    refreshHeaders()
  }

  /// Records that arrived at the end of an unsorted table (a followed stream): their rows
  /// are appended as they are and their cells inserted at the end, without listing the
  /// rows again or comparing them (the cost is the batch's, not the table's). Records that
  /// left its start (`--keep`) are cut off the same way (``applyDrop(_:)``).
  /// - Returns: false, having changed nothing, for any other change (the general path).
  private func applyArrival(_ change: DocumentChange) -> Bool {
    guard sorts.isEmpty, store.diff == nil, let first = change.steps.first else { return false }
    if case .removed = first { return applyDrop(change) }
    let root = model.root
    let oldRows = model.rows
    var appended: [NodeID] = []
    appended.reserveCapacity(change.steps.count)
    for step in change.steps {
      guard case .inserted(let parent, let position, let node) = step, parent == root,
        position == oldRows.count + appended.count
      else { return false }
      appended.append(node)
    }
    let view = host.collectionView
    let kept = cellsByName()
    let oldColumns = model.columns
    model.rows.append(contentsOf: appended)
    // Rows that arrive take no key away: the keys they bring are added, with no scan.
    let columnsChanged = model.include(rows: appended, in: store) || model.columns != oldColumns
    if columnsChanged { measureColumns() }
    if widenColumns(for: appended) || columnsChanged {
      columnsDidChange(keeping: Self.reindexed(kept, from: oldRows) { row(ofRecord: $0) })
      return true
    }
    let columns = model.columns.count
    let cells = ((oldRows.count * columns)..<(model.rows.count * columns)).map { IndexPath(item: $0, section: 0) }
    view.performBatchUpdates { view.insertItems(at: cells) }
    refreshHeaders()
    return true
  }

  /// Records that left the start of an unsorted table (`--keep`): their rows are cut off
  /// the start (``NodeIDList/removeFirst(_:)``) and their cells deleted, without comparing
  /// the lists. The keys are read again in slices, as for any removal (a column only the
  /// records that left had goes).
  /// - Returns: false, having changed nothing, unless every step removes the first row.
  private func applyDrop(_ change: DocumentChange) -> Bool {
    let root = model.root
    let oldRows = model.rows
    var removedCount = 0
    for step in change.steps {
      guard case .removed(let parent, let position, let node) = step, parent == root, position == 0,
        removedCount < oldRows.count, oldRows[removedCount] == node
      else { return false }
      removedCount += 1
    }
    let view = host.collectionView
    let kept = cellsByName()
    let oldColumns = model.columns
    model.rows.removeFirst(removedCount)
    model.rescan()
    if model.columns != oldColumns {
      columnsDidChange(keeping: Self.reindexed(kept, from: oldRows) { row(ofRecord: $0) })
      return true
    }
    let columns = model.columns.count
    let cells = (0..<(removedCount * columns)).map { IndexPath(item: $0, section: 0) }
    view.performBatchUpdates { view.deleteItems(at: cells) }
    refreshHeaders()
    return true
  }

  /// The other side of a diff in place of this one, as one batch update of the cells keyed
  /// by record and column name (``TableCellDifference``): the rows are listed again, and
  /// those of records both sides hold keep their ids, so their cells move to their places;
  /// a column only one side has slides open or closes; every cell shown is then redrawn
  /// with that side's values and marks. The focus follows its cell (the reading controller
  /// then puts it on the same value, or its record).
  private func followSideSwitch() {
    let view = host.collectionView
    let oldRows = Array(shownRows)
    let oldColumns = model.columns
    model = TableModel(store: store, root: model.root, hiding: model.hiddenColumns, nesting: model.nesting)
    // Keys may have gone with A's or B's records: read them all again, in slices.
    model.rescan()
    _ = model.include(rows: Array(model.rows), in: store)
    applySort()
    measureColumns()
    let difference = TableCellDifference(
      oldRows: oldRows, oldColumns: oldColumns, newRows: Array(shownRows), newColumns: model.columns)
    view.performBatchUpdates(applying: difference)
    view.reconfigureItems(at: view.indexPathsForVisibleItems)
    refreshHeaders()
  }

  /// The rows follow a change's steps: inserted and removed records, changed ones.
  /// - Returns: the rows whose cells changed, and whether rows came or went.
  private func followRows(_ change: DocumentChange) -> (changed: [NodeID], rowsChanged: Bool) {
    var changedRows: [NodeID] = []
    var rowsChanged = false
    for step in change.steps {
      if step.parent == model.root {
        switch step {
        case .inserted(_, let position, let node):
          model.rows.insert(node, at: min(max(0, position), model.rows.count))
          changedRows.append(node)
          rowsChanged = true
        case .removed(_, let position, let node):
          if model.rows.indices.contains(position), model.rows[position] == node {
            model.rows.remove(at: position)
          } else {
            model.rows.removeAll { $0 == node }
          }
          rowsChanged = true
        case .replaced(_, _, let node):
          changedRows.append(node)
          rowsChanged = true
        }
      } else if let parent = store.node(step.parent), let (record, _) = record(containing: parent) {
        // A change inside a row: its cells show it (and it may have a new key).
        changedRows.append(store.id(record))
      } else if case .replaced = step, let node = store.node(step.node), let (record, _) = record(containing: node) {
        changedRows.append(store.id(record))
      }
    }
    return (changedRows, rowsChanged)
  }

  /// Loads a sheet's lines again (they changed), its focus on the same row and column.
  private func reloadSheetKeepingFocus() {
    let view = host.collectionView
    let focus = view.indexPathForFocusedItem
    let offset = view.contentOffset
    view.reloadData()
    tableLayout.invalidateLayout()
    view.contentOffset = offset
    let count = view.numberOfItems(inSection: 0)
    if count > 0 {
      view.focusItem(at: IndexPath(item: min(focus?.item ?? 0, count - 1), section: 0), scrollPosition: .none)
    }
  }

  /// Row numbers follow the rows' places.
  private func refreshHeaders() {
    let view = host.collectionView
    for element in view.attributesOnScreen where element.representedElementKind == ElementKind.rowHeader {
      if let label = view.supplementaryView(forElementKind: ElementKind.rowHeader, at: element.indexPath) as? LabelView
      {
        label.text = rowHeaderText(element.indexPath.item)
      }
    }
  }

  /// A row's header: its index or key, with a diff's marker for the record (`+ 3`, `· 0`
  /// for a record with changes inside).
  private func rowHeaderText(_ row: Int) -> String {
    guard let diff = store.diff else { return plainRowHeaderText(row) }
    let marker = shownRows.indices.contains(row) ? diff.marker(of: shownRows[row]) ?? "  " : "  "
    return marker + plainRowHeaderText(row)
  }

  private func plainRowHeaderText(_ row: Int) -> String {
    guard shownRows.indices.contains(row) else { return "" }
    if model.isObjectRoot, let node = store.node(shownRows[row]), let key = store.document.key(of: node) { return key }
    // Rows keep their index in the document when sorted or filtered.
    guard sortedRows != nil || store.filter?.container == model.root else { return String(row) }
    return store.node(shownRows[row]).flatMap(store.document.position(of:)).map(String.init) ?? String(row)
  }

  // MARK: - TableLayoutDelegate

  func numberOfColumns(in tableLayout: TableLayout) -> Int { sheet?.titles.count ?? model.columns.count }

  func tableLayout(_ tableLayout: TableLayout, widthOfColumn column: Int) -> Int {
    sheet?.width(ofColumn: column) ?? width(ofColumn: column)
  }

  func widthOfRowHeaders(in tableLayout: TableLayout) -> Int { sheet == nil ? rowHeaderWidth : 0 }

  func numberOfFrozenColumns(in tableLayout: TableLayout) -> Int { sheet == nil ? pinnedColumns : 0 }

  // MARK: - CollectionViewDataSource

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    if let sheet { return sheet.lines.count * sheet.titles.count }
    return shownRows.count * model.columns.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    if let sheet { return sheetCell(sheet, in: collectionView, at: indexPath) }
    let cell = collectionView.dequeueReusableCell(
      TableCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    guard let (row, column) = position(of: indexPath) else { return cell }
    if let value = model.value(row: shownRows[row], column: column, in: store) {
      let document = store.document
      cell.text = Self.cellText(value, in: document, limit: width(ofColumn: column) + 1)
      // A diff's marks (`~ 44.5`), as the tree draws them.
      if let marker = store.diff?.marker(of: store.id(value)) { cell.text = marker + cell.text }
      let kind = document.kind(of: value)
      cell.textStyle = palette.style(for: kind)
      // Numbers against the right edge in a column of numbers, as a spreadsheet has them.
      cell.isTrailing =
        type(ofColumn: model.columns[column])?.isNumeric == true && (kind == .number || kind == .string)
    } else {
      cell.isMissing = true
    }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    let label = collectionView.dequeueReusableSupplementaryView(
      LabelView.self, ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
    if let sheet {
      guard kind == ElementKind.columnHeader else { return nil }
      return sheetHeader(sheet, label: label, column: indexPath.item)
    }
    switch kind {
    case ElementKind.columnHeader:
      label.alignment = .leading
      guard model.columns.indices.contains(indexPath.item) else { return nil }
      let name = model.columns[indexPath.item]
      var title = name
      if let marker = type(ofColumn: name)?.marker { title += " " + marker }
      if let sort, sort.column == name { title += sort.isDescending ? " ↓" : " ↑" }
      label.text = title
      label.role = .header
    case ElementKind.rowHeader:
      label.text = rowHeaderText(indexPath.item)
      label.role = .footer
      label.alignment = model.isObjectRoot ? .leading : .trailing
    default:
      label.text = ""
      label.role = .header
    }
    return label
  }
}
