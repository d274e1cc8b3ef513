import TermGrid

/// An event: a dot, a diamond for today's events (which the cell learns from the layout's
/// ``EventMark``).
final class EventDot: Cell {
  private var isToday = false

  override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    isToday = attributes.info(as: EventMark.self)?.isToday ?? false
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    canvas.draw(isToday ? "◆" : "●", at: CellPoint(column: region.column, row: region.row), style: style, clip: clip)
  }
}

/// A date heading: a tick and the date the layout worked out (``DateMark``).
final class DateHeading: ReusableView {
  private var text = ""

  override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    text = attributes.info(as: DateMark.self)?.text ?? ""
  }

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    canvas.draw(
      "╷" + text, at: CellPoint(column: region.column, row: region.row), style: context.theme.header, clip: clip)
  }
}

/// The line from one event to the next.
final class SpanLine: ReusableView {
  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    canvas.fill(clip, with: "─", style: context.theme.connector)
  }
}

/// The line down the content at today.
final class TodayLineView: ReusableView {
  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    canvas.fill(clip, with: "┊", style: context.theme.dim)
  }
}
