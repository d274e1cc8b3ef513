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
    let focus = nodeID(at: focused)
    let selection = view.indexPathsForSelectedItems.compactMap(nodeID(at:))
    guard let isTable = provider.toggleTable(ofNode: target) else {
      host.show(message: "not a table: its elements are not records sharing keys")
      return
    }
    view.finishAnimationsNow()
    if let table = model.indexPath(forNode: target), model.hasChildren(at: table), model.isCollapsed(at: table) {
      model.setCollapsed(false, at: table)
    }
    // The table's rows open and its cells close by the table's rule, whatever was set by
    // hand on them before; everything else stays as it was.
    model.forgetCollapseStates { [provider] node in provider.isRowOrCell(node, ofTable: target) }
    view.reloadData()
    for id in selection {
      if let indexPath = indexPath(for: id, reveal: false) { view.selectItem(at: indexPath) }
    }
    let place = focus.flatMap { indexPath(for: $0, reveal: true) } ?? model.indexPath(forNode: target)
    view.focusItem(at: place, scrollPosition: .nearest)
    view.ensureFocus()
    host.show(message: isTable ? "shown as a table (T: as a tree)" : "shown as a tree (T: as a table)")
  }
}
