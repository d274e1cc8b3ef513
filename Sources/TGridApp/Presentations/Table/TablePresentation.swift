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
  var keyBindings: KeyBindings { BrowserKeys.table }

  private unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  private(set) var model: TableModel
  /// Rows in the order shown: a permutation of the model's rows while sorted.
  private(set) var shownRows: [NodeID] = []
  /// The row of each shown row's id.
  private var rowIndex: [NodeID: Int] = [:]
  /// The sort in force: a column name and whether it descends.
  private(set) var sort: (column: String, descending: Bool)?
  /// Widths measured from content, and the user's changes by column name.
  private var measuredWidths: [Int] = []
  private var widthAdjustments: [String: Int] = [:]
  /// Containers opened with Enter, outermost first, with the value to focus coming back.
  private var navigationStack: [(root: NodeID, focus: NodeID?)] = []
  var palette = ValuePalette.standard
  private var isStale = false

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
    rebuildRows()
  }

  private var isShown: Bool { host.presentation === self }

  // MARK: - Rows and columns

  private func rebuildRows() {
    var rows = model.rows
    if let sort, let column = model.columns.firstIndex(of: sort.column) {
      let document = store.document
      let keys = rows.map { TableSortKey(model.value(row: $0, column: column, in: store), in: document) }
      var order = Array(rows.indices)
      // Stable: equal values keep document order, whichever way the sort goes.
      order.sort { keys[$0] != keys[$1] ? (sort.descending ? keys[$1] < keys[$0] : keys[$0] < keys[$1]) : $0 < $1 }
      rows = order.map { rows[$0] }
    }
    shownRows = rows
    rowIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) })
    measureColumns()
  }

  private func measureColumns() {
    let document = store.document
    measuredWidths = model.columns.map { min(Self.maximumWidth, max(Self.minimumWidth, TextWidth.displayWidth(of: $0))) }
    for row in shownRows.prefix(Self.measuredRows) {
      for column in model.columns.indices {
        guard measuredWidths[column] < Self.maximumWidth, let value = model.value(row: row, column: column, in: store)
        else { continue }
        let width = TextWidth.displayWidth(of: JSONPreview.inline(value, in: document, limit: Self.maximumWidth + 1))
        measuredWidths[column] = min(Self.maximumWidth, max(measuredWidths[column], width))
      }
    }
  }

  func width(ofColumn column: Int) -> Int {
    guard measuredWidths.indices.contains(column) else { return Self.minimumWidth }
    let adjusted = measuredWidths[column] + (widthAdjustments[model.columns[column]] ?? 0)
    return min(Self.widthLimit, max(Self.minimumWidth, adjusted))
  }

  private var rowHeaderWidth: Int {
    if model.isObjectRoot {
      let widest = shownRows.prefix(Self.measuredRows).map { store.node($0).flatMap(store.document.key(of:)).map(TextWidth.displayWidth(of:)) ?? 0 }.max() ?? 0
      return min(24, max(1, widest))
    }
    return max(1, String(max(0, shownRows.count - 1)).count)
  }

  /// The row and column of an index path.
  func position(of indexPath: IndexPath) -> (row: Int, column: Int)? {
    let columns = model.columns.count
    guard columns > 0, indexPath.section == 0, indexPath.item >= 0, indexPath.item < shownRows.count * columns else { return nil }
    return (indexPath.item / columns, indexPath.item % columns)
  }

  private func indexPath(row: Int, column: Int) -> IndexPath {
    IndexPath(item: row * model.columns.count + column, section: 0)
  }

  // MARK: - Presentation

  func prepareToShow() {
    let view = host.collectionView
    view.register(TableCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    for kind in [ElementKind.columnHeader, ElementKind.rowHeader, ElementKind.tableCorner] {
      view.register(LabelView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.headerIdentifier)
    }
    if isStale {
      isStale = false
      model = TableModel(store: store, root: store.node(model.root) != nil ? model.root : store.root)
      rebuildRows()
    }
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    guard let focused = indexPath.flatMap(position(of:)) else { return "no rows" }
    var text = "row \(focused.row + 1)/\(shownRows.count) · column \(focused.column + 1)/\(model.columns.count) \(model.columns[focused.column])"
    if let sort { text += " · sorted by \(sort.column) \(sort.descending ? "↓" : "↑")" }
    return text
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    guard let (row, column) = position(of: indexPath) else { return nil }
    let record = shownRows[row]
    return model.value(row: record, column: column, in: store).map(store.id) ?? record
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    // The value itself is a row, or a row's field; failing that, the nearest such ancestor.
    for candidate in store.ancestry(of: id) {
      if let row = rowIndex[candidate] { return indexPath(row: row, column: firstFilledColumn(ofRow: row)) }
      if let parent = store.parent(of: candidate), let row = rowIndex[parent], let node = store.node(candidate) {
        let document = store.document
        if let key = document.key(of: node), let column = model.columns.firstIndex(of: key) {
          return indexPath(row: row, column: column)
        }
        if document.kind(of: store.node(parent) ?? node) != .object, let column = model.columns.firstIndex(of: TableModel.valueColumn) {
          return indexPath(row: row, column: column)
        }
      }
    }
    return nil
  }

  private func firstFilledColumn(ofRow row: Int) -> Int {
    let record = shownRows[row]
    return model.columns.indices.first { model.value(row: record, column: $0, in: store) != nil } ?? 0
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    let view = host.collectionView
    switch command {
    case .sortAscending, .sortDescending:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      let column = model.columns[focused.column]
      let focus = nodeID(at: indexPath(row: focused.row, column: focused.column))
      sort = (column, command == .sortDescending)
      reorder(keepingFocusOn: focus, column: focused.column)
      host.show(message: "sorted by \(column), \(command == .sortDescending ? "descending" : "ascending") (the document keeps its order)")
    case .narrowColumn, .widenColumn:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      let name = model.columns[focused.column]
      let current = width(ofColumn: focused.column)
      let step = max(1, current / 4)
      let target = command == .widenColumn ? min(Self.widthLimit, current + step) : max(Self.minimumWidth, current - step)
      widthAdjustments[name] = target - measuredWidths[focused.column]
      tableLayout.invalidateLayout()
      view.reloadData()
      view.focusItem(at: view.indexPathForFocusedItem, scrollPosition: .nearest)
    case .openCell:
      openFocused()
    case .goUp:
      goUp()
    case .selectAll:
      // "All" is the focused column's cells: the values of one key across the records.
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      for row in shownRows.indices { view.selectItem(at: indexPath(row: row, column: focused.column), notifyDelegate: true) }
    default:
      return false
    }
    return true
  }

  /// Shows the rows in the current order, keeping the focused value in view.
  private func reorder(keepingFocusOn focus: NodeID?, column: Int) {
    let view = host.collectionView
    let before = shownRows
    rebuildRows()
    let diff = SnapshotDifference(oldSections: [0], oldItems: [before.map(\.rawValue)], newSections: [0], newItems: [shownRows.map(\.rawValue)])
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
    navigationStack.append((model.root, store.id(value)))
    show(root: store.id(value), focus: nil)
  }

  private func goUp() {
    if let previous = navigationStack.popLast() {
      show(root: previous.root, focus: previous.focus)
      return
    }
    guard let parent = store.parent(of: model.root) else {
      host.show(message: "already at the top of the document")
      return
    }
    show(root: parent, focus: model.root)
  }

  private func show(root: NodeID, focus: NodeID?) {
    let view = host.collectionView
    view.finishAnimationsNow()
    model = TableModel(store: store, root: root)
    sort = nil
    rebuildRows()
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

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    guard isShown else {
      isStale = true
      return
    }
    let view = host.collectionView
    view.finishAnimationsNow()
    let oldColumns = model.columns
    let oldRows = shownRows
    let root = store.node(model.root) != nil ? model.root : store.root
    model = TableModel(store: store, root: root)
    rebuildRows()
    guard change.reason != .grew, model.columns == oldColumns else {
      // New keys are new columns: every row changes shape.
      view.reloadData()
      tableLayout.invalidateLayout()
      view.ensureFocus()
      return
    }
    var changed = Set<Int>()
    for step in change.steps {
      for ancestor in store.ancestry(of: step.parent) where rowIndex[ancestor] != nil { changed.insert(ancestor.rawValue) }
      if case .replaced = step { changed.insert(step.node.rawValue) }
    }
    let diff = SnapshotDifference(
      oldSections: [0], oldItems: [oldRows.map(\.rawValue)], newSections: [0], newItems: [shownRows.map(\.rawValue)],
      reloadedItems: changed)
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

  /// Row numbers follow the rows' places.
  private func refreshHeaders() {
    let view = host.collectionView
    for element in view.attributesOnScreen where element.representedElementKind == ElementKind.rowHeader {
      if let label = view.supplementaryView(forElementKind: ElementKind.rowHeader, at: element.indexPath) as? LabelView {
        label.text = rowHeaderText(element.indexPath.item)
      }
    }
  }

  private func rowHeaderText(_ row: Int) -> String {
    guard shownRows.indices.contains(row) else { return "" }
    if model.isObjectRoot, let node = store.node(shownRows[row]), let key = store.document.key(of: node) { return key }
    // Rows keep their index in the document when sorted.
    return store.node(shownRows[row]).flatMap(store.document.position(of:)).map(String.init) ?? String(row)
  }

  // MARK: - TableLayoutDelegate

  func numberOfColumns(in tableLayout: TableLayout) -> Int { model.columns.count }

  func tableLayout(_ tableLayout: TableLayout, widthOfColumn column: Int) -> Int { width(ofColumn: column) }

  func widthOfRowHeaders(in tableLayout: TableLayout) -> Int { rowHeaderWidth }

  // MARK: - CollectionViewDataSource

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    shownRows.count * model.columns.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(TableCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    guard let (row, column) = position(of: indexPath) else { return cell }
    if let value = model.value(row: shownRows[row], column: column, in: store) {
      let document = store.document
      cell.text = JSONPreview.inline(value, in: document, limit: width(ofColumn: column) + 1)
      cell.textStyle = palette.style(for: document.kind(of: value))
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
    switch kind {
    case ElementKind.columnHeader:
      guard model.columns.indices.contains(indexPath.item) else { return nil }
      var title = model.columns[indexPath.item]
      if let sort, sort.column == title { title += sort.descending ? " ↓" : " ↑" }
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
