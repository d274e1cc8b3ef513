import TermGrid
import TestSupport
import Testing

@Suite struct BatchUpdatePlanTests {
  @Test func aDeleteShiftsTheItemsAfterItUp() throws {
    let plan = try BatchUpdatePlan(oldCounts: [5], newCounts: [4], operations: [.deleteItems([ip(1)])])
    #expect(mapped(plan, count: 5) == [ip(0), nil, ip(1), ip(2), ip(3)])
  }

  @Test func anInsertShiftsTheItemsAtAndAfterItDown() throws {
    let plan = try BatchUpdatePlan(oldCounts: [3], newCounts: [5], operations: [.insertItems([ip(0), ip(2)])])
    #expect(mapped(plan, count: 3) == [ip(1), ip(3), ip(4)])
    #expect(plan.isInserted(ip(0)) && plan.isInserted(ip(2)) && !plan.isInserted(ip(1)))
  }

  @Test func aMovedItemLandsWhereItIsSentAndTheOthersCloseUp() throws {
    let plan = try BatchUpdatePlan(oldCounts: [6], newCounts: [6], operations: [.moveItem(from: ip(1), to: ip(4))])
    #expect(mapped(plan, count: 6) == [ip(0), ip(4), ip(1), ip(2), ip(3), ip(5)])
  }

  @Test func deletesInsertsAndMovesCombineAsInUIKit() throws {
    // a b c d e → delete a, move d to the front, insert X at 2: d b X c e.
    let plan = try BatchUpdatePlan(
      oldCounts: [5], newCounts: [5],
      operations: [.deleteItems([ip(0)]), .moveItem(from: ip(3), to: ip(0)), .insertItems([ip(2)])])
    #expect(mapped(plan, count: 5) == [nil, ip(1), ip(3), ip(0), ip(4)])
  }

  @Test func anItemCanMoveToAnotherSection() throws {
    let plan = try BatchUpdatePlan(
      oldCounts: [3, 1], newCounts: [2, 2], operations: [.moveItem(from: ip(0, 0), to: ip(1, 1))])
    #expect(plan.newIndexPath(for: ip(0, 0)) == ip(1, 1))
    #expect(plan.newIndexPath(for: ip(1, 0)) == ip(0, 0))
    #expect(plan.newIndexPath(for: ip(0, 1)) == ip(0, 1))
  }

  @Test func sectionsAreDeletedInsertedAndMoved() throws {
    let deleted = try BatchUpdatePlan(oldCounts: [1, 2, 3], newCounts: [1, 3], operations: [.deleteSections([1])])
    #expect(deleted.newIndexPath(for: ip(1, 1)) == nil)
    #expect(deleted.newIndexPath(for: ip(2, 2)) == ip(2, 1))
    let inserted = try BatchUpdatePlan(oldCounts: [1, 2], newCounts: [4, 1, 2], operations: [.insertSections([0])])
    #expect(inserted.newIndexPath(for: ip(1, 1)) == ip(1, 2))
    #expect(inserted.isInserted(ip(3, 0)))
    let moved = try BatchUpdatePlan(
      oldCounts: [1, 2, 3], newCounts: [2, 3, 1], operations: [.moveSection(from: 0, to: 2)])
    #expect((0..<3).map { moved.newSection(for: $0) } == [2, 0, 1])
    #expect(moved.newIndexPath(for: ip(2, 2)) == ip(2, 1))
  }

  @Test func aReloadedSectionLosesItsItemsAndAReloadedItemKeepsItsPlace() throws {
    let sections = try BatchUpdatePlan(oldCounts: [2, 2], newCounts: [2, 5], operations: [.reloadSections([1])])
    #expect(sections.newIndexPath(for: ip(0, 1)) == nil)
    #expect(sections.isInserted(ip(4, 1)))
    let items = try BatchUpdatePlan(
      oldCounts: [3], newCounts: [4], operations: [.reloadItems([ip(1)]), .insertItems([ip(0)])])
    #expect(items.newIndexPath(for: ip(1)) == ip(2))
    #expect(items.reloadedItems == [ip(1)])
    #expect(items.updateItems.first == UpdateItem(action: .reload, before: ip(1), after: ip(2)))
  }

