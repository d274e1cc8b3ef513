import TermGrid

/// A one-column list: item `i` of section 0 is row `i` (``rowHeight`` rows tall), as wide as
/// the collection view. Enough layout for tests of input, menus and the run loop.
final class RowListLayout: CollectionLayout {
  var rowHeight = 1.0
  /// The list's source, kept alive as long as the collection view (which holds its layout):
  /// collection views hold their data source weakly, and many tests keep only the
  /// collection view. A layout switch passes it on. (A source keeping itself alive would
  /// leak, and LeakSanitizer says so.)
  var keptSource: RowListSource?

  override func prepareForTransition(from oldLayout: CollectionLayout) {
    if keptSource == nil { keptSource = (oldLayout as? RowListLayout)?.keptSource }
  }

  override var collectionViewContentSize: Size {
    let count = collectionView?.numberOfItems(inSection: 0) ?? 0
    return Size(width: collectionView?.bounds.width ?? 0, height: Double(count) * rowHeight)
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let count = collectionView?.numberOfItems(inSection: 0) ?? 0
    guard count > 0, rowHeight > 0 else { return [] }
    let first = max(0, Int((rect.minY / rowHeight).rounded(.down)))
    let last = min(count - 1, Int((rect.maxY / rowHeight).rounded(.up)))
    guard first <= last else { return [] }
    return (first...last).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0,
      indexPath.item < (collectionView?.numberOfItems(inSection: 0) ?? 0)
    else { return nil }
    let width = collectionView?.bounds.width ?? 0
    return LayoutAttributes(
      forCellWith: indexPath, frame: Rect(x: 0, y: Double(indexPath.item) * rowHeight, width: width, height: rowHeight))
  }
}

/// A cell showing one line of text.
final class RowTextCell: Cell {
  var text = ""

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    canvas.draw(text, at: CellPoint(column: region.column, row: region.row), style: style, clip: clip)
  }
}

/// Data source and delegate for a ``RowListLayout`` list, recording what it is asked.
final class RowListSource: CollectionViewDataSource, CollectionViewDelegate {
  var count: Int
  var showsMenu = true
  var menuActions = EditAction.standard
  /// Names of the actions `canPerformAction` allows.
  var allowedActions: Set<String> = ["copy", "paste", "selectAll"]
  private(set) var performed: [(action: String, indexPaths: [IndexPath])] = []
  private(set) var canPerformQuestions: [(action: String, indexPaths: [IndexPath])] = []
  private(set) var menuQuestions: [IndexPath] = []
  /// The pasteboard text seen when a paste was performed.
  private(set) var pastedTexts: [String] = []

  init(count: Int) {
    self.count = count
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(RowTextCell.self, withReuseIdentifier: "text", for: indexPath)
    cell.text = "item \(indexPath.item)"
    return cell
  }

  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    menuQuestions.append(indexPath)
    return showsMenu
  }

  func collectionView(_ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath) -> [EditAction] {
    menuActions
  }

  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    canPerformQuestions.append((action.name, indexPaths))
    return allowedActions.contains(action.name)
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    performed.append((action.name, indexPaths))
    if action == .paste, let text = collectionView.pasteboard.string { pastedTexts.append(text) }
  }
}

/// A collection view showing a ``RowListSource`` list in `frame`.
func makeRowList(count: Int, frame: CellRect, multipleSelection: Bool = true) -> (CollectionView, RowListSource) {
  let layout = RowListLayout()
  let collectionView = CollectionView(frame: frame, layout: layout)
  collectionView.register(RowTextCell.self, forCellWithReuseIdentifier: "text")
  collectionView.animatesChanges = false
  collectionView.allowsMultipleSelection = multipleSelection
  let source = RowListSource(count: count)
  collectionView.delegate = source
  collectionView.dataSource = source
  layout.keptSource = source
  return (collectionView, source)
}

/// Draws a collection view into a fresh canvas of `size`.
func render(_ collectionView: CollectionView, size: CellSize) -> Canvas {
  var canvas = Canvas(size: size)
  collectionView.draw(into: &canvas)
  return canvas
}
