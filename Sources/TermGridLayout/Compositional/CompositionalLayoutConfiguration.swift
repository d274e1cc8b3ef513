import TermGridCore

/// What a compositional layout applies across its sections: UIKit's
/// `UICollectionViewCompositionalLayoutConfiguration`.
public struct CompositionalLayoutConfiguration: Sendable {
  /// The direction the content scrolls in; sections follow one another that way.
  public var scrollDirection = FlowLayout.ScrollDirection.vertical
  /// The space between successive sections, in points.
  public var interSectionSpacing = 0.0

  /// A configuration with a vertical scroll direction and no space between sections.
  public init(scrollDirection: FlowLayout.ScrollDirection = .vertical, interSectionSpacing: Double = 0) {
    self.scrollDirection = scrollDirection
    self.interSectionSpacing = interSectionSpacing
  }
}

/// The container a section or group is laid out in: UIKit's `NSCollectionLayoutContainer`.
public struct LayoutContainer: Hashable, Sendable {
  /// The container's size.
  public var contentSize: Size
  /// The insets inside it.
  public var contentInsets: EdgeInsets
  /// The size inside the insets.
  public var effectiveContentSize: Size {
    Size(
      width: Swift.max(0, contentSize.width - contentInsets.horizontal),
      height: Swift.max(0, contentSize.height - contentInsets.vertical))
  }

  /// A container of `contentSize` with `contentInsets` inside.
  public init(contentSize: Size, contentInsets: EdgeInsets = .zero) {
    self.contentSize = contentSize
    self.contentInsets = contentInsets
  }
}

/// What a section provider knows of where its section goes: UIKit's
/// `NSCollectionLayoutEnvironment` (the terminal's cell metrics take the place of the trait
/// collection).
public struct LayoutEnvironment: Hashable, Sendable {
  /// The container: the collection view's visible size, less its content inset.
  public var container: LayoutContainer
  /// How points map to character cells.
  public var cellMetrics: CellMetrics

  /// An environment for `container` at `cellMetrics`.
  public init(container: LayoutContainer, cellMetrics: CellMetrics = .identity) {
    self.container = container
    self.cellMetrics = cellMetrics
  }
}
