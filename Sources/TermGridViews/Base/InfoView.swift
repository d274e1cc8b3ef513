import TermGridCore

/// A reusable view drawn from one value its layout puts in its attributes' info: a
/// supplementary or decoration view whose whole content is that value (a connector's
/// lines, a table header's titles, a chart's axis).
///
/// The view keeps the value of type `Info` from the last attributes applied (``info``,
/// `nil` when the attributes hold none or one of another type), forgets it when reused, and
/// draws it where its frame and the clip meet, nothing when either is empty. A subclass
/// draws in ``draw(_:in:region:area:context:)``:
///
/// ```swift
/// final class BadgeView: InfoView<String> {
///   override func draw(_ info: String, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext) {
///     canvas.draw(info, at: CellPoint(column: region.column, row: region.row), style: context.theme.dim, clip: area)
///   }
/// }
/// ```
open class InfoView<Info: Hashable & Sendable>: ReusableView {
  /// The value from the last attributes applied.
  public private(set) var info: Info?

  /// Creates a view.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    info = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    info = attributes.info(as: Info.self)
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    guard let info, !region.isEmpty else { return }
    let area = clip.intersection(region)
    guard !area.isEmpty else { return }
    draw(info, in: &canvas, region: region, area: area, context: context)
  }

  /// Draws the value.
  /// - Parameters:
  ///   - info: the value from the last attributes applied.
  ///   - canvas: the canvas to draw into.
  ///   - region: the view's whole frame in canvas cells.
  ///   - area: the part of `region` inside the clip, never empty: draw nothing outside it.
  ///   - context: theme and metrics.
  ///
  /// The default draws nothing.
  open func draw(_ info: Info, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext) {}
}
