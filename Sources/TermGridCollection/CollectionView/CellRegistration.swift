import TermGridCore
import TermGridPlatform
import TermGridViews

/// A cell class and the code that configures it for an item, registered once and used
/// with ``CollectionView/dequeueConfiguredReusableCell(using:for:item:)``: UIKit's
/// `UICollectionView.CellRegistration`.
///
/// ```swift
/// let registration = CellRegistration<TextCell, Photo> { cell, indexPath, photo in
///   cell.text = photo.title
/// }
/// // In collectionView(_:cellForItemAt:), or a diffable data source's cell provider:
/// return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: photo)
/// ```
///
/// No reuse identifier is written anywhere: each registration has its own, and registers
/// its class with a collection view the first time it dequeues there. Make registrations
/// once (a stored property), not in `cellForItemAt`: each new one is a new reuse queue.
public struct CellRegistration<RegisteredCell: Cell, Item> {
  /// Configures a dequeued cell for an item at an index path.
  public typealias Handler = (_ cell: RegisteredCell, _ indexPath: IndexPath, _ item: Item) -> Void

  /// The reuse identifier this registration registers its class under.
  public let reuseIdentifier: String
  let handler: Handler

  /// A registration of `RegisteredCell` configured by `handler`.
  public init(handler: @escaping Handler) {
    reuseIdentifier = RegistrationIdentifier.make(for: "\(RegisteredCell.self)")
    self.handler = handler
  }
}

/// A supplementary view class of one kind and the code that configures it, used with
/// ``CollectionView/dequeueConfiguredReusableSupplementary(using:for:)``: UIKit's
/// `UICollectionView.SupplementaryRegistration`.
public struct SupplementaryRegistration<Supplementary: ReusableView> {
  /// Configures a dequeued view of the registration's kind at an index path.
  public typealias Handler = (_ view: Supplementary, _ elementKind: String, _ indexPath: IndexPath) -> Void

  /// The kind of supplementary view (``ElementKind/header``, a layout's own kind).
  public let elementKind: String
  /// The reuse identifier this registration registers its class under.
  public let reuseIdentifier: String
  let handler: Handler

  /// A registration of `Supplementary` for views of `elementKind`, configured by `handler`.
  public init(elementKind: String, handler: @escaping Handler) {
    self.elementKind = elementKind
    reuseIdentifier = RegistrationIdentifier.make(for: "\(Supplementary.self)")
    self.handler = handler
  }
}

/// Reuse identifiers for registrations: unique in the process (registrations are values
/// any thread may make).
enum RegistrationIdentifier {
  private static let counter = Locked(0)

  static func make(for typeName: String) -> String {
    let number = counter.withLock { value in
      value += 1
      return value
    }
    return "registration\u{0}\(typeName)\u{0}\(number)"
  }
}

extension CollectionView {
  /// A cell dequeued for `registration`'s class and configured by its handler for `item`.
  public func dequeueConfiguredReusableCell<RegisteredCell: Cell, Item>(
    using registration: CellRegistration<RegisteredCell, Item>, for indexPath: IndexPath, item: Item
  ) -> RegisteredCell {
    if cellRegistrations[registration.reuseIdentifier] == nil {
      register(RegisteredCell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
    }
    let cell = dequeueReusableCell(
      RegisteredCell.self, withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
    registration.handler(cell, indexPath, item)
    return cell
  }

  /// A supplementary view dequeued for `registration`'s class and kind and configured by
  /// its handler.
  public func dequeueConfiguredReusableSupplementary<Supplementary: ReusableView>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    let kind = registration.elementKind
    if supplementaryRegistrations[Self.supplementaryKey(kind, registration.reuseIdentifier)] == nil {
      register(Supplementary.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: registration.reuseIdentifier)
    }
    let view = dequeueReusableSupplementaryView(
      Supplementary.self, ofKind: kind, withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
    registration.handler(view, kind, indexPath)
    return view
  }
}
