import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Switch the tree between columns and outline.
  static let toggleTreeStyle: CommandIdentifier = "toggleTreeStyle"
  /// Collapse or expand the focused node.
  static let toggleCollapse: CommandIdentifier = "toggleCollapse"
  /// Expand a collapsed node, else go to its first child.
  static let expandOrFirstChild: CommandIdentifier = "expandOrFirstChild"
  /// Collapse an expanded node, else go to its parent.
  static let collapseOrParent: CommandIdentifier = "collapseOrParent"
  /// Show the focused array of records as a table inside the tree, or as a tree again.
  static let toggleTreeTable: CommandIdentifier = "toggleTreeTable"
}

/// The tree: every value a node, as an outline (one node per row) or in columns (one
/// column per depth), joined by connector lines; containers collapse and expand, and a
/// collapsed object or array shows its content after its name in the rest of its row, as
/// jless does (`▸ [0]: {Name: "chevelle", Cylinders: 8, …}`, ``InlinePreviewTreeLayout``).
final class TreePresentation: JSONTreeModelPresentation {
  let kind = PresentationKind.tree
  var layout: CollectionLayout { treeLayout }
  var dataSource: any CollectionViewDataSource { model }
  var keyBindings: KeyBindings { BrowserKeys.tree }

  unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  let provider: JSONTreeProvider
  let model: TreeModel
  private(set) var treeLayout: TreeLayout
  /// The colours of values in the cells of tables inside the tree, as the table view's.
  private var palette = ValuePalette.standard

  /// The most children a node shows directly; more come in groups this large, so that
  /// opening an array of 25 million numbers shows 2,500 groups and what the tree holds
  /// stays proportional to what is opened (about 130 bytes a shown node).
  static let groupSize = 10_000

  /// The widest a label gets: an outline has the whole width for one label, columns share it.
  /// (A collapsed row's inline preview is not a label: it takes what its row has left.)
  static func maximumNodeWidth(for orientation: TreeLayout.Orientation) -> Int {
    orientation == .outline ? 72 : 32
  }

  init(host: any PresentationHost, orientation: TreeLayout.Orientation) {
    self.host = host
    provider = JSONTreeProvider(store: host.store, groupSize: Self.groupSize)
    // Arrays of records are drawn as tables in the outline (README, "Tables inside the tree").
    provider.automaticTables = orientation == .outline
    // A large document opens with what fits on a screen expanded.
    let rows = max(8, host.screenSize.rows - 1)
    model = TreeModel(
      provider: provider,
      collapsesByDefault: provider.openingRule(showingAtMost: rows))
    // Collapsed objects and arrays show their content after their name, as jless does.
    let layout = InlinePreviewTreeLayout(orientation: orientation)
    layout.previewLabel = { [unowned model, unowned provider] indexPath, columns in
      model.isValid(indexPath) ? provider.inlinePreviewLabel(ofNode: model.node(at: indexPath), fitting: columns) : nil
    }
    treeLayout = layout
    treeLayout.maximumNodeWidth = Self.maximumNodeWidth(for: orientation)
    treeLayout.dataSource = model
    model.nodeCellClass = InlinePreviewNodeCell.self
    model.configureCell = { [unowned self, unowned provider] cell, node, _ in
      // A table's cell shows its value's own preview, made for its column, coloured by its
      // kind as the table view colours it; numbers and numeric strings follow their
      // column's alignment, other values stay at the left.
      let cellKind = provider.tableCellKind(node)
      if let cellKind {
        cell.labelStyle = palette.style(for: cellKind)
        cell.followsColumnAlignment = cellKind == .number || cellKind == .string
      }
      let preview: ((Int) -> String?)? =
        cellKind != nil ? nil : { provider.inlinePreviewLabel(ofNode: node, fitting: $0) }
      (cell as? InlinePreviewNodeCell)?.configurePreview(preview)
    }
  }

  /// The tree's shape.
  var orientation: TreeLayout.Orientation { treeLayout.orientation }

  // MARK: - Presentation

