import TermGridCore

/// A decoration view that shades its frame (a ``BandInfo`` in its attributes' info): the
/// alternating periods behind a timeline. It only sets the background, so whatever is drawn
/// over it later keeps its text; without a colour theme (`NO_COLOR`) it draws nothing.
open class BandView: ReusableView {
  /// The band, from the last attributes applied.
  public private(set) var band: BandInfo?
  /// The shading; `nil` uses the theme's `"band"` kind style.
  public var style: Style?

  /// Creates a band view.
  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    band = nil
    style = nil
  }

  open override func apply(_ attributes: LayoutAttributes) {
    super.apply(attributes)
    band = attributes.info?.value(as: BandInfo.self)
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    guard band != nil, let shade = style ?? context.theme.kinds[BandView.themeKind] else { return }
    canvas.fill(clip.intersection(region), style: shade)
  }

  /// The theme kind whose style shades bands.
  public static let themeKind = "band"
}
