/// What kind of element a set of layout attributes describes.
public enum ElementCategory: Hashable, Sendable {
  /// A cell for one data item; provided by the data source.
  case cell
  /// A supplementary view (header, footer, connector); provided by the data source.
  case supplementaryView
  /// A decoration view; created by the collection view from the layout's registration.
  case decorationView
}

/// The element kinds the built-in layouts use for supplementary views.
public enum ElementKind {
  /// A section header.
  public static let header = "header"
  /// A section footer.
  public static let footer = "footer"
  /// A line joining a parent node to its children (tree layout).
  public static let connector = "connector"
}

/// The identity of one element: what it is and where it belongs.
///
/// Two attributes for the same element in different layouts share a key; the collection
/// view uses it to match old frames to new ones when it animates.
public struct ElementKey: Hashable, Sendable, CustomStringConvertible {
  /// Cell, supplementary or decoration.
  public var category: ElementCategory
  /// The kind string for supplementary and decoration views; empty for cells.
  public var kind: String
  /// The element's index path.
  public var indexPath: IndexPath

  /// Creates a key.
  @inlinable
  public init(category: ElementCategory, kind: String = "", indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
  }

  /// Hashes the category and index path only: the collection view looks keys up for every
  /// visible element on every frame, and hashing the kind string would dominate. Keys that
  /// differ only by kind still compare unequal.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(indexPath.section)
    hasher.combine(indexPath.item)
    hasher.combine(category)
  }

  /// Whether two keys name the same element.
  @inlinable
  public static func == (lhs: ElementKey, rhs: ElementKey) -> Bool {
    lhs.indexPath == rhs.indexPath && lhs.category == rhs.category && lhs.kind == rhs.kind
  }

  /// The key of the cell at `indexPath`.
  public static func cell(_ indexPath: IndexPath) -> ElementKey {
    ElementKey(category: .cell, indexPath: indexPath)
  }

  /// The key of a supplementary view.
  public static func supplementary(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
    ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
  }

  /// The key of a decoration view.
  public static func decoration(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
    ElementKey(category: .decorationView, kind: kind, indexPath: indexPath)
  }

  public var description: String {
    switch category {
    case .cell: return "cell\(indexPath)"
    case .supplementaryView: return "\(kind)\(indexPath)"
    case .decorationView: return "decoration:\(kind)\(indexPath)"
    }
  }
}

/// A layout's own extra fields on a set of attributes, compared for equality.
///
/// The guide subclasses `UICollectionViewLayoutAttributes` and overrides `isEqual:`; here a
/// layout stores any `Hashable & Sendable` value and gets equality for free.
public struct LayoutInfo: Hashable, @unchecked Sendable {
  // Only values that are Sendable go in (see `init`), so the box is safe to send. A class
  // box of the value's own type, not `AnyHashable`: wrapping in `AnyHashable` looks up
  // protocol conformances at run time on every call, which cost a table's visible-rect
  // query most of its time (hundreds of attributes, each with its info).
  @usableFromInline let box: LayoutInfoBox

  /// Wraps a layout's value.
  @inlinable
  public init<Value: Hashable & Sendable>(_ value: Value) {
    box = TypedLayoutInfoBox(value)
  }

  init(box: LayoutInfoBox) {
    self.box = box
  }

  /// The wrapped value, if it has the given type.
  @inlinable
  public func value<Value: Hashable & Sendable>(as type: Value.Type = Value.self) -> Value? {
    (box as? TypedLayoutInfoBox<Value>)?.value
  }

  public static func == (lhs: LayoutInfo, rhs: LayoutInfo) -> Bool {
    lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
  }

  public func hash(into hasher: inout Hasher) {
    box.hash(into: &hasher)
  }
}

/// The type-erased value of a ``LayoutInfo``.
@usableFromInline
class LayoutInfoBox {
  @usableFromInline init() {}
  @usableFromInline func isEqual(to other: LayoutInfoBox) -> Bool { false }
  @usableFromInline func hash(into hasher: inout Hasher) {}
  /// The value part-way to another box's, when both hold one ``Interpolatable`` type.
  func interpolated(to other: LayoutInfoBox, context: InterpolationContext) -> LayoutInfoBox? { nil }
}

