import TermGrid

/// The screen while a load has nothing to show yet: what is read, how far, how fast.
/// With a known size a bar shows the fraction; reading a pipe shows bytes and rate only.
final class ProgressView: ReusableView {
  var title = ""
  /// From 0 to 1, or `nil` when the total is not known.
  var fraction: Double?
  var detail = ""

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let theme = context.theme
    canvas.fill(clip, style: theme.normal)
    guard region.columns >= 1, region.rows >= 1 else { return }
    let row = region.row + max(0, region.rows / 2 - 1)
    let width = max(0, region.columns - 2)
    canvas.draw(
      TextWidth.truncated(title, toWidth: width), at: CellPoint(column: region.column + 1, row: row),
      style: theme.header, clip: clip)
    var next = row + 1
    if let fraction, next < region.maxRow {
      let barWidth = max(1, min(60, width))
      let filled = Int(min(1, max(0, fraction)) * Double(barWidth))
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
      canvas.draw(bar, at: CellPoint(column: region.column + 1, row: next), style: theme.normal, clip: clip)
      next += 1
    }
    if next < region.maxRow {
      canvas.draw(
        TextWidth.truncated(detail, toWidth: width), at: CellPoint(column: region.column + 1, row: next),
        style: theme.dim, clip: clip)
    }
  }
}
