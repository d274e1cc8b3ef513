/// Says what part of a layout is out of date, so the next `prepare()` can do less work.
///
/// Contexts given to ``CollectionLayout/invalidateLayout(with:)`` before the next layout
/// pass are merged: several invalidations cost one pass.
public struct InvalidationContext: Sendable, Equatable {
  /// The data changed: everything must be recomputed.
  public var invalidateEverything = false
  /// Section or item counts changed.
  public var invalidateDataSourceCounts = false
  /// Items whose attributes are out of date.
  public var invalidatedItemIndexPaths: Set<IndexPath> = []
  /// Supplementary views whose attributes are out of date, by kind.
  public var invalidatedSupplementaryIndexPaths: [String: Set<IndexPath>] = [:]
  /// Sizes reported by self-sizing cells, by index path.
  public var preferredItemSizes: [IndexPath: Size] = [:]
  /// How far the collection view should move its content offset after the pass.
  public var contentOffsetAdjustment = Point.zero
  /// The bounds change that caused the invalidation, if any.
  public var newBounds: Rect?

  /// An empty context: nothing is invalid yet.
  public init() {}

  /// A context that invalidates everything.
  public static var everything: InvalidationContext {
    var context = InvalidationContext()
    context.invalidateEverything = true
    return context
  }

  /// Adds `other`'s invalidations to this one.
  public mutating func merge(_ other: InvalidationContext) {
    invalidateEverything = invalidateEverything || other.invalidateEverything
    invalidateDataSourceCounts = invalidateDataSourceCounts || other.invalidateDataSourceCounts
    invalidatedItemIndexPaths.formUnion(other.invalidatedItemIndexPaths)
    for (kind, paths) in other.invalidatedSupplementaryIndexPaths {
      invalidatedSupplementaryIndexPaths[kind, default: []].formUnion(paths)
    }
    preferredItemSizes.merge(other.preferredItemSizes) { _, new in new }
    contentOffsetAdjustment = contentOffsetAdjustment.offsetBy(
      dx: other.contentOffsetAdjustment.x, dy: other.contentOffsetAdjustment.y)
    if let bounds = other.newBounds { newBounds = bounds }
  }

  /// True when only sizes of particular items changed, so a layout may update in place.
  public var isItemSizeOnly: Bool {
    !invalidateEverything && !invalidateDataSourceCounts && invalidatedSupplementaryIndexPaths.isEmpty
      && !(invalidatedItemIndexPaths.isEmpty && preferredItemSizes.isEmpty)
  }
}
