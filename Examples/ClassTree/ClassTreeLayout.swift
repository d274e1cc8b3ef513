import TermGrid

/// What the layout needs to know about the tree, from whoever has the data: the guide's
/// custom protocol (Listing 6-1), so the layout is not tied to one data source.
protocol ClassTreeLayoutDataSource: AnyObject {
  /// The index paths of a class's subclasses, in the next section.
  func classTreeLayout(_ layout: ClassTreeLayout, childrenOfClassAt indexPath: IndexPath) -> [IndexPath]
  /// How many rows a class and all its subclasses take: 1 for a class without subclasses.
  func classTreeLayout(_ layout: ClassTreeLayout, numberOfRowsForClassAndChildrenAt indexPath: IndexPath) -> Int
}

/// The guide's custom layout attributes (Listing 6-3): each class's cell carries its
/// subclasses' index paths. In TermGrid a layout's own fields are a value in
/// `LayoutAttributes.info`, and equality comes with the value.
struct ClassNodeInfo: Hashable, Sendable {
  var children: [IndexPath]
}

/// Where a connector's lines go, in rows from the top of its frame: the parent's row is 0,
/// and each subclass has its row.
struct Connection: Hashable, Sendable {
  var childRows: [Int]
}

/// The guide's `MyCustomLayout`, step by step: every section is one depth of the tree, every
/// class is one cell, and a connector (a supplementary view) joins each class to its
/// subclasses.
final class ClassTreeLayout: CollectionLayout {
  /// The kind of the connector lines' supplementary views.
  static let connectorKind = "connector"
  /// The guide's ITEM_WIDTH and ITEM_HEIGHT, in cells.
  static let itemWidth = 18.0
  static let itemHeight = 1.0

  /// The guide's `customDataSource`.
  weak var dataSource: (any ClassTreeLayoutDataSource)?
  /// Space around every cell (Listing 6-2): the left and right insets hold the connectors.
  let insets = EdgeInsets(top: 1, left: 2, bottom: 0, right: 2)

  /// Every element's attributes, by kind, then index path (the guide's `layoutInformation`).
  private var layoutInformation: [String: [IndexPath: LayoutAttributes]] = [:]
  /// The rows the tallest column takes (the guide's `maxNumRows`).
  private var maxNumRows = 0

  // MARK: - Preparing the layout (Listings 6-4, 6-5 and 6-9)

