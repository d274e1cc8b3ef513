import TermGridCore

/// What the chart's supplementary and decoration views share (``ChartTickView``,
/// ``ChartTickLineView``, ``ChartAxisView``, ``ChartLegendView``, ``ChartSegmentView``): each
/// keeps the value of type `Info` its layout put in its attributes' info, forgets it when
/// reused, and draws it where its frame and the clip meet, nothing when either is empty.
/// A subclass draws in ``draw(_:in:region:area:context:)``.
open class ChartElementView<Info: Hashable & Sendable>: ReusableView {
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

  /// Draws the value; `area` is the part of `region` (the frame's cells) inside the clip,
  /// never empty. The default draws nothing.
  open func draw(_ info: Info, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext) {}
}
