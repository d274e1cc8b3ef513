import TermGridCore

/// One change recorded inside ``CollectionView/performBatchUpdates(_:completion:)``.
public enum BatchOperation: Hashable, Sendable {
  /// Items inserted, at their index paths after the update.
  case insertItems([IndexPath])
  /// Items deleted, at their index paths before the update.
  case deleteItems([IndexPath])
  /// Items reloaded in place, at their index paths before the update.
  case reloadItems([IndexPath])
  /// An item moved from its index path before the update to one after it.
  case moveItem(from: IndexPath, to: IndexPath)
  /// Sections inserted, at their indexes after the update.
  case insertSections([Int])
  /// Sections deleted, at their indexes before the update.
  case deleteSections([Int])
  /// Sections reloaded (replaced), at their indexes before the update.
  case reloadSections([Int])
  /// A section moved.
  case moveSection(from: Int, to: Int)
}

/// A batch update the data source does not agree with: the guide's crash, but readable.
public struct BatchUpdateError: Error, CustomStringConvertible, Equatable {
  /// What is wrong, naming the section and the counts.
  public var description: String
}

/// How a batch of changes maps the items before the update to the items after it, checked
/// against the data source's counts as the guide requires ("update your data source first").
///
/// UIKit's rules: deletes and reloads name index paths before the update, inserts name
/// index paths after it, moves name one of each. Items that are not touched keep their
/// order and fill the places inserts and moves leave free.
public struct BatchUpdatePlan: Sendable {
  /// Sections before the update → after (nil when deleted or reloaded).
  public private(set) var sectionMap: [Int?]
  /// The new sections that were inserted (or are the new side of a reload).
  public private(set) var insertedSections: Set<Int>
  /// The changes, as the layout is told them.
  public private(set) var updateItems: [UpdateItem]
  /// The item counts after the update.
  public let newCounts: [Int]
  /// Reloaded items, at their index paths before the update.
  public private(set) var reloadedItems: Set<IndexPath>

  private var deletedItems: [Int: [Int]] = [:]  // old section → sorted old items removed (deleted or moved out)
  private var fixedNewItems: [Int: [Int]] = [:]  // new section → sorted new items taken (inserted or moved in)
  private var movedItems: [IndexPath: IndexPath] = [:]
  private var insertedItemSet: Set<IndexPath> = []
  /// Items appended at the end of one section, when that is all the batch does (the fast
  /// path: nothing else moves, so no item is hashed).
  private var appendedItems: (section: Int, items: Range<Int>)?

