/// A rectangle in content coordinates, in points.
///
/// The rectangle covers `minX ..< maxX` horizontally and `minY ..< maxY` vertically:
/// two rectangles that share an edge touch but do not intersect.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height; layouts keep both non-negative.
  public var size: Size

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// Creates a rectangle from its origin and size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The smallest x.
  public var minX: Double { origin.x }
  /// The largest x (exclusive).
  public var maxX: Double { origin.x + size.width }
  /// The centre's x.
  public var midX: Double { origin.x + size.width / 2 }
  /// The smallest y.
  public var minY: Double { origin.y }
  /// The largest y (exclusive).
  public var maxY: Double { origin.y + size.height }
  /// The centre's y.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// True when the rectangle has no area.
  public var isEmpty: Bool { size.isEmpty }

  /// True when the two rectangles share some area (touching edges do not count).
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// The shared area of two rectangles, or `nil` when they do not intersect.
  public func intersection(_ other: Rect) -> Rect? {
    guard intersects(other) else { return nil }
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle that contains both.
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// True when the point lies inside (the maximum edges are exclusive).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// True when `other` lies entirely inside this rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The rectangle moved by `dx` and `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The rectangle shrunk by the insets (grown when they are negative).
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: Swift.max(0, width - insets.horizontal), height: Swift.max(0, height - insets.vertical))
  }

  /// A rectangle between `self` (at 0) and `other` (at 1).
  public func interpolated(to other: Rect, progress: Double) -> Rect {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
    return Rect(
      x: mix(minX, other.minX), y: mix(minY, other.minY),
      width: mix(width, other.width), height: mix(height, other.height))
  }

  public var description: String { "(\(origin.x.compactDescription), \(origin.y.compactDescription), \(size))" }
}
