import TermGrid
import TestSupport
import Testing

/// One test per rule of the guide's "Using the Flow Layout", plus the layout's own options.
@Suite struct FlowLayoutTests {
  // MARK: - Lines

  @Test func justifiedLinesSpreadTheLeftoverSpaceEvenlyBetweenItems() {
    // 100 wide, items 20 wide, at least 5 apart: four fit (95), the 20 left over is spread
    // as three gaps of 6.67, so items start 26.67 apart.
    let fixture = FlowFixture(counts: [8]) {
      $0.itemSize = Size(width: 20, height: 10)
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 0
    }
    let line = (0..<4).map { fixture.frame(0, $0) }
    let expected = [0, 80.0 / 3, 160.0 / 3, 80]
    #expect(zip(minXs(line), expected).allSatisfy(isClose), "\(minXs(line))")
    for (left, right) in zip(line, line.dropFirst()) {
      #expect(isClose((right?.minX ?? 0) - (left?.maxX ?? 0), 20.0 / 3))
    }
    #expect(zip(minXs((4..<8).map { fixture.frame(0, $0) }), expected).allSatisfy(isClose))
    #expect(fixture.frame(0, 4)?.minY == 10)

    // At least 10 apart only three fit (80): two gaps of 20, and a last line of two
    // items is justified too (UIKit puts them at both ends).
    let wider = FlowFixture(counts: [5]) {
      $0.itemSize = Size(width: 20, height: 10)
      $0.minimumInteritemSpacing = 10
    }
    #expect(minXs((0..<5).map { wider.frame(0, $0) }) == [0, 40, 80, 0, 80])
  }

  @Test func aLineHoldingASingleItemIsCentred() {
    let fixture = FlowFixture(counts: [3]) {
      $0.itemSize = Size(width: 60, height: 5)
      $0.minimumLineSpacing = 1
    }
    #expect(fixture.frame(0, 0) == Rect(x: 20, y: 0, width: 60, height: 5))
    #expect(fixture.frame(0, 1) == Rect(x: 20, y: 6, width: 60, height: 5))
    #expect(fixture.frame(0, 2) == Rect(x: 20, y: 12, width: 60, height: 5))
  }

  @Test func leadingAlignmentPacksItemsAtTheStartOfEachLine() {
    let fixture = FlowFixture(counts: [6]) {
      $0.itemSize = Size(width: 20, height: 10)
      $0.minimumInteritemSpacing = 5
      $0.alignment = .leading
    }
    #expect(minXs((0..<6).map { fixture.frame(0, $0) }) == [0, 25, 50, 75, 0, 25])
  }

  @Test func centredAlignmentCentresEachLinesItemsAsAGroup() {
    // Three items and two gaps of 10 take 80 of 100: 10 on each side. The last line's two
    // items take 50: 25 on each side.
    let fixture = FlowFixture(counts: [5]) {
      $0.itemSize = Size(width: 20, height: 10)
      $0.minimumInteritemSpacing = 10
      $0.alignment = .centered
    }
    #expect(minXs((0..<5).map { fixture.frame(0, $0) }) == [10, 40, 70, 25, 55])
  }

  @Test func theTallestItemSetsTheLinesThickness() {
    // Three 30-wide items and two gaps of 5 fill the 100 exactly; the fourth starts a line.
    let heights: [Double] = [4, 10, 6, 2]
    let delegate = TestFlowDelegate { Size(width: 30, height: heights[$0.item]) }
    let fixture = FlowFixture(counts: [4], delegate: delegate) {
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 2
    }
    #expect(fixture.frame(0, 3) == Rect(x: 35, y: 12, width: 30, height: 2))
    #expect(fixture.layout.collectionViewContentSize == Size(width: 100, height: 14))
  }

  @Test func smallerItemsAreCentredAcrossTheLine() {
    let heights: [Double] = [4, 10, 6]
    let delegate = TestFlowDelegate { Size(width: 30, height: heights[$0.item]) }
    let fixture = FlowFixture(counts: [3], delegate: delegate) { $0.minimumInteritemSpacing = 5 }
    #expect(fixture.frame(0, 0) == Rect(x: 0, y: 3, width: 30, height: 4))
    #expect(fixture.frame(0, 1) == Rect(x: 35, y: 0, width: 30, height: 10))
    #expect(fixture.frame(0, 2) == Rect(x: 70, y: 2, width: 30, height: 6))
  }

