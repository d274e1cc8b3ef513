import TermGridCore

extension TreeLayout {
  /// The pinned ancestor rows for the current visible area and focus, top first.
  ///
  /// Computed when asked, from the host's bounds and focused item, so scrolling costs no
  /// layout pass. The ancestors of the focused node (when it is in view; otherwise of the
  /// node just below the pinned rows) whose own rows are above the place they would be
  /// pinned at are shown there, root first, like an editor's sticky scroll. The focused
  /// node itself is never covered: fewer rows are pinned if it would be. Rows span the
  /// visible width; each node is drawn at its indentation, or at the left edge when the
  /// outline is scrolled sideways past it.
  public func pinnedAncestorIndexPaths() -> [IndexPath] {
    pinnedAncestorGlobals().globals.map(cache.indexPath(ofGlobal:))
  }

  func pinnedAncestorAttributes() -> [LayoutAttributes] {
    let (globals, topRow) = pinnedAncestorGlobals()
    guard !globals.isEmpty, let bounds = collectionView?.bounds else { return [] }
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
    let limit = min(maximumPinnedAncestors, visibleRows / 2)
    guard limit > 0 else { return ([], topRow) }

    /// How many of `chain`'s first ancestors are above their pinned slot.
    func scrolledOff(_ chain: [Int]) -> Int {
      var count = 0
      while count < chain.count, count < limit, Int(cache.rows[chain[count]]) < topRow + count { count += 1 }
      return count
    }

    if let focused = host.indexPathForFocusedItem, let global = cache.globalIndex(of: focused) {
      let row = Int(cache.rows[global])
      if row >= topRow, row < topRow + visibleRows {
        let chain = cache.ancestors(ofGlobal: global)
        var count = scrolledOff(chain)
        while count > 0, row < topRow + count { count -= 1 }
        return (Array(chain.prefix(count)), topRow)
      }
    }
    // No focus in view: pin what the first row under the pinned rows hangs from. Try the
    // most rows first; the first count whose node's ancestors fill the slots wins.
    for count in stride(from: limit, through: 1, by: -1) {
      guard let global = cache.firstNode(atOrBelowRow: topRow + count) else { continue }
      let chain = cache.ancestors(ofGlobal: global)
      if scrolledOff(chain) >= count { return (Array(chain.prefix(count)), topRow) }
    }
    return ([], topRow)
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