/// A ``LayoutInfo``'s value of one type; values of different types are never equal.
@usableFromInline
final class TypedLayoutInfoBox<Value: Hashable & Sendable>: LayoutInfoBox {
  @usableFromInline let value: Value

  @usableFromInline init(_ value: Value) { self.value = value }

  @usableFromInline override func isEqual(to other: LayoutInfoBox) -> Bool {
    guard let other = other as? TypedLayoutInfoBox<Value> else { return false }
    return value == other.value
  }

  override func interpolated(to other: LayoutInfoBox, context: InterpolationContext) -> LayoutInfoBox? {
    guard let other = other as? TypedLayoutInfoBox<Value>, let start = value as? any Interpolatable else { return nil }
    func mix<Payload: Interpolatable>(_ start: Payload) -> LayoutInfoBox? {
      guard let end = other.value as? Payload, start != end else { return nil }
      return TypedLayoutInfoBox<Payload>(start.interpolated(to: end, context: context))
    }
    return mix(start)
  }

  @usableFromInline override func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(Value.self))
    hasher.combine(value)
  }
}

/// The position, size and visual state of one element, computed by a layout.
///
/// Frames are in points; ``CellMetrics`` snaps them to character cells.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
  /// The kind string of a supplementary or decoration view; `nil` for cells.
  public var representedElementKind: String?
  /// The element's index path; for supplementary views the section comes first.
  public var indexPath: IndexPath
  /// The element's frame in content coordinates, in points.
  public var frame: Rect
  /// Elements with a higher `zIndex` are drawn over those with a lower one; elements with
  /// the same `zIndex` are drawn in the order the layout returned them from
  /// `layoutAttributesForElements(in:)`, later ones over earlier ones.
  public var zIndex: Int = 0
  /// Opacity from 0 to 1; anything below 1 is drawn dim, 0 is not drawn.
  public var alpha: Double = 1
  /// A layout's own fields (connector directions, depth, a date...): what UIKit layouts
  /// add by subclassing `UICollectionViewLayoutAttributes` and naming the subclass in
  /// `layoutAttributesClass`.
  ///
  /// Define a `Hashable & Sendable` value for them, store it here with
  /// `attributes.info = LayoutInfo(value)` and read it back in the view's
  /// `apply(_:)` with ``info(as:)``. Equality comes from the value's own `==`, so a view is
  /// given new attributes only when the fields changed, as the guide's `isEqual:` override
  /// arranges. During an animation the value switches from the old to the new at the end.
  public var info: LayoutInfo?
  // The two one-byte fields come last: placed first, each was padded to eight bytes
  // (104 bytes in all instead of 96), and a chart's query writes and frees thousands.
  /// What the element is: a cell, a supplementary view of some kind, or a decoration.
  public var category: ElementCategory
  /// Hidden elements are not drawn and get no view.
  public var isHidden: Bool = false

  /// Attributes for the cell at `indexPath`.
  @inlinable
  public init(forCellWith indexPath: IndexPath, frame: Rect = .zero) {
    self.category = .cell
    self.representedElementKind = nil
    self.indexPath = indexPath
    self.frame = frame
  }

  /// Attributes for the cell at `indexPath`, with the layout's information for its cell:
  /// made whole in one expression, a layout can append them to its answer without a copy.
  @inlinable
  public init(forCellWith indexPath: IndexPath, frame: Rect, info: LayoutInfo?) {
    self.category = .cell
    self.representedElementKind = nil
    self.indexPath = indexPath
    self.frame = frame
    self.info = info
  }

  /// The stored fields, in the order a field-by-field initializer
  /// (``Swift/UnsafeMutablePointer/initializeCell(at:frame:info:)``) writes them: a test
  /// compares this list with the type's fields, so a new field cannot be left out of it.
  package static let storedFieldNames = [
    "representedElementKind", "indexPath", "frame", "zIndex", "alpha", "info", "category", "isHidden",
  ]

  /// Attributes for a supplementary view of `kind`.
  @inlinable
  public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero) {
    self.category = .supplementaryView
    self.representedElementKind = kind
    self.indexPath = indexPath
    self.frame = frame
  }

  /// Attributes for a decoration view of `kind`.
  public init(forDecorationViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero) {
    self.category = .decorationView
    self.representedElementKind = kind
    self.indexPath = indexPath
    self.frame = frame
  }

  /// The element's identity (category, kind, index path).
  @inlinable
  public var key: ElementKey {
    ElementKey(category: category, kind: representedElementKind ?? "", indexPath: indexPath)
  }

  /// Whether two sets of attributes are the same in every field.
  @inlinable
  public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
    lhs.indexPath == rhs.indexPath && lhs.category == rhs.category && lhs.frame == rhs.frame
      && lhs.zIndex == rhs.zIndex && lhs.isHidden == rhs.isHidden && lhs.alpha == rhs.alpha
      && lhs.representedElementKind == rhs.representedElementKind && lhs.info == rhs.info
  }

  /// The layout's value of type `Value` in ``info``, or `nil` when there is none or it has
  /// another type.
  ///
  /// ```swift
  /// override func apply(_ attributes: LayoutAttributes) {
  ///   super.apply(attributes)
  ///   day = attributes.info(as: TimelineDay.self)
  /// }
  /// ```
  public func info<Value: Hashable & Sendable>(as type: Value.Type = Value.self) -> Value? {
    info?.value(as: type)
  }

  /// The element's size.
  public var size: Size {
    get { frame.size }
    set { frame.size = newValue }
  }

  /// The element's centre; setting it moves the frame.
  public var center: Point {
    get { frame.center }
    set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
  }

  /// Attributes part-way from `self` (progress 0) to `other` (progress 1): frame and alpha
  /// are interpolated, and an ``Interpolatable`` ``info`` payload (``ConnectorGeometry``);
  /// everything else switches to `other`'s at the end.
  /// - Parameter cellMetrics: how points map to screen cells, for payloads in cells.
  public func interpolated(
    to other: LayoutAttributes, progress: Double, cellMetrics: CellMetrics = .identity
  ) -> LayoutAttributes {
    var result = progress < 1 ? self : other
    result.frame = frame.interpolated(to: other.frame, progress: progress)
    if progress > 0, progress < 1, let start = info, let end = other.info {
      let context = InterpolationContext(
        progress: progress, startFrame: frame, endFrame: other.frame, frame: result.frame, cellMetrics: cellMetrics)
      if let mixed = start.interpolated(to: end, context: context) { result.info = mixed }
    }
    result.alpha = alpha + (other.alpha - alpha) * progress
    result.isHidden = progress < 1 ? (isHidden && other.isHidden) : other.isHidden
    result.zIndex = Swift.max(zIndex, other.zIndex)
    return result
  }

  public var description: String {
    var text = "\(key) \(frame)"
    if zIndex != 0 { text += " z\(zIndex)" }
    if isHidden { text += " hidden" }
    if alpha != 1 { text += " alpha \(alpha)" }
    return text
  }
}

