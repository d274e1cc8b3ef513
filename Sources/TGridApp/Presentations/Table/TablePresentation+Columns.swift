import TermGrid

extension CommandIdentifier {
  /// Hide the focused column (VisiData's `-`).
  static let hideColumn: CommandIdentifier = "hideColumn"
  /// Show every hidden column again.
  static let showAllColumns: CommandIdentifier = "showAllColumns"
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
