import TermGridCore

/// The batch update that turns one arrangement of identified sections and items into
/// another: which sections and items were deleted, inserted, moved or need making again,
/// in UIKit's terms (deletes and reloads at their places before the update, inserts at
/// their places after it, moves one of each).
///
/// ``DiffableDataSource`` computes one for every snapshot it applies. Code that keeps its
/// own lists of identifiers computes one directly and records it inside its own batch
/// update:
///
/// ```swift
/// let difference = SnapshotDifference(
///   oldSections: oldSectionIDs, oldItems: oldItemIDs, newSections: newSectionIDs, newItems: newItemIDs,
///   reloadedItems: changedIDs)
/// collectionView.performBatchUpdates {
///   model.replaceAll(with: newModel)
///   difference.record(in: collectionView)
/// }
/// ```
///
/// **The rules.** Sections are matched by identifier. Matched sections that keep their
/// order relative to each other stay; the fewest others are moved (a longest increasing
/// subsequence keeps the most in place); the rest are deleted or inserted. Within each
/// matched section items are matched the same way; an item found in another section after
/// the update is moved there. An item marked as reloaded that stays is reloaded at its old
/// place; one that also moves is deleted and inserted, since a batch update cannot move and
/// reload an item at once. A section marked as reloaded is reloaded in place, or deleted
/// and inserted when its place changed. Items of deleted and inserted sections go and come
/// with their sections.
///
/// **Speed.** The common start and end of each matched section are skipped with plain
/// comparisons, and only the items between them are hashed: an edit that touches a few
/// items of a million-item section costs one comparison per item and a hash of the few.
/// The initializers are inlinable, so the comparisons are specialized for the identifier
/// types of the code that calls them.
///
/// Identifiers must be unique among the sections and among the items; a duplicate found
/// among the items that are hashed stops the program with a message naming it.
public struct SnapshotDifference: Hashable, Sendable {
  /// A section that moved, by its index before and after the update.
  public struct SectionMove: Hashable, Sendable {
    /// The section's index before the update.
    public var from: Int
    /// The section's index after the update.
    public var to: Int

    /// Creates a section move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// An item that moved, by its index path before and after the update.
  public struct ItemMove: Hashable, Sendable {
    /// The item's index path before the update.
    public var from: IndexPath
    /// The item's index path after the update.
    public var to: IndexPath

    /// Creates an item move.
    public init(from: IndexPath, to: IndexPath) {
      self.from = from
      self.to = to
    }
  }

  /// Sections deleted, by their indexes before the update, in order.
  public var deletedSections: [Int] = []
  /// Sections inserted, by their indexes after the update, in order.
  public var insertedSections: [Int] = []
  /// Sections moved, by their old indexes in order.
  public var movedSections: [SectionMove] = []
  /// Sections reloaded in place, in order.
  public var reloadedSections: [Int] = []
  /// Items deleted, at their index paths before the update, in order.
  public var deletedItems: [IndexPath] = []
  /// Items inserted, at their index paths after the update, in order.
  public var insertedItems: [IndexPath] = []
  /// Items moved, by their old index paths in order.
  public var movedItems: [ItemMove] = []
  /// Items reloaded in place, at their index paths before the update, in order.
  public var reloadedItems: [IndexPath] = []

  /// No change at all.
  public init() {}

  /// Whether nothing changes.
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && reloadedSections.isEmpty
      && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
  }

  /// The difference between two snapshots; the items and sections the new snapshot marks
  /// for reloading are reloaded.
  @inlinable
  public init<SectionIdentifier, ItemIdentifier>(
    from old: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    to new: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
  ) {
    self.init(
      oldSections: old.sectionStorage, oldItems: old.itemStorage, newSections: new.sectionStorage,
      newItems: new.itemStorage, reloadedItems: new.reloadedItemSet, reloadedSections: new.reloadedSectionSet)
  }

