import TermGrid
import Testing

@Suite struct CollectionViewBatchUpdateTests {
  @Test func insertedItemsAppearAndTheOthersMoveAlong() {
    let fixture = makeFixture(["a", "b", "c"])
    fixture.dataSource.sections[0].insert("X", at: 1)
    fixture.collectionView.insertItems(at: [ip(1)])
    #expect(fixture.lines == ["a   X   b   c   ", "                "])
    #expect(fixture.dataSource.cellRequests.suffix(1) == [ip(1)])
  }

  @Test func deletedItemsDisappearAndTheirViewsGoBackToTheQueue() {
    let fixture = makeFixture(["a", "b", "c", "d"])
    fixture.dataSource.sections[0].removeSubrange(1...2)
    fixture.collectionView.deleteItems(at: [ip(1), ip(2)])
    #expect(fixture.lines == ["a   d           ", "                "])
    #expect(fixture.collectionView.visibleViewCount == 2)
    #expect(fixture.collectionView.queuedViewCount == 2)
    #expect(fixture.dataSource.cellRequests.count == 4)
  }

  @Test func movedItemsKeepTheirViews() {
    let fixture = makeFixture(["a", "b", "c", "d"])
    let moving = fixture.cell(0).map(ObjectIdentifier.init)
    fixture.dataSource.sections[0] = ["b", "c", "a", "d"]
    fixture.collectionView.moveItem(at: ip(0), to: ip(2))
    #expect(fixture.lines == ["b   c   a   d   ", "                "])
    #expect(fixture.cell(2).map(ObjectIdentifier.init) == moving)
    #expect(fixture.dataSource.cellRequests.count == 4)
  }

  @Test func reloadingAnItemAsksTheDataSourceForThatItemOnly() {
    let fixture = makeFixture(["a", "b", "c"])
    fixture.dataSource.sections[0][1] = "B"
    fixture.collectionView.reloadItems(at: [ip(1)])
    #expect(fixture.lines == ["a   B   c       ", "                "])
    #expect(fixture.dataSource.cellRequests == [ip(0), ip(1), ip(2), ip(1)])
  }

