import TermGridCore

/// A date header of a time axis: the period's label (a ``TimelineTickInfo`` in its
/// attributes' info) on its first row, over whatever scrolls beneath, and a tick where the
/// period starts on the row below (it joins the axis drawn there into `┬`).
open class TimelineHeaderView: ReusableView {
  /// The tick, from the last attributes applied.
  public private(set) var tick: TimelineTickInfo?
  /// The label's style; `nil` uses the theme's header style.
  public var style: Style?

  /// Creates a header view.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    tick = nil
    style = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    tick = attributes.info?.value(as: TimelineTickInfo.self)
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let area = clip.intersection(region)
    guard !area.isEmpty else { return }
    let labelRow = CellRect(column: region.column, row: region.row, columns: region.columns, rows: 1).intersection(area)
    canvas.fill(labelRow, style: .plain)
    if let tick {
      let text = TextWidth.truncated(tick.label, toWidth: max(0, region.columns - 1))
      canvas.draw(
        text, at: CellPoint(column: region.column, row: region.row), style: style ?? context.theme.header,
        clip: labelRow)
    }
    if region.rows > 1, tick?.marksStart ?? false {
      let lines = LineCanvas(style: context.theme.connector, clip: area)
      lines.add(.down, at: CellPoint(column: region.column, row: region.row + 1), in: &canvas)
    }
  }
}
