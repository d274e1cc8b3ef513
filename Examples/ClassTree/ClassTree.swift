import TermGrid

/// A class and its subclasses.
struct ClassNode {
  var name: String
  var subclasses: [ClassNode] = []
}

/// The app: the hierarchy, kept depth by depth as the layout wants it, as both the
/// collection view's data source and the layout's.
final class ClassTree: RunLoopRoot, CollectionViewDataSource, ClassTreeLayoutDataSource {
  /// A slice of UIKit's classes (the guide's Figure 6-1).
  static let uikit = ClassNode(
    name: "NSObject",
    subclasses: [
      ClassNode(
        name: "UIResponder",
        subclasses: [
          ClassNode(
            name: "UIView",
            subclasses: [
              ClassNode(
                name: "UIControl",
                subclasses: [ClassNode(name: "UIButton"), ClassNode(name: "UISwitch"), ClassNode(name: "UISlider")]),
              ClassNode(
                name: "UIScrollView", subclasses: [ClassNode(name: "UICollectionView"), ClassNode(name: "UITextView")]),
              ClassNode(name: "UILabel"),
              ClassNode(name: "UIImageView"),
            ]),
          ClassNode(
            name: "UIViewController",
            subclasses: [ClassNode(name: "UINavigationController"), ClassNode(name: "UITabBarController")]),
        ]),
      ClassNode(name: "UICollectionViewLayout", subclasses: [ClassNode(name: "UICollectionViewFlowLayout")]),
      ClassNode(name: "UIColor"),
    ])

  /// The classes of each depth, in depth-first order, so a class's subclasses are
  /// consecutive items of the next section.
  private var levels: [[(name: String, children: Range<Int>, rows: Int)]] = []
  let collectionView: CollectionView
  let layout = ClassTreeLayout()

  init(size: CellSize, root: ClassNode = ClassTree.uikit) {
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    add(root, depth: 0)
    layout.dataSource = self
    collectionView.register(ClassCell.self, forCellWithReuseIdentifier: "class")
    collectionView.register(
      ConnectorLinesView.self, forSupplementaryViewOfKind: ClassTreeLayout.connectorKind, withReuseIdentifier: "lines")
    collectionView.dataSource = self
  }

  /// Adds a class and its subclasses; returns the rows they take.
  @discardableResult
  private func add(_ node: ClassNode, depth: Int) -> Int {
    while levels.count <= depth { levels.append([]) }
    let index = levels[depth].count
    levels[depth].append((node.name, 0..<0, 1))
    let first = levels.count > depth + 1 ? levels[depth + 1].count : 0
    var rows = 0
    for subclass in node.subclasses { rows += add(subclass, depth: depth + 1) }
    levels[depth][index].children = first..<(first + node.subclasses.count)
    levels[depth][index].rows = max(1, rows)
    return max(1, rows)
  }

  // MARK: - ClassTreeLayoutDataSource

  func classTreeLayout(_ layout: ClassTreeLayout, childrenOfClassAt indexPath: IndexPath) -> [IndexPath] {
    levels[indexPath.section][indexPath.item].children.map { IndexPath(item: $0, section: indexPath.section + 1) }
  }

  func classTreeLayout(_ layout: ClassTreeLayout, numberOfRowsForClassAndChildrenAt indexPath: IndexPath) -> Int {
    levels[indexPath.section][indexPath.item].rows
  }

  // MARK: - CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { levels.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    levels[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(ClassCell.self, withReuseIdentifier: "class", for: indexPath)
    cell.name = levels[indexPath.section][indexPath.item].name
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "lines", for: indexPath)
  }

  // MARK: - RunLoopRoot

  func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event { collectionView.resize(to: CellRect(size: size)) }
    let command = KeyBindings.standard.command(for: event)
    if command == .quit { return .quit }
    return collectionView.handle(event, command: command) ? .changed : .unchanged
  }

  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
  }
}