  /// Checks `operations` against the counts before and after, and builds the mapping.
  /// - Throws: ``BatchUpdateError`` describing the first inconsistency.
  public init(oldCounts: [Int], newCounts: [Int], operations: [BatchOperation]) throws {
    self.newCounts = newCounts
    sectionMap = []
    insertedSections = []
    updateItems = []
    reloadedItems = []

    // Items appended at the end of one section and nothing else (records arriving on a
    // followed stream): every other item stays where it is.
    if let appended = Self.appendedItems(oldCounts: oldCounts, newCounts: newCounts, operations: operations) {
      sectionMap = Array(0..<oldCounts.count)
      appendedItems = appended
      updateItems.reserveCapacity(appended.items.count)
      for item in appended.items {
        updateItems.append(
          UpdateItem(action: .insert, before: nil, after: IndexPath(item: item, section: appended.section)))
      }
      return
    }
    // Items cut off the start of one section, and perhaps some of those after them
    // reloaded (records leaving a followed stream, `--keep`): the rest moves up by as many.
    if let cut = Self.cutItems(oldCounts: oldCounts, newCounts: newCounts, operations: operations) {
      sectionMap = Array(0..<oldCounts.count)
      deletedItems[cut.section] = Array(0..<cut.count)
      updateItems.reserveCapacity(cut.count + cut.reloaded.count)
      for item in 0..<cut.count {
        updateItems.append(UpdateItem(action: .delete, before: IndexPath(item: item, section: cut.section), after: nil))
      }
      for path in cut.reloaded {
        reloadedItems.insert(path)
        updateItems.append(
          UpdateItem(
            action: .reload, before: path, after: IndexPath(item: path.item - cut.count, section: cut.section)))
      }
      return
    }

    var deletedSections = Set<Int>()
    var sectionInserts = Set<Int>()
    var sectionMoves: [(from: Int, to: Int)] = []
    var itemDeletes: [IndexPath] = []
    var itemInserts: [IndexPath] = []
    var itemMoves: [(from: IndexPath, to: IndexPath)] = []
    var itemReloads: [IndexPath] = []

    func fail(_ message: String) -> BatchUpdateError {
      BatchUpdateError(description: "Invalid batch update: " + message)
    }

    for operation in operations {
      switch operation {
      case .insertSections(let sections):
        for section in sections {
          guard sectionInserts.insert(section).inserted else { throw fail("section \(section) is inserted twice") }
          updateItems.append(
            UpdateItem(action: .insert, before: nil, after: IndexPath(item: 0, section: section), isSectionUpdate: true)
          )
        }
      case .deleteSections(let sections):
        for section in sections {
          guard section >= 0, section < oldCounts.count else {
            throw fail(
              "attempt to delete section \(section), but there are only \(oldCounts.count) sections before the update")
          }
          guard deletedSections.insert(section).inserted else { throw fail("section \(section) is deleted twice") }
          updateItems.append(
            UpdateItem(action: .delete, before: IndexPath(item: 0, section: section), after: nil, isSectionUpdate: true)
          )
        }
      case .reloadSections(let sections):
        for section in sections {
          guard section >= 0, section < oldCounts.count else {
            throw fail(
              "attempt to reload section \(section), but there are only \(oldCounts.count) sections before the update")
          }
          guard deletedSections.insert(section).inserted, sectionInserts.insert(section).inserted else {
            throw fail("section \(section) is reloaded and also deleted or inserted")
          }
          let path = IndexPath(item: 0, section: section)
          updateItems.append(UpdateItem(action: .reload, before: path, after: path, isSectionUpdate: true))
        }
      case .moveSection(let from, let to):
        guard from >= 0, from < oldCounts.count else {
          throw fail(
            "attempt to move section \(from), but there are only \(oldCounts.count) sections before the update")
        }
        sectionMoves.append((from, to))
        updateItems.append(
          UpdateItem(
            action: .move, before: IndexPath(item: 0, section: from), after: IndexPath(item: 0, section: to),
            isSectionUpdate: true))
      case .insertItems(let paths):
        itemInserts += paths
        updateItems += paths.map { UpdateItem(action: .insert, before: nil, after: $0) }
      case .deleteItems(let paths):
        itemDeletes += paths
        updateItems += paths.map { UpdateItem(action: .delete, before: $0, after: nil) }
      case .reloadItems(let paths):
        itemReloads += paths
        updateItems += paths.map { UpdateItem(action: .reload, before: $0, after: $0) }
      case .moveItem(let from, let to):
        itemMoves.append((from, to))
        updateItems.append(UpdateItem(action: .move, before: from, after: to))
      }
    }

    // Sections.
    let expectedSections = oldCounts.count - deletedSections.count + sectionInserts.count
    guard expectedSections == newCounts.count else {
      throw fail(
        "invalid number of sections. The number of sections after the update (\(newCounts.count)) must be equal to the number of sections before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(sectionInserts.count) inserted, \(deletedSections.count) deleted)."
      )
    }
    for section in sectionInserts where section < 0 || section >= newCounts.count {
      throw fail(
        "attempt to insert section \(section), but there are only \(newCounts.count) sections after the update")
    }
    for move in sectionMoves where move.to < 0 || move.to >= newCounts.count {
      throw fail(
        "attempt to move section \(move.from) to \(move.to), but there are only \(newCounts.count) sections after the update"
      )
    }
    sectionMap = try Self.positions(
      oldCount: oldCounts.count, newCount: newCounts.count, removed: deletedSections, taken: sectionInserts,
      moves: sectionMoves, what: "section", fail: fail)
    insertedSections = sectionInserts

    // Items.
    var removedBySection: [Int: Set<Int>] = [:]
    var takenBySection: [Int: Set<Int>] = [:]
    for path in itemDeletes {
      guard path.section >= 0, path.section < oldCounts.count, path.item >= 0, path.item < oldCounts[path.section]
      else {
        throw fail(
          "attempt to delete item \(path.item) from section \(path.section), which has only \(path.section >= 0 && path.section < oldCounts.count ? oldCounts[path.section] : 0) items before the update"
        )
      }
      guard !deletedSections.contains(path.section) else {
        throw fail(
          "attempt to delete item \(path.item) from section \(path.section), which is itself deleted or reloaded")
      }
      guard removedBySection[path.section, default: []].insert(path.item).inserted else {
        throw fail("item \(path.item) of section \(path.section) is deleted or moved twice")
      }
    }
    for path in itemReloads {
      guard path.section >= 0, path.section < oldCounts.count, path.item >= 0, path.item < oldCounts[path.section]
      else {
        throw fail(
          "attempt to reload item \(path.item) of section \(path.section), which does not exist before the update")
      }
      guard !deletedSections.contains(path.section) else {
        throw fail(
          "attempt to reload item \(path.item) of section \(path.section), which is itself deleted or reloaded")
      }
      guard !(removedBySection[path.section]?.contains(path.item) ?? false) else {
        throw fail("attempt to delete and reload the same item, item \(path.item) of section \(path.section)")
      }
      reloadedItems.insert(path)
    }
    for path in itemInserts {
      guard path.section >= 0, path.section < newCounts.count, path.item >= 0, path.item < newCounts[path.section]
      else {
        throw fail(
          "attempt to insert item \(path.item) into section \(path.section), which has only \(path.section >= 0 && path.section < newCounts.count ? newCounts[path.section] : 0) items after the update"
        )
      }
      guard !sectionInserts.contains(path.section) else {
        throw fail(
          "attempt to insert item \(path.item) into section \(path.section), which is itself inserted: its items come with it"
        )
      }
      guard takenBySection[path.section, default: []].insert(path.item).inserted else {
        throw fail("item \(path.item) of section \(path.section) is inserted or moved to twice")
      }
      insertedItemSet.insert(path)
    }
    for move in itemMoves {
      let from = move.from
      let to = move.to
      guard from.section >= 0, from.section < oldCounts.count, from.item >= 0, from.item < oldCounts[from.section]
      else {
        throw fail(
          "attempt to move item \(from.item) of section \(from.section), which does not exist before the update")
      }
      guard to.section >= 0, to.section < newCounts.count, to.item >= 0, to.item < newCounts[to.section] else {
        throw fail(
          "attempt to move an item to item \(to.item) of section \(to.section), which does not exist after the update")
      }
      guard !deletedSections.contains(from.section), !sectionInserts.contains(to.section) else {
        throw fail("attempt to move item \(from) out of a deleted section or into an inserted one")
      }
      guard removedBySection[from.section, default: []].insert(from.item).inserted else {
        throw fail("item \(from.item) of section \(from.section) is deleted or moved twice")
      }
      guard !reloadedItems.contains(from) else {
        throw fail("attempt to move and reload the same item, item \(from.item) of section \(from.section)")
      }
      guard takenBySection[to.section, default: []].insert(to.item).inserted else {
        throw fail("item \(to.item) of section \(to.section) is inserted or moved to twice")
      }
      movedItems[from] = to
    }

    for (oldSection, newSection) in sectionMap.enumerated() {
      guard let newSection else { continue }
      let removed = removedBySection[oldSection] ?? []
      let taken = takenBySection[newSection] ?? []
      let deletedCount = itemDeletes.filter { $0.section == oldSection }.count
      let insertedCount = itemInserts.filter { $0.section == newSection }.count
      let movedOut = itemMoves.filter { $0.from.section == oldSection }.count
      let movedIn = itemMoves.filter { $0.to.section == newSection }.count
      let expected = oldCounts[oldSection] - removed.count + taken.count
      guard expected == newCounts[newSection] else {
        throw fail(
          "invalid number of items in section \(newSection). The number of items in that section after the update (\(newCounts[newSection])) must be equal to the number of items in it before the update (\(oldCounts[oldSection])), plus or minus the number of items inserted or deleted (\(insertedCount) inserted, \(deletedCount) deleted) and plus or minus the number of items moved into or out of it (\(movedIn) moved in, \(movedOut) moved out)."
        )
      }
      deletedItems[oldSection] = removed.sorted()
      fixedNewItems[newSection] = taken.sorted()
    }
    // Moves into a section whose old counterpart is gone cannot be placed.
    for section in takenBySection.keys where !sectionMap.contains(section) {
      throw fail("items are inserted or moved into section \(section), which is not a surviving section")
    }
    // A reloaded item keeps its place among the others, which may have shifted around it.
    for index in updateItems.indices where updateItems[index].action == .reload && !updateItems[index].isSectionUpdate {
      if let before = updateItems[index].indexPathBeforeUpdate {
        updateItems[index].indexPathAfterUpdate = newIndexPath(for: before)
      }
    }
  }

