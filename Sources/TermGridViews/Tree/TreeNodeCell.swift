import TermGridCore

/// A tree node: its marker (`▸` collapsed, `▾` expanded), its label in its kind's style, and
/// for a collapsed node a badge with the number of descendants it hides: `▸ name (+12)`.
///
/// The data source sets ``label`` and ``kind``; the marker, badge and width come from the
/// ``TreeNodeInfo`` the ``TreeLayout`` put in the attributes, so the cell draws exactly what
/// the layout sized. A label longer than the room left is cut with `…`, keeping the badge
/// (which goes only when not even one column of label would be left). A node cut by the
/// edge of the visible area ends in `…` at that edge, so a long number cut there never reads
/// as a shorter one.
///
/// The same view shows a pinned ancestor row (``ElementKind/pinnedAncestor``): it then spans
/// the visible width, covers what scrolls under it and draws the node at its indentation;
/// the lowest pinned row is underlined to mark where the content starts.
open class TreeNodeCell: Cell {
  /// The node's text.
  public var label = ""
  /// The node's kind: its label is drawn in the theme's style for it (``Theme/kinds``).
  public var kind = TreeNodeKind.normal
  /// A style for the label in place of its kind's (a table cell coloured by its value).
  public var labelStyle: Style?
  /// Whether a cell of a table column drawn against its right edge
  /// (``TreeNodeInfo/isTableTrailing``) ends its label there; false keeps it at the left
  /// (a `null` in a column of numbers, as a spreadsheet leaves text).
  public var followsColumnAlignment = true
  /// What the layout said about the node, from the last attributes applied.
  public private(set) var info: TreeNodeInfo?

  public required init() {
    super.init()
  }

  /// Sets the label and kind.
  public func configure(label: String, kind: String) {
    self.label = label
    self.kind = kind
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    label = ""
    kind = TreeNodeKind.normal
    labelStyle = nil
    followsColumnAlignment = true
    info = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    info = attributes.info?.value(as: TreeNodeInfo.self)
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    super.draw(in: &canvas, region: region, clip: clip, context: context)
    if info?.isLastPinned == true { canvas.restyle(clip) { $0.adding(.underline) } }
  }

  open override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    let theme = context.theme
    let textStyle = (labelStyle ?? theme.kinds[kind] ?? theme.normal).over(style)
    // Read once: every row on screen is drawn at every frame, and each read of the optional
    // through the property would copy it.
    let info = self.info
    let marker = info?.marker ?? .none
    let start = region.column + (info?.contentOffset ?? 0)
    let width = info?.isPinned == true ? (info?.width ?? region.columns) : region.columns
    let end = start + max(0, width)
    if let guides = info?.guideLines, !guides.isEmpty {
      // A pinned row draws the outline's lines before its node, as on its own row.
      let lines = LineCanvas(style: theme.connector.over(style), clip: clip.intersection(region))
      for guide in guides {
        lines.add(guide.directions, at: CellPoint(column: region.column + guide.column, row: region.row), in: &canvas)
      }
    }
    let area = clip.intersection(CellRect(column: start, row: region.row, columns: max(0, end - start), rows: 1))
    guard !area.isEmpty else { return }
    var column = start
    if let glyph = marker.glyph {
      canvas.draw(String(glyph) + " ", at: CellPoint(column: column, row: region.row), style: textStyle, clip: area)
      column += marker.width
    }
    let hidden = info?.hiddenDescendantCount ?? 0
    var badge = hidden > 0 ? TreeNodeInfo.badgeText(forHiddenCount: hidden) : ""
    var badgeWidth = badge.isEmpty ? 0 : TextWidth.displayWidth(of: badge)
    if end - column - badgeWidth < 1 {
      badge = ""
      badgeWidth = 0
    }
    // Cut and measured in one reading of the label.
    let (shown, shownWidth) = TextWidth.measuredTruncation(of: label, toWidth: max(0, end - column - badgeWidth))
    if info?.isTableTrailing == true, followsColumnAlignment, marker == .none, badge.isEmpty {
      // A number in a column of numbers ends at the column's right edge.
      column = max(column, end - shownWidth)
    }
    let intendedEnd = column + shownWidth + badgeWidth
    column = canvas.draw(shown, at: CellPoint(column: column, row: region.row), style: textStyle, clip: area)
    if !badge.isEmpty {
      canvas.draw(badge, at: CellPoint(column: column, row: region.row), style: theme.badge.over(style), clip: area)
    }
    if intendedEnd > area.maxColumn, area.columns > 1 {
      // Cut by the edge of the visible area, not by the layout: say so, so a long number
      // cut there never reads as a shorter one.
      canvas.draw("…", at: CellPoint(column: area.maxColumn - 1, row: region.row), style: textStyle, clip: area)
    }
  }
}
