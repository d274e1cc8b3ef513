@testable import TermGrid

/// Trees for tests, written as indented outlines: two spaces per depth, and an optional
/// kind after ` #` (`"disk #critical"`).
enum TreeOutline {
  static func store(_ outline: String) -> TreeNodeStore {
    let store = TreeNodeStore()
    var stack: [Int] = []
    for line in outline.split(separator: "\n", omittingEmptySubsequences: true) {
      let indent = line.prefix { $0 == " " }.count
      precondition(indent % 2 == 0, "outline indents by two spaces: \(line)")
      let depth = indent / 2
      var text = String(line.dropFirst(indent))
      var kind = TreeNodeKind.normal
      if let marker = text.firstRange(of: " #") {
        kind = String(text[marker.upperBound...])
        text = String(text[..<marker.lowerBound])
      }
      precondition(depth <= stack.count, "outline skips a depth at \(line)")
      stack.removeLast(stack.count - depth)
      let node = store.append(label: text, kind: kind, parent: stack.last)
      stack.append(node)
    }
    return store
  }
}

/// A tree shown by a collection view with a tree layout, drawn headless.
final class TreeHarness {
  let store: TreeNodeStore
  let model: TreeModel
  let layout: TreeLayout
  let collectionView: CollectionView

  init(
    store: TreeNodeStore, orientation: TreeLayout.Orientation, size: CellSize,
    cellMetrics: CellMetrics = .identity, collapsesByDefault: ((Int, Int) -> Bool)? = nil,
    configure: (TreeLayout) -> Void = { _ in }
  ) {
    self.store = store
    model = TreeModel(provider: store, collapsesByDefault: collapsesByDefault)
    layout = TreeLayout(orientation: orientation)
    configure(layout)
    layout.dataSource = model
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout, cellMetrics: cellMetrics)
    collectionView.animatesChanges = false
    model.register(in: collectionView)
    collectionView.dataSource = model
  }

  convenience init(
    _ outline: String, orientation: TreeLayout.Orientation, size: CellSize,
    configure: (TreeLayout) -> Void = { _ in }
  ) {
    self.init(store: TreeOutline.store(outline), orientation: orientation, size: size, configure: configure)
  }

  /// Draws a frame and returns the canvas.
  func render() -> Canvas {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas
  }

  /// Draws a frame and returns its lines.
  var lines: [String] { render().lines }

  /// The index path of the node with a label.
  func indexPath(of label: String) -> IndexPath {
    for section in 0..<model.numberOfSections {
      for item in 0..<model.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        if store.label(ofNode: model.node(at: indexPath)) == label { return indexPath }
      }
    }
    preconditionFailure("no shown node is labelled \(label)")
  }
}
