import TermGridCore

/// The state of a collection view's data at one moment, by identifiers: an ordered list of
/// section identifiers, each with an ordered list of item identifiers.
///
/// UIKit's `NSDiffableDataSourceSnapshot`. Build one (or take the current one from
/// ``DiffableDataSource/snapshot()`` and edit it), then hand it to
/// ``DiffableDataSource/apply(_:animatingDifferences:completion:)``, which works out the
/// inserts, deletes, moves and reloads from the snapshot before and animates them.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, Photo.ID>()
/// snapshot.appendSections(["Holidays", "Family"])
/// snapshot.appendItems(holidays.map(\.id), toSection: "Holidays")
/// snapshot.appendItems(family.map(\.id), toSection: "Family")
/// dataSource.apply(snapshot)
/// ```
///
/// Identifiers are values that name things, not the things: an item whose content changed
/// keeps its identifier and is marked with ``reloadItems(_:)`` so its cell is made again.
/// Every section identifier and every item identifier must be unique in the snapshot.
/// Sections are looked up by a table, so section operations cost little; item operations
/// that name items (``deleteItems(_:)``, ``insertItems(_:afterItem:)``, ``indexOfItem(_:)``)
/// search the items in order, so they cost as much as comparing every item once: name all
/// the items of one change in one call. Appending costs only the items appended, whatever
/// the snapshot holds already, and copying a snapshot is free until one copy changes.
///
/// A snapshot is a value: `Sendable` and safe to build on any thread.
public struct DiffableDataSourceSnapshot<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
  Hashable, Sendable
{
  /// The section identifiers in order.
  @usableFromInline var sectionStorage: [SectionIdentifier] = []
  /// Each section's item identifiers in order.
  @usableFromInline var itemStorage: [[ItemIdentifier]] = []
  /// Where each section is.
  @usableFromInline var sectionPositions: [SectionIdentifier: Int] = [:]
  /// Items marked to be reloaded by the next apply.
  @usableFromInline var reloadedItemSet: Set<ItemIdentifier> = []
  /// Sections marked to be reloaded by the next apply.
  @usableFromInline var reloadedSectionSet: Set<SectionIdentifier> = []

  /// An empty snapshot: no sections, no items.
  public init() {}

  // MARK: - Counting

  /// The number of sections.
  public var numberOfSections: Int { sectionStorage.count }

  /// The number of items in all sections.
  @inlinable
  public var numberOfItems: Int { itemStorage.reduce(0) { $0 + $1.count } }

  /// The number of items in a section.
  @inlinable
  public func numberOfItems(inSection identifier: SectionIdentifier) -> Int {
    itemStorage[position(ofSection: identifier, for: "numberOfItems(inSection:)")].count
  }

  // MARK: - Reading

  /// The section identifiers in order.
  public var sectionIdentifiers: [SectionIdentifier] { sectionStorage }

  /// Every item identifier, section after section.
  @inlinable
  public var itemIdentifiers: [ItemIdentifier] { itemStorage.flatMap { $0 } }

  /// The item identifiers of a section, in order.
  @inlinable
  public func itemIdentifiers(inSection identifier: SectionIdentifier) -> [ItemIdentifier] {
    itemStorage[position(ofSection: identifier, for: "itemIdentifiers(inSection:)")]
  }

  /// The identifier of the section holding an item, or `nil` when no section does.
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifier) -> SectionIdentifier? {
    location(ofItem: identifier).map { sectionStorage[$0.section] }
  }

  /// An item's position among all items (section after section), or `nil` when it is not
  /// in the snapshot.
  @inlinable
  public func indexOfItem(_ identifier: ItemIdentifier) -> Int? {
    var before = 0
    for items in itemStorage {
      if let index = items.firstIndex(of: identifier) { return before + index }
      before += items.count
    }
    return nil
  }

  /// A section's position, or `nil` when it is not in the snapshot.
  public func indexOfSection(_ identifier: SectionIdentifier) -> Int? {
    sectionPositions[identifier]
  }

  /// The index path of an item, or `nil` when it is not in the snapshot.
  @inlinable
  public func indexPath(ofItem identifier: ItemIdentifier) -> IndexPath? {
    location(ofItem: identifier)
  }

  /// The item at an index path, or `nil` when there is none.
  @inlinable
  public func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifier? {
    guard itemStorage.indices.contains(indexPath.section),
      itemStorage[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return itemStorage[indexPath.section][indexPath.item]
  }

  /// The items marked with ``reloadItems(_:)`` since the snapshot was taken.
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifier] {
    itemIdentifiers.filter { reloadedItemSet.contains($0) }
  }

  /// The sections marked with ``reloadSections(_:)`` since the snapshot was taken.
  public var reloadedSectionIdentifiers: [SectionIdentifier] {
    sectionStorage.filter { reloadedSectionSet.contains($0) }
  }

  /// Whether every section identifier and every item identifier appears once. Costs a hash
  /// of every item: ``DiffableDataSource`` asks it in debug builds only.
  @inlinable
  public var hasUniqueIdentifiers: Bool {
    guard Set(sectionStorage).count == sectionStorage.count else { return false }
    var seen = Set<ItemIdentifier>(minimumCapacity: numberOfItems)
    for items in itemStorage {
      for item in items where !seen.insert(item).inserted { return false }
    }
    return true
  }

  // MARK: - Helpers

  /// A section's position; stops the program, naming `operation`, when there is none.
  @inlinable
  func position(ofSection identifier: SectionIdentifier, for operation: String) -> Int {
    guard let position = sectionPositions[identifier] else {
      fatalError("\(operation): the section \(identifier) is not in the snapshot")
    }
    return position
  }

  /// Where an item is, by searching the sections in order.
  @inlinable
  func location(ofItem identifier: ItemIdentifier) -> IndexPath? {
    for (section, items) in itemStorage.enumerated() {
      if let item = items.firstIndex(of: identifier) { return IndexPath(item: item, section: section) }
    }
    return nil
  }

  /// Where an item is; stops the program, naming `operation`, when it is not in the snapshot.
  @inlinable
  func requiredLocation(ofItem identifier: ItemIdentifier, for operation: String) -> IndexPath {
    guard let location = location(ofItem: identifier) else {
      fatalError("\(operation): the item \(identifier) is not in the snapshot")
    }
    return location
  }

  /// Numbers the sections again after sections were added, removed or moved.
  mutating func renumberSections() {
    sectionPositions.removeAll(keepingCapacity: true)
    for (position, identifier) in sectionStorage.enumerated() {
      guard sectionPositions.updateValue(position, forKey: identifier) == nil else {
        fatalError("the section \(identifier) is in the snapshot twice: section identifiers must be unique")
      }
    }
  }
}