extension UnsafeMutablePointer where Pointee == LayoutAttributes {
  /// Makes a cell's attributes in this uninitialized memory, field by field, as
  /// ``LayoutAttributes/init(forCellWith:frame:info:)`` would.
  ///
  /// A layout that answers thousands of elements a query (a chart's points) builds each in
  /// its answer's storage (`Array(unsafeUninitializedCapacity:)`) this way. Made with the
  /// initializer, every element was built in a temporary, copied (a retain of each of its
  /// references) and the temporary destroyed (a release of each): a fifth of the query.
  @inlinable @inline(__always)
  public func initializeCell(at indexPath: IndexPath, frame: Rect, info: LayoutInfo?) {
    let raw = UnsafeMutableRawPointer(self)
    typealias Layout = MemoryLayout<LayoutAttributes>
    (raw + Layout.offset(of: \.representedElementKind)!).initializeMemory(as: String?.self, to: nil)
    (raw + Layout.offset(of: \.indexPath)!).initializeMemory(as: IndexPath.self, to: indexPath)
    (raw + Layout.offset(of: \.frame)!).initializeMemory(as: Rect.self, to: frame)
    (raw + Layout.offset(of: \.zIndex)!).initializeMemory(as: Int.self, to: 0)
    (raw + Layout.offset(of: \.alpha)!).initializeMemory(as: Double.self, to: 1)
    (raw + Layout.offset(of: \.info)!).initializeMemory(as: LayoutInfo?.self, to: info)
    (raw + Layout.offset(of: \.category)!).initializeMemory(as: ElementCategory.self, to: .cell)
    (raw + Layout.offset(of: \.isHidden)!).initializeMemory(as: Bool.self, to: false)
  }
}
