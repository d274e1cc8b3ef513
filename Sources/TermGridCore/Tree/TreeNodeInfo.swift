/// What a ``TreeLayout`` tells a node's view beyond its frame, in ``LayoutAttributes/info``:
/// the marker and badge it sized the node for, so the view draws exactly what fits.
public struct TreeNodeInfo: Hashable, Sendable {
  /// The marker drawn before a node's label.
  public enum Marker: Hashable, Sendable {
    /// No marker (a leaf, or an expanded node when expanded nodes are not marked).
    case none
    /// `▸`: the node is collapsed.
    case collapsed
    /// `▾`: the node is expanded and has children.
    case expanded

    /// The marker's glyph, or `nil` for none.
    public var glyph: Character? {
      switch self {
      case .none: return nil
      case .collapsed: return "▸"
      case .expanded: return "▾"
      }
    }

    /// Columns the marker takes with the space after it.
    public var width: Int { self == .none ? 0 : 2 }
  }

  /// The node's depth (its section).
  public var depth: Int
  /// The marker before the label.
  public var marker: Marker
  /// Descendants a collapsed node hides; 0 means no badge.
  public var hiddenDescendantCount: Int
  /// The label's own width in columns, before any truncation.
  public var labelWidth: Int
  /// The columns the node takes as laid out (marker, label and badge, cut to the layout's
  /// maximum width): its cell's width.
  public var width: Int
  /// Columns from the frame's left edge to where the node's content starts: 0 for a cell;
  /// for a pinned row that spans the visible width, the node's indentation less the
  /// columns scrolled off to the left, never below 0.
  public var contentOffset: Int
  /// True for a pinned ancestor row (a supplementary view over the content).
  public var isPinned: Bool
  /// True for the lowest pinned row, which draws the edge between pinned rows and content.
  public var isLastPinned: Bool
  /// For a pinned row, the guide lines the outline draws before the node on its own row
  /// (`│  ├─ name`), so the pinned row reads as that row of the tree. Empty for a cell.
  public var guideLines: [GuideLine] = []
  /// For a cell of a table section (a node whose grandparent a ``TreeLayout`` lays out as a
  /// table), the column it is in; `nil` for every other node. Its frame is the column's.
  public var tableColumn: Int?
  /// True for a cell of a table section in a column drawn against its right edge
  /// (``TreeTableHeaderInfo/trailingColumns``): its label ends at the frame's right edge.
  public var isTableTrailing = false
  /// True for a row of a table section (a child of a node laid out as a table): its frame
  /// is the table's row-label column.
  public var isTableRow = false

  /// One cell of the guide lines before a pinned row's node: the directions lines leave
  /// it in (a trunk passing `│`, a branch `├`, the last branch `└`, its stub `─`).
  public struct GuideLine: Hashable, Sendable {
    /// Columns from the frame's left edge.
    public var column: Int
    /// The directions lines leave the cell in.
    public var directions: LineDirections

    /// Creates a guide-line cell.
    public init(column: Int, directions: LineDirections) {
      self.column = column
      self.directions = directions
    }
  }

  /// Creates node info.
  public init(
    depth: Int, marker: Marker, hiddenDescendantCount: Int, labelWidth: Int, width: Int, contentOffset: Int = 0,
    isPinned: Bool = false, isLastPinned: Bool = false
  ) {
    self.depth = depth
    self.marker = marker
    self.hiddenDescendantCount = hiddenDescendantCount
    self.labelWidth = labelWidth
    self.width = width
    self.contentOffset = contentOffset
    self.isPinned = isPinned
    self.isLastPinned = isLastPinned
  }

  /// The badge text for a hidden count, with its leading space: ` (+12)`; empty for 0.
  public static func badgeText(forHiddenCount count: Int) -> String {
    count > 0 ? " (+\(count))" : ""
  }

  /// The badge's width in columns for a hidden count (0 for no badge), without building text.
  public static func badgeWidth(forHiddenCount count: Int) -> Int {
    guard count > 0 else { return 0 }
    var digits = 1
    var rest = count / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits + 4
  }

  /// The badge text for this node.
  public var badgeText: String { Self.badgeText(forHiddenCount: hiddenDescendantCount) }

  /// The columns the whole node takes: marker, label and badge.
  public var naturalWidth: Int {
    marker.width + labelWidth + Self.badgeWidth(forHiddenCount: hiddenDescendantCount)
  }
}
