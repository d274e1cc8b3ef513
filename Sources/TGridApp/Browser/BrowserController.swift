import TGridJSON
import TermGrid

/// How the document is shown.
enum ViewMode: Equatable {
  /// Cards in a flow layout.
  case grid
  /// A tree, in columns or as an outline.
  case tree(TreeLayout.Orientation)

  var isTree: Bool {
    if case .tree = self { return true }
    return false
  }
}

/// The app's root: shows a JSON document in a collection view (a grid of cards or a tree),
/// with a status line, and turns input into collection-view actions.
///
/// It is the collection view's delegate (selection, the edit menu); the data source is
/// the grid's ``GridDataSource`` or the tree's `TreeModel`, switched with the layout.
/// Selection and focus are kept across switches by the JSON values they stand for.
final class BrowserController: RunLoopRoot {
  let document: JSONDocument
  /// The name shown in the status line (a file name, `(stdin)` or the demo's name).
  let sourceName: String
  let collectionView: CollectionView
  let grid: GridDataSource
  let gridLayout: FlowLayout
  private(set) var mode: ViewMode = .grid
  private(set) var treeModel: TreeModel?
  private(set) var treeLayout: TreeLayout?
  private lazy var treeProvider = JSONTreeProvider(document: document)
  /// Containers drilled into in the grid, outermost first, with the focus to come back to.
  private(set) var navigationStack: [(root: JSONNode, focus: IndexPath?)] = []
  private(set) var screenSize: CellSize
  /// A short message for the status line, replaced by the next action.
  var message: String?
  /// The open help screen.
  private(set) var help: HelpView?
  /// The terminal, when there is a real one (mouse toggle, redraw).
  weak var terminal: (any Terminal)?
  /// True while showing a preview of a document still loading: nothing may change it.
  var isReadOnly = false
  private var pendingDisplay = true
  /// The selection changed since the footers were last brought up to date.
  private var selectionChanged = true

  init(document: JSONDocument, sourceName: String, size: CellSize, mode: ViewMode = .grid, animates: Bool = true) {
    self.document = document
    self.sourceName = sourceName
    screenSize = size
    grid = GridDataSource(document: document, root: document.root, unwrapsMetadata: true)
    gridLayout = GridDataSource.makeLayout()
    gridLayout.delegate = grid
    collectionView = CollectionView(frame: Self.collectionFrame(for: size), layout: gridLayout)
    gridLayout.itemSize = GridDataSource.fitting(grid.sharedItemSize, in: gridLayout)
    collectionView.animatesChanges = animates
    collectionView.allowsMultipleSelection = true
    grid.register(in: collectionView)
    collectionView.delegate = self
    collectionView.dataSource = grid
    collectionView.ensureFocus()
    if mode != .grid { switchMode(to: mode, animated: false) }
    message = Self.warningNote(for: document)
  }

  /// What the status line says about a document's warnings (duplicate keys), if any.
  static func warningNote(for document: JSONDocument) -> String? {
    guard let first = document.warnings.first else { return nil }
    let count = document.warningCount
    return count == 1 ? "warning: \(first)" : "\(count) warnings; the first: \(first)"
  }

  /// Below this the screen shows a short "terminal too small" note instead.
  static let minimumSize = CellSize(columns: 10, rows: 3)

  /// The collection view takes the screen but the status line.
  static func collectionFrame(for size: CellSize) -> CellRect {
    CellRect(column: 0, row: 0, columns: max(0, size.columns), rows: max(0, size.rows - 1))
  }

  /// Colours for the terminal: the standard theme reduced to its colours, or attributes only.
  func applyColorCount(_ count: Int) {
    collectionView.theme = Theme.forColorCount(count)
    grid.palette = count == 0 ? .monochrome : .standard
    collectionView.reloadData()
  }

  // MARK: - RunLoopRoot

