import TermGridCore

extension ElementKind {
  /// The header row of a table section in an outline (``TreeTableDescription``): the column
  /// titles, at the table node's index path, pinned to the top of the visible area while
  /// the table's rows are in view.
  public static let tableHeader = "tableHeader"
  /// The marks of a table section's row in the columns it has no cell in (a record
  /// without the key), at the row's index path, under its cells
  /// (``TreeTableDescription/missingMark``).
  public static let tableGaps = "tableGaps"
}

extension TreeLayout {
  /// The z-index of a pinned table header: over the rows that scroll under it.
  public static let tableHeaderZIndex = 90

  /// The column of the table section a node is a cell of (a child of a table's row), or
  /// `nil` for any other node.
  public func tableColumn(ofItemAt indexPath: IndexPath) -> Int? {
    guard let global = cache.globalIndex(of: indexPath) else { return nil }
    return cache.tableColumn(ofGlobal: global)
  }

  /// Whether the node is a row of a table section (a child of a node laid out as a table).
  public func isTableRow(at indexPath: IndexPath) -> Bool {
    guard !cache.tables.isEmpty, let global = cache.globalIndex(of: indexPath) else { return false }
    return cache.table(ofRow: global) != nil
  }

  /// The index paths of the nodes laid out as table sections, in row order.
  public var tableIndexPaths: [IndexPath] { cache.tableNodes.map(cache.indexPath(ofGlobal:)) }

  /// The attributes of every table header: each on its own row, the one whose table fills
  /// the top of the visible area pinned there.
  func tableHeaderAttributes() -> [LayoutAttributes] {
    let cache = cache
    guard !cache.tables.isEmpty else { return [] }
    let metrics = metrics
    let topRow = collectionView.map { metrics.row(forY: $0.bounds.minY) } ?? 0
    let pinned = collectionView == nil ? nil : cache.pinnedTable(topRow: topRow)
    var result: [LayoutAttributes] = []
    for table in cache.tableNodes {
      guard let geometry = cache.tables[table],
        let (row, isPinned) = cache.headerPlacement(ofTable: table, topRow: topRow, pinned: pinned),
        let info = cache.headerInfo(ofTable: table, isPinned: isPinned)
      else { continue }
      let cells = CellRect(column: geometry.left, row: row, columns: max(1, geometry.width), rows: 1)
      var attributes = LayoutAttributes(
        forSupplementaryViewOfKind: ElementKind.tableHeader, with: cache.indexPath(ofGlobal: table),
        frame: metrics.rect(for: cells))
      attributes.zIndex = isPinned ? Self.tableHeaderZIndex : 0
      attributes.info = LayoutInfo(info)
      result.append(attributes)
    }
    return result
  }

  /// The attributes of a table row's gaps view, if it has one.
  ///
  /// Asked for every row on screen at every pass: the caller's copy of the cache and its
  /// metrics are read, as reaching into the stored property copies the cache (and retains
  /// its arrays) at each call.
  func tableGapsAttributes(ofRow global: Int, in cache: TreeLayoutCache, metrics: CellMetrics) -> LayoutAttributes? {
    guard let (cells, info) = cache.tableGaps(ofRow: global) else { return nil }
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.tableGaps, with: cache.indexPath(ofGlobal: global),
      frame: metrics.rect(for: cells))
    attributes.zIndex = -1
    attributes.info = LayoutInfo(info)
    return attributes
  }

  /// A pinned table header covers the top row: items scrolled to are kept out from under it.
  func tableObscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    guard !cache.tables.isEmpty, cache.pinnedTable(topRow: metrics.row(forY: visibleRect.minY)) != nil else {
      return .zero
    }
    return EdgeInsets(top: metrics.height(ofRows: 1), left: 0, bottom: 0, right: 0)
  }

  /// Where the focus goes inside a table section, or `nil` to move as in the rest of the
  /// tree: across a row from cell to cell by column (Left from the first cell to the row's
  /// label), and down or up a column from row to row (to the row's label where the next row
  /// has no cell in that column).
  func tableFocusTarget(from global: Int, direction: FocusDirection) -> Int? {
    let cache = cache
    if let column = cache.tableColumn(ofGlobal: global) {
      let row = Int(cache.parents[global])
      switch direction {
      case .left: return cell(ofRow: row, nearest: column, before: true) ?? row
      case .right: return cell(ofRow: row, nearest: column, before: false) ?? global
      case .up, .down:
        guard let next = adjacentRow(of: row, down: direction == .down) else {
          return direction == .up ? Int(cache.parents[row]) : nodeAfterSubtree(of: row) ?? global
        }
        return cell(ofRow: next, inColumn: column) ?? next
      }
    }
    guard cache.table(ofRow: global) != nil else { return nil }
    switch direction {
    case .left: return nil
    case .right: return cell(ofRow: global, nearest: -1, before: false)
    case .up: return adjacentRow(of: global, down: false) ?? Int(cache.parents[global])
    case .down: return adjacentRow(of: global, down: true) ?? nodeAfterSubtree(of: global) ?? global
    }
  }

  /// The previous or next row of the same table and group (past a group's last row the
  /// focus goes to the next group, as in the rest of the tree).
  private func adjacentRow(of row: Int, down: Bool) -> Int? {
    let parent = Int(cache.parents[row])
    let first = Int(cache.firstChildren[parent])
    let next = row + (down ? 1 : -1)
    return next >= first && next < first + Int(cache.childCounts[parent]) ? next : nil
  }

  /// The cell of a row in a column.
  private func cell(ofRow row: Int, inColumn column: Int) -> Int? {
    let first = Int(cache.firstChildren[row])
    return (first..<(first + Int(cache.childCounts[row]))).first { cache.cellColumns[$0] == Int32(column) }
  }

  /// The cell of a row in the nearest column before (or after) `column`.
  private func cell(ofRow row: Int, nearest column: Int, before: Bool) -> Int? {
    let first = Int(cache.firstChildren[row])
    var best: Int?
    for cell in first..<(first + Int(cache.childCounts[row])) {
      let candidate = Int(cache.cellColumns[cell])
      guard before ? candidate < column : candidate > column else { continue }
      if let current = best {
        let bestColumn = Int(cache.cellColumns[current])
        if before ? candidate > bestColumn : candidate < bestColumn { best = cell }
      } else {
        best = cell
      }
    }
    return best
  }

  /// The first node in row order after a node and everything below it.
  private func nodeAfterSubtree(of global: Int) -> Int? {
    let depth = cache.depths[global]
    var position = Int(cache.orderIndex[global]) + 1
    while position < cache.count {
      let node = Int(cache.order[position])
      if cache.depths[node] <= depth { return node }
      position += 1
    }
    return nil
  }
}
