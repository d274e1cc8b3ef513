import TermGridCore

/// The marks of a table row's gaps (``ElementKind/tableGaps``): the mark of
/// ``TreeTableGapsInfo`` in each column the row has no cell in, dimmed, so a record
/// without a key reads apart from one whose value is `null`.
open class TreeTableGapsView: ReusableView {
  /// The gaps, from the last attributes applied.
  public private(set) var gaps: TreeTableGapsInfo?

  /// Creates a gaps view.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    gaps = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    gaps = attributes.info?.value(as: TreeTableGapsInfo.self)
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    guard let gaps else { return }
    let area = clip.intersection(region)
    guard !area.isEmpty else { return }
    for offset in gaps.offsets {
      canvas.draw(
        gaps.mark, at: CellPoint(column: region.column + offset, row: region.row), style: context.theme.dim, clip: area)
    }
  }
}
