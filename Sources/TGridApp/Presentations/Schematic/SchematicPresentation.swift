import TGridJSON
import TermGrid

/// The talk's schematic: every node a bordered box sized to its label and coloured by its
/// kind, one column per depth, joined by lines from box edge to box edge. Hierarchies
/// (`name`/`kind`/`children`) show their names; any other document shows as the tree does.
/// `--kind FIELD` colours records by a member: critical (`error`, `failed` …), important
/// (`warning`, `degraded` …) or normal.
final class SchematicPresentation: JSONTreeModelPresentation {
  let kind = PresentationKind.schematic
  var layout: CollectionLayout { treeLayout }
  var dataSource: any CollectionViewDataSource { model }
  var keyBindings: KeyBindings { BrowserKeys.schematic }

  unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  let provider: JSONTreeProvider
  let model: TreeModel
  let treeLayout: TreeLayout

  /// The widest a box's label gets.
  static let maximumLabelWidth = 28
  /// The most boxes a node shows directly; more come in groups (of groups) this large: a
  /// column of more would not be a schematic, and measuring a quarter of a million labels
  /// takes seconds.
  static let groupSize = 1_000

  init(host: any PresentationHost, kindField: String? = nil) {
    self.host = host
    provider = JSONTreeProvider(store: host.store, groupSize: Self.groupSize)
    provider.kindField = kindField
    // Compact boxes take a row each: open what fits on about two screens.
    let boxes = max(8, (host.screenSize.rows - 1) * 2)
    model = TreeModel(
      provider: provider,
      collapsesByDefault: provider.openingRule(showingAtMost: boxes))
    model.nodeCellClass = BoxedTreeNodeCell.self
    treeLayout = TreeLayout(orientation: .columns)
    treeLayout.nodeStyle = .compactBoxed
    // The talk's tree: a parent in the middle of its children, lines going up and down
    // to them, unless they are more than a screen (then it stays on the first, in sight).
    treeLayout.parentAlignment = .centered
    treeLayout.maximumCenteredSpan = max(4, host.screenSize.rows - 2)
    treeLayout.columnSpacing = 4
    treeLayout.siblingSpacing = 0
    treeLayout.maximumNodeWidth = Self.maximumLabelWidth
    treeLayout.dataSource = model
  }

  // MARK: - Presentation

  func readAgain() {
    model.reload()
  }

  /// `--kind FIELD` given once the browser exists: the boxes take their colours from it.
  func optionsDidChange(_ options: PresentationOptions) {
    guard options.kindField != provider.kindField else { return }
    provider.kindField = options.kindField
    if isShown { host.collectionView.reloadData() }
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    let count = model.numberOfShownNodes
    return positionText(focusedAt: indexPath) {
      "depth \($0.section) · \(JSONPreview.grouped(count)) \(count == 1 ? "box" : "boxes")"
    } ?? "no boxes"
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    if let indexPath = model.indexPath(forNode: id.rawValue) { return indexPath }
    guard reveal, store.node(id) != nil else { return nil }
    // Groups keep what any box opens to at most `groupSize` boxes.
    // A value inside a box (a hierarchy node's own fields): the nearest box that holds it.
    return provider.reveal(id, in: model, for: host, isShown: isShown).indexPath
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    let view = host.collectionView
    switch command {
    case .toggleCollapse:
      guard let focused = view.indexPathForFocusedItem else { return true }
      if model.hasChildren(at: focused) {
        model.toggleCollapsed(at: focused, in: view)
      } else {
        host.viewFocusedValue()
      }
    default:
      return performNodeCommand(command)
    }
    return true
  }

  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    let view = host.collectionView
    if depth == nil, provider.descendantCount(ofNode: store.root.rawValue) > JSONTreeProvider.expandAllLimit {
      host.show(message: "too many boxes to show at once: z and a depth shows part")
      return
    }
    view.finishAnimationsNow()
    model.resetCollapseStates(
      collapsesByDefault: provider.collapsingGroups(depth.map { limit in { _, nodeDepth in nodeDepth >= limit } }))
    view.reloadData()
    view.ensureFocus()
    host.show(message: depth.map { "shown to depth \($0)" } ?? "everything shown")
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    // A box shows its node's name: a change anywhere inside the node redraws it.
    provider.follow(change, in: model, view: host.collectionView, withAncestors: true, renumbering: false)
  }
}