  /// The section and the items a batch appends, when it only inserts items, exactly those
  /// after the last one of one section, in order, and no count but that section's changes.
  private static func appendedItems(oldCounts: [Int], newCounts: [Int], operations: [BatchOperation]) -> (
    section: Int, items: Range<Int>
  )? {
    guard !operations.isEmpty, oldCounts.count == newCounts.count else { return nil }
    var grown: Int?
    for section in oldCounts.indices where oldCounts[section] != newCounts[section] {
      guard grown == nil, newCounts[section] > oldCounts[section] else { return nil }
      grown = section
    }
    guard let section = grown else { return nil }
    var next = oldCounts[section]
    for operation in operations {
      guard case .insertItems(let paths) = operation else { return nil }
      for path in paths {
        guard path.section == section, path.item == next else { return nil }
        next += 1
      }
    }
    guard next == newCounts[section] else { return nil }
    return (section, oldCounts[section]..<next)
  }

  /// The section and the number of items a batch deletes from its start, with the items
  /// after them it reloads, when that is all it does: the deletes name the first items in
  /// order, each reload a distinct item that stays, and no count but that section's changes.
  private static func cutItems(oldCounts: [Int], newCounts: [Int], operations: [BatchOperation]) -> (
    section: Int, count: Int, reloaded: [IndexPath]
  )? {
    guard !operations.isEmpty, oldCounts.count == newCounts.count else { return nil }
    var shrunk: Int?
    for section in oldCounts.indices where oldCounts[section] != newCounts[section] {
      guard shrunk == nil, newCounts[section] < oldCounts[section] else { return nil }
      shrunk = section
    }
    guard let section = shrunk else { return nil }
    var next = 0
    var reloaded: [IndexPath] = []
    for operation in operations {
      switch operation {
      case .deleteItems(let paths):
        guard reloaded.isEmpty else { return nil }
        for path in paths {
          guard path.section == section, path.item == next else { return nil }
          next += 1
        }
      case .reloadItems(let paths):
        reloaded += paths
      default:
        return nil
      }
    }
    guard next == oldCounts[section] - newCounts[section] else { return nil }
    var seen = Set<Int>()
    for path in reloaded {
      guard path.section == section, path.item >= next, path.item < oldCounts[section], seen.insert(path.item).inserted
      else { return nil }
    }
    return (section, next, reloaded)
  }

