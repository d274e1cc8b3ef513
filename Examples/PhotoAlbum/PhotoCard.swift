import TermGrid

/// A photo as a card: a frame with the title and year, or one line when the layout gives
/// it only one row (the list layout, and the frames of a layout switch in between).
final class PhotoCard: Cell {
  var title = ""
  var year = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
    year = 0
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    guard region.rows >= 3 else {
      canvas.draw("▪ \(title)", at: CellPoint(column: region.column, row: region.row), style: style, clip: clip)
      return
    }
    let lines = LineCanvas(style: isFocused || isSelected ? style : context.theme.border.over(style), clip: clip)
    let right = region.maxColumn - 1
    let bottom = region.maxRow - 1
    lines.addHorizontalLine(row: region.row, fromColumn: region.column, toColumn: right, in: &canvas)
    lines.addHorizontalLine(row: bottom, fromColumn: region.column, toColumn: right, in: &canvas)
    lines.addVerticalLine(column: region.column, fromRow: region.row, toRow: bottom, in: &canvas)
    lines.addVerticalLine(column: right, fromRow: region.row, toRow: bottom, in: &canvas)
    let inside = CellRect(
      column: region.column + 1, row: region.row + 1, columns: region.columns - 2, rows: region.rows - 2
    )
    .intersection(clip)
    centre(
      TextWidth.truncated(title, toWidth: region.columns - 2), row: region.row + 1, in: region, clip: inside,
      style: style, canvas: &canvas)
    centre(
      String(year), row: region.row + 2, in: region, clip: inside, style: context.theme.dim.over(style), canvas: &canvas
    )
  }

  private func centre(_ text: String, row: Int, in region: CellRect, clip: CellRect, style: Style, canvas: inout Canvas)
  {
    guard row < region.maxRow - 1 else { return }
    let column = region.column + (region.columns - TextWidth.displayWidth(of: text)) / 2
    canvas.draw(text, at: CellPoint(column: column, row: row), style: style, clip: clip)
  }
}
