import TermGrid

extension CommandIdentifier {
  /// Hide the focused column (VisiData's `-`).
  static let hideColumn: CommandIdentifier = "hideColumn"
  /// Show every hidden column again.
  static let showAllColumns: CommandIdentifier = "showAllColumns"
  /// Move the focused column one place left (VisiData's `H`).
  static let moveColumnLeft: CommandIdentifier = "moveColumnLeft"
  /// Move the focused column one place right (VisiData's `L`).
  static let moveColumnRight: CommandIdentifier = "moveColumnRight"
}

/// Hiding columns: `-` hides the focused column (the records keep their values; `:w` and
/// the `c` copies leave it out, as they write the columns shown), `_` shows them all again.
extension TablePresentation {
  /// `-`: hides the focused column, the focus going to the next one.
  func hideFocusedColumn() {
    let view = host.collectionView
    guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return }
    guard model.columns.count > 1 else {
      host.show(message: "the last column shown stays (_ shows the hidden ones)")
      return
    }
    let name = model.columns[focused.column]
    var kept = cellsByName()
    let next = model.columns[focused.column + 1 < model.columns.count ? focused.column + 1 : focused.column - 1]
    kept.focus = (focused.row, next)
    if let pinned = pinnedColumnCount, focused.column < pinned { pinnedColumnCount = pinned - 1 }
    model.hide(column: name)
    columnsDidChange(keeping: kept)
    let hidden = model.hiddenColumns.count
    host.show(message: "hid \(name) (\(hidden) hidden; _ shows them again)")
  }

  /// Alt-Left/Alt-Right (Alt-h/Alt-l): moves the focused column one place, the focus
  /// with it. The document keeps its members' order; `:w` and the copies write the
  /// columns in the order shown.
  func moveFocusedColumn(by offset: Int) {
    let view = host.collectionView
    guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return }
    let name = model.columns[focused.column]
    let kept = cellsByName()
    guard model.moveColumn(named: name, by: offset) else {
      host.show(message: "\(name) is already the \(offset < 0 ? "first" : "last") column")
      return
    }
    columnsDidChange(keeping: kept)
    let position = (model.columns.firstIndex(of: name) ?? 0) + 1
    host.show(message: "moved \(name) \(offset < 0 ? "left" : "right") (column \(position) of \(model.columns.count))")
  }

  /// `_`: shows every hidden column again.
  func showAllColumns() {
    let hidden = model.hiddenColumns.count
    guard hidden > 0 else {
      host.show(message: "no column is hidden")
      return
    }
    let kept = cellsByName()
    model.showAllColumns()
    columnsDidChange(keeping: kept)
    host.show(message: "showing \(hidden) hidden column\(hidden == 1 ? "" : "s") again")
  }
}
