import TermGridCore

/// A tree node drawn as the talk's schematic draws it: a bordered box around its label,
/// the border in the style of the node's kind (``TreeNodeCell/kind``), for a
/// ``TreeLayout`` whose ``TreeLayout/nodeStyle`` is `.boxed` (three rows) or
/// `.compactBoxed` (one row: `│ label │`).
///
/// The box joins the connector lines that meet its edges (`┤ label ├`): it keeps the line
/// directions already drawn on its border cells.
open class BoxedTreeNodeCell: TreeNodeCell {
  /// Creates a boxed node cell.
  public required init() {
    super.init()
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    guard !region.isEmpty else { return }
    let area = clip.intersection(region).intersection(canvas.bounds)
    guard !area.isEmpty else { return }
    // Lines that end on the border (connectors) are kept and joined.
    var joins: [(CellPoint, LineDirections)] = []
    for row in area.row..<(area.row + area.rows) {
      for column in [region.column, region.column + region.columns - 1]
      where area.contains(CellPoint(column: column, row: row)) {
        let existing = canvas[column, row].lineDirections.intersection(.horizontal)
        if !existing.isEmpty { joins.append((CellPoint(column: column, row: row), existing)) }
      }
    }
    let theme = context.theme
    let state = stateStyle(theme: theme)
    canvas.fill(area, style: state)
    let borderStyle = (theme.kinds[kind] ?? theme.border).over(isFocused || isSelected ? state : theme.normal)
    let lines = LineCanvas(style: borderStyle, clip: area)
    let right = region.column + region.columns - 1
    let bottom = region.row + region.rows - 1
    if region.columns > 1 && region.rows > 1 {
      lines.addHorizontalLine(row: region.row, fromColumn: region.column, toColumn: right, in: &canvas)
      lines.addHorizontalLine(row: bottom, fromColumn: region.column, toColumn: right, in: &canvas)
      lines.addVerticalLine(column: region.column, fromRow: region.row, toRow: bottom, in: &canvas)
      lines.addVerticalLine(column: right, fromRow: region.row, toRow: bottom, in: &canvas)
    } else if region.columns > 1 {
      // A compact box (`TreeLayout.NodeStyle.compactBoxed`): one row, its side borders only.
      lines.add(.vertical, at: CellPoint(column: region.column, row: region.row), in: &canvas)
      lines.add(.vertical, at: CellPoint(column: right, row: region.row), in: &canvas)
    }
    for (point, directions) in joins { lines.add(directions, at: point, in: &canvas) }
    let inner = CellRect(
      column: region.column + 2, row: region.row + region.rows / 2, columns: max(0, region.columns - 4), rows: 1)
    drawContent(in: &canvas, region: inner, clip: area.intersection(inner), style: state, context: context)
  }
}
