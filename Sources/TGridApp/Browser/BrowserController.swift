import TGridJSON
import TermGrid

/// The app's root: shows a JSON document in a collection view, with a status line, and turns
/// input into collection-view actions.
///
/// It is the collection view's data source and delegate, and the flow layout's delegate
/// (card sizes); the document is only read here through ``GridModel``.
final class BrowserController {
  /// What the last event asked the app to do next.
  enum Outcome: Equatable {
    /// Keep running.
    case `continue`
    /// Leave the app.
    case quit
  }

  let document: JSONDocument
  /// The name shown in the status line (a file name, `-` or the demo's name).
  let sourceName: String
  let collectionView: CollectionView
  let gridLayout: FlowLayout
  private(set) var model: GridModel
  /// Containers drilled into, outermost first; the grid shows the last one's content.
  private(set) var navigationStack: [(root: JSONNode, focus: IndexPath?)] = []
  private(set) var screenSize: CellSize
  /// A short message for the status line, replaced by the next action.
  var message: String?
  var palette = ValuePalette.standard
  private var cardSizes: [[CellSize]] = []
  private var uniformCardSizes: [Int: CellSize] = [:]
  private var isShowingHelp = false

  /// Sections with more items than this share one card size (measured on a sample), so
  /// the layout stays arithmetic and instant for huge arrays.
  static let individuallySizedLimit = 2_000

  init(document: JSONDocument, sourceName: String, size: CellSize, animates: Bool = true) {
    self.document = document
    self.sourceName = sourceName
    screenSize = size
    model = GridModel(document: document, root: document.root)
    gridLayout = FlowLayout()
    gridLayout.alignment = .leading
    gridLayout.minimumInteritemSpacing = 1
    gridLayout.minimumLineSpacing = 0
    gridLayout.sectionInset = EdgeInsets(top: 0, left: 1, bottom: 1, right: 1)
    gridLayout.headerReferenceSize = Size(width: 0, height: 1)
    gridLayout.sectionHeadersPinToVisibleBounds = true
    collectionView = CollectionView(frame: Self.collectionFrame(for: size), layout: gridLayout)
    collectionView.animatesChanges = animates
    collectionView.allowsMultipleSelection = true
    collectionView.register(CardCell.self, forCellWithReuseIdentifier: "card")
    collectionView.register(LabelView.self, forSupplementaryViewOfKind: ElementKind.header, withReuseIdentifier: "header")
    measureCards()
    collectionView.delegate = self
    collectionView.dataSource = self
    collectionView.ensureFocus()
  }

  /// The collection view takes the screen but the status line.
  static func collectionFrame(for size: CellSize) -> CellRect {
    CellRect(column: 0, row: 0, columns: max(0, size.columns), rows: max(0, size.rows - 1))
  }

  /// True when something changed that is not drawn yet.
  var needsDisplay: Bool { collectionView.needsDisplay || pendingDisplay }
  private var pendingDisplay = true

  // MARK: - Screen

  /// Follows a terminal resize: the layout is asked whether the new bounds need a new pass,
  /// and the focused item is kept in view.
  func resize(to size: CellSize) {
    screenSize = size
    collectionView.frame = Self.collectionFrame(for: size)
    collectionView.layoutIfNeeded()
    if let focused = collectionView.indexPathForFocusedItem {
      collectionView.scrollToItem(at: focused, at: .nearest)
    }
    pendingDisplay = true
  }

