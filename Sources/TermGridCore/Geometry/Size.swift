/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// No width and no height.
  public static let zero = Size(width: 0, height: 0)

  /// Creates a size.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// True when either side is zero or negative.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  public var description: String { "\(width.compactDescription)×\(height.compactDescription)" }
}
