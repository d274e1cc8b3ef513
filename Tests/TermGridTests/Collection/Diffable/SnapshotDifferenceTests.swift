import TermGrid
import TestSupport
import Testing

@Suite struct SnapshotDifferenceTests {
  @Test func anInsertionInTheMiddleOfALongSectionIsOneInsert() {
    let old = Array(0..<1000)
    var new = old
    new.insert(5000, at: 500)
    let difference = SnapshotDifference(oldSections: [1], oldItems: [old], newSections: [1], newItems: [new])
    #expect(difference.insertedItems == [ip(500)])
    #expect(difference.deletedItems.isEmpty && difference.movedItems.isEmpty && difference.reloadedItems.isEmpty)
    #expect(difference.operations == [.insertItems([ip(500)])])
  }

  @Test func listsThatAreNotArraysAreComparedWithoutCopies() {
    // A million ids kept as a range: only the changed middle is hashed.
    let old = 0..<1_000_000
    let new = (0..<1_000_000).lazy.map { $0 == 500_000 ? -1 : $0 }
    let difference = SnapshotDifference(
      oldSections: [0], oldItemLists: [old.lazy.map { $0 }], newSections: [0], newItemLists: [new],
      reloadedItems: [999_999])
    #expect(difference.deletedItems == [ip(500_000)])
    #expect(difference.insertedItems == [ip(500_000)])
    #expect(difference.reloadedItems == [ip(999_999)])
  }

  @Test func aMovedItemIsOneMoveAndTheOthersStay() {
    let difference = SnapshotDifference(
      oldSections: [0], oldItems: [[1, 2, 3, 4]], newSections: [0], newItems: [[2, 3, 1, 4]])
    #expect(difference.movedItems == [SnapshotDifference.ItemMove(from: ip(0), to: ip(2))])
    #expect(difference.deletedItems.isEmpty && difference.insertedItems.isEmpty)
  }

  @Test func anItemFoundInAnotherSectionMovesThere() {
    let difference = SnapshotDifference(
      oldSections: ["a", "b"], oldItems: [[1, 2], [3]], newSections: ["a", "b"], newItems: [[1], [3, 2]])
    #expect(difference.movedItems == [SnapshotDifference.ItemMove(from: ip(1, 0), to: ip(1, 1))])
    #expect(difference.operations == [.moveItem(from: ip(1, 0), to: ip(1, 1))])
  }

  @Test func sectionsAreMatchedByIdentifierAndTheFewestMove() {
    let difference = SnapshotDifference(
      oldSections: ["a", "b", "c", "d"], oldItems: [[1], [2], [3], [4]], newSections: ["b", "c", "e", "a"],
      newItems: [[2], [3], [5], [1]])
    #expect(difference.deletedSections == [3])
    #expect(difference.insertedSections == [2])
    #expect(difference.movedSections == [SnapshotDifference.SectionMove(from: 0, to: 3)])
    #expect(difference.deletedItems.isEmpty && difference.insertedItems.isEmpty && difference.movedItems.isEmpty)
  }

  @Test func reloadedItemsThatStayAreReloadedAtTheirOldPlacesWhereverTheyAre() {
    // 3 stays in the changed middle; 1 is in the common start and 1000 in the common end.
    let old = [1, 2, 3] + Array(4...1000)
    let new = [1, 9, 2, 3] + Array(4...1000)
    let difference = SnapshotDifference(
      oldSections: [0], oldItems: [old], newSections: [0], newItems: [new], reloadedItems: [3, 1, 1000])
    #expect(difference.insertedItems == [ip(1)])
    #expect(difference.reloadedItems == [ip(0), ip(2), ip(999)])
  }

  @Test func aReloadedItemThatMovesIsDeletedAndInserted() {
    let difference = SnapshotDifference(
      oldSections: [0], oldItems: [[1, 2, 3]], newSections: [0], newItems: [[2, 3, 1]], reloadedItems: [1])
    #expect(difference.deletedItems == [ip(0)])
    #expect(difference.insertedItems == [ip(2)])
    #expect(difference.movedItems.isEmpty && difference.reloadedItems.isEmpty)
  }

  @Test func aReloadedSectionIsReloadedInPlaceOrDeletedAndInsertedWhenItMoved() {
    let inPlace = SnapshotDifference(
      oldSections: ["a", "b"], oldItems: [[1], [2]], newSections: ["a", "b"], newItems: [[1], [2, 3]],
      reloadedSections: ["b"])
    #expect(inPlace.reloadedSections == [1])
    #expect(inPlace.insertedItems.isEmpty)
    let moved = SnapshotDifference(
      oldSections: ["a", "b"], oldItems: [[1], [2]], newSections: ["b", "a"], newItems: [[2], [1]],
      reloadedSections: ["b"])
    #expect(moved.deletedSections == [1] && moved.insertedSections == [0])
    #expect(moved.movedSections.isEmpty)
  }

