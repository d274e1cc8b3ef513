import TermGridCore

/// A tick of a chart's axis (a ``ChartTickInfo`` in its attributes' info): on the x axis, a
/// mark on the axis row (it joins the axis into `┬`) and the label on the row below; on the
/// y axis, the label right-aligned on the tick's row and a mark on the axis column (`┤`).
open class ChartTickView: ChartElementView<ChartTickInfo> {
  /// The tick, from the last attributes applied.
  public var tick: ChartTickInfo? { info }

  open override func draw(
    _ tick: ChartTickInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    let lines = LineCanvas(style: context.theme.connector, clip: area)
    switch tick.axis {
    case .x:
      lines.add(.down, at: CellPoint(column: region.column, row: region.row), in: &canvas)
      if region.rows > 1 {
        let text = TextWidth.truncated(tick.label, toWidth: region.columns)
        canvas.draw(
          text, at: CellPoint(column: region.column, row: region.row + 1), style: context.theme.dim, clip: area)
      }
    case .y:
      let room = max(0, region.columns - 1)
      let text = TextWidth.truncated(tick.label, toWidth: room)
      let start = region.column + room - TextWidth.displayWidth(of: text)
      canvas.fill(
        CellRect(column: region.column, row: region.row, columns: room, rows: 1).intersection(area), style: .plain)
      canvas.draw(text, at: CellPoint(column: start, row: region.row), style: context.theme.dim, clip: area)
      lines.add(.left, at: CellPoint(column: region.column + room, row: region.row), in: &canvas)
    }
  }
}

/// A gridline across a chart's plot at a tick (a ``RuleInfo`` in its attributes' info):
/// dotted and dim, under the points.
open class ChartTickLineView: ChartElementView<RuleInfo> {
  /// The line, from the last attributes applied.
  public var rule: RuleInfo? { info }

  open override func draw(
    _ rule: RuleInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    canvas.fill(area, with: rule.axis == .horizontal ? "┈" : "┊", style: context.theme.border.adding(.dim))
  }
}

/// A chart's legend (a ``ChartLegendInfo`` in its attributes' info): the caption, then each
/// series' marker and title in its style, on one row.
open class ChartLegendView: ChartElementView<ChartLegendInfo> {
  /// The legend, from the last attributes applied.
  public var legend: ChartLegendInfo? { info }

  /// The legend's text as drawn, without styles: what a layout measures to size it.
  public static func text(of legend: ChartLegendInfo) -> String {
    var parts: [String] = []
    if !legend.caption.isEmpty { parts.append(legend.caption) }
    for (series, title) in legend.titles.enumerated() {
      parts.append("\(ChartLegendInfo.marker(ofSeries: series)) \(title)")
    }
    return parts.joined(separator: "  ")
  }

  open override func draw(
    _ legend: ChartLegendInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    canvas.fill(area, style: .plain)
    var column = region.column
    if !legend.caption.isEmpty {
      column =
        canvas.draw(
          legend.caption, at: CellPoint(column: column, row: region.row), style: context.theme.dim, clip: area) + 2
    }
    for (series, title) in legend.titles.enumerated() {
      let style = context.theme.kinds[ChartLegendInfo.styleKind(ofSeries: series)] ?? .plain
      column = canvas.draw(
        "\(ChartLegendInfo.marker(ofSeries: series)) ", at: CellPoint(column: column, row: region.row),
        style: style.adding(.bold), clip: area)
      column = canvas.draw(title, at: CellPoint(column: column, row: region.row), style: style, clip: area) + 2
    }
  }
}

/// A chart's axis (a ``RuleInfo`` in its attributes' info): the x axis from the corner of its
/// frame's first cell rightwards, the y axis down to the corner, so the two meet in `└`, and
/// the ticks' marks join them into `┬` and `┤`.
open class ChartAxisView: ChartElementView<RuleInfo> {
  /// The axis, from the last attributes applied.
  public var rule: RuleInfo? { info }

  open override func draw(
    _ rule: RuleInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    let lines = LineCanvas(style: context.theme.connector, clip: area)
    switch rule.axis {
    case .horizontal:
      if region.columns == 1 {
        lines.add(.right, at: CellPoint(column: region.column, row: region.row), in: &canvas)
      } else {
        lines.addHorizontalLine(
          row: region.row, fromColumn: region.column, toColumn: region.maxColumn - 1, in: &canvas)
      }
    case .vertical:
      if region.rows == 1 {
        lines.add(.up, at: CellPoint(column: region.column, row: region.row), in: &canvas)
      } else {
        lines.addVerticalLine(column: region.column, fromRow: region.row, toRow: region.maxRow - 1, in: &canvas)
        // The axis runs on past the plot's top, so a tick there joins it into `┤`, not `┐`.
        lines.add(.up, at: CellPoint(column: region.column, row: region.row), in: &canvas)
      }
    }
  }
}