  @Test func topLineAlignmentPutsSmallerItemsAtTheTopOfTheirLine() {
    let heights: [Double] = [4, 10, 6, 3]
    let delegate = TestFlowDelegate { Size(width: 30, height: heights[$0.item]) }
    let fixture = FlowFixture(counts: [4], delegate: delegate) {
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 1
      $0.lineItemAlignment = .top
    }
    #expect(fixture.frame(0, 0) == Rect(x: 0, y: 0, width: 30, height: 4))
    #expect(fixture.frame(0, 1) == Rect(x: 35, y: 0, width: 30, height: 10))
    #expect(fixture.frame(0, 2) == Rect(x: 70, y: 0, width: 30, height: 6))
    #expect(fixture.frame(0, 3)?.minY == 11, "the next line starts after the tallest item, as before")
    // The rect query places items the same way as the on-demand call.
    let queried = fixture.query(Rect(x: 0, y: 0, width: 100, height: 20)).filter { $0.category == .cell }
    #expect(queried.map(\.frame) == (0..<4).compactMap { fixture.frame(0, $0) })
  }

  @Test func topLineAlignmentInAHorizontalFlowPutsItemsAtTheLeftOfTheirColumn() {
    let widths: [Double] = [4, 10]
    let delegate = TestFlowDelegate { Size(width: widths[$0.item], height: 20) }
    let fixture = FlowFixture(counts: [2], delegate: delegate) {
      $0.scrollDirection = .horizontal
      $0.lineItemAlignment = .top
    }
    #expect(fixture.frame(0, 0)?.minX == 0)
    #expect(fixture.frame(0, 1)?.minX == 0)
  }

  @Test func lineSpacingIsMeasuredBetweenTheTallestItemsOfTwoLines() {
    // Figure 3-4: the tallest items are exactly the minimum apart; others look further.
    let heights: [Double] = [10, 4, 4, 4, 4, 8]
    let delegate = TestFlowDelegate { Size(width: 30, height: heights[$0.item]) }
    let fixture = FlowFixture(counts: [6], delegate: delegate) {
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 3
    }
    let tallestFirst = fixture.frame(0, 0)
    let tallestSecond = fixture.frame(0, 5)
    #expect((tallestSecond?.minY ?? 0) - (tallestFirst?.maxY ?? 0) == 3)
    #expect(fixture.frame(0, 4) == Rect(x: 35, y: 15, width: 30, height: 4))
    #expect((fixture.frame(0, 4)?.minY ?? 0) - (fixture.frame(0, 1)?.maxY ?? 0) == 8)
  }

  @Test func anItemLongerThanTheLineGetsALineOfItsOwnAndKeepsItsSize() {
    let widths: [Double] = [20, 150, 20]
    let delegate = TestFlowDelegate { Size(width: widths[$0.item], height: 3) }
    let fixture = FlowFixture(counts: [3], delegate: delegate) {
      $0.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
      $0.minimumLineSpacing = 1
    }
    #expect(fixture.frame(0, 0) == Rect(x: 40, y: 0, width: 20, height: 3))
    #expect(fixture.frame(0, 1) == Rect(x: 5, y: 4, width: 150, height: 3))
    #expect(fixture.frame(0, 2) == Rect(x: 40, y: 8, width: 20, height: 3))
  }

  // MARK: - Sections

  @Test func sectionInsetsNarrowTheLinesAndSurroundTheItems() {
    // Without insets four items fit (95 of 100); within 80 only three, justified 10 apart.
    let fixture = FlowFixture(counts: [3, 3]) {
      $0.itemSize = Size(width: 20, height: 10)
      $0.minimumInteritemSpacing = 5
      $0.sectionInset = EdgeInsets(top: 2, left: 10, bottom: 3, right: 10)
    }
    #expect(minXs((0..<3).map { fixture.frame(0, $0) }) == [10, 40, 70])
    #expect(fixture.frame(0, 0)?.minY == 2)
    #expect(fixture.frame(1, 0) == Rect(x: 10, y: 17, width: 20, height: 10))
    #expect(fixture.layout.collectionViewContentSize == Size(width: 100, height: 30))
  }

