/// Distances inward from the four edges of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
  /// Inset from the top edge.
  public var top: Double
  /// Inset from the left edge.
  public var left: Double
  /// Inset from the bottom edge.
  public var bottom: Double
  /// Inset from the right edge.
  public var right: Double

  /// No inset on any side.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// Creates insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four sides.
  public init(all inset: Double) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// The sum of the left and right insets.
  public var horizontal: Double { left + right }
  /// The sum of the top and bottom insets.
  public var vertical: Double { top + bottom }
}
