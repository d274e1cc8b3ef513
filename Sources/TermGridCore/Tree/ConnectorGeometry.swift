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
