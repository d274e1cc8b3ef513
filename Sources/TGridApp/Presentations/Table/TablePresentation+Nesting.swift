import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Expand a column of objects into one sub-column per key (VisiData's `(`).
  static let expandColumn: CommandIdentifier = "expandColumn"
  /// Collapse a sub-column's siblings back into their column (VisiData's `)`).
  static let collapseColumn: CommandIdentifier = "collapseColumn"
  /// Expand a column of objects at every level (`z(`, VisiData's `z(` with no limit).
  static let expandColumnFully: CommandIdentifier = "expandColumnFully"
  /// Collapse a sub-column back to the rows' own key at every level (`z)`).
  static let collapseColumnFully: CommandIdentifier = "collapseColumnFully"
}

/// Nested columns: `(` shows a column of objects as sub-columns named `address.city`, one
/// per key of its objects; `)` on one of them shows their column again; `z(` and `z)` do
/// every level. Sub-columns are columns like the others (sort, filter, frequency, summary,
/// types, hide, move, pin); Enter on a cell opens its value as before.
extension TablePresentation {
  /// Performs the nesting commands.
  func performNestingCommand(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .expandColumn: expandFocusedColumn(allLevels: false)
    case .collapseColumn: collapseFocusedColumn(allLevels: false)
    case .expandColumnFully: expandFocusedColumn(allLevels: true)
    case .collapseColumnFully: collapseFocusedColumn(allLevels: true)
    default: return false
    }
    return true
  }

  private func expandFocusedColumn(allLevels: Bool) {
    let view = host.collectionView
    guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return }
    let name = model.columns[focused.column]
    var kept = cellsByName()
    let count = model.expand(column: name, in: store)
    guard count > 0 else {
      host.show(
        message: model.expansions[name] != nil
          ? "\(name) is expanded already" : "\(name) holds no objects to expand (Enter opens a cell's value)")
      return
    }
    var total = count
    if allLevels {
      // Each new sub-column of objects in turn, breadth first, to the deepest level.
      var pending = model.expansions[name] ?? []
      while !pending.isEmpty {
        let next = pending.removeFirst()
        if model.expand(column: next, in: store) > 0 {
          total += (model.expansions[next]?.count ?? 1) - 1
          pending += model.expansions[next] ?? []
        }
      }
    }
    let first = model.columns.first { model.path(ofColumn: $0).starts(with: model.path(ofColumn: name)) }
    if let first { kept.focus = kept.focus.map { ($0.row, first) } }
    if let pinned = pinnedColumnCount, focused.column < pinned { pinnedColumnCount = pinned + total - 1 }
    columnsDidChange(keeping: kept)
    host.show(
      message: "\(name) expanded into \(total) column\(total == 1 ? "" : "s")\(allLevels ? " at every level" : "") "
        + "(')' collapses, Enter opens a cell)")
  }

  private func collapseFocusedColumn(allLevels: Bool) {
    let view = host.collectionView
    guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return }
    var name = model.columns[focused.column]
    guard model.isSubColumn(name) else {
      host.show(message: "\(name) is not a sub-column ('(' expands a column of objects)")
      return
    }
    var kept = cellsByName()
    let before = model.columns.count
    while let parent = model.collapse(column: name) {
      name = parent
      if !allLevels { break }
    }
    kept.focus = kept.focus.map { ($0.row, name) }
    if let pinned = pinnedColumnCount, focused.column < pinned {
      pinnedColumnCount = max(1, pinned - (before - model.columns.count))
    }
    columnsDidChange(keeping: kept)
    host.show(message: "\(name) collapsed into one column")
  }

  /// What a cell shows: an array as its count and a preview of its elements (`[3] x, z, y`),
  /// anything else as the tree's one-line preview.
  static func cellText(_ value: JSONNode, in document: JSONDocument, limit: Int) -> String {
    guard document.kind(of: value) == .array else { return JSONPreview.inline(value, in: document, limit: limit) }
    let count = document.childCount(of: value)
    guard count > 0 else { return "[0]" }
    let preview = JSONPreview.inline(value, in: document, limit: limit, depth: 1)
    return "[\(count)] " + String(preview.dropFirst().dropLast())
  }
}