  @Test func snapshotsDifferByTheirIdentifiersAndTheirReloadMarks() {
    var old = DiffableDataSourceSnapshot<String, String>()
    old.appendSections(["fruit"])
    old.appendItems(["apple", "pear", "plum"])
    var new = old
    new.deleteItems(["pear"])
    new.appendItems(["fig"])
    new.reloadItems(["apple"])
    let difference = SnapshotDifference(from: old, to: new)
    #expect(difference.deletedItems == [ip(1)])
    #expect(difference.insertedItems == [ip(2)])
    #expect(difference.reloadedItems == [ip(0)])
    #expect(SnapshotDifference(from: old, to: old).isEmpty)
  }

  @Test func aDuplicateAmongTheChangedItemsStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = SnapshotDifference(oldSections: [0], oldItems: [[1, 2, 3]], newSections: [0], newItems: [[1, 4, 4, 3]])
    }
  }

  /// Random changes to random arrangements: the collection view's own batch-update rules
  /// accept every difference, it maps every item that stays to its new place, and items
  /// that keep their order in their section are not moved.
  @Test(arguments: Array(1...(SanitizerBuild.isActive ? 15 : 60)) as [UInt64])
  func theCollectionViewAgreesWithEveryDifference(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var nextID = 0
    var oldSections: [Int] = []
    var oldItems: [[Int]] = []
    for section in 0..<(1 + random.next(below: 5)) {
      oldSections.append(section)
      oldItems.append(
        (0..<random.next(below: 12)).map { _ in
          nextID += 1
          return nextID
        })
    }
    var newSections = oldSections
    var newItems = oldItems
    if random.next(below: 3) == 0 {
      newSections.insert(100, at: random.next(below: newSections.count + 1))
      newItems.insert(
        (0..<random.next(below: 3)).map { _ in
          nextID += 1
          return nextID
        }, at: newSections.firstIndex(of: 100)!)
    }
    if newSections.count > 1, random.next(below: 4) == 0 {
      let index = random.next(below: newSections.count)
      newSections.remove(at: index)
      newItems.remove(at: index)
    }
    if newSections.count > 1, random.next(below: 3) == 0 {
      let from = random.next(below: newSections.count)
      let section = newSections.remove(at: from)
      let items = newItems.remove(at: from)
      let to = random.next(below: newSections.count + 1)
      newSections.insert(section, at: to)
      newItems.insert(items, at: to)
    }
    for _ in 0..<random.next(below: 10) {
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
    let reloaded = Set(oldItems.flatMap { $0 }.filter { _ in random.next(below: 5) == 0 })
    let reloadedSections = Set(oldSections.filter { _ in random.next(below: 6) == 0 })
    let difference = SnapshotDifference(
      oldSections: oldSections, oldItems: oldItems, newSections: newSections, newItems: newItems,
      reloadedItems: reloaded, reloadedSections: reloadedSections)
    // Lists compared where they are (no contiguous storage) give the same difference.
    let lazy = SnapshotDifference(
      oldSections: oldSections, oldItemLists: oldItems.map { $0.lazy.map { $0 } }, newSections: newSections,
      newItemLists: newItems.map { $0.lazy.map { $0 } }, reloadedItems: reloaded, reloadedSections: reloadedSections)
    #expect(lazy == difference)
    let plan = try BatchUpdatePlan(
      oldCounts: oldItems.map(\.count), newCounts: newItems.map(\.count), operations: difference.operations)

    var newPlace: [Int: IndexPath] = [:]
    for (section, items) in newItems.enumerated() {
      for (item, id) in items.enumerated() { newPlace[id] = IndexPath(item: item, section: section) }
    }
    let deletedItems = Set(difference.deletedItems)
    for (section, items) in oldItems.enumerated() {
      for (item, id) in items.enumerated() {
        let old = IndexPath(item: item, section: section)
        guard let expected = newPlace[id], !deletedItems.contains(old) else { continue }
        let gone = difference.deletedSections.contains(section) || difference.reloadedSections.contains(section)
        if gone { continue }
        #expect(plan.newIndexPath(for: old) == expected, "item \(id) from \(old)")
      }
    }
    // Every section that survives lands where its identifier is.
    for (oldIndex, identifier) in oldSections.enumerated() {
      guard let newIndex = newSections.firstIndex(of: identifier), !reloadedSections.contains(identifier) else {
        continue
      }
      #expect(plan.newSection(for: oldIndex) == newIndex, "section \(identifier)")
    }
    // Moves are only for items whose order changed: an item moved within its section has
    // another item that it passed.
    for move in difference.movedItems where move.from.section == move.to.section {
      let id = oldItems[move.from.section][move.from.item]
      let oldOrder = oldItems[move.from.section]
      let newOrder = newItems[move.to.section]
      let passed = oldOrder.contains { other in
        guard other != id, let otherNew = newOrder.firstIndex(of: other), let otherOld = oldOrder.firstIndex(of: other)
        else { return false }
        return (otherOld < move.from.item) != (otherNew < move.to.item)
      }
      #expect(passed, "item \(id) moved without changing its order")
    }
  }
}
