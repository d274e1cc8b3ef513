import TermGridCore

/// How a section scrolls across the layout's scroll direction: UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
///
/// A terminal has no finger to fling a row: an orthogonal section keeps its own offset
/// (per section, across invalidations) and moves it when the keyboard focus goes to an
/// item that is not wholly visible. The behaviour says where it stops.
public enum OrthogonalScrollingBehavior: Hashable, Sendable {
  /// No sideways scrolling: groups stack along the layout's scroll direction.
  case none
  /// Scrolls as little as shows the focused item.
  case continuous
  /// Scrolls as little as shows the focused item, stopping with a group's leading edge at
  /// the section's leading inset.
  case continuousGroupLeadingBoundary
  /// Scrolls by whole pages of the section's width.
  case paging
  /// Puts the focused item's group at the section's leading inset.
  case groupPaging
  /// Centres the focused item's group.
  case groupPagingCentered
}

/// Where a boundary supplementary item sits: UIKit's `NSRectAlignment`, reduced to the
/// edges a header or a footer takes.
public enum BoundaryAlignment: Hashable, Sendable {
  /// Before the section's items: a header. With a vertical scroll direction.
  case top
  /// After the section's items: a footer. With a vertical scroll direction.
  case bottom
  /// Before the section's items with a horizontal scroll direction.
  case leading
  /// After the section's items with a horizontal scroll direction.
  case trailing

  /// True for the edges before the items.
  var isBefore: Bool { self == .top || self == .leading }
}

/// A header or footer of a section: UIKit's `NSCollectionLayoutBoundarySupplementaryItem`.
///
/// Its index path is item 0 of the section, its kind ``elementKind`` (use
/// ``ElementKind/header`` and ``ElementKind/footer`` to be drawn
/// by the views registered for those kinds).
public struct LayoutBoundarySupplementaryItem: Sendable {
  /// The size; fractional dimensions are fractions of the section's content area.
  public var layoutSize: LayoutSize
  /// The supplementary view's kind.
  public var elementKind: String
  /// The edge it sits on.
  public var alignment: BoundaryAlignment
  /// Keeps the view at the leading edge of the visible area (a header) or the trailing edge
  /// (a footer) while its section scrolls by, as ``FlowLayout/sectionHeadersPinToVisibleBounds``.
  public var pinToVisibleBounds = false
  /// Drawn over the section's items.
  public var zIndex = 1

  /// A boundary item of `layoutSize` and kind `elementKind` on the edge `alignment`.
  public init(layoutSize: LayoutSize, elementKind: String, alignment: BoundaryAlignment) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
  }
}

/// A view drawn behind a whole section: UIKit's `NSCollectionLayoutDecorationItem`
/// (`background(elementKind:)`). Register its view with
/// ``CollectionLayout/register(decorationViewOfKind:_:)``.
public struct LayoutDecorationItem: Sendable {
  /// The decoration view's kind.
  public var elementKind: String
  /// Space between the section's edges and the decoration, in points.
  public var contentInsets = EdgeInsets.zero
  /// Decorations are drawn under the items.
  public var zIndex = -1

  /// A background for the section, of kind `elementKind`.
  public static func background(elementKind: String) -> LayoutDecorationItem {
    LayoutDecorationItem(elementKind: elementKind)
  }
}

/// A section's ``LayoutSection/visibleItemsInvalidationHandler``: the section's elements on
/// screen (to change), the scroll offset and the layout environment.
public typealias VisibleItemsInvalidationHandler = (
  _ visibleItems: inout [LayoutAttributes], _ offset: Point, _ environment: LayoutEnvironment
) -> Void

/// A section of a compositional layout: a group repeated until the section's items run out,
/// with insets, spacing, boundary items and decorations. UIKit's `NSCollectionLayoutSection`.
public final class LayoutSection {
  /// The group the section repeats.
  public let group: LayoutGroup
  /// Space between the section's edges and its groups, in points.
  public var contentInsets = EdgeInsets.zero
  /// The space between successive groups.
  public var interGroupSpacing = 0.0
  /// How the section scrolls across the layout's scroll direction.
  public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
  /// The section's headers and footers.
  public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
  /// The section's backgrounds.
  public var decorationItems: [LayoutDecorationItem] = []
  /// Whether headers and footers are inset across the scroll direction by the section's
  /// ``contentInsets``, as UIKit's default.
  public var supplementariesFollowContentInsets = true
  /// Called before the section's visible items are drawn, each time the layout is asked for
  /// them (a scroll up or down, a sideways slide of an orthogonal section, every frame of
  /// it): UIKit's `visibleItemsInvalidationHandler`.
  ///
  /// It gets the section's items, headers and footers on screen, the scroll offset and the
  /// layout environment, and may change the items' ``LayoutAttributes/alpha``,
  /// ``LayoutAttributes/zIndex``, ``LayoutAttributes/isHidden`` and
  /// ``LayoutAttributes/frame`` (a card that grows as it nears the centre, say); the changes
  /// are what ``CollectionLayout/layoutAttributesForElements(in:)`` gives, for that query
  /// only. The offset is the section's sideways offset for an orthogonal section
  /// (``CompositionalLayout/orthogonalScrollOffset(inSection:)``, as `x` for a row, `y` for
  /// a column), else the collection view's content offset.
  public var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?

  /// A section repeating `group`.
  public init(group: LayoutGroup) {
    self.group = group
  }
}
