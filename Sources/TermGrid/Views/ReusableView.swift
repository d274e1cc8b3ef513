/// The base of every view a collection view shows: cells, supplementary and decoration views.
///
/// Views are recycled: when one scrolls out of sight it goes to a reuse queue, and the next
/// dequeue with its identifier hands it out again after ``prepareForReuse()``.
open class ReusableView {
  /// The identifier it was registered and dequeued with.
  public internal(set) var reuseIdentifier: String = ""
  /// The queue it returns to: the identifier, qualified by category and kind.
  var reuseQueueKey: String = ""
  /// The attributes last applied by the collection view.
  public private(set) var layoutAttributes: LayoutAttributes?

  /// Creates a view.
  public required init() {}

  /// Resets the view before it is handed out again. Subclasses call `super`.
  open func prepareForReuse() {}

  /// Takes the layout's attributes for this view. Subclasses call `super`.
  open func apply(_ attributes: LayoutAttributes) {
    layoutAttributes = attributes
  }

  /// Draws the view.
  /// - Parameters:
  ///   - canvas: the canvas to draw into.
  ///   - region: the view's whole frame in canvas cells; it may reach past the visible area.
  ///   - clip: the part of `region` that is visible; never draw outside it.
  ///   - context: theme and metrics.
  open func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {}
}
