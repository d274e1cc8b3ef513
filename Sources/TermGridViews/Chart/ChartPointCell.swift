import TermGridCore

/// A chart's point (an item of a ``ChartPointInfo``-carrying layout such as `ChartLayout`),
/// drawn at sub-cell resolution: the braille dots of every point of its series that fall in
/// the cell for a scatter or line chart, a bar of eighth blocks for a bar chart.
///
/// Each series has its theme style (``ChartLegendInfo/styleKind(ofSeries:)``); where the theme
/// has none (the monochrome theme, `NO_COLOR`), the series after the first draw their marker
/// (``ChartLegendInfo/marker(ofSeries:)``) or a shaded bar instead, so they stay apart without
/// colour. The focused and selected points take the cell's state style, as any cell does.
open class ChartPointCell: Cell {
  /// The point, from the last attributes applied.
  public private(set) var point: ChartPointInfo?

  /// Creates a point cell.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    point = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    point = attributes.info(as: ChartPointInfo.self)
  }

  /// The eighth blocks from one eighth to a full cell.
  public static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The background is the plot's: only the marks are drawn, unless the cell is focused,
  /// selected or highlighted.
  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let style = stateStyle(theme: context.theme)
    let marked = isFocused || isSelected || isHighlighted
    if marked { canvas.fill(clip.intersection(region), style: style) }
    drawContent(in: &canvas, region: region, clip: clip, style: marked ? style : context.theme.normal, context: context)
  }

  open override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    guard let point, !region.isEmpty else { return }
    let seriesStyle = context.theme.kinds[ChartLegendInfo.styleKind(ofSeries: point.series)]
    let ink = isFocused || isSelected || isHighlighted ? style : (seriesStyle ?? .plain).over(style)
    let area = clip.intersection(region)
    switch point.kind {
    case .scatter, .line:
      let glyph: Character =
        seriesStyle == nil && point.series > 0
        ? ChartLegendInfo.marker(ofSeries: point.series) : ChartPointInfo.braille(point.dots == 0 ? 0x01 : point.dots)
      canvas.drawGlyph(glyph, at: CellPoint(column: region.column, row: region.row), style: ink, clip: area)
    case .bar:
      let shade = seriesStyle == nil ? ChartLegendInfo.barFill(ofSeries: point.series) : nil
      for row in region.row..<region.maxRow {
        let glyph: Character
        if let shade {
          glyph = shade
        } else if row == region.row && !point.isNegative {
          glyph = Self.eighths[min(8, max(1, point.topEighths)) - 1]
        } else {
          glyph = "█"
        }
        canvas.fill(
          CellRect(column: region.column, row: row, columns: region.columns, rows: 1).intersection(area), with: glyph,
          style: ink)
      }
    }
  }
}

/// A stretch of a line chart's line through a cell that holds none of its series' points:
/// the braille dots of the segments that cross it (a supplementary view of a chart layout),
/// in the series' style.
open class ChartSegmentView: ChartElementView<ChartPointInfo> {
  /// The dots, from the last attributes applied.
  public var segment: ChartPointInfo? { info }

  open override func draw(
    _ segment: ChartPointInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    guard segment.dots != 0 else { return }
    let style = context.theme.kinds[ChartLegendInfo.styleKind(ofSeries: segment.series)] ?? .plain
    canvas.drawGlyph(
      ChartPointInfo.braille(segment.dots), at: CellPoint(column: region.column, row: region.row),
      style: style, clip: area)
  }
}
