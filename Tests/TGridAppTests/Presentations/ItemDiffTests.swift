import TermGrid
import TestSupport
import Testing

@testable import TGridApp

@Suite struct ItemDiffTests {
  @Test func anInsertionInTheMiddleOfALongSectionIsOneInsert() {
    let old = Array(0..<1000)
    var new = old
    new.insert(5000, at: 500)
    let diff = ItemDiff(oldSections: [1], oldItems: [old], newSections: [1], newItems: [new])
    #expect(diff.insertedItems == [IndexPath(item: 500, section: 0)])
    #expect(diff.deletedItems.isEmpty && diff.movedItems.isEmpty && diff.reloadedItems.isEmpty)
  }

  @Test func aMovedItemIsAMoveAndTheOthersStay() {
    let diff = ItemDiff(oldSections: [0], oldItems: [[1, 2, 3, 4]], newSections: [0], newItems: [[2, 3, 1, 4]])
    #expect(diff.movedItems == [ItemDiff.Move(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))])
    #expect(diff.deletedItems.isEmpty && diff.insertedItems.isEmpty)
  }

  @Test func changedItemsThatStayAreReloadedAtTheirOldIndexPaths() {
    let diff = ItemDiff(
      oldSections: [0], oldItems: [[1, 2, 3]], newSections: [0], newItems: [[9, 1, 2, 3]], changed: [3])
    #expect(diff.insertedItems == [IndexPath(item: 0, section: 0)])
    #expect(diff.reloadedItems == [IndexPath(item: 2, section: 0)])
  }

  @Test func sectionsComeAndGoByTheirIds() {
    let diff = ItemDiff(oldSections: [10, 20, 30], oldItems: [[1], [2], [3]], newSections: [10, 40, 30], newItems: [[1], [4], [3]])
    #expect(diff.deletedSections == [1])
    #expect(diff.insertedSections == [1])
    #expect(diff.deletedItems.isEmpty && diff.insertedItems.isEmpty)
  }

  /// Random arrangements: the collection view's own batch-update rules accept the diff, and
  /// it maps every item that stays to its new place.
  @Test(arguments: Array(1...40) as [UInt64])
  func theCollectionViewAgreesWithEveryDiff(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var nextID = 0
    var oldSections: [Int] = []
    var oldItems: [[Int]] = []
    for section in 0..<(1 + random.next(below: 4)) {
      oldSections.append(section)
      oldItems.append((0..<random.next(below: 12)).map { _ in nextID += 1; return nextID })
    }
    var newSections = oldSections
    var newItems = oldItems
    if random.next(below: 4) == 0 {
      newSections.append(100)
      newItems.append([])
    }
    if newSections.count > 1, random.next(below: 5) == 0 {
      newSections.remove(at: 0)
      newItems.remove(at: 0)
    }
    for _ in 0..<random.next(below: 8) {
      let section = random.next(below: newItems.count)
      switch random.next(below: 3) {
      case 0:
        nextID += 1
        newItems[section].insert(nextID, at: random.next(below: newItems[section].count + 1))
      case 1 where !newItems[section].isEmpty:
        newItems[section].remove(at: random.next(below: newItems[section].count))
      default:
        guard !newItems[section].isEmpty else { continue }
        let moved = newItems[section].remove(at: random.next(below: newItems[section].count))
        let target = random.next(below: newItems.count)
        newItems[target].insert(moved, at: random.next(below: newItems[target].count + 1))
      }
    }
    let changed = Set(oldItems.flatMap { $0 }.filter { _ in random.next(below: 5) == 0 })
    let diff = ItemDiff(oldSections: oldSections, oldItems: oldItems, newSections: newSections, newItems: newItems, changed: changed)
    // Told where changed items are now, it finds the same reloads without scanning.
    var places: [Int: IndexPath] = [:]
    for (section, items) in newItems.enumerated() {
      for (item, id) in items.enumerated() { places[id] = IndexPath(item: item, section: section) }
    }
    let located = ItemDiff(
      oldSections: oldSections, oldItems: oldItems, newSections: newSections, newItems: newItems, changed: changed,
      locate: { places[$0] })
    #expect(located == diff)
    var operations: [BatchOperation] = []
    if !diff.deletedSections.isEmpty { operations.append(.deleteSections(diff.deletedSections)) }
    if !diff.insertedSections.isEmpty { operations.append(.insertSections(diff.insertedSections)) }
    if !diff.deletedItems.isEmpty { operations.append(.deleteItems(diff.deletedItems)) }
    if !diff.insertedItems.isEmpty { operations.append(.insertItems(diff.insertedItems)) }
    for move in diff.movedItems { operations.append(.moveItem(from: move.from, to: move.to)) }
    if !diff.reloadedItems.isEmpty { operations.append(.reloadItems(diff.reloadedItems)) }
    let plan = try BatchUpdatePlan(oldCounts: oldItems.map(\.count), newCounts: newItems.map(\.count), operations: operations)
    var newPlace: [Int: IndexPath] = [:]
    for (section, items) in newItems.enumerated() {
      for (item, id) in items.enumerated() { newPlace[id] = IndexPath(item: item, section: section) }
    }
    for (section, items) in oldItems.enumerated() {
      for (item, id) in items.enumerated() {
        let old = IndexPath(item: item, section: section)
        guard let expected = newPlace[id], !diff.deletedItems.contains(old), !diff.deletedSections.contains(section)
        else { continue }
        #expect(plan.newIndexPath(for: old) == expected, "item \(id) from \(old)")
      }
    }
  }
}
