import TermGrid
import Testing

@Suite struct DiffableDataSourceSnapshotTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  @Test func sectionsAndItemsAreAppendedInOrderAndCounted() {
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4])
    #expect(snapshot.sectionIdentifiers == ["a", "b"])
    #expect(snapshot.itemIdentifiers == [1, 2, 3, 4])
    #expect(snapshot.numberOfSections == 2)
    #expect(snapshot.numberOfItems == 4)
    #expect(snapshot.numberOfItems(inSection: "a") == 3)
    #expect(snapshot.itemIdentifiers(inSection: "b") == [4])
    #expect(snapshot.sectionIdentifier(containingItem: 4) == "b")
    #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
    #expect(snapshot.indexOfItem(4) == 3)
    #expect(snapshot.indexOfItem(9) == nil)
    #expect(snapshot.indexOfSection("b") == 1)
    #expect(snapshot.indexPath(ofItem: 3) == ip(2, 0))
    #expect(snapshot.itemIdentifier(at: ip(0, 1)) == 4)
    #expect(snapshot.itemIdentifier(at: ip(1, 1)) == nil)
    #expect(snapshot.hasUniqueIdentifiers)
  }

  @Test func itemsGoBeforeAndAfterOthersAndMoveBetweenSections() {
    var snapshot = makeSnapshot()
    snapshot.insertItems([10, 11], beforeItem: 2)
    snapshot.insertItems([12], afterItem: 4)
    #expect(snapshot.itemIdentifiers(inSection: "a") == [1, 10, 11, 2, 3])
    #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 12, 5])
    snapshot.moveItem(1, afterItem: 5)
    snapshot.moveItem(12, beforeItem: 10)
    #expect(snapshot.itemIdentifiers(inSection: "a") == [12, 10, 11, 2, 3])
    #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5, 1])
    snapshot.moveItem(3, beforeItem: 3)
    #expect(snapshot.itemIdentifiers(inSection: "a") == [12, 10, 11, 2, 3])
  }

  @Test func deletingItemsTakesThemFromWhereverTheyAre() {
    var snapshot = makeSnapshot()
    snapshot.deleteItems([5, 1])
    #expect(snapshot.itemIdentifiers == [2, 3, 4])
    // Many at once are matched by hashing, a few by comparing: the same result.
    var large = Snapshot()
    large.appendSections(["x"])
    large.appendItems(Array(0..<100))
    large.deleteItems(Array(stride(from: 0, to: 100, by: 3)))
    #expect(large.itemIdentifiers == (0..<100).filter { $0 % 3 != 0 })
  }

  @Test func sectionsGoBeforeAndAfterOthersMoveWithTheirItemsAndAreDeletedWithThem() {
    var snapshot = makeSnapshot()
    snapshot.insertSections(["first"], beforeSection: "a")
    snapshot.insertSections(["middle"], afterSection: "a")
    #expect(snapshot.sectionIdentifiers == ["first", "a", "middle", "b"])
    snapshot.moveSection("b", beforeSection: "a")
    #expect(snapshot.sectionIdentifiers == ["first", "b", "a", "middle"])
    #expect(snapshot.itemIdentifiers == [4, 5, 1, 2, 3])
    snapshot.moveSection("first", afterSection: "middle")
    #expect(snapshot.sectionIdentifiers == ["b", "a", "middle", "first"])
    #expect(snapshot.indexOfSection("first") == 3)
    snapshot.deleteSections(["a", "first"])
    #expect(snapshot.sectionIdentifiers == ["b", "middle"])
    #expect(snapshot.itemIdentifiers == [4, 5])
    #expect(snapshot.indexOfSection("middle") == 1)
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
  }

  @Test func reloadMarksAreKeptInOrderAndGoWithDeletedItems() {
    var snapshot = makeSnapshot()
    snapshot.reloadItems([5, 2])
    snapshot.reloadSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers == [2, 5])
    #expect(snapshot.reloadedSectionIdentifiers == ["b"])
    snapshot.deleteItems([2])
    #expect(snapshot.reloadedItemIdentifiers == [5])
    snapshot.deleteSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
  }

  @Test func aCopyChangesAloneAndDuplicatesAreFound() {
    let original = makeSnapshot()
    var copy = original
    copy.deleteItems([1])
    #expect(original.itemIdentifiers == [1, 2, 3, 4, 5])
    #expect(copy.itemIdentifiers == [2, 3, 4, 5])
    copy.appendItems([4])
    #expect(!copy.hasUniqueIdentifiers)
  }

  @Test func deletingAnItemThatIsNotThereStopsTheProgramWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["a"])
      snapshot.deleteItems([7])
    }
  }

  @Test func appendingToASectionThatIsNotThereStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendItems([1], toSection: "nowhere")
    }
  }

  // MARK: - Fixtures

  /// Sections "a" (1, 2, 3) and "b" (4, 5).
  func makeSnapshot() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5], toSection: "b")
    return snapshot
  }
}
