import TermGridCore

/// Draws the lines of one tree connector (``ElementKind/connector``) from the
/// ``ConnectorGeometry`` in its layout attributes' info, in the theme's connector style.
///
/// Lines go through a ``LineCanvas``, which merges them with lines already in each cell:
/// where connectors cross or join, the cell shows the right junction (`├ ┬ ┼`) whatever
/// order the views draw in. The view never fills its frame, so it erases nothing.
open class ConnectorView: InfoView<ConnectorGeometry> {
  /// The lines to draw, from the last attributes applied.
  public var geometry: ConnectorGeometry? { info }
  /// The line style; `nil` uses the theme's connector style.
  public var style: Style?

  open override func prepareForReuse() {
    super.prepareForReuse()
    style = nil
  }

  open override func draw(
    _ geometry: ConnectorGeometry, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    // Part-way through an animation the frame may be another size than the lines were made
    // for: they stay anchored at its top-left corner and are cut at its edges, so a trunk
    // shortens as a subtree folds away instead of reaching into other nodes.
    let lines = LineCanvas(style: style ?? context.theme.connector, clip: area)
    for segment in geometry.segments {
      let start = CellPoint(column: region.column + segment.start.column, row: region.row + segment.start.row)
      let end = CellPoint(column: region.column + segment.end.column, row: region.row + segment.end.row)
      switch segment.axis {
      case .horizontal:
        lines.addHorizontalLine(row: start.row, fromColumn: start.column, toColumn: end.column, in: &canvas)
        if segment.continuesBeforeStart { lines.add(.left, at: start, in: &canvas) }
      case .vertical:
        lines.addVerticalLine(column: start.column, fromRow: start.row, toRow: end.row, in: &canvas)
        if segment.continuesBeforeStart { lines.add(.up, at: start, in: &canvas) }
      }
    }
  }
}