  /// The difference between two arrangements given as lists: `oldItems[s]` holds the items
  /// of the section `oldSections[s]`, and the same for the new ones.
  /// - Parameters:
  ///   - reloadedItems: items whose content changed: reloaded where they stay.
  ///   - reloadedSections: sections to replace as a whole.
  @inlinable
  public init<SectionIdentifier: Hashable, ItemIdentifier: Hashable>(
    oldSections: [SectionIdentifier], oldItems: [[ItemIdentifier]], newSections: [SectionIdentifier],
    newItems: [[ItemIdentifier]], reloadedItems: Set<ItemIdentifier> = [],
    reloadedSections: Set<SectionIdentifier> = []
  ) {
    self.init(
      oldSections: oldSections, oldItemLists: oldItems, newSections: newSections, newItemLists: newItems,
      reloadedItems: reloadedItems, reloadedSections: reloadedSections)
  }

  /// The difference between two arrangements whose sections' items are any random-access
  /// collections indexed from 0: a lazy view of a model's own lists, say, so that a section
  /// of millions of items is compared where it is kept instead of being copied into an
  /// array first. Only the items between a section's common start and end are hashed.
  @inlinable
  public init<SectionIdentifier: Hashable, Items: RandomAccessCollection>(
    oldSections: [SectionIdentifier], oldItemLists oldItems: [Items], newSections: [SectionIdentifier],
    newItemLists newItems: [Items], reloadedItems: Set<Items.Element> = [],
    reloadedSections: Set<SectionIdentifier> = []
  ) where Items.Element: Hashable, Items.Index == Int {
    typealias ItemIdentifier = Items.Element
    precondition(
      oldItems.allSatisfy { $0.startIndex == 0 } && newItems.allSatisfy { $0.startIndex == 0 },
      "SnapshotDifference: every list of items must be indexed from 0")
    precondition(
      oldSections.count == oldItems.count && newSections.count == newItems.count,
      "SnapshotDifference: every section needs its list of items (\(oldSections.count) old sections with \(oldItems.count) lists, \(newSections.count) new ones with \(newItems.count))"
    )
    self.init()

    // Sections: matched by identifier, in the new order.
    var oldSectionIndex = [SectionIdentifier: Int](minimumCapacity: oldSections.count)
    for (index, identifier) in oldSections.enumerated() {
      guard oldSectionIndex.updateValue(index, forKey: identifier) == nil else {
        fatalError("SnapshotDifference: the section \(identifier) appears twice in the old sections")
      }
    }
    var matchedOld: [Int] = []
    var matchedNew: [Int] = []
    var oldIsMatched = [Bool](repeating: false, count: oldSections.count)
    var newSeen = Set<SectionIdentifier>(minimumCapacity: newSections.count)
    for (newIndex, identifier) in newSections.enumerated() {
      guard newSeen.insert(identifier).inserted else {
        fatalError("SnapshotDifference: the section \(identifier) appears twice in the new sections")
      }
      guard let oldIndex = oldSectionIndex[identifier] else {
        insertedSections.append(newIndex)
        continue
      }
      oldIsMatched[oldIndex] = true
      if !reloadedSections.isEmpty, reloadedSections.contains(identifier) {
        if oldIndex == newIndex {
          self.reloadedSections.append(newIndex)
        } else {
          deletedSections.append(oldIndex)
          insertedSections.append(newIndex)
        }
      } else {
        matchedOld.append(oldIndex)
        matchedNew.append(newIndex)
      }
    }
    for index in oldSections.indices where !oldIsMatched[index] { deletedSections.append(index) }
    let sectionsStay = Self.longestIncreasingSubsequence(matchedOld)
    for index in matchedOld.indices where !sectionsStay[index] {
      movedSections.append(SectionMove(from: matchedOld[index], to: matchedNew[index]))
    }

    // Items of matched sections: skip the common ends, hash what lies between.
    var middles: [SectionMiddle] = []
    middles.reserveCapacity(matchedOld.count)
    var oldMiddleCount = 0
    var newMiddleCount = 0
    for (oldSection, newSection) in zip(matchedOld, matchedNew) {
      let middle = Self.middle(of: oldItems[oldSection], and: newItems[newSection], old: oldSection, new: newSection)
      oldMiddleCount += middle.oldEnd - middle.start
      newMiddleCount += middle.newEnd - middle.start
      middles.append(middle)
    }
    var oldPositions = [ItemIdentifier: IndexPath](minimumCapacity: oldMiddleCount)
    var newPositions = [ItemIdentifier: IndexPath](minimumCapacity: newMiddleCount)
    for middle in middles {
      let before = oldItems[middle.oldSection]
      for item in middle.start..<middle.oldEnd {
        guard oldPositions.updateValue(IndexPath(item: item, section: middle.oldSection), forKey: before[item]) == nil
        else { fatalError("SnapshotDifference: the item \(before[item]) appears twice in the old items") }
      }
      let after = newItems[middle.newSection]
      for item in middle.start..<middle.newEnd {
        guard newPositions.updateValue(IndexPath(item: item, section: middle.newSection), forKey: after[item]) == nil
        else { fatalError("SnapshotDifference: the item \(after[item]) appears twice in the new items") }
      }
    }

    // Old items between the ends: deleted, moved to another section, or staying in order.
    var unresolvedReloads = reloadedItems
    for middle in middles {
      let before = oldItems[middle.oldSection]
      var candidates: [(old: Int, new: Int, reloads: Bool)] = []
      for item in middle.start..<middle.oldEnd {
        let identifier = before[item]
        let old = IndexPath(item: item, section: middle.oldSection)
        let reloads = !unresolvedReloads.isEmpty && unresolvedReloads.remove(identifier) != nil
        guard let new = newPositions[identifier] else {
          deletedItems.append(old)
          continue
        }
        if new.section == middle.newSection {
          candidates.append((item, new.item, reloads))
        } else if reloads {
          deletedItems.append(old)
          insertedItems.append(new)
        } else {
          movedItems.append(ItemMove(from: old, to: new))
        }
      }
      let stays = Self.longestIncreasingSubsequence(candidates.map(\.new))
      for (index, candidate) in candidates.enumerated() {
        let old = IndexPath(item: candidate.old, section: middle.oldSection)
        let new = IndexPath(item: candidate.new, section: middle.newSection)
        if stays[index] {
          if candidate.reloads { self.reloadedItems.append(old) }
        } else if candidate.reloads {
          deletedItems.append(old)
          insertedItems.append(new)
        } else {
          movedItems.append(ItemMove(from: old, to: new))
        }
      }
    }
    for middle in middles {
      let after = newItems[middle.newSection]
      for item in middle.start..<middle.newEnd where oldPositions[after[item]] == nil {
        insertedItems.append(IndexPath(item: item, section: middle.newSection))
        if !unresolvedReloads.isEmpty { unresolvedReloads.remove(after[item]) }
      }
    }

    // Items to reload in the unchanged ends: found by comparing, with no hash of the ends.
    if !unresolvedReloads.isEmpty {
      let few = unresolvedReloads.count <= 8 ? Array(unresolvedReloads) : nil
      func isReloaded(_ identifier: ItemIdentifier) -> Bool {
        if let few { return few.contains(identifier) }
        return unresolvedReloads.contains(identifier)
      }
      search: for middle in middles {
        let before = oldItems[middle.oldSection]
        for ends in [0..<middle.start, middle.oldEnd..<before.count] {
          for item in ends where isReloaded(before[item]) {
            self.reloadedItems.append(IndexPath(item: item, section: middle.oldSection))
            unresolvedReloads.remove(before[item])
            if unresolvedReloads.isEmpty { break search }
          }
        }
      }
    }

    deletedSections.sort()
    insertedSections.sort()
    deletedItems.sort()
    insertedItems.sort()
    self.reloadedItems.sort()
    movedItems.sort { $0.from < $1.from }
  }