  /// Draws the whole screen.
  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
    drawStatusLine(into: &canvas)
    if isShowingHelp { drawHelp(into: &canvas) }
    pendingDisplay = false
  }

  private func drawStatusLine(into canvas: inout Canvas) {
    guard screenSize.rows >= 1, screenSize.columns >= 1 else { return }
    let row = screenSize.rows - 1
    let line = CellRect(column: 0, row: row, columns: screenSize.columns, rows: 1)
    let style = collectionView.theme.status
    canvas.fill(line, style: style)
    var right = ""
    if let focused = collectionView.indexPathForFocusedItem {
      right = "item \(focused.item + 1)/\(model.sections[focused.section].items.count)"
      if model.sections.count > 1 { right += " · section \(focused.section + 1)/\(model.sections.count)" }
    } else {
      right = "no items"
    }
    let selected = collectionView.indexPathsForSelectedItems.count
    if selected > 0 { right += " · \(selected) selected" }
    right += " · ? help "
    let left = " " + sourceName + "  " + (message ?? focusedPath())
    let rightWidth = TextWidth.displayWidth(of: right)
    let leftRoom = screenSize.columns - rightWidth - 1
    if leftRoom > 0 {
      canvas.draw(TextWidth.truncated(left, toWidth: leftRoom), at: CellPoint(column: 0, row: row), style: style, clip: line)
      canvas.draw(right, at: CellPoint(column: screenSize.columns - rightWidth, row: row), style: style, clip: line)
    } else {
      canvas.draw(TextWidth.truncated(right, toWidth: screenSize.columns), at: CellPoint(column: 0, row: row), style: style, clip: line)
    }
  }

  /// The jq-style path of the focused item (`.albums[0].photos[3]`).
  func focusedPath() -> String {
    guard let focused = collectionView.indexPathForFocusedItem, let node = model.node(at: focused) else {
      return JSONPath.jq(of: model.root, in: document)
    }
    return JSONPath.jq(of: node, in: document)
  }

  // MARK: - Card sizes

  private func measureCards() {
    cardSizes = []
    uniformCardSizes = [:]
    for (sectionIndex, section) in model.sections.enumerated() {
      if section.items.count > Self.individuallySizedLimit {
        // One size for the whole section, from a sample: the layout stays arithmetic.
        var widest = CellSize(columns: CardContent.widthRange.lowerBound, rows: 3)
        for node in section.items.prefix(200) {
          let size = CardContent(node: node, in: document).size
          widest = CellSize(columns: max(widest.columns, size.columns), rows: max(widest.rows, size.rows))
        }
        uniformCardSizes[sectionIndex] = widest
        cardSizes.append([])
      } else {
        cardSizes.append(section.items.map { CardContent(node: $0, in: document).size })
      }
    }
  }

  func cardSize(at indexPath: IndexPath) -> CellSize {
    if let uniform = uniformCardSizes[indexPath.section] { return uniform }
    guard cardSizes.indices.contains(indexPath.section), cardSizes[indexPath.section].indices.contains(indexPath.item)
    else { return CellSize(columns: CardContent.widthRange.lowerBound, rows: 3) }
    return cardSizes[indexPath.section][indexPath.item]
  }

  // MARK: - Navigation

  /// Shows the content of a container card in the grid (Enter).
  func drill(into indexPath: IndexPath) {
    guard let node = model.node(at: indexPath), document.kind(of: node).isContainer, document.childCount(of: node) > 0
    else {
      message = "not a container"
      return
    }
    navigationStack.append((model.root, indexPath))
    show(root: node, focus: nil)
  }

  /// Goes back to the container shown before (Backspace).
  func goUp() {
    if let previous = navigationStack.popLast() {
      show(root: previous.root, focus: previous.focus)
      return
    }
    // At the top of what was drilled: step out to the parent if there is one.
    guard let parent = document.parent(of: model.root) else {
      message = "at the top"
      return
    }
    let child = model.root
    show(root: parent, focus: nil)
    if let indexPath = model.indexPath(for: child) { collectionView.focusItem(at: indexPath, scrollPosition: .center) }
  }

  private func show(root: JSONNode, focus: IndexPath?) {
    model = GridModel(document: document, root: root)
    measureCards()
    collectionView.clearSelection()
    collectionView.reloadData()
    gridLayout.invalidateLayout()
    collectionView.contentOffset = .zero
    collectionView.focusItem(at: focus ?? IndexPath(item: 0, section: 0), scrollPosition: .center)
    collectionView.ensureFocus()
    pendingDisplay = true
  }

  // MARK: - Help

  private func drawHelp(into canvas: inout Canvas) {
    let lines = BrowserKeys.helpLines
    let width = min(screenSize.columns, (lines.map { TextWidth.displayWidth(of: $0) }.max() ?? 0) + 4)
    let height = min(screenSize.rows, lines.count + 2)
    let box = CellRect(
      column: max(0, (screenSize.columns - width) / 2), row: max(0, (screenSize.rows - height) / 2),
      columns: width, rows: height)
    let style = collectionView.theme.menu
    canvas.fill(box, style: style)
    for (index, line) in lines.enumerated() where index + 1 < box.rows - 1 || box.rows <= 2 {
      canvas.draw(line, at: CellPoint(column: box.column + 2, row: box.row + 1 + index), style: style, clip: box)
    }
  }

  func toggleHelp() {
    isShowingHelp.toggle()
    pendingDisplay = true
  }

  var isHelpVisible: Bool { isShowingHelp }
}

// MARK: - Data source

extension BrowserController: CollectionViewDataSource {
  func numberOfSections(in collectionView: CollectionView) -> Int { model.sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    model.sections[section].items.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(CardCell.self, withReuseIdentifier: "card", for: indexPath)
    if let node = model.node(at: indexPath) { cell.content = CardContent(node: node, in: document) }
    cell.palette = palette
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    guard kind == ElementKind.header, model.sections.indices.contains(indexPath.section) else { return nil }
    let header = collectionView.dequeueReusableSupplementaryView(
      LabelView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    header.text = " " + model.sections[indexPath.section].title + " "
    header.role = .header
    return header
  }
}

// MARK: - Delegates

extension BrowserController: CollectionViewDelegate {
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    message = nil
  }

  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {
    message = nil
  }
}

extension BrowserController: FlowLayoutDelegate {
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    let size = cardSize(at: indexPath)
    return Size(width: Double(size.columns), height: Double(size.rows))
  }
}
