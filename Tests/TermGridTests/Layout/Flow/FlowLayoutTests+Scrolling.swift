import TermGrid
import Testing

extension FlowLayoutTests {
  // MARK: - Pinned headers and footers

  /// Three sections of ten lines: section 1's header is at 51, its items end at 102.
  private func pinnedFixture(delegate: TestFlowDelegate? = nil) -> FlowFixture {
    FlowFixture(counts: [20, 20, 20], bounds: Rect(x: 0, y: 0, width: 100, height: 20), delegate: delegate) {
      $0.itemSize = Size(width: 50, height: 4)
      $0.minimumInteritemSpacing = 0
      $0.minimumLineSpacing = 1
      $0.headerReferenceSize = Size(width: 0, height: 2)
      $0.sectionHeadersPinToVisibleBounds = true
    }
  }

  @Test func aPinnedHeaderStaysAtTheTopUntilTheNextHeaderPushesItOff() throws {
    let fixture = pinnedFixture()
    #expect(fixture.header(1)?.frame.minY == 51)

    fixture.scroll(to: Rect(x: 0, y: 70, width: 100, height: 20))
    #expect(fixture.header(1)?.frame == Rect(x: 0, y: 70, width: 100, height: 2))
    #expect(fixture.header(2)?.frame.minY == 102)
    let visible = fixture.query(Rect(x: 0, y: 70, width: 100, height: 20))
    let floating = try #require(visible.first { $0.representedElementKind == ElementKind.header })
    #expect(floating.frame.minY == 70 && floating.indexPath.section == 1)
    #expect(floating.zIndex > (visible.first { $0.category == .cell }?.zIndex ?? .max))

    // Near the end of section 1 the header rides on section 2's header.
    fixture.scroll(to: Rect(x: 0, y: 101, width: 100, height: 20))
    #expect(fixture.header(1)?.frame.minY == 100)
    #expect(fixture.header(1)?.frame.maxY == fixture.header(2)?.frame.minY)
  }

  @Test func scrollingWithPinnedHeadersInvalidatesWithoutRedoingItems() {
    let delegate = TestFlowDelegate { _ in Size(width: 50, height: 4) }
    let fixture = pinnedFixture(delegate: delegate)
    let questions = delegate.sizeQuestions
    let passes = fixture.layout.preparePassCount
    #expect(fixture.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 100, height: 20)))
    for offset in stride(from: 5.0, through: 80, by: 5) {
      fixture.scroll(to: Rect(x: 0, y: offset, width: 100, height: 20))
    }
    #expect(fixture.layout.preparePassCount == passes + 16)
    #expect(delegate.sizeQuestions == questions)
    #expect(fixture.header(1)?.frame.minY == 80)

    // A new line length is a new layout.
    fixture.scroll(to: Rect(x: 0, y: 80, width: 60, height: 20))
    #expect(delegate.sizeQuestions == questions + 60)
  }

  @Test func withoutPinningOnlyANewLineLengthInvalidates() {
    let fixture = FlowFixture(counts: [10])
    #expect(!fixture.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 30, width: 100, height: 50)))
    #expect(!fixture.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 100, height: 80)))
    #expect(fixture.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 90, height: 50)))
  }

  @Test func aPinnedFooterStaysAtTheBottomWhileItsSectionIsInView() {
    let fixture = FlowFixture(counts: [20, 20], bounds: Rect(x: 0, y: 0, width: 100, height: 20)) {
      $0.itemSize = Size(width: 50, height: 4)
      $0.minimumInteritemSpacing = 0
      $0.minimumLineSpacing = 1
      $0.footerReferenceSize = Size(width: 0, height: 2)
      $0.sectionFootersPinToVisibleBounds = true
    }
    // Section 0: items 0..<49, footer naturally at 49; section 1 from 51.
    #expect(fixture.footer(0)?.frame.minY == 18)
    #expect(fixture.footer(1)?.frame.minY == 51)
    fixture.scroll(to: Rect(x: 0, y: 40, width: 100, height: 20))
    #expect(fixture.footer(0)?.frame.minY == 49)
    #expect(fixture.footer(1)?.frame.minY == 58)
  }

  // MARK: - Snapping