  /// Where a section goes: the untouched ones keep their order and fill the places that
  /// inserts and moves leave free.
  private static func positions(
    oldCount: Int, newCount: Int, removed: Set<Int>, taken: Set<Int>, moves: [(from: Int, to: Int)],
    what: String, fail: (String) -> BatchUpdateError
  ) throws -> [Int?] {
    var map = [Int?](repeating: nil, count: oldCount)
    var fixed: [Int: Int] = [:]
    var movedFrom = Set<Int>()
    for move in moves {
      guard !removed.contains(move.from), movedFrom.insert(move.from).inserted else {
        throw fail("\(what) \(move.from) is moved twice, or moved and deleted")
      }
      guard !taken.contains(move.to), fixed[move.to] == nil else {
        throw fail("\(what) \(move.to) is the target of two changes")
      }
      fixed[move.to] = move.from
    }
    var remaining = (0..<oldCount).filter { !removed.contains($0) && !movedFrom.contains($0) }.makeIterator()
    for position in 0..<newCount {
      if taken.contains(position) { continue }
      if let source = fixed[position] {
        map[source] = position
        continue
      }
      guard let source = remaining.next() else { break }
      map[source] = position
    }
    return map
  }

  /// Where an item before the update is after it; `nil` when it was deleted or its section
  /// went away. Reloaded items keep their place.
  public func newIndexPath(for old: IndexPath) -> IndexPath? {
    if let moved = movedItems[old] { return moved }
    guard old.section >= 0, old.section < sectionMap.count, let newSection = sectionMap[old.section] else { return nil }
    let removed = deletedItems[old.section] ?? []
    // Rank among the surviving old items of the section.
    let removedBefore = Self.countLess(than: old.item, in: removed)
    if removedBefore < removed.count, removed[removedBefore] == old.item { return nil }
    var position = old.item - removedBefore
    // Skip the new places that inserts and moves took.
    for taken in fixedNewItems[newSection] ?? [] {
      if taken <= position { position += 1 } else { break }
    }
    return IndexPath(item: position, section: newSection)
  }

  /// Whether the item after the update was inserted (or belongs to an inserted section).
  public func isInserted(_ new: IndexPath) -> Bool {
    if let appendedItems, appendedItems.section == new.section, appendedItems.items.contains(new.item) { return true }
    return insertedSections.contains(new.section) || insertedItemSet.contains(new)
  }

  /// Where a section before the update is after it.
  public func newSection(for old: Int) -> Int? {
    old >= 0 && old < sectionMap.count ? sectionMap[old] : nil
  }

  private static func countLess(than value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
