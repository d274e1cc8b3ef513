import TGridJSON
import TermGrid

/// What the presentations that show the document as a ``TreeModel`` share (the tree, the
/// schematic): items are the provider's nodes, and collapsing, expanding, selecting
/// siblings and following changes work alike. Each presentation keeps its layout, its
/// cells and what its own keys do.
protocol JSONTreeModelPresentation: Presentation {
  /// Who shows it.
  var host: any PresentationHost { get }
  /// The shown nodes, by depth.
  var model: TreeModel { get }
  /// The document's nodes as the model reads them.
  var provider: JSONTreeProvider { get }
}

extension JSONTreeModelPresentation {
  /// Whether it is the presentation on screen.
  var isShown: Bool { host.presentation === self }

  func prepareToShow() {
    model.register(in: host.collectionView)
  }

  func showsChildren(of id: NodeID) -> Bool {
    guard let indexPath = model.indexPath(forNode: id.rawValue) else { return false }
    return model.hasChildren(at: indexPath) && !model.isCollapsed(at: indexPath)
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    model.isValid(indexPath) ? provider.nodeID(ofNode: model.node(at: indexPath)) : nil
  }

  func noteForItemWithoutValue(at indexPath: IndexPath) -> String? {
    guard model.isValid(indexPath) else { return nil }
    return provider.noteForGroup(model.node(at: indexPath))
  }

  /// The position part of the status line: the group the focused node is in (`elements
  /// 100–199 of 2,000`), if any, before what `shown` says of the depth and count.
  func positionText(focusedAt indexPath: IndexPath?, shown: (IndexPath) -> String) -> String? {
    guard let focused = indexPath else { return nil }
    let depthAndCount = shown(focused)
    guard model.isValid(focused), let group = provider.positionText(ofGroup: model.node(at: focused)) else {
      return depthAndCount
    }
    return group + " · " + depthAndCount
  }

  /// Carries out the commands every tree of nodes has alike: select all (the focused node
  /// and its siblings, as shown: selecting every row would select values and their parents
  /// together), expand or go to the first child, collapse or go to the parent.
  /// - Returns: whether the command was one of these.
  func performNodeCommand(_ command: CommandIdentifier) -> Bool {
    let view = host.collectionView
    switch command {
    case .selectAll:
      guard let focused = view.indexPathForFocusedItem else { return true }
      let siblings = model.parentIndexPath(ofItemAt: focused).map { model.childIndexPaths(ofNodeAt: $0) } ?? [focused]
      for indexPath in siblings { view.selectItem(at: indexPath, notifyDelegate: true) }
    case .expandOrFirstChild:
      guard let focused = view.indexPathForFocusedItem else { return false }
      if model.hasChildren(at: focused), model.isCollapsed(at: focused) {
        model.setCollapsed(false, at: focused, in: view)
      } else {
        view.moveFocus(.right)
      }
    case .collapseOrParent:
      guard let focused = view.indexPathForFocusedItem else { return false }
      if model.hasChildren(at: focused), !model.isCollapsed(at: focused) {
        model.setCollapsed(true, at: focused, in: view)
      } else {
        view.moveFocus(.left)
      }
    default:
      return false
    }
    return true
  }
}