  override func prepare() {
    guard let host = collectionView, let dataSource else {
      layoutInformation = [:]
      maxNumRows = 0
      return
    }
    // First pass: attributes for every cell, with its children (Listing 6-4), and for
    // every connector (Listing 6-9).
    var cellInformation: [IndexPath: LayoutAttributes] = [:]
    var connectorInformation: [IndexPath: LayoutAttributes] = [:]
    let sections = host.numberOfSections
    for section in 0..<sections {
      for item in 0..<host.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        var attributes = LayoutAttributes(forCellWith: indexPath)
        let children = dataSource.classTreeLayout(self, childrenOfClassAt: indexPath)
        attributes.info = LayoutInfo(ClassNodeInfo(children: children))
        cellInformation[indexPath] = attributes
        if !children.isEmpty {
          connectorInformation[indexPath] = LayoutAttributes(
            forSupplementaryViewOfKind: Self.connectorKind, with: indexPath)
        }
      }
    }
    // Second pass: frames, from the last section to the first, so a class's subclasses are
    // placed before it and can be moved to its row (Listing 6-5, Figure 6-3).
    for section in stride(from: sections - 1, through: 0, by: -1) {
      var totalHeight = 0
      for item in 0..<host.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        cellInformation[indexPath]?.frame = frameForCell(atRow: totalHeight, section: section)
        adjustFramesOfChildrenAndConnectors(
          forClassAt: indexPath, cells: &cellInformation, connectors: &connectorInformation)
        totalHeight += dataSource.classTreeLayout(self, numberOfRowsForClassAndChildrenAt: indexPath)
      }
      // Section 0 holds the root, whose rows are everyone's.
      if section == 0 { maxNumRows = totalHeight }
    }
    layoutInformation = ["cell": cellInformation, Self.connectorKind: connectorInformation]
  }

  /// A cell's frame on a row of its depth's column.
  private func frameForCell(atRow row: Int, section: Int) -> Rect {
    Rect(
      x: Double(section) * (Self.itemWidth + insets.left + insets.right) + insets.left,
      y: insets.top + Double(row) * (Self.itemHeight + insets.bottom),
      width: Self.itemWidth, height: Self.itemHeight)
  }

  /// Moves a class's subclasses (and theirs, recursively) so the first is on the class's
  /// row and each next one below the rows of the one before; then frames the connector.
  private func adjustFramesOfChildrenAndConnectors(
    forClassAt indexPath: IndexPath, cells: inout [IndexPath: LayoutAttributes],
    connectors: inout [IndexPath: LayoutAttributes]
  ) {
    guard let dataSource, let parent = cells[indexPath], let info = parent.info(as: ClassNodeInfo.self),
      !info.children.isEmpty
    else { return }
    var row = parent.frame.minY
    var childRows: [Int] = []
    for child in info.children {
      guard let frame = cells[child]?.frame else { continue }
      shiftSubtree(at: child, by: row - frame.minY, cells: &cells, connectors: &connectors)
      childRows.append(Int((row - parent.frame.minY) / (Self.itemHeight + insets.bottom)))
      row +=
        Double(dataSource.classTreeLayout(self, numberOfRowsForClassAndChildrenAt: child))
        * (Self.itemHeight + insets.bottom)
    }
    // The connector fills the insets between the class and its subclasses' column.
    connectors[indexPath]?.frame = Rect(
      x: parent.frame.maxX, y: parent.frame.minY, width: insets.right + insets.left,
      height: Double((childRows.last ?? 0) + 1) * (Self.itemHeight + insets.bottom))
    connectors[indexPath]?.info = LayoutInfo(Connection(childRows: childRows))
  }

  /// Moves a cell, its connector and everything below it down by `offset` points.
  private func shiftSubtree(
    at indexPath: IndexPath, by offset: Double, cells: inout [IndexPath: LayoutAttributes],
    connectors: inout [IndexPath: LayoutAttributes]
  ) {
    guard offset != 0 else { return }
    cells[indexPath]?.frame.origin.y += offset
    connectors[indexPath]?.frame.origin.y += offset
    for child in cells[indexPath]?.info(as: ClassNodeInfo.self)?.children ?? [] {
      shiftSubtree(at: child, by: offset, cells: &cells, connectors: &connectors)
    }
  }

  // MARK: - Providing the content size (Listing 6-6)

  override var collectionViewContentSize: Size {
    let sections = Double(collectionView?.numberOfSections ?? 0)
    return Size(
      width: sections * (Self.itemWidth + insets.left + insets.right),
      height: insets.top + Double(maxNumRows) * (Self.itemHeight + insets.bottom))
  }

  // MARK: - Providing layout attributes (Listings 6-7, 6-8 and 6-10)

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // A small tree: look at everything, as the guide does. Cells first, so the lines are
    // drawn over nothing they would hide.
    var found: [LayoutAttributes] = []
    for kind in ["cell", Self.connectorKind] {
      for attributes in (layoutInformation[kind] ?? [:]).values where attributes.frame.intersects(rect) {
        found.append(attributes)
      }
    }
    // The dictionaries have no order: sort, so every frame draws the same way.
    return found.sorted { ($0.category == .cell ? 0 : 1, $0.indexPath) < ($1.category == .cell ? 0 : 1, $1.indexPath) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    layoutInformation["cell"]?[indexPath]
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
  {
    layoutInformation[kind]?[indexPath]
  }
}
