import TermGridCore

extension TreeLayout {
  /// Measures the nodes laid out with estimated sizes that may meet the cells `columns` ×
  /// `rows`, before attributes are made for them: what is shown is always measured, what
  /// is not is never asked about. Not while the collection view asks for the attributes
  /// before a batch update (``CollectionLayout/isAnsweringForPreviousData``): the data
  /// source then answers for the new data, and estimates are good enough to animate from.
  func measureEstimatedNodes(columns: Range<Int>, rows: Range<Int>) {
    guard cache.estimatedCount > 0, !isAnsweringForPreviousData, let source = resolvedDataSource else { return }
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
    guard cache.estimatedCount > 0, !isAnsweringForPreviousData, let source = resolvedDataSource else { return }
    cache.measure(global, dataSource: source)
  }
}
