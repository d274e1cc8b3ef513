/// A layout's own value in ``LayoutAttributes/info`` that changes smoothly during an
/// animation, rather than switching to its final value at the end.
///
/// When an element moves in an animation (a batch update, a layout switch), the collection
/// view interpolates its frame and alpha on every frame. Any other field of its attributes
/// keeps its start value until the last frame, which is right for a flag but wrong for a
/// payload that describes geometry relative to the frame: a tree connector's lines would
/// stay where they were in a frame that has moved, and a branch would sit a row off its box.
/// A payload that adopts `Interpolatable` is asked for its value part-way instead, on every
/// frame, with the frames it moves between:
///
/// ```swift
/// struct Gauge: Interpolatable {
///   var fill: Double
///   func interpolated(to other: Gauge, context: InterpolationContext) -> Gauge {
///     Gauge(fill: fill + (other.fill - fill) * context.progress)
///   }
/// }
/// attributes.info = LayoutInfo(Gauge(fill: 0.4))
/// ```
///
/// ``ConnectorGeometry`` adopts it: each line's ends move in the content as the boxes they
/// join do, so a connector stays attached on every frame. Values of two different types
/// never interpolate; the start value shows until the end, as for any other payload.
public protocol Interpolatable: Hashable, Sendable {
  /// The value part-way from `self` (at ``InterpolationContext/progress`` 0) to `other`
  /// (at 1). At progress 1 it should be `other`.
  func interpolated(to other: Self, context: InterpolationContext) -> Self
}

/// Where an element is in an animation, for ``Interpolatable`` payloads.
public struct InterpolationContext: Hashable, Sendable {
  /// How far the animation has gone: 0 at the start, 1 at the end (eased).
  public var progress: Double
  /// The element's frame at the start, in points.
  public var startFrame: Rect
  /// The element's frame at the end, in points.
  public var endFrame: Rect
  /// The element's frame now (``startFrame`` part-way to ``endFrame``), in points.
  public var frame: Rect
  /// How the collection view maps points to screen cells: payloads in cells relative to
  /// the frame use it to land on the same cells as the elements they join.
  public var cellMetrics: CellMetrics

  /// Creates a context.
  public init(progress: Double, startFrame: Rect, endFrame: Rect, frame: Rect, cellMetrics: CellMetrics = .identity) {
    self.progress = progress
    self.startFrame = startFrame
    self.endFrame = endFrame
    self.frame = frame
    self.cellMetrics = cellMetrics
  }
}

extension LayoutInfo {
  /// The payload part-way to `other`'s, when both hold the same ``Interpolatable`` type;
  /// `nil` otherwise.
  public func interpolated(to other: LayoutInfo, context: InterpolationContext) -> LayoutInfo? {
    guard box !== other.box, let box = box.interpolated(to: other.box, context: context) else { return nil }
    return LayoutInfo(box: box)
  }
}
