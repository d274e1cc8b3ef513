import TermGrid
import TestSupport
import Testing

@Suite struct CollectionViewReuseTests {
  @Test func onlyItemsInTheVisibleRectGetViews() {
    // 4 columns of 5×2 in a 20×4 frame: rows 0 and 1 of the grid are visible.
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 5, height: 2)), sections: [letters(26)],
      size: CellSize(columns: 20, rows: 4))
    fixture.collectionView.layoutIfNeeded()
    #expect(fixture.collectionView.indexPathsForVisibleItems == (0..<8).map { ip($0) })
    #expect(fixture.dataSource.cellRequests == (0..<8).map { ip($0) })
    #expect(fixture.collectionView.visibleViewCount == 8)
  }

  @Test func viewsLeavingTheScreenAreReusedAfterPrepareForReuse() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 5, height: 2)), sections: [letters(26)],
      size: CellSize(columns: 20, rows: 4))
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let firstScreen = view.visibleCells.map(ObjectIdentifier.init)
    view.contentOffset = Point(x: 0, y: 4)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems == (8..<16).map { ip($0) })
    // The same eight cell objects now show items 8...15, each reset once before reuse.
    #expect(Set(view.visibleCells.map(ObjectIdentifier.init)) == Set(firstScreen))
    #expect(view.createdViewCount == 8)
    for cell in view.visibleCells {
      let text = (cell as? TextCell)?.text
      #expect((cell as? TextCell)?.prepareForReuseCount == 1, "\(text ?? "?")")
      #expect(cell.isSelected == false)
    }
    #expect(fixture.cell(8)?.text == "i")
  }

  @Test func viewsThatLeaveAreQueuedBeforeNewOnesAreDequeued() {
    // One row stays, three enter: the three that left must serve them, no new cell is made.
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 20, height: 1)), sections: [letters(10)],
      size: CellSize(columns: 20, rows: 4))
    let view = fixture.collectionView
    view.layoutIfNeeded()
    view.scroll(byPages: 1)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems == [ip(3), ip(4), ip(5), ip(6)])
    #expect(view.createdViewCount == 4)
    #expect(view.queuedViewCount == 0)
  }

  @Test(
    .disabled(
      if: SanitizerBuild.isThread, "one thread: nothing for ThreadSanitizer; the plain and address runs take it"))
  func aMillionItemsScrolledByPagesKeepTheLiveViewsToOneScreen() {
    // 20 columns of 4×1 items in an 80×24 frame: one screen holds at most 25 rows of items.
    let layout = GridLayout(itemSize: Size(width: 4, height: 1))
    let dataSource = CountingDataSource(count: 1_000_000)
    let view = CollectionView(frame: CellRect(column: 0, row: 0, columns: 80, rows: 24), layout: layout)
    view.animatesChanges = false
    view.register(TextCell.self, forCellWithReuseIdentifier: TestDataSource.cellIdentifier)
    view.dataSource = dataSource
    let screen = 20 * 25
    var canvas = Canvas(size: CellSize(columns: 80, rows: 24))
    var pages = 0
    var maximumLive = 0
    var maximumQueued = 0
    var previousOffset = -1.0
    while view.contentOffset.y != previousOffset {
      previousOffset = view.contentOffset.y
      // Every page is laid out (views dequeued and recycled); drawing some of them is enough
      // to check the views draw, and keeps this debug-build test quick.
      if pages % 50 == 0 { view.draw(into: &canvas) } else { view.layoutIfNeeded() }
      maximumLive = max(maximumLive, view.visibleViewCount)
      maximumQueued = max(maximumQueued, view.queuedViewCount)
      view.scroll(byPages: 1)
      pages += 1
    }
    view.draw(into: &canvas)
    #expect(pages > 2_000)
    #expect(maximumLive <= screen)
    #expect(maximumQueued <= screen)
    #expect(view.createdViewCount <= screen)
    // Top to bottom: every item was shown, and the last screen ends with the last item.
    #expect(dataSource.requested.allSatisfy { $0 })
    #expect(view.indexPathsForVisibleItems.last == ip(999_999))
    #expect(canvas.lines.last?.hasSuffix("9999") == true)
    let reused = view.visibleCells.compactMap { ($0 as? TextCell)?.prepareForReuseCount }
    #expect(reused.allSatisfy { $0 > 0 })
    withExtendedLifetime(dataSource) {}
  }

  @Test func invalidatingTheLayoutMovesViewsWithoutReloadingThem() {
    let layout = GridLayout(itemSize: Size(width: 5, height: 1))
    let fixture = Fixture(layout: layout, sections: [letters(6)], size: CellSize(columns: 20, rows: 4))
    let view = fixture.collectionView
    view.layoutIfNeeded()
    let cellsBefore = (0..<6).map { ObjectIdentifier(fixture.cell($0)!) }
    let passes = layout.preparePassCount
    layout.itemSize = Size(width: 10, height: 1)
    layout.invalidateLayout()
    layout.invalidateLayout()
    view.layoutIfNeeded()
    #expect(layout.preparePassCount == passes + 1)
    #expect(fixture.dataSource.cellRequests.count == 6)
    #expect((0..<6).map { ObjectIdentifier(fixture.cell($0)!) } == cellsBefore)
    #expect(fixture.cell(2)?.layoutAttributes?.frame == Rect(x: 0, y: 1, width: 10, height: 1))
    #expect(
      fixture.lines == ["a         b         ", "c         d         ", "e         f         ", "                    "])
  }

  @Test func reloadDataAsksForEveryVisibleCellAgainAndReusesTheOldOnes() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 5, height: 1)), sections: [letters(4)],
      size: CellSize(columns: 20, rows: 2))
    fixture.collectionView.layoutIfNeeded()
    fixture.dataSource.sections = [["w", "x", "y"]]
    fixture.collectionView.reloadData()
    #expect(fixture.lines == ["w    x    y         ", "                    "])
    #expect(fixture.collectionView.createdViewCount == 4)
    #expect(fixture.collectionView.queuedViewCount == 1)
  }

  @Test func supplementaryViewsAreDequeuedFromTheirOwnRegistration() {
    let layout = GridLayout(itemSize: Size(width: 5, height: 1), headerHeight: 1)
    let fixture = Fixture(
      layout: layout, sections: [letters(3), letters(2, from: "x")], size: CellSize(columns: 15, rows: 4),
      registersHeader: true)
    #expect(fixture.lines == ["Section 0------", "a    b    c    ", "Section 1------", "x    y         "])
    let header = fixture.collectionView.supplementaryView(forElementKind: ElementKind.header, at: ip(0, 1))
    #expect((header as? LabelView)?.text == "Section 1")
  }

  @Test func aSupplementaryViewTheDataSourceDeclinesIsAskedForOnce() {
    let fixture = Fixture(layout: HeaderOnlyLayout(), sections: [letters(2)], size: CellSize(columns: 10, rows: 2))
    _ = fixture.render()
    fixture.collectionView.setNeedsLayout()
    _ = fixture.render()
    #expect(fixture.dataSource.supplementaryRequests == ["badge[0, 0]"])
  }

  @Test func dequeuingAnUnregisteredCellStopsWithAMessageNamingTheIdentifier() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let view = CollectionView(frame: CellRect(column: 0, row: 0, columns: 10, rows: 2), layout: CollectionLayout())
      view.register(TextCell.self, forCellWithReuseIdentifier: "text")
      _ = view.dequeueReusableCell(withReuseIdentifier: "card", for: IndexPath(item: 3, section: 1))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("no cell class is registered for the reuse identifier \"card\""))
  }

  @Test func dequeuingAnUnregisteredSupplementaryViewStopsNamingKindAndIdentifier() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let view = CollectionView(frame: CellRect(column: 0, row: 0, columns: 10, rows: 2), layout: CollectionLayout())
      _ = view.dequeueReusableSupplementaryView(
        ofKind: "header", withReuseIdentifier: "title", for: IndexPath(item: 0, section: 0))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("kind \"header\" with the reuse identifier \"title\""))
  }
}

// MARK: - Fixtures

/// One supplementary element of a kind the test data source has no view for.
final class HeaderOnlyLayout: CollectionLayout {
  override var collectionViewContentSize: Size { Size(width: 10, height: 2) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    [
      LayoutAttributes(
        forSupplementaryViewOfKind: "badge", with: IndexPath(item: 0, section: 0),
        frame: Rect(x: 0, y: 0, width: 10, height: 1))
    ]
  }
}