  @Test func allEightChangesMixInOneBatch() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4),
      sections: [["a", "b", "c"], ["d", "e"], ["f"]],
      size: CellSize(columns: 16, rows: 5))
    _ = fixture.render()
    var completed: [Bool] = []
    fixture.collectionView.performBatchUpdates {
      // Sections: 0 reloaded, 1 and 2 swap, a new one at the end.
      fixture.dataSource.sections = [["A"], ["f", "g"], ["e", "d", "X"], ["new"]]
      fixture.collectionView.reloadSections([0])
      fixture.collectionView.moveSection(2, toSection: 1)
      fixture.collectionView.insertSections([3])
      fixture.collectionView.moveItem(at: ip(1, 1), to: ip(0, 2))
      fixture.collectionView.insertItems(at: [ip(1, 1), ip(2, 2)])
      fixture.collectionView.performBatchUpdates({}, completion: { completed.append($0) })
    } completion: {
      completed.append($0)
    }
    #expect(completed == [true, true])
    #expect(
      fixture.lines == [
        "A               ", "f   g           ", "e   d   X       ", "new             ", "                ",
      ])
    #expect(fixture.layout.updateBatches.last?.count == 6)
  }

  @Test func deletingASectionAndItsNeighboursItems() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4), sections: [["a", "b"], ["c"], ["d", "e"]],
      size: CellSize(columns: 16, rows: 3))
    _ = fixture.render()
    fixture.collectionView.performBatchUpdates {
      fixture.dataSource.sections = [["a", "b"], ["e"]]
      fixture.collectionView.deleteSections([1])
      fixture.collectionView.deleteItems(at: [ip(0, 2)])
    }
    #expect(fixture.lines == ["a   b           ", "e               ", "                "])
  }

  @Test func theLayoutHearsWhichIndexPathsChangeThenIsFinalized() {
    let fixture = makeFixture(["a", "b", "c"])
    fixture.collectionView.performBatchUpdates {
      fixture.dataSource.sections[0] = ["b", "c", "Y", "Z"]
      fixture.collectionView.deleteItems(at: [ip(0)])
      fixture.collectionView.insertItems(at: [ip(2), ip(3)])
    }
    #expect(
      fixture.layout.updateBatches == [
        [
          UpdateItem(action: .delete, before: ip(0), after: nil),
          UpdateItem(action: .insert, before: nil, after: ip(2)),
          UpdateItem(action: .insert, before: nil, after: ip(3)),
        ]
      ])
    #expect(fixture.layout.finalizeCount == 1)
  }

  // MARK: Selection and focus follow their items

  @Test func selectionSurvivesADeleteBeforeIt() {
    let fixture = makeFixture(["a", "b", "c", "d"])
    fixture.collectionView.tapItem(at: ip(2))
    fixture.collectionView.focusItem(at: ip(2))
    fixture.dataSource.sections[0].remove(at: 0)
    fixture.collectionView.deleteItems(at: [ip(0)])
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(1)])
    #expect(fixture.collectionView.indexPathForFocusedItem == ip(1))
    #expect(fixture.cell(1)?.text == "c")
    #expect(fixture.cell(1)?.isSelected == true)
    #expect(fixture.cell(0)?.isSelected == false)
  }

  @Test func selectionSurvivesAnInsertBeforeIt() {
    let fixture = makeFixture(["a", "b", "c", "d"])
    fixture.collectionView.allowsMultipleSelection = true
    fixture.collectionView.tapItem(at: ip(1))
    fixture.collectionView.tapItem(at: ip(3))
    fixture.dataSource.sections[0].insert(contentsOf: ["X", "Y"], at: 0)
    fixture.collectionView.insertItems(at: [ip(0), ip(1)])
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(3), ip(5)])
    #expect(fixture.collectionView.anchorIndexPath == ip(5))
    #expect([3, 5].map { fixture.cell($0)?.text } == ["b", "d"])
    #expect((0..<6).map { fixture.cell($0)?.isSelected } == [false, false, false, true, false, true])
  }

  @Test func selectionFollowsAMovedItem() {
    let fixture = makeFixture(["a", "b", "c", "d"])
    fixture.collectionView.tapItem(at: ip(0))
    fixture.dataSource.sections[0] = ["b", "c", "d", "a"]
    fixture.collectionView.moveItem(at: ip(0), to: ip(3))
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(3)])
    #expect(fixture.cell(3)?.isSelected == true)
    #expect(fixture.cell(3)?.text == "a")
  }

  @Test func deletingTheSelectedItemDropsItFromTheSelectionAndFocusGoesToANeighbour() {
    let fixture = makeFixture(["a", "b", "c", "d"])
    fixture.collectionView.tapItem(at: ip(3))
    fixture.collectionView.focusItem(at: ip(3))
    fixture.delegate.log = []
    fixture.dataSource.sections[0].remove(at: 3)
    fixture.collectionView.deleteItems(at: [ip(3)])
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(fixture.collectionView.indexPathForFocusedItem == ip(2))
    #expect(fixture.cell(2)?.isFocused == true)
    #expect(fixture.cell(2)?.isSelected == false)
  }

  @Test func selectionFollowsItsSectionWhenSectionsMove() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4), sections: [["a"], ["b", "c"]],
      size: CellSize(columns: 16, rows: 3))
    fixture.collectionView.tapItem(at: ip(1, 1))
    fixture.dataSource.sections = [["b", "c"], ["a"]]
    fixture.collectionView.moveSection(1, toSection: 0)
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(1, 0)])
    #expect(fixture.cell(1, 0)?.text == "c")
  }

  // MARK: Validation

  @Test func aBatchThatDisagreesWithTheDataSourceStopsNamingTheSectionAndBothCounts() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let dataSource = TestDataSource(sections: [["a"], ["b", "c"]])
      let view = CollectionView(
        frame: CellRect(column: 0, row: 0, columns: 10, rows: 2),
        layout: GridLayout(itemSize: Size(width: 2, height: 1)))
      view.register(TextCell.self, forCellWithReuseIdentifier: TestDataSource.cellIdentifier)
      view.dataSource = dataSource
      view.layoutIfNeeded()
      // The data source gains two items, the collection view is told of one.
      dataSource.sections[1] += ["d", "e"]
      view.insertItems(at: [ip(2, 1)])
      withExtendedLifetime(dataSource) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "invalid number of items in section 1. The number of items in that section after the update (4) must be equal to the number of items in it before the update (2)"
      ))
  }

  // MARK: - Fixtures

  /// One section in a row of 4×1 cells, animations off, drawn once.
  func makeFixture(_ items: [String]) -> Fixture<GridLayout> {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4), sections: [items],
      size: CellSize(columns: 16, rows: 2))
    _ = fixture.render()
    return fixture
  }
}
