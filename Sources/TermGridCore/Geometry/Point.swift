/// A position in content coordinates, in points.
///
/// Layouts work in points; ``CellMetrics`` maps points to character cells.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate; grows to the right.
  public var x: Double
  /// The vertical coordinate; grows downwards.
  public var y: Double

  /// The origin.
  public static let zero = Point(x: 0, y: 0)

  /// Creates a point.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point moved by `dx` and `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Point {
    Point(x: x + dx, y: y + dy)
  }

  public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }
}

extension Double {
  /// `3` for 3.0, `3.5` for 3.5: keeps test failure messages short.
  var compactDescription: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
    return String(self)
  }
}
