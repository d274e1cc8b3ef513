import TermGridCore

/// A view for one data item, with the selected and highlighted states the collection view
/// manages.
///
/// As in the guide ("Managing the Visual State for Selections and Highlights"), the
/// collection view only sets ``isSelected``, ``isHighlighted`` and ``isFocused``; the cell
/// shows them through its background styles. Subclasses draw their content in
/// ``drawContent(in:region:clip:style:context:)`` on top of the background.
open class Cell: ReusableView {
  /// True while the item is selected.
  public package(set) final var isSelected = false
  /// True while the item is pressed (between the press and the release).
  public package(set) final var isHighlighted = false
  /// True while the item has the keyboard focus (the terminal's cursor).
  public package(set) final var isFocused = false
  /// True while the item's children are shown in an outline: set by a diffable data source
  /// showing a `SectionSnapshot` in the item's section (UIKit's
  /// `configurationState.isExpanded`); ``ListCell`` draws its outline disclosure from it.
  public package(set) final var isExpanded = false
  /// How deep the item is in an outline (0 for a root item): set by a diffable data source
  /// showing a `SectionSnapshot` in the item's section, as UIKit's list cell's
  /// `indentationLevel`. ``ListCell`` indents its content by it.
  public package(set) final var indentationLevel = 0
  /// The background when neither selected nor highlighted (the guide's `backgroundView`);
  /// `nil` uses the theme's normal style.
  public var backgroundStyle: Style?
  /// The background when selected or highlighted (the guide's `selectedBackgroundView`);
  /// `nil` uses the theme's selected and highlighted styles.
  public var selectedBackgroundStyle: Style?

  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    isSelected = false
    isHighlighted = false
    isFocused = false
    isExpanded = false
    indentationLevel = 0
  }

  /// The style for the cell's current state: the background the cell fills with and the
  /// base for its content.
  open func stateStyle(theme: Theme) -> Style {
    if isSelected || isHighlighted, let selectedBackgroundStyle {
      return isFocused ? selectedBackgroundStyle.adding(.bold) : selectedBackgroundStyle
    }
    if isHighlighted { return theme.highlighted }
    if isSelected { return isFocused ? theme.selectedFocused : theme.selected }
    if isFocused { return theme.focused }
    return backgroundStyle ?? theme.normal
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let style = stateStyle(theme: context.theme)
    canvas.fill(clip, style: style)
    drawContent(in: &canvas, region: region, clip: clip, style: style, context: context)
  }

  /// Draws the cell's content over its background. The default draws nothing.
  /// - Parameter style: the state style, to draw content in (or over).
  open func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {}
}
