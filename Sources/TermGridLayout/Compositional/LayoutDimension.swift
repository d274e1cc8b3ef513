import TermGridCore

/// One dimension of a compositional element's size: UIKit's `NSCollectionLayoutDimension`.
///
/// Fractional dimensions are fractions of the container: the section's content area for a
/// section's top-level group, the enclosing group's content area for its subitems. Sizes
/// end on whole character cells; sibling fractions are rounded together by largest
/// remainder, so fractions that add up to one fill their container exactly.
public enum LayoutDimension: Hashable, Sendable {
  /// A fraction of the container's width (`fractionalWidth(_:)`).
  case fractionalWidth(Double)
  /// A fraction of the container's height (`fractionalHeight(_:)`).
  case fractionalHeight(Double)
  /// A fixed length in points (`absolute(_:)`).
  case absolute(Double)
  /// A first guess in points, replaced by the size the cell asks for
  /// (``ReusableView/preferredLayoutAttributesFitting(_:)``) once it is
  /// displayed (`estimated(_:)`): self-sizing.
  case estimated(Double)

  /// True for ``estimated(_:)``.
  public var isEstimated: Bool {
    if case .estimated = self { return true }
    return false
  }

  /// The length before rounding against a container of `container` points.
  func rawLength(in container: Size) -> Double {
    switch self {
    case .fractionalWidth(let fraction): return Swift.max(0, fraction) * container.width
    case .fractionalHeight(let fraction): return Swift.max(0, fraction) * container.height
    case .absolute(let length), .estimated(let length): return Swift.max(0, length)
    }
  }

  /// True for the fractional dimensions, which are rounded together with their siblings.
  var isFractional: Bool {
    switch self {
    case .fractionalWidth, .fractionalHeight: return true
    case .absolute, .estimated: return false
    }
  }
}

/// A width and a height: UIKit's `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  public var widthDimension: LayoutDimension
  /// The height.
  public var heightDimension: LayoutDimension

  /// A size from two dimensions.
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// The dimension along `axis`.
  func dimension(_ axis: Axis) -> LayoutDimension { axis == .horizontal ? widthDimension : heightDimension }
}

/// The space between a group's items: UIKit's `NSCollectionLayoutSpacing`.
public enum LayoutSpacing: Hashable, Sendable {
  /// Exactly this many points between neighbours.
  case fixed(Double)
  /// At least this many points; what the group has left over is shared out between the
  /// gaps (by largest remainder, in whole cells).
  case flexible(Double)

  /// The smallest gap.
  var minimum: Double {
    switch self {
    case .fixed(let value), .flexible(let value): return Swift.max(0, value)
    }
  }
}

/// An axis of the plane.
enum Axis: Hashable, Sendable {
  case horizontal
  case vertical

  /// The other axis.
  var other: Axis { self == .horizontal ? .vertical : .horizontal }
}