  // MARK: - Telling the collection view

  /// The changes as batch operations, sections first.
  public var operations: [BatchOperation] {
    var result: [BatchOperation] = []
    if !deletedSections.isEmpty { result.append(.deleteSections(deletedSections)) }
    if !insertedSections.isEmpty { result.append(.insertSections(insertedSections)) }
    for move in movedSections { result.append(.moveSection(from: move.from, to: move.to)) }
    if !reloadedSections.isEmpty { result.append(.reloadSections(reloadedSections)) }
    if !deletedItems.isEmpty { result.append(.deleteItems(deletedItems)) }
    if !insertedItems.isEmpty { result.append(.insertItems(insertedItems)) }
    for move in movedItems { result.append(.moveItem(from: move.from, to: move.to)) }
    if !reloadedItems.isEmpty { result.append(.reloadItems(reloadedItems)) }
    return result
  }

  /// Tells a collection view the changes. Call it inside
  /// ``CollectionView/performBatchUpdates(_:completion:)``, after the data source holds the
  /// new data, so they animate together as one update.
  public func record(in collectionView: CollectionView) {
    for operation in operations {
      switch operation {
      case .deleteSections(let sections): collectionView.deleteSections(sections)
      case .insertSections(let sections): collectionView.insertSections(sections)
      case .moveSection(let from, let to): collectionView.moveSection(from, toSection: to)
      case .reloadSections(let sections): collectionView.reloadSections(sections)
      case .deleteItems(let indexPaths): collectionView.deleteItems(at: indexPaths)
      case .insertItems(let indexPaths): collectionView.insertItems(at: indexPaths)
      case .moveItem(let from, let to): collectionView.moveItem(at: from, to: to)
      case .reloadItems(let indexPaths): collectionView.reloadItems(at: indexPaths)
      }
    }
  }

