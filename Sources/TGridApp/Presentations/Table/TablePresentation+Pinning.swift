import TermGrid

extension CommandIdentifier {
  /// Pin the columns up to the focused one at the left (VisiData's key columns), or unpin
  /// it and those after it.
  static let togglePinnedColumn: CommandIdentifier = "togglePinnedColumn"
}

/// Key columns: the first columns stay at the left, with their headers and the row numbers,
/// when the table scrolls sideways (``TableLayout``'s frozen columns). The first column is
/// pinned by default when it is the label (a column of text, such as a name); `!` pins the
/// columns up to the focused one, or unpins it and the pinned ones after it.
extension TablePresentation {
  /// The columns pinned now.
  var pinnedColumns: Int {
    if let pinnedColumnCount { return min(pinnedColumnCount, model.columns.count) }
    guard model.columns.count > 1, model.columns[0] != TableModel.valueColumn,
      columnTypes[model.columns[0]] == .string
    else { return 0 }
    return 1
  }

  /// `!` on the focused column.
  func togglePinnedColumn() {
    let view = host.collectionView
    guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return }
    let name = model.columns[focused.column]
    if focused.column < pinnedColumns {
      pinnedColumnCount = focused.column
      host.show(message: "\(name) scrolls again (\(focused.column) column\(focused.column == 1 ? "" : "s") pinned)")
    } else {
      pinnedColumnCount = focused.column + 1
      let count = focused.column + 1
      host.show(message: "pinned \(count == 1 ? name : "\(count) columns, up to \(name),") at the left")
    }
    tableLayout.invalidateLayout()
    view.reloadData()
    view.focusItem(at: view.indexPathForFocusedItem, scrollPosition: .nearest)
  }
}
