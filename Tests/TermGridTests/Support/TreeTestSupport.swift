import TermGrid
import TestSupport

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
    if layout.nodeStyle.isBoxed { model.nodeCellClass = BoxedTreeNodeCell.self }
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

/// Random trees for property tests, repeatable from a seed.
enum RandomTree {
  static let labels = ["a", "node", "日本語", "a much longer label than the maximum width", "x", "🙂ok", "key: value", ""]
  static let kinds = [TreeNodeKind.normal, TreeNodeKind.important, TreeNodeKind.critical, "unknown"]

  /// A tree of `count` nodes: mostly deep chains of recent parents, some bushy parents,
  /// now and then another root.
  static func store(count: Int, seed: UInt64) -> TreeNodeStore {
    var random = SeededRandom(seed: seed)
    let store = TreeNodeStore()
    for node in 0..<count {
      var parent: Int?
      if node > 0, random.int(in: 0...60) != 0 {
        let window = random.int(in: 0...9) < 7 ? min(node, 6) : node
        parent = node - 1 - random.int(in: 0...(window - 1))
      }
      let label = labels[random.int(in: 0...(labels.count - 1))] + (random.int(in: 0...1) == 0 ? "" : String(node))
      store.append(label: label, kind: kinds[random.int(in: 0...(kinds.count - 1))], parent: parent)
    }
    return store
  }

  /// A repeatable "random" collapse rule: about one node in `oneIn` starts collapsed.
  static func collapseRule(seed: UInt64, oneIn: UInt64) -> (Int, Int) -> Bool {
    { node, _ in
      var random = SeededRandom(seed: seed &+ UInt64(node) &* 0x9E37_79B9)
      return random.next() % oneIn == 0
    }
  }
}