  func applyColorCount(_ count: Int) {
    palette = count == 0 ? .monochrome : .standard
  }

  func readAgain() {
    provider.forgetInlinePreviews()
    model.reload()
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    positionText(focusedAt: indexPath) { "depth \($0.section) · \(model.numberOfShownNodes) shown" } ?? "no items"
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    if let indexPath = model.indexPath(forNode: id.rawValue) { return indexPath }
    guard reveal, store.node(id) != nil else { return nil }
    // Down from the root, expanding each ancestor (and the group holding the next one):
    // linear in what ends up shown, however deep the value is.
    let (found, stopped) = provider.reveal(id, in: model, for: host, isShown: isShown)
    // Stopped on the way: the deepest ancestor opened takes the focus.
    if stopped { return found }
    return found.flatMap { model.node(at: $0) == id.rawValue ? $0 : nil }
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    let view = host.collectionView
    switch command {
    case .toggleTreeStyle:
      setOrientation(orientation == .columns ? .outline : .columns, animated: true)
    case .toggleTreeTable:
      toggleTable()
    case .expandOrFirstChild, .collapseOrParent:
      // In a table, Left and Right go from cell to cell; Enter opens a nested cell.
      guard let focused = view.indexPathForFocusedItem, treeLayout.tableColumn(ofItemAt: focused) != nil else {
        return performNodeCommand(command)
      }
      view.moveFocus(command == .expandOrFirstChild ? .right : .left)
    case .toggleCollapse:
      guard let focused = view.indexPathForFocusedItem else { return true }
      if model.hasChildren(at: focused) {
        model.toggleCollapsed(at: focused, in: view)
      } else if let id = nodeID(at: focused), let node = store.node(id), !store.document.isContainer(node) {
        // Enter on a value with nothing to open shows it whole.
        host.viewFocusedValue()
      } else {
        view.tapItem(at: focused)
      }
    default:
      return performNodeCommand(command)
    }
    return true
  }

  /// Columns or outline: the same nodes move from one arrangement to the other.
  func setOrientation(_ orientation: TreeLayout.Orientation, animated: Bool) {
    guard orientation != treeLayout.orientation else { return }
    let next = treeLayout.copy(orientation: orientation)
    next.maximumNodeWidth = Self.maximumNodeWidth(for: orientation)
    treeLayout = next
    // Tables inside the tree are the outline's: its rows and cells are read again.
    applyAutomaticTables(for: orientation) { mayAnimate in
      if isShown { host.collectionView.setCollectionViewLayout(next, animated: animated && mayAnimate) }
    }
  }

  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    let view = host.collectionView
    let focus = view.indexPathForFocusedItem.flatMap(nodeID(at:))
    if depth == nil {
      let total = provider.descendantCount(ofNode: store.root.rawValue)
      guard total <= JSONTreeProvider.expandAllLimit else {
        host.show(
          message: "\(JSONPreview.grouped(total)) values are too many to show at once: z and a depth shows part")
        return
      }
    }
    view.finishAnimationsNow()
    model.resetCollapseStates(
      collapsesByDefault: provider.collapsingGroups(depth.map { limit in { _, nodeDepth in nodeDepth >= limit } }))
    view.reloadData()
    if let focus,
      let indexPath = indexPath(for: focus, reveal: false)
        ?? store.ancestry(of: focus).lazy.compactMap({
          self.indexPath(for: $0, reveal: false)
        }).first
    {
      view.focusItem(at: indexPath, scrollPosition: .center)
    }
    view.ensureFocus()
    host.show(message: depth.map { "shown to depth \($0)" } ?? "everything shown")
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    provider.forgetInlinePreviews()
    // More of the file loaded: the tables were decided on part of it (an array that grew
    // past what a table shown without asking has is a tree again).
    if change.reason == .grew { provider.forgetTableDecisions() }
    // Array elements show their index: the siblings after a change are renumbered.
    provider.follow(change, in: model, view: host.collectionView, withAncestors: false, renumbering: true)
  }
}
