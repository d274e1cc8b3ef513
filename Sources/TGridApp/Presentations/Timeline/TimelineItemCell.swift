import TermGrid

/// One event on the timeline: a bar as long as its range with the label inside, or a
/// marker `◆` followed by the label for a moment.
final class TimelineItemCell: Cell {
  var label = ""
  private(set) var isMarker = false
  var barStyle = Style(background: .indexed(60))

  override func prepareForReuse() {
    super.prepareForReuse()
    label = ""
    isMarker = false
  }

  override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    isMarker = attributes.info?.value(as: TimelineItemInfo.self)?.isMarker ?? false
  }

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let state = stateStyle(theme: context.theme)
    let plain = state == context.theme.normal
    let base = plain && !isMarker ? barStyle : state
    canvas.fill(clip, style: base)
    let text = isMarker ? "◆ " + label : label
    let shown = TextWidth.truncated(text, toWidth: max(0, region.columns))
    canvas.draw(shown, at: CellPoint(column: region.column, row: region.row), style: base, clip: clip)
  }
}
