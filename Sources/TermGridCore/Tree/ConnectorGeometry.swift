/// The lines of one connector (the lines joining a parent to its children), in cells
/// relative to the connector's frame, carried in ``LayoutAttributes/info`` for a
/// ``ConnectorView`` to draw through a ``LineCanvas``.
public struct ConnectorGeometry: Hashable, Sendable {
  /// One straight line: horizontal (along a row) or vertical (down a column).
  public struct Segment: Hashable, Sendable {
    /// Which way a segment runs.
    public enum Axis: Hashable, Sendable {
      /// Along a row.
      case horizontal
      /// Down a column.
      case vertical
    }

    /// Which way the line runs.
    public var axis: Axis
    /// The first cell of the line: its left end, or its top end.
    public var start: CellPoint
    /// The last cell of the line. A line runs from the centre of `start` to the centre of
    /// `end`, so a one-cell line has no length and draws only what it continues into.
    public var end: CellPoint
    /// The line also leaves `start` outwards (left, or up), joining something drawn outside
    /// the frame: an outline's trunk runs up into its parent's row.
    public var continuesBeforeStart: Bool

    /// A horizontal segment on `row` from `fromColumn` to `toColumn`.
    public static func horizontal(row: Int, from fromColumn: Int, to toColumn: Int) -> Segment {
      Segment(
        axis: .horizontal, start: CellPoint(column: min(fromColumn, toColumn), row: row),
        end: CellPoint(column: max(fromColumn, toColumn), row: row), continuesBeforeStart: false)
    }

    /// A vertical segment in `column` from `fromRow` to `toRow`.
    public static func vertical(column: Int, from fromRow: Int, to toRow: Int, continuesBeforeStart: Bool = false)
      -> Segment
    {
      Segment(
        axis: .vertical, start: CellPoint(column: column, row: min(fromRow, toRow)),
        end: CellPoint(column: column, row: max(fromRow, toRow)), continuesBeforeStart: continuesBeforeStart)
    }

    /// The cells the line passes through, in order.
    public var cells: [CellPoint] {
      switch axis {
      case .horizontal: return (start.column...end.column).map { CellPoint(column: $0, row: start.row) }
      case .vertical: return (start.row...end.row).map { CellPoint(column: start.column, row: $0) }
      }
    }
  }

  /// The size, in cells, of the frame the segments were computed for. A view whose region
  /// differs (a frame part-way through an animation) cuts the lines at its edges.
  public var size: CellSize
  /// The lines.
  public var segments: [Segment]

  /// Creates a connector geometry.
  public init(size: CellSize, segments: [Segment]) {
    self.size = size
    self.segments = segments
  }

  /// True when every cell of every segment lies inside the frame.
  public var isInsideFrame: Bool {
    let frame = CellRect(size: size)
    return segments.allSatisfy { frame.contains($0.start) && frame.contains($0.end) }
  }
}

extension ConnectorGeometry: Interpolatable {
  /// The lines part-way between two connectors: each end of each line moves through the
  /// content as the frame's corner does from the start geometry's place to the end
  /// geometry's, and lands on the cell the collection view rounds it to, so a branch stays on
  /// the row of the box it joins, whose frame moves the same way. Lines are paired in order;
  /// a line only one side has moves with the frame.
  public func interpolated(to other: ConnectorGeometry, context: InterpolationContext) -> ConnectorGeometry {
    let metrics = context.cellMetrics
    let start = metrics.cellRect(for: context.startFrame)
    let end = metrics.cellRect(for: context.endFrame)
    let now = metrics.cellRect(for: context.frame)
    let progress = context.progress
    func place(_ from: CellPoint, _ to: CellPoint) -> CellPoint {
      let fromX = metrics.x(forColumn: start.column + from.column)
      let toX = metrics.x(forColumn: end.column + to.column)
      let fromY = metrics.y(forRow: start.row + from.row)
      let toY = metrics.y(forRow: end.row + to.row)
      return CellPoint(
        column: metrics.column(forX: fromX + (toX - fromX) * progress) - now.column,
        row: metrics.row(forY: fromY + (toY - fromY) * progress) - now.row)
    }
    var mixed: [Segment] = []
    mixed.reserveCapacity(Swift.max(segments.count, other.segments.count))
    for index in 0..<Swift.max(segments.count, other.segments.count) {
      let from = index < segments.count ? segments[index] : nil
      let to = index < other.segments.count ? other.segments[index] : nil
      switch (from, to) {
      case (let from?, let to?) where from.axis == to.axis:
        mixed.append(
          Segment(
            axis: from.axis, start: place(from.start, to.start), end: place(from.end, to.end),
            continuesBeforeStart: progress < 0.5 ? from.continuesBeforeStart : to.continuesBeforeStart))
      case (let from?, let to?):
        let line = progress < 0.5 ? from : to
        mixed.append(
          Segment(axis: line.axis, start: line.start, end: line.end, continuesBeforeStart: line.continuesBeforeStart))
      case (let line?, nil), (nil, let line?):
        // Kept where it is in the frame, which moves.
        mixed.append(line)
      case (nil, nil):
        break
      }
    }
    return ConnectorGeometry(size: now.size, segments: mixed)
  }
}
