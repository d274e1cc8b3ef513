import TermGridCore

extension DiffableDataSourceSnapshot {
  // MARK: - Sections

  /// Adds sections at the end, with no items.
  public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
    insertSections(identifiers, at: sectionStorage.count)
  }

  /// Adds sections before another section.
  public mutating func insertSections(_ identifiers: [SectionIdentifier], beforeSection identifier: SectionIdentifier) {
    insertSections(identifiers, at: position(ofSection: identifier, for: "insertSections(_:beforeSection:)"))
  }

  /// Adds sections after another section.
  public mutating func insertSections(_ identifiers: [SectionIdentifier], afterSection identifier: SectionIdentifier) {
    insertSections(identifiers, at: position(ofSection: identifier, for: "insertSections(_:afterSection:)") + 1)
  }

  /// Removes sections and their items.
  public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
    let doomed = Set(identifiers)
    for identifier in doomed { _ = position(ofSection: identifier, for: "deleteSections(_:)") }
    var keptSections: [SectionIdentifier] = []
    var keptItems: [[ItemIdentifier]] = []
    for (identifier, items) in zip(sectionStorage, itemStorage) {
      if doomed.contains(identifier) {
        if !reloadedItemSet.isEmpty { reloadedItemSet.subtract(items) }
      } else {
        keptSections.append(identifier)
        keptItems.append(items)
      }
    }
    sectionStorage = keptSections
    itemStorage = keptItems
    reloadedSectionSet.subtract(doomed)
    renumberSections()
  }

  /// Moves a section, with its items, before another section.
  public mutating func moveSection(_ identifier: SectionIdentifier, beforeSection other: SectionIdentifier) {
    moveSection(identifier, relativeTo: other, after: false, for: "moveSection(_:beforeSection:)")
  }

  /// Moves a section, with its items, after another section.
  public mutating func moveSection(_ identifier: SectionIdentifier, afterSection other: SectionIdentifier) {
    moveSection(identifier, relativeTo: other, after: true, for: "moveSection(_:afterSection:)")
  }

  /// Marks sections to be made again: the next apply replaces their headers, footers and
  /// cells as a whole.
  public mutating func reloadSections(_ identifiers: [SectionIdentifier]) {
    for identifier in identifiers { _ = position(ofSection: identifier, for: "reloadSections(_:)") }
    reloadedSectionSet.formUnion(identifiers)
  }

  // MARK: - Items

  /// Adds items at the end of a section: the last one when `identifier` is `nil`. Costs
  /// only the items added.
  @inlinable
  public mutating func appendItems(_ identifiers: [ItemIdentifier], toSection identifier: SectionIdentifier? = nil) {
    let section: Int
    if let identifier {
      section = position(ofSection: identifier, for: "appendItems(_:toSection:)")
    } else {
      precondition(!sectionStorage.isEmpty, "appendItems(_:toSection:): the snapshot has no section to append to")
      section = sectionStorage.count - 1
    }
    itemStorage[section].append(contentsOf: identifiers)
  }

  /// Adds items before another item, in its section.
  @inlinable
  public mutating func insertItems(_ identifiers: [ItemIdentifier], beforeItem identifier: ItemIdentifier) {
    let place = requiredLocation(ofItem: identifier, for: "insertItems(_:beforeItem:)")
    itemStorage[place.section].insert(contentsOf: identifiers, at: place.item)
  }

  /// Adds items after another item, in its section.
  @inlinable
  public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem identifier: ItemIdentifier) {
    let place = requiredLocation(ofItem: identifier, for: "insertItems(_:afterItem:)")
    itemStorage[place.section].insert(contentsOf: identifiers, at: place.item + 1)
  }

  /// Removes items, wherever they are. One pass over the snapshot for all of them.
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
    guard !identifiers.isEmpty else { return }
    let doomed = IdentifierMatcher(identifiers)
    var removed = 0
    for section in itemStorage.indices where itemStorage[section].contains(where: doomed.contains) {
      // Only sections that hold a deleted item are touched (and copied, if shared).
      let before = itemStorage[section].count
      itemStorage[section].removeAll(where: doomed.contains)
      removed += before - itemStorage[section].count
    }
    if removed != doomed.count {
      fatalError(
        "deleteItems(_:): \(doomed.count - removed) of the \(doomed.count) items to delete are not in the snapshot")
    }
    if !reloadedItemSet.isEmpty { reloadedItemSet.subtract(identifiers) }
  }

  /// Removes every section and item, leaving an empty snapshot (as UIKit's does).
  public mutating func deleteAllItems() {
    sectionStorage = []
    itemStorage = []
    sectionPositions = [:]
    reloadedItemSet = []
    reloadedSectionSet = []
  }

  /// Moves an item before another item (in that item's section).
  @inlinable
  public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem other: ItemIdentifier) {
    moveItem(identifier, relativeTo: other, after: false, for: "moveItem(_:beforeItem:)")
  }

  /// Moves an item after another item (in that item's section).
  @inlinable
  public mutating func moveItem(_ identifier: ItemIdentifier, afterItem other: ItemIdentifier) {
    moveItem(identifier, relativeTo: other, after: true, for: "moveItem(_:afterItem:)")
  }

  /// Marks items to be made again: the next apply asks the data source for new cells for
  /// them (their content changed; their identifiers did not). One pass over the snapshot.
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
    guard !identifiers.isEmpty else { return }
    let wanted = IdentifierMatcher(identifiers)
    var found = 0
    for items in itemStorage {
      for item in items where wanted.contains(item) { found += 1 }
    }
    precondition(
      found == wanted.count,
      "reloadItems(_:): \(wanted.count - found) of the \(wanted.count) items are not in the snapshot")
    reloadedItemSet.formUnion(identifiers)
  }

  // MARK: - Helpers

  private mutating func insertSections(_ identifiers: [SectionIdentifier], at position: Int) {
    for identifier in identifiers where sectionPositions[identifier] != nil {
      fatalError("the section \(identifier) is already in the snapshot: section identifiers must be unique")
    }
    sectionStorage.insert(contentsOf: identifiers, at: position)
    itemStorage.insert(contentsOf: identifiers.map { _ in [] }, at: position)
    renumberSections()
  }

  private mutating func moveSection(
    _ identifier: SectionIdentifier, relativeTo other: SectionIdentifier, after: Bool, for operation: String
  ) {
    let from = position(ofSection: identifier, for: operation)
    _ = position(ofSection: other, for: operation)
    guard identifier != other else { return }
    let items = itemStorage.remove(at: from)
    sectionStorage.remove(at: from)
    renumberSections()
    let target = position(ofSection: other, for: operation) + (after ? 1 : 0)
    sectionStorage.insert(identifier, at: target)
    itemStorage.insert(items, at: target)
    renumberSections()
  }

  @inlinable
  mutating func moveItem(
    _ identifier: ItemIdentifier, relativeTo other: ItemIdentifier, after: Bool, for operation: String
  ) {
    let from = requiredLocation(ofItem: identifier, for: operation)
    _ = requiredLocation(ofItem: other, for: operation)
    guard identifier != other else { return }
    itemStorage[from.section].remove(at: from.item)
    let target = requiredLocation(ofItem: other, for: operation)
    itemStorage[target.section].insert(identifier, at: target.item + (after ? 1 : 0))
  }
}

/// Tests identifiers against a few named ones by comparing, or against many by hashing.
@usableFromInline
struct IdentifierMatcher<Identifier: Hashable> {
  @usableFromInline let few: [Identifier]
  @usableFromInline let many: Set<Identifier>?
  /// How many different identifiers it matches.
  @usableFromInline let count: Int

  @inlinable
  init(_ identifiers: [Identifier]) {
    let unique = Set(identifiers)
    count = unique.count
    // A handful of comparisons costs less than a hash of every identifier tested.
    if unique.count <= 8 {
      few = Array(unique)
      many = nil
    } else {
      few = []
      many = unique
    }
  }

  @inlinable
  func contains(_ identifier: Identifier) -> Bool {
    if let many { return many.contains(identifier) }
    return few.contains(identifier)
  }
}
