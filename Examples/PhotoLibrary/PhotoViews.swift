import TermGrid

/// A photo or album: a framed card with its title, or one line when it has one row.
final class PhotoTile: Cell {
  var title = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    guard region.rows >= 3 else {
      canvas.draw("▪ \(title)", at: CellPoint(column: region.column, row: region.row), style: style, clip: clip)
      return
    }
    let lines = LineCanvas(style: isFocused ? style : context.theme.border.over(style), clip: clip)
    let right = region.maxColumn - 1
    let bottom = region.maxRow - 1
    lines.addHorizontalLine(row: region.row, fromColumn: region.column, toColumn: right, in: &canvas)
    lines.addHorizontalLine(row: bottom, fromColumn: region.column, toColumn: right, in: &canvas)
    lines.addVerticalLine(column: region.column, fromRow: region.row, toRow: bottom, in: &canvas)
    lines.addVerticalLine(column: right, fromRow: region.row, toRow: bottom, in: &canvas)
    let text = TextWidth.truncated(title, toWidth: region.columns - 2)
    let inside = CellRect(
      column: region.column + 1, row: region.row + 1, columns: region.columns - 2, rows: region.rows - 2)
    canvas.draw(
      text,
      at: CellPoint(
        column: region.column + (region.columns - TextWidth.displayWidth(of: text)) / 2, row: region.row + 1),
      style: style, clip: inside.intersection(clip))
  }
}

/// The recent list's panel: a frame drawn behind the section (a background decoration).
final class PanelView: ReusableView {
  required init() {
    super.init()
  }

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let lines = LineCanvas(style: context.theme.border, clip: clip)
    let right = region.maxColumn - 1
    let bottom = region.maxRow - 1
    lines.addHorizontalLine(row: region.row, fromColumn: region.column, toColumn: right, in: &canvas)
    lines.addHorizontalLine(row: bottom, fromColumn: region.column, toColumn: right, in: &canvas)
    lines.addVerticalLine(column: region.column, fromRow: region.row, toRow: bottom, in: &canvas)
    lines.addVerticalLine(column: right, fromRow: region.row, toRow: bottom, in: &canvas)
  }
}
