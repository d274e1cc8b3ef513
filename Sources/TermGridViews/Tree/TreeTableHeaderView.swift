import TermGridCore

/// The header row of a table section in an outline (``ElementKind/tableHeader``): each
/// column's title over its column, in the theme's header style and underlined, from the
/// ``TreeTableHeaderInfo`` in its attributes' info. Pinned to the top of the visible area,
/// it covers the row that scrolled under it.
open class TreeTableHeaderView: InfoView<TreeTableHeaderInfo> {
  /// The columns, from the last attributes applied.
  public var header: TreeTableHeaderInfo? { info }

  open override func draw(
    _ header: TreeTableHeaderInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    let row = area.intersection(CellRect(column: region.column, row: region.row, columns: region.columns, rows: 1))
    guard !row.isEmpty else { return }
    let style = context.theme.header.adding(.underline)
    canvas.fill(row, style: style)
    for (column, title) in header.titles.enumerated()
    where column < header.columnOffsets.count && column < header.columnWidths.count {
      let width = header.columnWidths[column]
      let cells = row.intersection(
        CellRect(column: region.column + header.columnOffsets[column], row: region.row, columns: width, rows: 1))
      guard !cells.isEmpty else { continue }
      let shown = TextWidth.truncated(title, toWidth: width)
      let indent = header.trailingColumns.contains(column) ? max(0, width - TextWidth.displayWidth(of: shown)) : 0
      canvas.draw(
        shown, at: CellPoint(column: region.column + header.columnOffsets[column] + indent, row: region.row),
        style: style, clip: cells)
    }
  }
}
