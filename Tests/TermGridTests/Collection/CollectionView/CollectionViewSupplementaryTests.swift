import TermGrid
import Testing

@Suite struct CollectionViewSupplementaryTests {
  @Test func everyVisibleCellKnowsItsIndexPathAndACellNotOnScreenHasNone() throws {
    let fixture = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    #expect(!view.indexPathsForVisibleItems.isEmpty)
    for indexPath in view.indexPathsForVisibleItems {
      let cell = try #require(view.cellForItem(at: indexPath))
      #expect(view.indexPath(for: cell) == indexPath)
    }
    #expect(view.indexPath(for: TextCell()) == nil)
    // Scrolled away, the cell of item 0 is in the queue or shows another item.
    let first = try #require(view.cellForItem(at: ip(0)))
    view.contentOffset = Point(x: 0, y: 12)
    view.layoutIfNeeded()
    let now = view.indexPath(for: first)
    #expect(now != ip(0))
    if let now { #expect(view.cellForItem(at: now) === first) }
  }

  @Test func aCellFollowsItsItemThroughABatchUpdateBeforeTheNextPass() throws {
    let fixture = makeFixture()
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let cellB = try #require(fixture.cell(1))
    #expect(cellB.text == "b")
    fixture.dataSource.sections[0].insert("new", at: 0)
    view.insertItems(at: [ip(0)])
    #expect(view.indexPath(for: cellB) == ip(2))
  }

  @Test func aDeletedItemsCellFadingOutHasNoIndexPath() throws {
    let fixture = makeFixture(animated: true)
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let cellA = try #require(fixture.cell(0))
    fixture.dataSource.sections[0].remove(at: 0)
    view.deleteItems(at: [ip(0)])
    fixture.clock.now += 50
    view.layoutIfNeeded()
    #expect(view.isAnimating)
    #expect(view.indexPath(for: cellA) == nil)
  }

  @Test func visibleHeadersComeInIndexPathOrderWithTheirViews() throws {
    // Two sections of 3 rows under a 1-row header: rows 0-3 and 4-7 of content.
    let fixture = makeFixture(sections: [letters(3), letters(3, from: "A"), letters(3, from: "n")], rows: 6)
    let view = fixture.collectionView
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: ElementKind.header) == [ip(0, 0), ip(0, 1)])
    let headers = view.visibleSupplementaryViews(ofKind: ElementKind.header)
    #expect(headers.count == 2)
    #expect((headers[1] as? LabelView)?.text == "Section 1")
    #expect(headers[0] === view.supplementaryView(forElementKind: ElementKind.header, at: ip(0, 0)))
    #expect(view.visibleSupplementaryViews(ofKind: ElementKind.footer).isEmpty)

    view.contentOffset = Point(x: 0, y: 5)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: ElementKind.header) == [ip(0, 2)])
  }

  @Test func supplementaryAttributesComeFromTheLayoutWhetherOrNotTheyAreOnScreen() {
    let fixture = makeFixture(sections: [letters(3), letters(3, from: "A"), letters(3, from: "n")], rows: 3)
    let view = fixture.collectionView
    let third = view.layoutAttributesForSupplementaryElement(ofKind: ElementKind.header, at: ip(0, 2))
    #expect(third?.frame == Rect(x: 0, y: 8, width: 4, height: 1))
    #expect(third?.representedElementKind == ElementKind.header)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: ElementKind.header) == [ip(0, 0)])
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: ElementKind.header, at: ip(0, 3)) == nil)
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: ElementKind.footer, at: ip(0, 0)) == nil)
  }

  // MARK: - Fixtures

  /// One column of 4×1 items, with 1-row section headers.
  func makeFixture(sections: [[String]] = [letters(20)], rows: Int = 4, animated: Bool = false) -> Fixture<GridLayout> {
    Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 1, headerHeight: 1), sections: sections,
      size: CellSize(columns: 8, rows: rows), animated: animated, registersHeader: true)
  }
}
