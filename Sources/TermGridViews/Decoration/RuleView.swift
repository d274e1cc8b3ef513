import TermGridCore

/// A decoration view that draws a straight line (a ``RuleInfo`` in its attributes' info):
/// table separators, a timeline's axis and its "now" line.
open class RuleView: ReusableView {
  /// The rule, from the last attributes applied.
  public private(set) var rule: RuleInfo?
  /// The line's style; `nil` uses the theme's style for the rule's role.
  public var style: Style?

  /// Creates a rule view.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    rule = nil
    style = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    rule = attributes.info?.value(as: RuleInfo.self)
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    guard let rule, !region.isEmpty else { return }
    let theme = context.theme
    let lineStyle: Style
    switch rule.role {
    case .separator: lineStyle = style ?? theme.border
    case .axis: lineStyle = style ?? theme.connector
    case .marker: lineStyle = style ?? theme.badge
    }
    let lines = LineCanvas(style: lineStyle, clip: clip.intersection(region))
    switch rule.axis {
    case .horizontal:
      let row = region.row
      if region.columns == 1 {
        lines.add(.horizontal, at: CellPoint(column: region.column, row: row), in: &canvas)
      } else {
        // The ends reach out of the frame too, so rules that continue in the next frame
        // (or meet a vertical rule at the edge) join.
        lines.addHorizontalLine(
          row: row, fromColumn: region.column, toColumn: region.column + region.columns - 1, in: &canvas)
        lines.add(.left, at: CellPoint(column: region.column, row: row), in: &canvas)
        lines.add(.right, at: CellPoint(column: region.column + region.columns - 1, row: row), in: &canvas)
      }
    case .vertical:
      let column = region.column
      if region.rows == 1 {
        lines.add(.vertical, at: CellPoint(column: column, row: region.row), in: &canvas)
      } else {
        lines.addVerticalLine(column: column, fromRow: region.row, toRow: region.row + region.rows - 1, in: &canvas)
        lines.add(.up, at: CellPoint(column: column, row: region.row), in: &canvas)
        lines.add(.down, at: CellPoint(column: column, row: region.row + region.rows - 1), in: &canvas)
      }
    }
  }
}
