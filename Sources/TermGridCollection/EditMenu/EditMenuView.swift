import TermGridCore
import TermGridViews

/// The view that draws an ``EditMenu``: the popup's entries, border and scroll arrows at
/// the menu's frame, in the theme's menu styles.
///
/// ``CollectionView`` draws its open menu through one of these, after its other views;
/// an app can draw a menu of its own the same way.
public final class EditMenuView: ReusableView {
  /// The menu to draw, placed with ``EditMenu/layout(in:)``; `nil` draws nothing.
  public var menu: EditMenu?

  /// Creates a view with no menu.
  public required init() {
    super.init()
  }

  /// Creates a view for a menu.
  public convenience init(menu: EditMenu) {
    self.init()
    self.menu = menu
  }

  public override func prepareForReuse() {
    super.prepareForReuse()
    menu = nil
  }

  /// Draws the menu at its own frame (the menu places itself next to its anchor), cut to
  /// `clip`; `region` is the area it was placed in.
  public override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    menu?.draw(into: &canvas, clip: clip, theme: context.theme)
  }
}
