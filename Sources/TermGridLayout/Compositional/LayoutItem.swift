import TermGridCore

/// The smallest piece of a compositional layout: one cell. UIKit's `NSCollectionLayoutItem`.
///
/// An item has a size relative to its group (``LayoutDimension``) and insets that keep its
/// cell in from the edges of the space it is given.
open class LayoutItem {
  /// The item's size; fractional dimensions are fractions of the enclosing group.
  public var layoutSize: LayoutSize
  /// Space between the edges of the item's space and its cell, in points.
  public var contentInsets = EdgeInsets.zero

  /// An item of `layoutSize`.
  public init(layoutSize: LayoutSize) {
    self.layoutSize = layoutSize
  }
}

/// A frame for one item of a ``LayoutGroup/custom(layoutSize:itemProvider:)`` group:
/// UIKit's `NSCollectionLayoutGroupCustomItem`.
public struct LayoutGroupCustomItem: Hashable, Sendable {
  /// The item's frame, relative to the group's top-left corner, in points.
  public var frame: Rect
  /// Items with a higher `zIndex` are drawn over the others.
  public var zIndex: Int

  /// A custom item with `frame`.
  public init(frame: Rect, zIndex: Int = 0) {
    self.frame = frame
    self.zIndex = zIndex
  }
}

/// Items (and groups) laid out together along a line or by a closure: UIKit's
/// `NSCollectionLayoutGroup`. A section repeats its group until its items run out.
///
/// - ``horizontal(layoutSize:subitems:)`` and ``vertical(layoutSize:subitems:)`` repeat the
///   subitems, in order, while they fit (as UIKit does): a horizontal group of one item of
///   `fractionalWidth(0.25)` holds four.
/// - ``horizontal(layoutSize:repeatingSubitem:count:)`` and its vertical form share the
///   group's length out between exactly `count` copies, after the spacing.
/// - ``custom(layoutSize:itemProvider:)`` asks a closure for the frames.
///
/// Groups nest: a subitem may be a group. Items are numbered depth first.
public final class LayoutGroup: LayoutItem {
  /// How the group places its subitems.
  enum Arrangement {
    case line(Axis, repeatsWhileFitting: Bool)
    case repeating(Axis, count: Int)
    case custom((LayoutEnvironment) -> [LayoutGroupCustomItem])
  }

  /// How the group places its subitems.
  let arrangement: Arrangement
  /// The subitems, in order.
  public let subitems: [LayoutItem]
  /// The space between neighbouring subitems along the group's axis.
  public var interItemSpacing: LayoutSpacing?

  init(layoutSize: LayoutSize, arrangement: Arrangement, subitems: [LayoutItem]) {
    self.arrangement = arrangement
    self.subitems = subitems
    super.init(layoutSize: layoutSize)
  }

  /// A group that lays `subitems` out left to right, repeating them while they fit.
  public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .line(.horizontal, repeatsWhileFitting: true), subitems: subitems)
  }

  /// A group that lays `subitems` out top to bottom, repeating them while they fit.
  public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .line(.vertical, repeatsWhileFitting: true), subitems: subitems)
  }

  /// A group of exactly `count` copies of `subitem` side by side, sharing the group's width
  /// (less the spacing) by largest remainder: no gap at the end.
  public static func horizontal(layoutSize: LayoutSize, repeatingSubitem subitem: LayoutItem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .repeating(.horizontal, count: Swift.max(1, count)), subitems: [subitem])
  }

  /// A group of exactly `count` copies of `subitem` one above the other, sharing the
  /// group's height (less the spacing) by largest remainder.
  public static func vertical(layoutSize: LayoutSize, repeatingSubitem subitem: LayoutItem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .repeating(.vertical, count: Swift.max(1, count)), subitems: [subitem])
  }

  /// A group whose items' frames come from `itemProvider`, asked with the group's size as
  /// the environment's container. The frames are snapped to whole cells.
  public static func custom(
    layoutSize: LayoutSize, itemProvider: @escaping (LayoutEnvironment) -> [LayoutGroupCustomItem]
  ) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [])
  }
}
