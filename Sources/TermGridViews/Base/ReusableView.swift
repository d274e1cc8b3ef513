import TermGridCore

/// The base of every view a collection view shows: cells, supplementary and decoration views.
///
/// Views are recycled: when one scrolls out of sight it goes to a reuse queue, and the next
/// dequeue with its identifier hands it out again after ``prepareForReuse()``.
open class ReusableView {
  /// The identifier it was registered and dequeued with.
  public package(set) final var reuseIdentifier: String = ""
  /// The reuse queue slot it returns to (its identifier, qualified by category and kind);
  /// -1 for a view that did not come from a collection view's dequeue.
  package final var reuseSlot: Int {
    get { storedReuseSlot }
    set { storedReuseSlot = newValue }
  }
  /// The attributes last applied by the collection view; `nil` for a view just dequeued.
  public package(set) final var layoutAttributes: LayoutAttributes?
  /// The collection view's layout pass that last used the view (to find the ones left over).
  package final var layoutPass: Int {
    get { storedLayoutPass }
    set { storedLayoutPass = newValue }
  }

  // The collection view (another module) reads and writes these two for every view on every
  // frame. Stored privately behind `package` accessors, every access to the storage is in
  // this file, so the compiler checks exclusivity statically instead of at run time.
  private var storedReuseSlot = -1
  private var storedLayoutPass = 0

  /// Creates a view.
  public required init() {}

  /// Resets the view before it is handed out again. Subclasses call `super`.
  open func prepareForReuse() {}

  /// Whether the attributes last applied are `attributes`. Compared here, where they are
  /// stored, so the collection view asks for every view on every pass without copying them.
  package final func hasLayoutAttributes(equalTo attributes: LayoutAttributes) -> Bool {
    layoutAttributes == attributes
  }

  /// Takes the layout's attributes for this view. Subclasses call `super`.
  open func apply(_ attributes: LayoutAttributes) {
    layoutAttributes = attributes
  }

  /// The attributes the view would like, given the ones the layout proposes: a self-sizing
  /// view returns them with the size its content needs. The default accepts the proposal.
  ///
  /// The collection view asks after applying new attributes; when the size differs it asks
  /// the layout ``CollectionLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``
  /// and, if so, invalidates it with
  /// ``CollectionLayout/invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``
  /// (the talk's "Invalidation"). Keep it cheap: measure the content, nothing more.
  open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
    layoutAttributes
  }

  /// Draws the view.
  /// - Parameters:
  ///   - canvas: the canvas to draw into.
  ///   - region: the view's whole frame in canvas cells; it may reach past the visible area.
  ///   - clip: the part of `region` that is visible; never draw outside it.
  ///   - context: theme and metrics.
  open func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {}
}
