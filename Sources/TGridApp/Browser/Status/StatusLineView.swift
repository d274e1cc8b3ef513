import TermGrid

/// The bottom line: the document's name and a message or the focused path on the left,
/// the position and selection on the right. The left side gives way when the line is short;
/// the right side is cut last.
final class StatusLineView: ReusableView {
  /// The left part (name, then the message or the path).
  var left = ""
  /// The right part (position, selection, `? help`).
  var right = ""

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let style = context.theme.status
    canvas.fill(clip, style: style)
    guard region.columns >= 1, region.rows >= 1 else { return }
    let rightWidth = TextWidth.displayWidth(of: right)
    let leftRoom = region.columns - rightWidth - 1
    let row = region.row
    if leftRoom > 0 {
      canvas.draw(
        TextWidth.truncated(left, toWidth: leftRoom), at: CellPoint(column: region.column, row: row), style: style,
        clip: clip)
      canvas.draw(right, at: CellPoint(column: region.maxColumn - rightWidth, row: row), style: style, clip: clip)
    } else {
      canvas.draw(
        TextWidth.truncated(right, toWidth: region.columns), at: CellPoint(column: region.column, row: row),
        style: style, clip: clip)
    }
  }
}