  // MARK: - Helpers

  /// The part of a matched section between its common start and common end.
  @usableFromInline
  struct SectionMiddle {
    /// The section's index before and after the update.
    @usableFromInline var oldSection: Int
    @usableFromInline var newSection: Int
    /// The length of the common start: the first item of the middle in both.
    @usableFromInline var start: Int
    /// Where the common end starts, before and after the update.
    @usableFromInline var oldEnd: Int
    @usableFromInline var newEnd: Int

    @usableFromInline
    init(oldSection: Int, newSection: Int, start: Int, oldEnd: Int, newEnd: Int) {
      self.oldSection = oldSection
      self.newSection = newSection
      self.start = start
      self.oldEnd = oldEnd
      self.newEnd = newEnd
    }
  }

  /// Finds the common start and end of a section's items before and after the update.
  @inlinable
  static func middle<Items: RandomAccessCollection>(of before: Items, and after: Items, old: Int, new: Int)
    -> SectionMiddle where Items.Element: Equatable, Items.Index == Int
  {
    let counts = (before: before.count, after: after.count)
    if let ends = commonEnds(of: before, and: after) {
      return SectionMiddle(
        oldSection: old, newSection: new, start: ends.prefix, oldEnd: counts.before - ends.suffix,
        newEnd: counts.after - ends.suffix)
    }
    let shorter = Swift.min(counts.before, counts.after)
    let contiguous = before.withContiguousStorageIfAvailable { a in
      after.withContiguousStorageIfAvailable { b in
        var prefix = 0
        while prefix < shorter && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (prefix, suffix)
      }
    }
    let (prefix, suffix): (Int, Int)
    if let found = contiguous ?? nil {
      (prefix, suffix) = found
    } else {
      var start = 0
      while start < shorter && before[start] == after[start] { start += 1 }
      var end = 0
      while end < shorter - start && before[counts.before - 1 - end] == after[counts.after - 1 - end] { end += 1 }
      (prefix, suffix) = (start, end)
    }
    return SectionMiddle(
      oldSection: old, newSection: new, start: prefix, oldEnd: counts.before - suffix, newEnd: counts.after - suffix)
  }

  /// The lists' own answer when they know their common ends (``CommonEndsComparable``).
  @inlinable
  static func commonEnds<Items>(of before: Items, and after: Items) -> (prefix: Int, suffix: Int)? {
    guard let before = before as? any CommonEndsComparable else { return nil }
    return commonEnds(opening: before, and: after)
  }

  @inlinable
  static func commonEnds<Items: CommonEndsComparable>(opening before: Items, and after: Any) -> (
    prefix: Int, suffix: Int
  )? {
    guard let after = after as? Items else { return nil }
    return before.commonEnds(with: after)
  }

  /// Which of `values` belong to one longest strictly increasing subsequence (patience
  /// sorting, O(n log n)).
  @usableFromInline
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []  // index into values of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var member = [Bool](repeating: false, count: values.count)
    var current = tails.last ?? -1
    while current >= 0 {
      member[current] = true
      current = previous[current]
    }
    return member
  }
}

/// A list of identifiers that finds where it starts and stops being equal to another faster
/// than item by item (a list kept as runs of ids, say): ``SnapshotDifference`` asks it for
/// the common start and end of a section instead of comparing the items one by one.
public protocol CommonEndsComparable: RandomAccessCollection where Index == Int {
  /// How many items at the start are equal to `other`'s, and how many at the end of what
  /// remains after them (so the two never overlap).
  func commonEnds(with other: Self) -> (prefix: Int, suffix: Int)
}