  var needsDisplay: Bool { pendingDisplay || collectionView.needsDisplay }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }

  func draw(into canvas: inout Canvas) {
    if TerminalTooSmallNote.isTooSmall(canvas.size, minimum: Self.minimumSize) {
      canvas.clear()
      TerminalTooSmallNote.draw(into: &canvas, minimum: Self.minimumSize)
      pendingDisplay = false
      return
    }
    refreshFooters()
    drawStatusLine(into: &canvas)
    // Last: the collection view draws the edit menu on top of everything.
    collectionView.draw(into: &canvas)
    if let help {
      // The help takes the screen above the status line, as `less` and vim do.
      let region = CellRect(column: 0, row: 0, columns: canvas.size.columns, rows: max(0, canvas.size.rows - 1))
      canvas.fill(region, style: collectionView.theme.normal)
      help.draw(into: &canvas, region: region, theme: collectionView.theme)
    }
    pendingDisplay = false
  }

  /// Follows a terminal resize: the layout is asked whether the new bounds need a new pass,
  /// and the focused item is kept in view.
  func resize(to size: CellSize) {
    screenSize = size
    collectionView.resize(to: Self.collectionFrame(for: size))
    gridLayout.itemSize = GridDataSource.fitting(grid.sharedItemSize, in: gridLayout)
    pendingDisplay = true
  }

  private func drawStatusLine(into canvas: inout Canvas) {
    guard screenSize.rows >= 1, screenSize.columns >= 1 else { return }
    let row = canvas.size.rows - 1
    let line = CellRect(column: 0, row: row, columns: canvas.size.columns, rows: 1)
    let style = collectionView.theme.status
    canvas.fill(line, style: style)
    var right = positionText()
    let selected = collectionView.selectedItemSet.count
    if selected > 0 { right += " · \(selected) selected" }
    right += " · ? help "
    let left = " " + sourceName + "  " + (message ?? focusedPath())
    let rightWidth = TextWidth.displayWidth(of: right)
    let leftRoom = canvas.size.columns - rightWidth - 1
    if leftRoom > 0 {
      canvas.draw(TextWidth.truncated(left, toWidth: leftRoom), at: CellPoint(column: 0, row: row), style: style, clip: line)
      canvas.draw(right, at: CellPoint(column: canvas.size.columns - rightWidth, row: row), style: style, clip: line)
    } else {
      canvas.draw(TextWidth.truncated(right, toWidth: canvas.size.columns), at: CellPoint(column: 0, row: row), style: style, clip: line)
    }
  }

  private func positionText() -> String {
    guard let focused = collectionView.indexPathForFocusedItem else { return "no items" }
    switch mode {
    case .grid:
      let sections = grid.model.sections
      var text = "item \(focused.item + 1)/\(sections[focused.section].items.count)"
      if sections.count > 1 { text += " · section \(focused.section + 1)/\(sections.count)" }
      return text
    case .tree:
      guard let treeModel else { return "" }
      return "depth \(focused.section) · \(treeModel.numberOfShownNodes) shown"
    }
  }

  /// The jq-style path of the focused value (`.albums[0].photos[3]`).
  func focusedPath() -> String {
    guard let focused = collectionView.indexPathForFocusedItem, let node = node(at: focused) else {
      return document.path(of: grid.model.root).jq
    }
    return document.path(of: node).jq
  }

  // MARK: - Values behind index paths

  /// The JSON value an item of the current view stands for.
  func node(at indexPath: IndexPath) -> JSONNode? {
    switch mode {
    case .grid:
      return grid.model.node(at: indexPath)
    case .tree:
      guard let treeModel, treeModel.isValid(indexPath) else { return nil }
      return JSONNode(index: treeModel.node(at: indexPath))
    }
  }

  // MARK: - Switching views

  /// Shows the document another way, keeping the selected values selected and the focused
  /// value focused and on screen.
  func switchMode(to newMode: ViewMode, animated: Bool) {
    guard newMode != mode else { return }
    let view = collectionView
    let selectedNodes = view.indexPathsForSelectedItems.compactMap(node(at:))
    let focusedNode = view.indexPathForFocusedItem.flatMap(node(at:))
    switch (mode, newMode) {
    case (.tree, .tree(let orientation)):
      // Same data, another arrangement: every node moves from its old frame to its new one.
      guard let treeLayout else { return }
      let next = treeLayout.copy(orientation: orientation)
      next.maximumNodeWidth = orientation == .outline ? 72 : 32
      self.treeLayout = next
      mode = newMode
      view.setCollectionViewLayout(next, animated: animated)
      pendingDisplay = true
      return
    default:
      break
    }
    view.clearSelection()
    mode = newMode
    // Another data source and another layout: detach the data first, so no layout pass ever
    // sees one source's counts with the other's layout.
    view.finishAnimationsNow()
    view.dataSource = nil
    switch newMode {
    case .grid:
      view.setCollectionViewLayout(gridLayout, animated: false)
      view.dataSource = grid
    case .tree(let orientation):
      let model = treeModel ?? makeTreeModel()
      let layout = treeLayout.map { $0.orientation == orientation ? $0 : $0.copy(orientation: orientation) }
        ?? TreeLayout(orientation: orientation)
      layout.dataSource = model
      // An outline has the whole width for one label; columns share it.
      layout.maximumNodeWidth = orientation == .outline ? 72 : 32
      treeLayout = layout
      model.register(in: view)
      view.setCollectionViewLayout(layout, animated: false)
      view.dataSource = model
    }
    restore(selection: selectedNodes, focus: focusedNode)
    pendingDisplay = true
  }

  private func makeTreeModel() -> TreeModel {
    let rows = max(8, screenSize.rows - 1)
    let model = TreeModel(provider: treeProvider, collapsesByDefault: TreeModel.collapseRule(showingAtMost: rows, of: treeProvider))
    treeModel = model
    return model
  }

  /// Puts the selection and focus back on the same values in the current view.
  private func restore(selection nodes: [JSONNode], focus: JSONNode?) {
    let view = collectionView
    let focusPath = focus.flatMap { indexPath(forShowing: $0, reveal: true) }
    let lookup = indexPaths(for: Set(nodes))
    for node in nodes {
      if let indexPath = lookup[node] { view.selectItem(at: indexPath) }
    }
    view.focusItem(at: focusPath ?? IndexPath(item: 0, section: 0), scrollPosition: .center)
    view.ensureFocus()
    selectionDidChange()
  }

  /// Focuses a value and scrolls it into view (the nearest shown ancestor in the grid).
  func focus(on node: JSONNode) {
    guard let indexPath = indexPath(forShowing: node, reveal: true) else { return }
    collectionView.focusItem(at: indexPath, scrollPosition: .center)
    pendingDisplay = true
  }

  /// Where the current view shows a value; with `reveal`, the tree expands its ancestors
  /// and the grid falls back to the nearest ancestor it shows.
  private func indexPath(forShowing node: JSONNode, reveal: Bool) -> IndexPath? {
    switch mode {
    case .grid:
      var current: JSONNode? = node
      while let candidate = current {
        if let indexPath = grid.model.indexPath(for: candidate) { return indexPath }
        current = reveal ? document.parent(of: candidate) : nil
      }
      return nil
    case .tree:
      guard let treeModel else { return nil }
      if let indexPath = treeModel.indexPath(forNode: node.index) { return indexPath }
      guard reveal else { return nil }
      // Expand the ancestors from the top down until the value shows.
      var chain: [JSONNode] = []
      var current = document.parent(of: node)
      while let ancestor = current {
        chain.append(ancestor)
        current = document.parent(of: ancestor)
      }
      for ancestor in chain.reversed() {
        if let indexPath = treeModel.indexPath(forNode: ancestor.index), treeModel.isCollapsed(at: indexPath) {
          treeModel.setCollapsed(false, at: indexPath)
        }
      }
      collectionView.reloadData()
      return treeModel.indexPath(forNode: node.index)
    }
  }

  /// Index paths of many values at once (one pass over what the view shows).
  private func indexPaths(for nodes: Set<JSONNode>) -> [JSONNode: IndexPath] {
    guard !nodes.isEmpty else { return [:] }
    var result: [JSONNode: IndexPath] = [:]
    let view = collectionView
    for section in 0..<view.numberOfSections {
      for item in 0..<view.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        if let node = node(at: indexPath), nodes.contains(node) { result[node] = indexPath }
      }
    }
    return result
  }

  // MARK: - Grid navigation

  /// Shows the content of a container card in the grid.
  func drill(into indexPath: IndexPath) {
    guard mode == .grid else { return }
    guard let node = grid.model.node(at: indexPath), document.kind(of: node).isContainer,
      document.childCount(of: node) > 0
    else {
      message = "only an object or an array with something in it can be opened"
      return
    }
    navigationStack.append((grid.model.root, indexPath))
    showGrid(root: node, focus: nil)
  }

  /// Goes back to the container shown before, or to the enclosing one.
  func goUp() {
    guard mode == .grid else { return }
    if let previous = navigationStack.popLast() {
      showGrid(root: previous.root, focus: previous.focus)
      return
    }
    guard let parent = document.parent(of: grid.model.root) else {
      message = "already at the top of the document"
      return
    }
    let child = grid.model.root
    showGrid(root: parent, focus: nil)
    if let indexPath = grid.model.indexPath(for: child) {
      collectionView.focusItem(at: indexPath, scrollPosition: .center)
    }
  }

  private func showGrid(root: JSONNode, focus: IndexPath?) {
    grid.show(root: root)
    gridLayout.itemSize = GridDataSource.fitting(grid.sharedItemSize, in: gridLayout)
    collectionView.clearSelection()
    collectionView.reloadData()
    gridLayout.invalidateLayout()
    collectionView.contentOffset = .zero
    collectionView.focusItem(at: focus ?? IndexPath(item: 0, section: 0), scrollPosition: .center)
    collectionView.ensureFocus()
    pendingDisplay = true
  }

  // MARK: - Help

  func showHelp() {
    help = HelpView(tables: [BrowserKeys.bindings(for: mode), .editMenu], title: "tgrid keys")
    pendingDisplay = true
  }

  func closeHelp() {
    help = nil
    pendingDisplay = true
  }

  func setNeedsDisplay() {
    pendingDisplay = true
  }

  /// Notes that the selection changed: footers count selected items per section.
  func selectionDidChange() {
    selectionChanged = true
    pendingDisplay = true
  }

  /// Brings the selected counts in the section footers on screen up to date (once per
  /// frame, however many items a select-all touched).
  private func refreshFooters() {
    guard selectionChanged, mode == .grid else { return }
    selectionChanged = false
    var counts: [Int: Int] = [:]
    for indexPath in collectionView.selectedItemSet { counts[indexPath.section, default: 0] += 1 }
    grid.selectedCounts = counts
    for element in collectionView.attributesOnScreen where element.representedElementKind == ElementKind.footer {
      let footer = collectionView.supplementaryView(forElementKind: ElementKind.footer, at: element.indexPath)
      (footer as? LabelView)?.text = grid.footerText(forSection: element.indexPath.section)
    }
  }
}
