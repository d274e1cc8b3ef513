import TermGrid

/// What the tests of views drawn from one info value (``InfoView`` and the chart's views)
/// share: attributes carrying a value, and a view drawn alone on a canvas.
enum ElementViewTestSupport {
  /// Attributes of a supplementary view of `kind` at the origin, `columns` by `rows`, with `info`.
  static func attributes(
    _ info: some Hashable & Sendable, kind: String, columns: Int = 6, rows: Int = 1
  ) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: 0),
      frame: Rect(x: 0, y: 0, width: Double(columns), height: Double(rows)))
    attributes.info = LayoutInfo(info)
    return attributes
  }

  /// The lines a view draws in `region`, clipped to `clip`, on a blank canvas of `size`.
  static func drawn(_ view: ReusableView, region: CellRect, clip: CellRect, size: CellSize) -> [String] {
    var canvas = Canvas(size: size)
    view.draw(in: &canvas, region: region, clip: clip, context: DrawingContext(theme: .monochrome))
    return canvas.lines
  }
}
