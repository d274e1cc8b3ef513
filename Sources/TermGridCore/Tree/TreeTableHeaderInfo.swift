/// What a ``TreeLayout`` tells the header row of a table section
/// (``ElementKind/tableHeader``) beyond its frame, in ``LayoutAttributes/info``: the column
/// titles and where each column is, so the header lines up with the cells below it.
public struct TreeTableHeaderInfo: Hashable, Sendable {
  /// The columns' titles, in column order.
  public var titles: [String]
  /// Each column's left edge, in columns from the frame's left edge.
  public var columnOffsets: [Int]
  /// Each column's width.
  public var columnWidths: [Int]
  /// True while the header is pinned to the top of the visible area (its own row scrolled
  /// off while rows of its table are still in view).
  public var isPinned: Bool
  /// The columns whose titles (and cells) are drawn against their right edge.
  public var trailingColumns: Set<Int>

  /// Creates header info.
  public init(
    titles: [String], columnOffsets: [Int], columnWidths: [Int], isPinned: Bool = false,
    trailingColumns: Set<Int> = []
  ) {
    self.trailingColumns = trailingColumns
    self.titles = titles
    self.columnOffsets = columnOffsets
    self.columnWidths = columnWidths
    self.isPinned = isPinned
  }
}
