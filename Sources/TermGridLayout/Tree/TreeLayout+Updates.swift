import TermGridCore

extension TreeLayout {
  /// An appearing node starts at its parent's place, unseen.
  func attributesGrowingOutOfParent(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
    if let global = cache.globalIndex(of: indexPath), cache.parents[global] >= 0 {
      let parent = frame(ofGlobal: Int(cache.parents[global]), metrics: metrics)
      attributes.frame.origin = parent.origin
    }
    attributes.alpha = 0
    return attributes
  }

  /// A disappearing node ends at its parent's place, unseen.
  func attributesFoldingIntoParent(at indexPath: IndexPath) -> LayoutAttributes? {
    // Asked while the update is being applied, the old tree is the one before the last pass.
    let old = isApplyingUpdates ? (previousCache ?? cache) : cache
    guard let global = old.globalIndex(of: indexPath) else { return nil }
    let metrics = metrics
    var attributes = LayoutAttributes(forCellWith: indexPath, frame: metrics.rect(for: old.cellRect(ofGlobal: global)))
    attributes.info = LayoutInfo(old.nodeInfo(ofGlobal: global))
    if old.parents[global] >= 0 {
      attributes.frame.origin = metrics.rect(for: old.cellRect(ofGlobal: Int(old.parents[global]))).origin
    }
    attributes.alpha = 0
    return attributes
  }
}