  @Test(arguments: [false, true])
  func snappingLandsOnLineStartsInTheDirectionOfTravel(variableSizes: Bool) {
    let delegate = variableSizes ? TestFlowDelegate { _ in Size(width: 50, height: 4) } : nil
    // Lines of section 0 start at 2, 7, ..., 47; section 1's header at 51, its lines at 53...
    let fixture = FlowFixture(counts: [20, 20], bounds: Rect(x: 0, y: 0, width: 100, height: 20), delegate: delegate) {
      $0.itemSize = Size(width: 50, height: 4)
      $0.minimumInteritemSpacing = 0
      $0.minimumLineSpacing = 1
      $0.headerReferenceSize = Size(width: 0, height: 2)
      $0.snapsToLines = true
    }
    func target(from current: Double, to proposed: Double) -> Double {
      fixture.host.bounds.origin.y = current
      return fixture.layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: proposed)).y
    }
    #expect(target(from: 0, to: 20) == 17)
    #expect(target(from: 17, to: 37) == 37)
    #expect(target(from: 37, to: 52) == 51)
    #expect(target(from: 51, to: 31) == 32)
    #expect(target(from: 51, to: 70) == 68)
    #expect(target(from: 2, to: 3) == 3, "no line start between here and there: the proposal stands")
    #expect(target(from: 40, to: 200) == 82, "the end of the content")
    #expect(target(from: 40, to: -4) == 0)

    fixture.layout.snapsToLines = false
    #expect(target(from: 0, to: 20) == 20)
  }

  @Test(arguments: [false, true])
  func withPinnedHeadersALinesStopLeavesRoomForItsHeader(variableSizes: Bool) {
    let delegate = variableSizes ? TestFlowDelegate { _ in Size(width: 50, height: 4) } : nil
    // Lines of section 0 start at 2, 7, ..., 47, so their stops are 0, 5, ..., 45; section
    // 1's header is at 51 and its lines at 53, 58, ... (stops 51, 56, ...).
    let fixture = pinnedFixture(delegate: delegate)
    fixture.layout.snapsToLines = true
    func target(from current: Double, to proposed: Double) -> Double {
      fixture.scroll(to: Rect(x: 0, y: current, width: 100, height: 20))
      return fixture.layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: proposed)).y
    }
    #expect(target(from: 0, to: 18) == 15)
    #expect(target(from: 15, to: 33) == 30)
    #expect(target(from: 37, to: 52) == 51)
    #expect(target(from: 51, to: 31) == 35, "scrolling back")
    #expect(target(from: 51, to: 70) == 66)
    #expect(target(from: 66, to: 52) == 56)
    #expect(target(from: 2, to: 3) == 3, "no stop between here and there: the proposal stands")
    #expect(target(from: 40, to: -4) == 0)

    // At every stop the line shows whole, right under its section's floating header.
    for (stop, line) in [(15.0, IndexPath(item: 6, section: 0)), (66, IndexPath(item: 6, section: 1))] {
      fixture.scroll(to: Rect(x: 0, y: stop, width: 100, height: 20))
      let header = fixture.header(line.section)?.frame
      #expect(header?.minY == stop)
      #expect(header?.maxY == fixture.layout.layoutAttributesForItem(at: line)?.frame.minY)
    }
  }

  @Test func obscuredInsetsAreWhatPinnedHeadersAndFootersCover() {
    let fixture = pinnedFixture()
    func insets(at y: Double) -> EdgeInsets {
      fixture.layout.obscuredInsets(in: Rect(x: 0, y: y, width: 100, height: 20))
    }
    #expect(insets(at: 70) == EdgeInsets(top: 2, left: 0, bottom: 0, right: 0))
    #expect(insets(at: 101) == EdgeInsets(top: 1, left: 0, bottom: 0, right: 0), "half pushed off by the next header")
    #expect(insets(at: 0) == EdgeInsets(top: 2, left: 0, bottom: 0, right: 0), "at its own place, over no item")
    fixture.layout.sectionHeadersPinToVisibleBounds = false
    fixture.layout.prepareIfNeeded()
    #expect(insets(at: 70) == .zero)

    let footers = FlowFixture(counts: [20, 20], bounds: Rect(x: 0, y: 0, width: 100, height: 20)) {
      $0.itemSize = Size(width: 50, height: 4)
      $0.footerReferenceSize = Size(width: 0, height: 2)
      $0.sectionFootersPinToVisibleBounds = true
    }
    #expect(footers.layout.obscuredInsets(in: Rect(x: 0, y: 40, width: 100, height: 20)).bottom == 2)

    let sideways = FlowFixture(counts: [20, 20], bounds: Rect(x: 0, y: 0, width: 40, height: 20)) {
      $0.scrollDirection = .horizontal
      $0.itemSize = Size(width: 8, height: 4)
      $0.headerReferenceSize = Size(width: 3, height: 0)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    #expect(
      sideways.layout.obscuredInsets(in: Rect(x: 10, y: 0, width: 40, height: 20))
        == EdgeInsets(top: 0, left: 3, bottom: 0, right: 0))
  }

  // MARK: - Invalidation

  @Test func severalInvalidationsCoalesceIntoOnePass() {
    let fixture = FlowFixture(counts: [10]) { $0.itemSize = Size(width: 20, height: 4) }
    let passes = fixture.layout.preparePassCount
    fixture.layout.invalidateLayout()
    fixture.layout.itemSize = Size(width: 20, height: 6)
    var context = InvalidationContext()
    context.preferredItemSizes[IndexPath(item: 9, section: 0)] = Size(width: 20, height: 8)
    fixture.layout.invalidateLayout(with: context)
    fixture.layout.invalidateLayout()
    #expect(fixture.layout.needsPrepare)
    fixture.layout.prepareIfNeeded()
    fixture.layout.prepareIfNeeded()
    #expect(fixture.layout.preparePassCount == passes + 1)
    #expect(fixture.frame(0, 0)?.height == 6)
    #expect(fixture.frame(0, 9)?.height == 8, "a preferred size survives a full invalidation")
  }

  @Test func aPreferredSizeMovesTheItemsAfterItAndSparesEarlierSections() throws {
    let delegate = TestFlowDelegate()
    let fixture = FlowFixture(counts: [8, 8, 8], delegate: delegate) {
      $0.itemSize = Size(width: 20, height: 4)
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 1
    }
    let sectionZero = (0..<8).map { fixture.frame(0, $0) }
    #expect(fixture.frame(1, 4)?.minY == 14)
    #expect(fixture.frame(2, 0)?.minY == 18)
    let questions = delegate.insetQuestions

    var context = InvalidationContext()
    context.preferredItemSizes[IndexPath(item: 2, section: 1)] = Size(width: 20, height: 10)
    fixture.layout.invalidateLayout(with: context)
    fixture.layout.prepareIfNeeded()

    let grown = try #require(fixture.frame(1, 2))
    #expect(isClose(grown.minX, 160.0 / 3) && grown.minY == 9 && grown.size == Size(width: 20, height: 10))
    #expect(fixture.frame(1, 0)?.minY == 12, "the others are centred on the thicker line")
    #expect(fixture.frame(1, 4)?.minY == 20)
    #expect(fixture.frame(2, 0)?.minY == 24)
    #expect((0..<8).map { fixture.frame(0, $0) } == sectionZero)
    #expect(delegate.insetQuestions[0] == questions[0], "section 0 was not recomputed")
    #expect(delegate.insetQuestions[1] == (questions[1] ?? 0) + 1)

    // Kept through a plain invalidation, dropped when the counts change.
    fixture.layout.invalidateLayout()
    fixture.layout.prepareIfNeeded()
    #expect(fixture.frame(1, 2)?.height == 10)
    fixture.host.itemCounts = [8, 9, 8]
    var countsChanged = InvalidationContext()
    countsChanged.invalidateDataSourceCounts = true
    fixture.layout.invalidateLayout(with: countsChanged)
    fixture.layout.prepareIfNeeded()
    #expect(fixture.frame(1, 2)?.height == 4)
  }

  @Test func anEstimatedSizeStandsInUntilTheCellReportsItsPreferredSize() throws {
    let fixture = FlowFixture(counts: [4]) {
      $0.itemSize = Size(width: 50, height: 50)
      $0.estimatedItemSize = Size(width: 20, height: 4)
      $0.minimumInteritemSpacing = 5
    }
    #expect(fixture.frame(0, 3) == Rect(x: 80, y: 0, width: 20, height: 4))
    let original = try #require(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
    var preferred = original
    preferred.size = Size(width: 20, height: 6)
    #expect(
      fixture.layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    fixture.layout.invalidateLayout(
      with: fixture.layout.invalidationContext(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    fixture.layout.prepareIfNeeded()
    #expect(fixture.frame(0, 1)?.height == 6)
    #expect(fixture.frame(0, 3) == Rect(x: 80, y: 1, width: 20, height: 4))
  }

  // MARK: - Updates

  @Test func aDeletedItemFadesOutWhereItWasAndAnInsertedOneFadesIn() throws {
    let fixture = FlowFixture(counts: [10]) {
      $0.itemSize = Size(width: 20, height: 4)
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 1
    }
    let lastIndexPath = IndexPath(item: 9, section: 0)
    #expect(fixture.frame(0, 9) == Rect(x: 80, y: 10, width: 20, height: 4))

    var countsChanged = InvalidationContext()
    countsChanged.invalidateDataSourceCounts = true
    fixture.host.itemCounts = [9]
    fixture.layout.invalidateLayout(with: countsChanged)
    fixture.layout.prepareIfNeeded()
    fixture.layout.prepare(forCollectionViewUpdates: [UpdateItem(action: .delete, before: lastIndexPath, after: nil)])
    let gone = try #require(fixture.layout.finalLayoutAttributesForDisappearingItem(at: lastIndexPath))
    #expect(gone.frame == Rect(x: 80, y: 10, width: 20, height: 4) && gone.alpha == 0)
    let stayed = try #require(
      fixture.layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 8, section: 0)))
    #expect(stayed.frame.minX == 40 && stayed.alpha == 1, "now alone on its line, centred, not faded")
    fixture.layout.finalizeCollectionViewUpdates()
    #expect(fixture.layout.finalLayoutAttributesForDisappearingItem(at: lastIndexPath) == nil)

    fixture.host.itemCounts = [10]
    fixture.layout.invalidateLayout(with: countsChanged)
    fixture.layout.prepareIfNeeded()
    fixture.layout.prepare(forCollectionViewUpdates: [UpdateItem(action: .insert, before: nil, after: lastIndexPath)])
    let new = try #require(fixture.layout.initialLayoutAttributesForAppearingItem(at: lastIndexPath))
    #expect(new.frame == Rect(x: 80, y: 10, width: 20, height: 4) && new.alpha == 0)
    fixture.layout.finalizeCollectionViewUpdates()
  }
}
