import TGridJSON
import TermGrid

extension TreePresentation {
  /// `T`: the array (or object) of records the focus is in, or on, is shown as a table
  /// section in the outline, or as a tree again, keeping the focus and the selection on
  /// the same values.
  func toggleTable() {
    let view = host.collectionView
    guard orientation == .outline else {
      host.show(message: "tables inside the tree are drawn in the outline: o shows it")
      return
    }
    guard let focused = view.indexPathForFocusedItem, model.isValid(focused),
      let target = provider.tableToggleTarget(forNode: model.node(at: focused))
    else { return }
    var isTable: Bool?
    reloadKeepingFocusAndSelection(near: target) {
      isTable = provider.toggleTable(ofNode: target)
      guard isTable != nil else { return false }
      if let table = model.indexPath(forNode: target), model.hasChildren(at: table), model.isCollapsed(at: table) {
        model.setCollapsed(false, at: table)
      }
      // The table's rows open and its cells close by the table's rule, whatever was set by
      // hand on them before; everything else stays as it was.
      model.forgetCollapseStates { [provider] node in provider.isRowOrCell(node, ofTable: target) }
      return true
    }
    guard let isTable else {
      host.show(message: "not a table: its elements are not records sharing keys")
      return
    }
    host.show(message: isTable ? "shown as a table (T: as a tree)" : "shown as a tree (T: as a table)")
  }

  /// Turns the automatic tables on for the outline and off for columns as the tree switches
  /// to `orientation`, then calls `switching` (animated: whether the switch may animate).
  /// When a table is shown before or after, the tree is read again and shown at once, the
  /// focus and selection on the same values; otherwise nothing else changes.
  func applyAutomaticTables(for orientation: TreeLayout.Orientation, switching: (_ animated: Bool) -> Void) {
    let isOutline = orientation == .outline
    guard provider.automaticTables != isOutline else { return switching(true) }
    guard isShown else {
      provider.automaticTables = isOutline
      model.reload()
      return switching(false)
    }
    let hadTables = provider.tableDecisions.values.contains(true)
    var animated = false
    reloadKeepingFocusAndSelection(
      near: nil,
      {
        provider.automaticTables = isOutline
        provider.forgetInlinePreviews()
        model.reload()
        animated = !hadTables && !provider.tableDecisions.values.contains(true)
        return !animated
      }, reloaded: { switching(false) })
    if animated { switching(true) }
  }

  /// Runs `change` (which changes what the tree shows; false: nothing changed) and shows
  /// the tree again at once (then runs `reloaded`, with the view's items those of the
  /// model), the selected values still selected and the focus on the same value (or, when
  /// it is no longer shown, on `fallback`).
  private func reloadKeepingFocusAndSelection(
    near fallback: Int?, _ change: () -> Bool, reloaded: () -> Void = {}
  ) {
    let view = host.collectionView
    let focus = view.indexPathForFocusedItem.flatMap(nodeID(at:))
    let selection = view.indexPathsForSelectedItems.compactMap(nodeID(at:))
    view.finishAnimationsNow()
    guard change() else { return }
    view.reloadData()
    reloaded()
    for id in selection {
      if let indexPath = indexPath(for: id, reveal: false) { view.selectItem(at: indexPath) }
    }
    let place = focus.flatMap { indexPath(for: $0, reveal: true) } ?? fallback.flatMap(model.indexPath(forNode:))
    if let place { view.focusItem(at: place, scrollPosition: .nearest) }
    view.ensureFocus()
  }
}
