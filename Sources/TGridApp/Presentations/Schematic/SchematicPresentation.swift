import TGridJSON
import TermGrid

/// The talk's schematic: every node a bordered box sized to its label and coloured by its
/// kind, one column per depth, joined by lines from box edge to box edge. Hierarchies
/// (`name`/`kind`/`children`) show their names; any other document shows as the tree does.
final class SchematicPresentation: Presentation {
  let kind = PresentationKind.schematic
  var layout: CollectionLayout { treeLayout }
  var dataSource: any CollectionViewDataSource { model }
  var keyBindings: KeyBindings { BrowserKeys.schematic }

  private unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  let provider: JSONTreeProvider
  let model: TreeModel
  let treeLayout: TreeLayout
  private var isStale = false

  /// The widest a box's label gets.
  static let maximumLabelWidth = 28
  /// The most boxes a container opens with to show a value inside it (a switch to the
  /// schematic, a jump): more would not be a schematic, and measuring a quarter of a
  /// million labels takes seconds. Enter still opens it.
  static let maximumRevealedBoxes = 5_000

  init(host: any PresentationHost) {
    self.host = host
    provider = JSONTreeProvider(store: host.store)
    // Boxes take three rows: open what fits on about two screens.
    let boxes = max(8, (host.screenSize.rows - 1) * 2 / 3)
    model = TreeModel(provider: provider, collapsesByDefault: TreeModel.collapseRule(showingAtMost: boxes, of: provider))
    model.nodeCellClass = BoxedTreeNodeCell.self
    treeLayout = TreeLayout(orientation: .columns)
    treeLayout.nodeStyle = .boxed
    treeLayout.columnSpacing = 4
    treeLayout.siblingSpacing = 0
    treeLayout.maximumNodeWidth = Self.maximumLabelWidth
    treeLayout.dataSource = model
  }

  private var isShown: Bool { host.presentation === self }

  func showsChildren(of id: NodeID) -> Bool {
    guard let indexPath = model.indexPath(forNode: id.rawValue) else { return false }
    return model.hasChildren(at: indexPath) && !model.isCollapsed(at: indexPath)
  }

  // MARK: - Presentation

  func prepareToShow() {
    model.register(in: host.collectionView)
    if isStale {
      isStale = false
      model.reload()
    }
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    guard let focused = indexPath else { return "no boxes" }
    let count = model.numberOfShownNodes
    return "depth \(focused.section) · \(JSONPreview.grouped(count)) \(count == 1 ? "box" : "boxes")"
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    model.isValid(indexPath) ? NodeID(model.node(at: indexPath)) : nil
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    if let indexPath = model.indexPath(forNode: id.rawValue) { return indexPath }
    guard reveal, store.node(id) != nil else { return nil }
    var expanded = false
    for ancestor in store.ancestry(of: id).dropFirst().reversed() {
      if let indexPath = model.indexPath(forNode: ancestor.rawValue), model.isCollapsed(at: indexPath) {
        let count = provider.childCount(ofNode: ancestor.rawValue)
        guard count <= Self.maximumRevealedBoxes else {
          host.show(message: "\(JSONPreview.grouped(count)) boxes inside: Enter opens them")
          break
        }
        model.setCollapsed(false, at: indexPath)
        expanded = true
      }
    }
    if expanded, isShown { host.collectionView.reloadData() }
    if let indexPath = model.indexPath(forNode: id.rawValue) { return indexPath }
    // A value inside a box (a hierarchy node's own fields): the nearest box that holds it.
    for ancestor in store.ancestry(of: id) {
      if let indexPath = model.indexPath(forNode: ancestor.rawValue) { return indexPath }
    }
    return nil
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    let view = host.collectionView
    switch command {
    case .selectAll:
      guard let focused = view.indexPathForFocusedItem else { return true }
      let siblings = model.parentIndexPath(ofItemAt: focused).map { model.childIndexPaths(ofNodeAt: $0) } ?? [focused]
      for indexPath in siblings { view.selectItem(at: indexPath, notifyDelegate: true) }
    case .toggleCollapse:
      guard let focused = view.indexPathForFocusedItem else { return true }
      if model.hasChildren(at: focused) {
        model.toggleCollapsed(at: focused, in: view)
      } else {
        host.viewFocusedValue()
      }
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

  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    let view = host.collectionView
    if depth == nil, provider.descendantCount(ofNode: store.root.rawValue) > TreePresentation.expandAllLimit {
      host.show(message: "too many boxes to show at once: z and a depth shows part")
      return
    }
    view.finishAnimationsNow()
    model.resetCollapseStates(collapsesByDefault: depth.map { limit in { _, nodeDepth in nodeDepth >= limit } })
    view.reloadData()
    view.ensureFocus()
    host.show(message: depth.map { "shown to depth \($0)" } ?? "everything shown")
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    guard isShown else {
      isStale = true
      return
    }
    let view = host.collectionView
    view.finishAnimationsNow()
    if change.reason == .grew {
      model.reload()
      view.reloadData()
      return
    }
    let before = model.shownNodesBySection
    var changed = Set<Int>()
    for step in change.steps {
      // A box shows its node's name: a change anywhere inside the node redraws it.
      for ancestor in store.ancestry(of: step.parent) {
        if let indexPath = model.indexPath(forNode: ancestor.rawValue) {
          model.refreshChildren(ofNodeAt: indexPath)
          changed.insert(ancestor.rawValue)
        }
      }
      if case .replaced = step, let indexPath = model.indexPath(forNode: step.node.rawValue) {
        model.refreshChildren(ofNodeAt: indexPath)
        changed.insert(step.node.rawValue)
      }
    }
    let after = model.shownNodesBySection
    let diff = SnapshotDifference(
      oldSections: Array(before.indices), oldItems: before, newSections: Array(after.indices), newItems: after,
      reloadedItems: changed)
    view.performBatchUpdates { diff.record(in: view) }
  }
}
