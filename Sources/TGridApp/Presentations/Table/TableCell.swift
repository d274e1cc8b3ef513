import TermGrid

/// One value in the table: a one-line preview, cut with `…`, coloured by its type.
final class TableCell: Cell {
  /// The one-line preview.
  var text = ""
  /// The colour of the value's kind.
  var textStyle: Style?
  /// The row has no value in this column.
  var isMissing = false
  /// The text is drawn against the right edge (numbers).
  var isTrailing = false
  /// The text is dimmed (a sheet's zero counts, a missing key's row).
  var isDim = false

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
    textStyle = nil
    isMissing = false
    isTrailing = false
    isDim = false
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    let shown = TextWidth.truncated(isMissing ? "·" : text, toWidth: max(0, region.columns))
    let look = isMissing || isDim ? context.theme.dim.over(style) : (textStyle ?? .plain).over(style)
    let indent = isTrailing ? max(0, region.columns - TextWidth.displayWidth(of: shown)) : 0
    canvas.draw(shown, at: CellPoint(column: region.column + indent, row: region.row), style: look, clip: clip)
  }
}
