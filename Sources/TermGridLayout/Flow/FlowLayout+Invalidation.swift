import TermGridCore

extension FlowLayout {
  /// Notes what `context` makes out of date, so the next pass recomputes no more than that.
  ///
  /// - Changed counts drop the preferred sizes (they belong to index paths) and, like
  ///   `invalidateEverything`, make the pass a full one.
  /// - Preferred sizes are kept until counts change and win over the delegate and the item
  ///   size; they and invalidated items or supplementary views make the pass recompute
  ///   from the first section they touch.
  /// - A context made for a bounds change (it has `newBounds`) invalidates floating headers
  ///   and footers only so the collection view re-reads them: no section is recomputed.
  func record(_ context: InvalidationContext) {
    if context.invalidateDataSourceCounts {
      preferredSizes = [:]
      hasResetPreferredSizes = true
      needsFullPass = true
    }
    if context.invalidateEverything { needsFullPass = true }
    for (indexPath, size) in context.preferredItemSizes where indexPath.section >= 0 && indexPath.item >= 0 {
      preferredSizes[indexPath.section, default: [:]][indexPath.item] = size
      markInvalid(section: indexPath.section)
    }
    for indexPath in context.invalidatedItemIndexPaths { markInvalid(section: indexPath.section) }
    if context.newBounds == nil {
      for indexPaths in context.invalidatedSupplementaryIndexPaths.values {
        for indexPath in indexPaths { markInvalid(section: indexPath.section) }
      }
    }
  }

  /// Makes the next pass recompute from `section` on.
  func markInvalid(section: Int) {
    let section = Swift.max(0, section)
    firstInvalidSection = Swift.min(firstInvalidSection ?? section, section)
  }
}
