import TermGrid

/// A class: its name, and how many subclasses it has, which the cell learns from the
/// layout's own attributes (``ClassNodeInfo``), not from the data source.
final class ClassCell: Cell {
  var name = ""
  private var subclassCount = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    name = ""
  }

  override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    subclassCount = attributes.info(as: ClassNodeInfo.self)?.children.count ?? 0
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    let badge = subclassCount > 0 ? " \(subclassCount)" : ""
    let width = region.columns - badge.count
    canvas.draw(
      TextWidth.truncated(name, toWidth: width), at: CellPoint(column: region.column, row: region.row), style: style,
      clip: clip)
    canvas.draw(
      badge, at: CellPoint(column: region.maxColumn - badge.count, row: region.row),
      style: context.theme.dim.over(style), clip: clip)
  }
}

/// The lines from a class to its subclasses: across from the class, down the middle, and
/// across to each subclass, merged into box-drawing corners and tees.
final class ConnectorLinesView: ReusableView {
  private var childRows: [Int] = []

  override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    childRows = attributes.info(as: Connection.self)?.childRows ?? []
  }

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    guard let last = childRows.last else { return }
    let lines = LineCanvas(style: context.theme.connector, clip: clip)
    let middle = region.column + region.columns / 2
    // The frame is the gap between the columns: the lines touch the class and its subclasses.
    lines.addHorizontalLine(row: region.row, fromColumn: region.column, toColumn: middle, in: &canvas)
    lines.addVerticalLine(column: middle, fromRow: region.row, toRow: region.row + last, in: &canvas)
    for row in childRows {
      lines.addHorizontalLine(row: region.row + row, fromColumn: middle, toColumn: region.maxColumn - 1, in: &canvas)
    }
  }
}
