import TermGridCore

extension TreeLayout {
  /// Measures the nodes laid out with estimated sizes that may meet the cells `columns` ×
  /// `rows`, before attributes are made for them: what is shown is always measured, what
  /// is not is never asked about.
  func measureEstimatedNodes(columns: Range<Int>, rows: Range<Int>) {
    guard cache.estimatedCount > 0, let source = resolvedDataSource else { return }
    // Listed from a copy that is gone before the first write: writing while a copy holds
    // the arrays would copy them whole.
    let pending: [Int] = {
      let cache = self.cache
      var pending: [Int] = []
      cache.forEachCandidate(
        columns: columns, rows: rows, node: { global in if cache.estimated[global] { pending.append(global) } },
        connector: { _ in })
      return pending
    }()
    for global in pending { self.cache.measure(global, dataSource: source) }
  }

  /// Measures one node laid out with an estimated size.
  func measureEstimatedNode(_ global: Int) {
    guard cache.estimatedCount > 0, let source = resolvedDataSource else { return }
    cache.measure(global, dataSource: source)
  }
}

extension TreeLayout {
  /// Parents with more shown children than this get the lines of only the children near
  /// the visible area in their connector's attributes.
  static let connectorWindowThreshold = 256

  /// The rows whose children's lines a parent's connector carries: all of them (`nil`),
  /// unless it has more than ``connectorWindowThreshold`` children; then those within a
  /// screen (at least 64 rows) above and below the visible area. A parent of 200,000
  /// records gets the few dozen lines that can be seen, not 200,000 segments per frame.
  /// The window depends on the bounds only, never on the rect asked about, so a rect
  /// query and ``layoutAttributesForSupplementaryView(ofKind:at:)`` agree.
  func connectorWindow(ofGlobal global: Int) -> Range<Int>? {
    guard Int(cache.childCounts[global]) > Self.connectorWindowThreshold, let bounds = collectionView?.bounds else {
      return nil
    }
    let metrics = metrics
    let top = metrics.row(forY: bounds.minY)
    let bottom = metrics.row(forY: bounds.maxY)
    let margin = max(64, bottom - top)
    return (top - margin)..<(bottom + margin)
  }
}