  @Test func headersAndFootersSpanTheContentAndCarryTheirKinds() throws {
    let fixture = FlowFixture(counts: [2, 2]) {
      $0.itemSize = Size(width: 20, height: 10)
      $0.headerReferenceSize = Size(width: 0, height: 4)
      $0.footerReferenceSize = Size(width: 7, height: 2)
      $0.sectionInset = EdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    }
    let header = try #require(fixture.header(0))
    #expect(header.frame == Rect(x: 0, y: 0, width: 100, height: 4))
    #expect(header.category == .supplementaryView)
    #expect(header.representedElementKind == ElementKind.header)
    #expect(header.indexPath == IndexPath(item: 0, section: 0))
    #expect(fixture.frame(0, 0)?.minY == 5)
    let footer = try #require(fixture.footer(0))
    #expect(footer.frame == Rect(x: 0, y: 16, width: 100, height: 2))
    #expect(footer.representedElementKind == ElementKind.footer)
    #expect(fixture.header(1)?.frame == Rect(x: 0, y: 18, width: 100, height: 4))
    #expect(
      fixture.layout.layoutAttributesForSupplementaryView(ofKind: "badge", at: IndexPath(item: 0, section: 0)) == nil)

    let all = fixture.query(Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(all.filter { $0.representedElementKind == ElementKind.header }.map(\.indexPath.section) == [0, 1])
    #expect(all.filter { $0.representedElementKind == ElementKind.footer }.map(\.indexPath.section) == [0, 1])

    let bare = FlowFixture(counts: [2]) { $0.footerReferenceSize = Size(width: 100, height: 0) }
    #expect(bare.footer(0) == nil && bare.header(0) == nil)
    #expect(bare.query(Rect(x: 0, y: 0, width: 100, height: 100)).allSatisfy { $0.category == .cell })
  }

  @Test func anEmptySectionKeepsItsHeaderInsetsAndFooter() {
    let fixture = FlowFixture(counts: [2, 0, 2]) {
      $0.itemSize = Size(width: 20, height: 4)
      $0.headerReferenceSize = Size(width: 0, height: 2)
      $0.footerReferenceSize = Size(width: 0, height: 1)
      $0.sectionInset = EdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    }
    #expect(fixture.footer(0)?.frame.minY == 8)
    #expect(fixture.header(1)?.frame == Rect(x: 0, y: 9, width: 100, height: 2))
    #expect(fixture.footer(1)?.frame == Rect(x: 0, y: 13, width: 100, height: 1))
    #expect(fixture.header(2)?.frame.minY == 14)
    #expect(fixture.frame(2, 0)?.minY == 17)
    #expect(fixture.frame(1, 0) == nil)
    let sectionOne = fixture.query(Rect(x: 0, y: 0, width: 100, height: 100)).filter { $0.indexPath.section == 1 }
    #expect(sectionOne.map(\.representedElementKind) == [ElementKind.header, ElementKind.footer])
  }

