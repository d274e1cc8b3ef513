import TermGridCore

extension TreeModel {
  /// The nodes shown at each depth, in order: the model's items, for diffing one state
  /// of the tree against another by node.
  public var shownNodesBySection: [[Int]] { levels.map(\.nodes) }

  /// Reads a shown node's children again from the provider after they changed (added,
  /// removed, reordered, or the node's value replaced), keeping collapse states set by hand.
  /// The node's label and whether it has children are read again too.
  ///
  /// Only the model changes: compare ``shownNodesBySection`` before and after and tell the
  /// collection view in one batch update (nodes that stay keep their numbers, so a diff by
  /// node finds them).
  public func refreshChildren(ofNodeAt indexPath: IndexPath) {
    guard isValid(indexPath) else { return }
    let depth = indexPath.section
    let item = indexPath.item
    let node = levels[depth].nodes[item]
    forgetDescendantCounts(above: indexPath)
    // Hide what is shown below the node now, then show what is there now.
    if levels[depth].flags[item] & Flags.collapsed == 0, levels[depth].flags[item] & Flags.hasChildren != 0 {
      let remembered = explicitCollapse[node]
      _ = collapse(at: indexPath)
      explicitCollapse[node] = remembered
    }
    let wasCollapsed = explicitCollapse[node] ?? collapsesByDefault?(node, depth) ?? false
    levels[depth].widths[item] = Int32(clamping: provider.labelWidth(ofNode: node))
    let hasChildren = provider.hasChildren(node)
    levels[depth].flags[item] = hasChildren ? Flags.hasChildren | Flags.collapsed : 0
    if hasChildren, !wasCollapsed {
      let remembered = explicitCollapse[node]
      _ = expand(at: indexPath)
      explicitCollapse[node] = remembered
    }
  }

  /// Reads a shown node's label (and whether it has children) again, when its value
  /// changed but its children did not.
  public func refreshNode(at indexPath: IndexPath) {
    guard isValid(indexPath) else { return }
    reloadLabel(at: indexPath)
    forgetDescendantCounts(above: indexPath)
  }

  /// Hidden-descendant counts of the node and its ancestors are out of date.
  private func forgetDescendantCounts(above indexPath: IndexPath) {
    var current: IndexPath? = indexPath
    while let shown = current {
      descendantCounts[levels[shown.section].nodes[shown.item]] = nil
      current = parentIndexPath(ofItemAt: shown)
    }
  }
}

extension TreeModel {
  /// The shown children of a shown node, in order (none when it is collapsed).
  public func childIndexPaths(ofNodeAt indexPath: IndexPath) -> [IndexPath] {
    guard isValid(indexPath), indexPath.section + 1 < levels.count else { return [] }
    let starts = levels[indexPath.section].childStarts
    return (Int(starts[indexPath.item])..<Int(starts[indexPath.item + 1])).map {
      IndexPath(item: $0, section: indexPath.section + 1)
    }
  }
}

extension TreeModel {
  /// Forgets every collapse state set by hand and shows the tree again by a new rule (show
  /// to a depth, everything, or nothing below the roots). Call the collection view's
  /// `reloadData()` afterwards.
  public func resetCollapseStates(collapsesByDefault rule: ((_ node: Int, _ depth: Int) -> Bool)?) {
    explicitCollapse = CollapseStates()
    collapsesByDefault = rule
    reload()
  }

  /// Forgets the collapse states set by hand on the nodes `forgets` picks (they follow
  /// ``collapsesByDefault`` again) and reads the tree again. Call the collection view's
  /// `reloadData()` afterwards.
  public func forgetCollapseStates(where forgets: (_ node: Int) -> Bool) {
    explicitCollapse.removeStates(where: forgets)
    reload()
  }
}