  @Test func theLayoutIsToldEveryChangeInOrder() throws {
    let plan = try BatchUpdatePlan(
      oldCounts: [3, 1], newCounts: [3, 1, 0],
      operations: [
        .insertSections([2]), .deleteItems([ip(0)]), .insertItems([ip(2)]), .moveItem(from: ip(0, 1), to: ip(0, 1)),
      ])
    #expect(
      plan.updateItems.map(\.description) == [
        "insert section [2, 0]", "delete item [0, 0]", "insert item [0, 2]", "move item [1, 0] → [1, 0]",
      ])
  }

  @Test func wrongItemCountsNameTheSectionAndBothCounts() {
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdatePlan(oldCounts: [2, 4], newCounts: [2, 4], operations: [.insertItems([ip(1, 1)])])
    }
    do {
      _ = try BatchUpdatePlan(oldCounts: [2, 4], newCounts: [2, 4], operations: [.insertItems([ip(1, 1)])])
    } catch {
      #expect(
        String(describing: error)
          == "Invalid batch update: invalid number of items in section 1. The number of items in that section after the update (4) must be equal to the number of items in it before the update (4), plus or minus the number of items inserted or deleted (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of it (0 moved in, 0 moved out)."
      )
    }
  }

  @Test func wrongSectionCountsNameBothCounts() {
    #expect {
      try BatchUpdatePlan(oldCounts: [1, 1], newCounts: [1, 1, 1], operations: [])
    } throws: { error in
      (error as? BatchUpdateError)?.description
        == "Invalid batch update: invalid number of sections. The number of sections after the update (3) must be equal to the number of sections before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
    }
  }

  @Test func impossibleChangesAreRefusedWithAReason() {
    let cases: [([Int], [Int], [BatchOperation], String)] = [
      (
        [2], [1], [.deleteItems([ip(2)])],
        "attempt to delete item 2 from section 0, which has only 2 items before the update"
      ),
      ([2], [0], [.deleteItems([ip(1), ip(1)])], "item 1 of section 0 is deleted or moved twice"),
      (
        [2], [3], [.insertItems([ip(5)])],
        "attempt to insert item 5 into section 0, which has only 3 items after the update"
      ),
      (
        [2], [2], [.deleteItems([ip(0)]), .reloadItems([ip(0)])],
        "attempt to delete and reload the same item, item 0 of section 0"
      ),
      ([1], [1, 1], [.insertSections([1]), .insertItems([ip(0, 1)])], "which is itself inserted"),
      ([1], [], [.deleteSections([0]), .deleteItems([ip(0)])], "which is itself deleted or reloaded"),
      ([1, 1], [1, 1], [.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 0)], "section 0 is moved twice"),
    ]
    for (old, new, operations, reason) in cases {
      do {
        _ = try BatchUpdatePlan(oldCounts: old, newCounts: new, operations: operations)
        Issue.record("accepted \(operations)")
      } catch {
        #expect(String(describing: error).contains(reason), "\(operations)")
      }
    }
  }

  /// Items appended at the end of a section take a path of their own (no item hashed):
  /// it answers as the general rules do, which the same inserts listed in reverse order
  /// (not an append in order) still take.
  @Test func appendingAtTheEndOfASectionMapsAsTheGeneralRulesDo() throws {
    var random = SeededRandom(seed: 30)
    for _ in 0..<200 {
      let sections = Int.random(in: 1...4, using: &random)
      let oldCounts = (0..<sections).map { _ in Int.random(in: 0...40, using: &random) }
      let section = Int.random(in: 0..<sections, using: &random)
      let added = Int.random(in: 1...30, using: &random)
      var newCounts = oldCounts
      newCounts[section] += added
      let appended = (oldCounts[section]..<newCounts[section]).map { ip($0, section) }
      let fast = try BatchUpdatePlan(oldCounts: oldCounts, newCounts: newCounts, operations: [.insertItems(appended)])
      let general = try BatchUpdatePlan(
        oldCounts: oldCounts, newCounts: newCounts, operations: [.insertItems(appended.reversed())])
      #expect(fast.sectionMap == general.sectionMap)
      #expect(fast.newCounts == general.newCounts)
      #expect(Set(fast.updateItems) == Set(general.updateItems))
      for old in oldCounts.indices {
        for item in 0..<oldCounts[old] {
          #expect(fast.newIndexPath(for: ip(item, old)) == general.newIndexPath(for: ip(item, old)))
        }
      }
      for new in newCounts.indices {
        for item in 0..<(newCounts[new] + 2) {
          #expect(fast.isInserted(ip(item, new)) == general.isInserted(ip(item, new)))
        }
      }
    }
  }

  @Test func anAppendThatDoesNotMatchTheCountsIsStillRefused() {
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdatePlan(oldCounts: [3], newCounts: [6], operations: [.insertItems([ip(3), ip(4)])])
    }
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdatePlan(oldCounts: [3, 1], newCounts: [5, 2], operations: [.insertItems([ip(3), ip(4)])])
    }
  }

  /// Items cut off the start of a section, with some of the rest reloaded (records leaving
  /// a followed stream), take a path of their own (no item hashed): it answers as the
  /// general rules do, which the same deletes listed in reverse order still take.
  @Test func cuttingTheStartOfASectionMapsAsTheGeneralRulesDo() throws {
    var random = SeededRandom(seed: 31)
    for _ in 0..<200 {
      let sections = Int.random(in: 1...4, using: &random)
      var oldCounts = (0..<sections).map { _ in Int.random(in: 0...40, using: &random) }
      let section = Int.random(in: 0..<sections, using: &random)
      oldCounts[section] += 1
      let cut = Int.random(in: 1...oldCounts[section], using: &random)
      var newCounts = oldCounts
      newCounts[section] -= cut
      let deleted = (0..<cut).map { ip($0, section) }
      let staying = Array(cut..<oldCounts[section])
      let reloaded = staying.filter { _ in Bool.random(using: &random) }.map { ip($0, section) }
      let operations: [BatchOperation] =
        reloaded.isEmpty ? [.deleteItems(deleted)] : [.deleteItems(deleted), .reloadItems(reloaded)]
      let fast = try BatchUpdatePlan(oldCounts: oldCounts, newCounts: newCounts, operations: operations)
      let general = try BatchUpdatePlan(
        oldCounts: oldCounts, newCounts: newCounts,
        operations: [.deleteItems(deleted.reversed()), .reloadItems(reloaded)])
      #expect(fast.sectionMap == general.sectionMap)
      #expect(fast.newCounts == general.newCounts)
      #expect(fast.reloadedItems == general.reloadedItems)
      #expect(Set(fast.updateItems) == Set(general.updateItems))
      for old in oldCounts.indices {
        for item in 0..<(oldCounts[old] + 2) {
          #expect(fast.newIndexPath(for: ip(item, old)) == general.newIndexPath(for: ip(item, old)))
        }
      }
      for new in newCounts.indices {
        for item in 0..<(newCounts[new] + 2) {
          #expect(fast.isInserted(ip(item, new)) == general.isInserted(ip(item, new)))
        }
      }
    }
  }

  @Test func aCutThatDoesNotMatchTheCountsOrReloadsALeavingItemIsStillRefused() {
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdatePlan(oldCounts: [6], newCounts: [3], operations: [.deleteItems([ip(0), ip(1)])])
    }
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdatePlan(oldCounts: [6, 2], newCounts: [4, 1], operations: [.deleteItems([ip(0), ip(1)])])
    }
    #expect(throws: BatchUpdateError.self) {
      try BatchUpdatePlan(
        oldCounts: [6], newCounts: [4], operations: [.deleteItems([ip(0), ip(1)]), .reloadItems([ip(1)])])
    }
  }

  // MARK: - Fixtures

  /// Where each item of section 0 goes.
  func mapped(_ plan: BatchUpdatePlan, count: Int) -> [IndexPath?] {
    (0..<count).map { plan.newIndexPath(for: ip($0)) }
  }
}
