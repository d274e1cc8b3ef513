import TermGridCore

/// What a layout may ask of the collection view it lays out.
///
/// The guide: "refrain from relying on the collection view for anything other than the
/// data necessary to compute your layout". This protocol is exactly that data, so a layout
/// can also run without a collection view (tests, benchmarks, ``StaticLayoutHost``).
public protocol LayoutHost: AnyObject {
  /// The number of sections in the data.
  var numberOfSections: Int { get }
  /// The number of items in a section.
  func numberOfItems(inSection section: Int) -> Int
  /// The visible part of the content, in content coordinates (points).
  var bounds: Rect { get }
  /// How points map to cells; layouts that size by text use it to turn columns into points.
  var cellMetrics: CellMetrics { get }
  /// The collection view's delegate, which a layout may ask layout questions
  /// (``FlowLayoutDelegate`` for the flow layout).
  var layoutDelegate: AnyObject? { get }
  /// The item with the keyboard focus, for layouts that show something about it (a tree
  /// layout pins the focused node's ancestors). Defaults to `nil`.
  var indexPathForFocusedItem: IndexPath? { get }
  /// Margins around the content inside the visible area (a collection view's
  /// `contentInset`): a layout sizes its lines to the bounds less these, and pins floating
  /// views inside them. Defaults to zero.
  var contentInset: EdgeInsets { get }
  /// The host's animation clock in milliseconds, for layouts that animate something of
  /// their own (see ``CollectionLayout/millisecondsUntilNextFrame(now:)``). Defaults to 0.
  var layoutClockMilliseconds: Int { get }
}

extension LayoutHost {
  public var indexPathForFocusedItem: IndexPath? { nil }
  public var contentInset: EdgeInsets { .zero }
  public var layoutClockMilliseconds: Int { 0 }
}

/// A layout host with fixed counts and bounds, for layouts used without a collection view.
public final class StaticLayoutHost: LayoutHost {
  /// Items per section.
  public var itemCounts: [Int]
  /// The visible rectangle.
  public var bounds: Rect
  /// The point-to-cell mapping.
  public var cellMetrics: CellMetrics
  /// The object layouts ask layout questions.
  public weak var layoutDelegate: AnyObject?
  /// The focused item layouts see.
  public var indexPathForFocusedItem: IndexPath?
  /// The margins around the content layouts see.
  public var contentInset = EdgeInsets.zero
  /// The clock layouts see, in milliseconds.
  public var layoutClockMilliseconds = 0

  /// Creates a host with `itemCounts[s]` items in section `s`.
  public init(itemCounts: [Int], bounds: Rect, cellMetrics: CellMetrics = .identity) {
    self.itemCounts = itemCounts
    self.bounds = bounds
    self.cellMetrics = cellMetrics
  }

  public var numberOfSections: Int { itemCounts.count }

  public func numberOfItems(inSection section: Int) -> Int {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }
}
