import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Select the focused row (the whole record), or leave it (a toggle); the table's
  /// selection is of rows from then on.
  static let selectRow: CommandIdentifier = "selectRow"
  /// Select the rows not selected and leave the selected ones (from none: every row).
  static let invertRowSelection: CommandIdentifier = "invertRowSelection"
}

/// Rows as the unit of selection, as VisiData has them: `r` (or `Shift-Space`, where the
/// terminal tells it from `Space`) selects the focused record, and while rows are selected
/// `Space` toggles a row, `J` (Shift-Down) and Shift-Up extend by rows, `Ctrl-A` selects every row and `R` inverts.
/// A selected row stands for its record (``nodeID(at:)``), so copy, cut, paste, delete,
/// duplicate and move act on whole records. `Esc` (an empty selection) goes back to cells.
extension TablePresentation {
  /// Carries out a command on rows while rows are the unit of selection (and `r`, `R`
  /// always). - Returns: whether it was one.
  func performRowCommand(_ command: CommandIdentifier) -> Bool {
    let view = host.collectionView
    switch command {
    case .selectRow:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      if selectsRows {
        setRow(focused.row, selected: !isRowSelected(focused.row))
      } else {
        // Cells already selected bring their rows along (`g J J r`: three records).
        selectsRows = true
        for row in rowsWithSelectedCells() { setRow(row, selected: true) }
        setRow(focused.row, selected: true)
      }
      sayRowsSelected()
    case .invertRowSelection:
      let selected = selectsRows ? rowsWithSelectedCells() : []
      selectsRows = true
      for row in shownRows.indices { setRow(row, selected: !selected.contains(row)) }
      sayRowsSelected()
    case .select where selectsRows:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      setRow(focused.row, selected: !isRowSelected(focused.row))
      sayRowsSelected()
    case .selectAll where selectsRows:
      for row in shownRows.indices { setRow(row, selected: true) }
      sayRowsSelected()
    case .extendSelectionUp where selectsRows, .extendSelectionDown where selectsRows:
      guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return true }
      setRow(focused.row, selected: true)
      let target = focused.row + (command == .extendSelectionDown ? 1 : -1)
      guard shownRows.indices.contains(target) else { return true }
      setRow(target, selected: true)
      view.focusItem(at: indexPath(row: target, column: focused.column), scrollPosition: .nearest)
      sayRowsSelected()
    default:
      return false
    }
    return true
  }

  /// Follows the selection: none left ends rows as the unit; a row partly selected (after
  /// an edit, which selects a record by its first cell) is selected whole.
  func selectionDidChange() {
    guard selectsRows, sheet == nil else { return }
    let view = host.collectionView
    guard !view.selectedItemSet.isEmpty else {
      selectsRows = false
      return
    }
    for row in rowsWithSelectedCells() where !isRowSelected(row) { setRow(row, selected: true) }
  }

  /// The rows (places in ``shownRows``) with a selected cell, top to bottom.
  func rowsWithSelectedCells() -> [Int] {
    let view = host.collectionView
    return Set(view.selectedItemSet.compactMap { position(of: $0)?.row }).sorted()
  }

  /// The rows a row command acts on: those with a selected cell, else the focused one.
  func rowsForCommands() -> [Int] {
    let selected = rowsWithSelectedCells()
    if !selected.isEmpty { return selected }
    return host.collectionView.indexPathForFocusedItem.flatMap(position(of:)).map { [$0.row] } ?? []
  }

  /// Whether every cell of a row is selected.
  func isRowSelected(_ row: Int) -> Bool {
    let view = host.collectionView
    return model.columns.indices.allSatisfy { view.isItemSelected(at: indexPath(row: row, column: $0)) }
  }

  /// Selects or leaves every cell of a row.
  private func setRow(_ row: Int, selected: Bool) {
    let view = host.collectionView
    for column in model.columns.indices {
      let path = indexPath(row: row, column: column)
      if selected {
        view.selectItem(at: path, notifyDelegate: true)
      } else {
        view.deselectItem(at: path, notifyDelegate: true)
      }
    }
  }

  /// Selects these rows (places in ``shownRows``) as records, rows becoming the unit of
  /// selection, and says how many.
  func selectRows(_ rows: [Int]) {
    selectsRows = true
    for row in rows { setRow(row, selected: true) }
    sayRowsSelected()
  }

  /// Says how many rows are selected.
  private func sayRowsSelected() {
    let count = rowsWithSelectedCells().count
    host.show(message: "\(count) row\(count == 1 ? "" : "s") selected (c r, c C, c T, c M copy them as text)")
  }
}
