import TermGridCore

extension TreeLayout {
  /// The pinned ancestor rows for the current visible area and focus, top first.
  ///
  /// Computed when asked, from the host's bounds and focused item, so scrolling costs no
  /// layout pass. The ancestors of the focused node (when it is in view; otherwise of the
  /// node just below the pinned rows) whose own rows are hidden under the pinned rows are
  /// shown there, outermost on top, like an editor's sticky scroll. When there are more of
  /// them than rows to pin, the nearest ones are shown (the parent always), since they say
  /// most about where the focus is. The focused node itself is never covered: fewer rows
  /// are pinned if it would be. Rows span the visible width; each is drawn as its row of the
  /// tree (guide lines, then the node at its indentation), or with the node at the left
  /// edge when the outline is scrolled sideways past it.
  public func pinnedAncestorIndexPaths() -> [IndexPath] {
    pinnedAncestorGlobals().globals.map(cache.indexPath(ofGlobal:))
  }

  func pinnedAncestorAttributes() -> [LayoutAttributes] {
    let (globals, topRow) = pinnedAncestorGlobals()
    guard !globals.isEmpty, let bounds = collectionView?.bounds else { return [] }
    for global in globals { measureEstimatedNode(global) }
    let metrics = metrics
    let leftColumn = metrics.column(forX: bounds.minX)
    var result: [LayoutAttributes] = []
    result.reserveCapacity(globals.count)
    for (slot, global) in globals.enumerated() {
      let frame = Rect(
        x: bounds.minX, y: metrics.y(forRow: topRow + slot), width: bounds.width, height: metrics.height(ofRows: 1))
      var attributes = LayoutAttributes(
        forSupplementaryViewOfKind: ElementKind.pinnedAncestor, with: cache.indexPath(ofGlobal: global), frame: frame)
      attributes.zIndex = Self.pinnedAncestorZIndex
      var info = cache.nodeInfo(ofGlobal: global)
      // At its indentation while that is in view; scrolled further right than the
      // indentation, the node starts at the left edge instead of off screen (a deep
      // outline scrolled sideways would otherwise pin blank rows).
      info.contentOffset = max(0, cache.column(ofGlobal: global) - leftColumn)
      info.isPinned = true
      info.isLastPinned = slot == globals.count - 1
      info.guideLines = guideLines(
        ofGlobal: global, leftColumn: leftColumn, width: metrics.column(forX: bounds.maxX) - leftColumn)
      attributes.info = LayoutInfo(info)
      result.append(attributes)
    }
    return result
  }

  private func pinnedAncestorGlobals() -> (globals: [Int], topRow: Int) {
    guard orientation == .outline, pinsAncestors, maximumPinnedAncestors > 0, let host = collectionView,
      cache.count > 0
    else { return ([], 0) }
    let metrics = metrics
    let bounds = host.bounds
    let topRow = metrics.row(forY: bounds.minY)
    let visibleRows = max(0, metrics.row(forY: bounds.maxY) - topRow)
    // A table's pinned header takes the top row instead: it says what the rows under it are.
    if !cache.tables.isEmpty, cache.pinnedTable(topRow: topRow) != nil { return ([], topRow) }
    let limit = min(maximumPinnedAncestors, visibleRows / 2)
    guard limit > 0 else { return ([], topRow) }

    /// The ancestors of `chain` to pin in `count` rows: the nearest `count` of those whose
    /// rows are above the visible area or under the pinned rows (so every ancestor the
    /// pinned rows cover is among them), or `nil` when fewer are, or when they would all
    /// be pinned where they already are.
    func pinned(_ chain: [Int], count: Int) -> [Int]? {
      var hidden = 0
      while hidden < chain.count, Int(cache.rows[chain[hidden]]) < topRow + count { hidden += 1 }
      guard hidden >= count, Int(cache.rows[chain[hidden - count]]) < topRow else { return nil }
      return Array(chain[(hidden - count)..<hidden])
    }

    if let focused = host.indexPathForFocusedItem, let global = cache.globalIndex(of: focused) {
      let row = Int(cache.rows[global])
      if row >= topRow, row < topRow + visibleRows {
        let chain = cache.ancestors(ofGlobal: global)
        // As many rows as are hidden and fit above the focus; a row more hides one more
        // ancestor at most, so the first count that works from the top is the largest.
        for count in stride(from: min(limit, row - topRow, chain.count), through: 1, by: -1) {
          if let globals = pinned(chain, count: count) { return (globals, topRow) }
        }
        return ([], topRow)
      }
    }
    // No focus in view: pin what the first row under the pinned rows hangs from. Try the
    // most rows first; the first count whose node's ancestors fill the slots wins.
    for count in stride(from: limit, through: 1, by: -1) {
      guard let global = cache.firstNode(atOrBelowRow: topRow + count) else { continue }
      if let globals = pinned(cache.ancestors(ofGlobal: global), count: count) { return (globals, topRow) }
    }
    return ([], topRow)
  }

  /// The guide lines of a node's own row in the outline, relative to a pinned row whose left
  /// edge is `leftColumn`: a `│` for each ancestor whose trunk passes the row, then `├─`
  /// (`└─` for a last child) to the node.
  func guideLines(ofGlobal global: Int, leftColumn: Int, width: Int) -> [TreeNodeInfo.GuideLine] {
    let cache = cache
    let depth = Int(cache.depths[global])
    guard depth > 0 else { return [] }
    let indent = cache.parameters.indentWidth
    var lines: [TreeNodeInfo.GuideLine] = []
    func add(_ column: Int, _ directions: LineDirections) {
      let relative = column - leftColumn
      if relative >= 0, relative < width {
        lines.append(TreeNodeInfo.GuideLine(column: relative, directions: directions))
      }
    }
    // Walk up from the node: at each level, whether the node on the path there has a
    // sibling after it decides the glyph in its parent's trunk column.
    var node = global
    var level = depth - 1
    while level >= 0 {
      let parent = Int(cache.parents[node])
      guard parent >= 0 else { break }
      let hasNextSibling = node < Int(cache.firstChildren[parent]) + Int(cache.childCounts[parent]) - 1
      let column = level * indent
      if node == global {
        add(column, hasNextSibling ? [.up, .down, .right] : [.up, .right])
        let stubEnd = column + max(1, indent - 2)
        if column + 1 <= stubEnd {
          for stub in (column + 1)...stubEnd { add(stub, stub < stubEnd ? .horizontal : .left) }
        }
      } else if hasNextSibling {
        add(column, .vertical)
      }
      node = parent
      level -= 1
    }
    return lines.sorted { $0.column < $1.column }
  }
}

extension TreeLayoutCache {
  /// The first node in row order whose row is at least `row`.
  func firstNode(atOrBelowRow row: Int) -> Int? {
    guard parameters.orientation == .outline else { return nil }
    let position = Self.firstIndex(in: 0..<count) { Int(self.rows[Int(order[$0])]) >= row }
    return position < count ? Int(order[position]) : nil
  }
}