  @Test func theDelegateSetsInsetsSpacingsAndHeaderSizesPerSection() {
    let delegate = TestFlowDelegate()
    delegate.insets[1] = EdgeInsets(top: 1, left: 5, bottom: 0, right: 5)
    delegate.lineSpacings[1] = 3
    delegate.interitemSpacings[1] = 30
    delegate.headerSizes[1] = Size(width: 0, height: 2)
    delegate.footerSizes[1] = Size(width: 0, height: 1)
    let fixture = FlowFixture(counts: [2, 4], delegate: delegate) {
      $0.itemSize = Size(width: 20, height: 4)
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 1
    }
    // Section 0 uses the layout's values: no header, both items justified.
    #expect(fixture.header(0) == nil)
    #expect(minXs([fixture.frame(0, 0), fixture.frame(0, 1)]) == [0, 80])
    // Section 1: 90 wide and 30 apart leaves room for two items a line.
    #expect(fixture.header(1)?.frame == Rect(x: 0, y: 4, width: 100, height: 2))
    #expect(fixture.frame(1, 0) == Rect(x: 5, y: 7, width: 20, height: 4))
    #expect(fixture.frame(1, 1) == Rect(x: 75, y: 7, width: 20, height: 4))
    #expect(fixture.frame(1, 2) == Rect(x: 5, y: 14, width: 20, height: 4))
    #expect(fixture.footer(1)?.frame == Rect(x: 0, y: 18, width: 100, height: 1))
    #expect(fixture.layout.collectionViewContentSize == Size(width: 100, height: 19))
  }

  // MARK: - Direction and size

  @Test func horizontalScrollingTurnsLinesIntoColumns() throws {
    let fixture = FlowFixture(counts: [6], bounds: Rect(x: 0, y: 0, width: 100, height: 20)) {
      $0.scrollDirection = .horizontal
      $0.itemSize = Size(width: 10, height: 5)
      $0.minimumInteritemSpacing = 0
      $0.minimumLineSpacing = 2
      $0.headerReferenceSize = Size(width: 3, height: 99)
    }
    #expect(try #require(fixture.header(0)).frame == Rect(x: 0, y: 0, width: 3, height: 20))
    #expect((0..<4).map { fixture.frame(0, $0)?.origin } == [0, 5, 10, 15].map { Point(x: 3, y: $0) })
    #expect(fixture.frame(0, 4) == Rect(x: 15, y: 0, width: 10, height: 5))
    #expect(fixture.frame(0, 5) == Rect(x: 15, y: 15, width: 10, height: 5))
    #expect(fixture.layout.collectionViewContentSize == Size(width: 25, height: 20))
  }

  @Test func contentSizeIsTheBoundsWidthByTheHeightOfAllSections() {
    let fixture = FlowFixture(counts: [9, 1], bounds: Rect(x: 0, y: 40, width: 100, height: 30)) {
      $0.itemSize = Size(width: 30, height: 4)
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 1
      $0.headerReferenceSize = Size(width: 0, height: 2)
      $0.footerReferenceSize = Size(width: 0, height: 1)
    }
    // Section 0: 2 + three lines (14) + 1 = 17; section 1: 2 + 4 + 1 = 7.
    #expect(fixture.layout.collectionViewContentSize == Size(width: 100, height: 24))
  }

  @Test func justifiedFramesNeverShareACellWhenMappedToCells() {
    // Ten 7-wide items and at least 1 apart in 80: the 10 left over makes gaps of 1.11.
    var generator = SeededRandom(seed: 7)
    let widths = (0..<3_000).map { _ in Double(Int.random(in: 3...12, using: &generator)) }
    for delegate in [nil, TestFlowDelegate { Size(width: widths[$0.item], height: 3) }] {
      let fixture = FlowFixture(counts: [3_000], bounds: Rect(x: 0, y: 0, width: 80, height: 24), delegate: delegate) {
        $0.itemSize = Size(width: 7, height: 3)
        $0.minimumInteritemSpacing = 1
      }
      var owners: [CellPoint: Int] = [:]
      var collisions = 0
      var emptyCells = 0
      var fractional = 0
      for item in 0..<3_000 {
        guard let frame = fixture.frame(0, item) else { continue }
        if frame.minX != frame.minX.rounded() { fractional += 1 }
        let cells = CellMetrics.identity.cellRect(for: frame)
        if cells.isEmpty { emptyCells += 1 }
        for row in cells.row..<cells.maxRow {
          for column in cells.column..<cells.maxColumn
          where owners.updateValue(item, forKey: CellPoint(column: column, row: row)) != nil {
            collisions += 1
          }
        }
      }
      #expect(fractional > 1_000, "the spacing must be fractional for this test to mean something")
      #expect(collisions == 0)
      #expect(emptyCells == 0)
    }
  }
}
