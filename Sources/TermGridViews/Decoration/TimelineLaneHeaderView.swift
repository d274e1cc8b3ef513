import TermGridCore

/// The header row of a group of lanes on a timeline (a swim lane): a rule across the
/// visible width with the group's title and its count of items, from the
/// ``TimelineLaneHeaderInfo`` in its attributes' info: `── shipped · 12 ─────`.
open class TimelineLaneHeaderView: ReusableView {
  /// The group, from the last attributes applied.
  public private(set) var group: TimelineLaneHeaderInfo?
  /// The title's style; `nil` uses the theme's header style.
  public var style: Style?

  /// Creates a lane header view.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    group = nil
    style = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    group = attributes.info?.value(as: TimelineLaneHeaderInfo.self)
  }

  /// What the row says: the title (or `(none)` for an empty one) and the item count.
  open var text: String {
    guard let group else { return "" }
    let title = group.title.isEmpty ? "(none)" : group.title
    return "\(title) · \(group.itemCount)"
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let area = clip.intersection(region)
    guard !area.isEmpty else { return }
    let row = CellRect(column: region.column, row: region.row, columns: region.columns, rows: 1).intersection(area)
    canvas.fill(row, style: .plain)
    canvas.draw(
      String(repeating: "─", count: max(0, region.columns)), at: CellPoint(column: region.column, row: region.row),
      style: context.theme.connector, clip: row)
    let label = TextWidth.truncated(" " + text + " ", toWidth: max(0, region.columns - 3))
    canvas.draw(
      label, at: CellPoint(column: region.column + 2, row: region.row), style: style ?? context.theme.header, clip: row)
  }
}
