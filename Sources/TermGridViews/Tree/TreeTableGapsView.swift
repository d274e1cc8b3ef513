import TermGridCore

/// The marks of a table row's gaps (``ElementKind/tableGaps``): the mark of
/// ``TreeTableGapsInfo`` in each column the row has no cell in, dimmed, so a record
/// without a key reads apart from one whose value is `null`.
open class TreeTableGapsView: InfoView<TreeTableGapsInfo> {
  /// The gaps, from the last attributes applied.
  public var gaps: TreeTableGapsInfo? { info }

  open override func draw(
    _ gaps: TreeTableGapsInfo, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
  ) {
    for offset in gaps.offsets {
      canvas.draw(
        gaps.mark, at: CellPoint(column: region.column + offset, row: region.row), style: context.theme.dim, clip: area)
    }
  }
}
