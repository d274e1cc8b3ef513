import TermGrid

/// One value in the table: a one-line preview, cut with `…`, coloured by its type.
final class TableCell: Cell {
  var text = ""
  var textStyle: Style?
  /// The row has no value in this column.
  var isMissing = false

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
    textStyle = nil
    isMissing = false
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    let shown = TextWidth.truncated(isMissing ? "·" : text, toWidth: max(0, region.columns))
    let look = isMissing ? context.theme.dim.over(style) : (textStyle ?? .plain).over(style)
    canvas.draw(shown, at: CellPoint(column: region.column, row: region.row), style: look, clip: clip)
  }
}
