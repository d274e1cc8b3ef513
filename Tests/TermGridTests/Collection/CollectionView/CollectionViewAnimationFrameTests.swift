import TermGrid
import Testing

@testable import TermGridCollection

/// The frames in between: each test steps a manual clock through a whole animation and
/// checks every frame, not only the first and the last (issue 32).
@Suite struct CollectionViewAnimationFrameTests {
  // MARK: - isAnimating follows the clock

  @Test func isAnimatingEndsOnTheClockWithoutDrawing() {
    let fixture = makeGrid(["a", "b"])
    var finished: [Bool] = []
    fixture.dataSource.sections[0].insert("X", at: 0)
    fixture.collectionView.performBatchUpdates(
      { fixture.collectionView.insertItems(at: [ip(0)]) }, completion: { finished.append($0) })
    var steps = 0
    // Headless: nothing draws, only the clock moves.
    while fixture.collectionView.isAnimating, steps < 100 {
      fixture.clock.now += 15
      steps += 1
    }
    #expect(steps == 10)
    #expect(finished == [true])
    #expect(fixture.collectionView.millisecondsUntilNextFrame == nil)
  }

  @Test func isScrollAnimatingEndsOnTheClockWithoutDrawing() {
    let fixture = makeGrid(letters(20), rows: 2)
    fixture.collectionView.setContentOffset(Point(x: 0, y: 3), animated: true)
    var steps = 0
    while fixture.collectionView.isScrollAnimating, steps < 100 {
      fixture.clock.now += 15
      steps += 1
    }
    #expect(steps == 10)
    #expect(fixture.collectionView.contentOffset == Point(x: 0, y: 3))
  }

  // MARK: - Self-sizing cells are measured before the animation

  @Test func anInsertedSelfSizingCellHasItsFinalSizeOnEveryFrame() {
    let fixture = Fixture(
      layout: ListLayout(), sections: [["a", "b"]], size: CellSize(columns: 8, rows: 8), animated: true)
    fixture.dataSource.preferredHeights = ["X": 3]
    _ = fixture.render()
    fixture.dataSource.sections[0].insert("X", at: 1)
    fixture.collectionView.insertItems(at: [ip(1)])
    var heights: [Double] = []
    for _ in 0...10 {
      _ = fixture.render()
      let frame = fixture.collectionView.attributesOnScreen.first {
        $0.category == .cell && (fixture.collectionView.cellForItem(at: $0.indexPath) as? TextCell)?.text == "X"
      }?.frame
      heights.append(frame?.height ?? -1)
      fixture.clock.now += 15
    }
    #expect(heights == Array(repeating: 3, count: 11))
    // The survivor below it moves straight to its final place, under the measured cell.
    #expect(fixture.collectionView.layoutAttributesForItem(at: ip(2))?.frame.minY == 4)
  }

  // MARK: - A terminal cannot blend

  @Test func survivorsStayReadableAndOpaqueCellsNeverOverlapWhileAnItemIsDeleted() {
    // "e" wraps from the second row to the end of the first, across "c" and "d" moving left.
    let fixture = makeGrid(["a", "b", "c", "d", "e"])
    let view = fixture.collectionView
    fixture.dataSource.sections[0].remove(at: 1)
    view.deleteItems(at: [ip(1)])
    var unreadable: [Int] = []
    var overlapping: [Int] = []
    for frame in 0...10 {
      let canvas = fixture.render()
      let opaque = view.attributesOnScreen.filter { $0.category == .cell && !$0.key.isGhost && $0.alpha == 1 }
      for element in opaque {
        guard let cell = view.cellForItem(at: element.indexPath) as? TextCell else { continue }
        let origin = view.screenRect(for: element.frame)
        guard canvas.bounds.contains(CellPoint(column: origin.column, row: origin.row)) else { continue }
        if String(canvas[origin.column, origin.row].character) != cell.text { unreadable.append(frame) }
      }
      let rects = opaque.map { view.screenRect(for: $0.frame) }
      for (index, rect) in rects.enumerated() where rects[(index + 1)...].contains(where: { $0.intersects(rect) }) {
        overlapping.append(frame)
      }
      fixture.clock.now += 15
    }
    #expect(unreadable.isEmpty)
    #expect(overlapping.isEmpty)
    #expect(fixture.lines[0] == "a   c   d   e   ")
  }

  @Test func itemsMovingAlongARowStillSlide() {
    let fixture = makeGrid(["a", "b", "c", "d"])
    fixture.dataSource.sections[0].remove(at: 0)
    fixture.collectionView.deleteItems(at: [ip(0)])
    fixture.clock.now += 75
    _ = fixture.render()
    let b = fixture.collectionView.attributesOnScreen.first { !$0.key.isGhost && $0.indexPath == ip(0) }
    #expect(b?.frame.minX == 2)
    #expect(b?.alpha == 1)
  }

  @Test func aDeletedAndAnInsertedItemSharingASlotSwapAtHalfWay() {
    let fixture = makeGrid(["a", "b", "c"])
    fixture.collectionView.performBatchUpdates {
      fixture.dataSource.sections[0] = ["a", "X", "c"]
      fixture.collectionView.deleteItems(at: [ip(1)])
      fixture.collectionView.insertItems(at: [ip(1)])
    }
    var shown: [Character] = []
    for _ in 0...10 {
      shown.append(fixture.render()[4, 0].character)
      fixture.clock.now += 15
    }
    // 0…60 ms the old item is on top, from 75 ms (half way) the new one.
    #expect(String(shown) == "bbbbbXXXXXX")
  }

  // MARK: - Layout switches move the content offset with the elements

  @Test func theFocusedItemIsOnScreenOnEveryFrameOfALayoutSwitch() {
    let fixture = makeGrid((0..<80).map { String($0) }, rows: 4)
    let view = fixture.collectionView
    view.focusItem(at: ip(79))
    _ = fixture.render()
    #expect(view.contentOffset == Point(x: 0, y: 16))
    view.setCollectionViewLayout(GridLayout(itemSize: Size(width: 4, height: 1), columns: 1), animated: true)
    var offScreen: [Int] = []
    for frame in 0...10 {
      _ = fixture.render()
      let focused = view.attributesOnScreen.first { $0.category == .cell && !$0.key.isGhost && $0.indexPath == ip(79) }
      let rect = focused.map { view.screenRect(for: $0.frame) }
      if rect == nil || rect.map({ $0.intersection(view.frame) != $0 }) == true { offScreen.append(frame) }
      fixture.clock.now += 15
    }
    #expect(offScreen.isEmpty)
    // Where it started on screen (the bottom row), in the new layout.
    #expect(view.contentOffset == Point(x: 0, y: 76))
    #expect(!view.isAnimating)
  }

  @Test func opaqueCardsNeverOverlapOnAnyFrameOfALayoutSwitch() {
    // Four columns to two: "c" goes from the end of the first row to the start of the
    // second, across "b" (which stays), and "d", "g", "h" cross the cards around them.
    let fixture = makeGrid(letters(8), rows: 6)
    let view = fixture.collectionView
    view.setCollectionViewLayout(GridLayout(itemSize: Size(width: 4, height: 1), columns: 2), animated: true)
    var overlapping: [Int] = []
    var unreadable: [Int] = []
    for frame in 0...10 {
      let canvas = fixture.render()
      let opaque = view.attributesOnScreen.filter { $0.category == .cell && !$0.key.isGhost && $0.alpha == 1 }
      let rects = opaque.map { view.screenRect(for: $0.frame) }
      for (index, rect) in rects.enumerated() where rects[(index + 1)...].contains(where: { $0.intersects(rect) }) {
        overlapping.append(frame)
      }
      for element in opaque {
        guard let cell = view.cellForItem(at: element.indexPath) as? TextCell else { continue }
        let origin = view.screenRect(for: element.frame)
        guard canvas.bounds.contains(CellPoint(column: origin.column, row: origin.row)) else { continue }
        if String(canvas[origin.column, origin.row].character) != cell.text { unreadable.append(frame) }
      }
      fixture.clock.now += 15
    }
    #expect(overlapping.isEmpty)
    #expect(unreadable.isEmpty)
    #expect(!view.isAnimating)
    #expect(
      fixture.lines.prefix(4) == ["a   b           ", "c   d           ", "e   f           ", "g   h           "])
  }

  @Test func cardsSlidingAlongARowStillSlideInALayoutSwitch() {
    // Two columns without a gap to two with one: "b" only changes column, and a card that
    // crosses nothing on its way slides as before.
    let fixture = makeGrid(letters(4), rows: 2)
    let view = fixture.collectionView
    view.setCollectionViewLayout(GridLayout(itemSize: Size(width: 4, height: 1), columns: 2), animated: true)
    fixture.clock.now += 150
    _ = fixture.render()
    view.setCollectionViewLayout(
      GridLayout(itemSize: Size(width: 4, height: 1), columns: 2, spacing: 2), animated: true)
    fixture.clock.now += 75
    _ = fixture.render()
    let b = view.attributesOnScreen.first { $0.category == .cell && $0.indexPath == ip(1) }
    #expect(b?.alpha == 1)
    #expect(b?.frame.minX == 5)
  }

  @Test func aLayoutSwitchKeepsTheFocusedItemClearOfAPinnedFooter() {
    let fixture = makeGrid((0..<80).map { String($0) }, rows: 4)
    let view = fixture.collectionView
    view.focusItem(at: ip(79))
    _ = fixture.render()
    let footed = FooterList(footerHeight: 1)
    view.setCollectionViewLayout(footed, animated: true)
    fixture.clock.now += 150
    _ = fixture.render()
    let frame = view.layoutAttributesForItem(at: ip(79))?.frame
    let unobscured = view.bounds.inset(by: footed.obscuredInsets(in: view.bounds))
    #expect(frame.map(unobscured.contains) == true)
  }

  // MARK: - Supplementary views follow UIKit's rules

  @Test func aSupplementaryViewOfACustomKindWithTheSameFrameDoesNotSlide() {
    let source = DayDataSource(items: ["a", "b", "c"])
    let view = CollectionView(frame: CellRect(size: CellSize(columns: 16, rows: 2)), layout: DayLayout())
    let clock = FakeClock()
    view.clock = { clock.now }
    source.register(in: view)
    view.dataSource = source
    view.layoutIfNeeded()
    source.items.insert("X", at: 0)
    view.insertItems(at: [ip(0)])
    var slid: [String] = []
    for frame in 0...10 {
      view.layoutIfNeeded()
      for day in view.attributesOnScreen where day.representedElementKind == DayLayout.dayKind {
        let expected = Rect(x: Double(day.indexPath.item) * 4, y: 0, width: 4, height: 1)
        if day.frame != expected { slid.append("frame \(frame): \(day)") }
      }
      clock.now += 15
    }
    #expect(slid.isEmpty)
    #expect(view.attributesOnScreen.filter { $0.representedElementKind == DayLayout.dayKind }.count == 4)
  }

  @Test func aSupplementaryViewsSectionFollowsSectionChanges() {
    let layout = GridLayout(itemSize: Size(width: 4, height: 1), columns: 4, headerHeight: 1)
    let fixture = Fixture(
      layout: layout, sections: [["a"], ["b"]], size: CellSize(columns: 16, rows: 6), animated: true,
      registersHeader: true)
    _ = fixture.render()
    fixture.dataSource.sections.insert(["n"], at: 0)
    fixture.collectionView.insertSections([0])
    // The header of the old section 0 (now 1) slides down from row 0 to row 2.
    fixture.clock.now += 75
    _ = fixture.render()
    let header = fixture.collectionView.attributesOnScreen.first {
      $0.representedElementKind == ElementKind.header && $0.indexPath == ip(0, 1)
    }
    #expect(header?.frame.minY == 1)
  }

  // MARK: - Fixtures

  func makeGrid(_ items: [String], rows: Int = 2) -> Fixture<GridLayout> {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4), sections: [items],
      size: CellSize(columns: 16, rows: rows), animated: true)
    _ = fixture.render()
    return fixture
  }
}

/// One item per row, the width of the view, under a footer pinned to the bottom edge that
/// covers the last `footerHeight` rows of the visible area.
final class FooterList: CollectionLayout {
  let footerHeight: Double
  private var counts = 0
  private var width = 0.0

  init(footerHeight: Double) {
    self.footerHeight = footerHeight
    super.init()
  }

  override func prepare() {
    counts = collectionView?.numberOfItems(inSection: 0) ?? 0
    width = collectionView?.bounds.width ?? 0
  }

  override var collectionViewContentSize: Size { Size(width: width, height: Double(counts) + footerHeight) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let first = max(0, Int(rect.minY.rounded(.down)))
    let last = min(counts - 1, Int(rect.maxY.rounded(.up)))
    guard first <= last else { return [] }
    return (first...last).compactMap { layoutAttributesForItem(at: ip($0)) }.filter { $0.frame.intersects(rect) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < counts else { return nil }
    return LayoutAttributes(
      forCellWith: indexPath, frame: Rect(x: 0, y: Double(indexPath.item), width: width, height: 1))
  }

  override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    EdgeInsets(top: 0, left: 0, bottom: footerHeight, right: 0)
  }
}

/// Items along the second row, four columns each, under a row of "days": one supplementary
/// view of a custom kind per four columns, at index path `[0, d]`, whatever the items do.
final class DayLayout: CollectionLayout {
  static let dayKind = "day"
  private var count = 0

  override func prepare() { count = collectionView?.numberOfItems(inSection: 0) ?? 0 }

  override var collectionViewContentSize: Size { Size(width: Double(max(count, 4)) * 4, height: 2) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let days = (0..<max(count, 4)).compactMap { layoutAttributesForSupplementaryView(ofKind: Self.dayKind, at: ip($0)) }
    let items = (0..<count).compactMap { layoutAttributesForItem(at: ip($0)) }
    return (days + items).filter { $0.frame.intersects(rect) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
    return LayoutAttributes(
      forCellWith: indexPath, frame: Rect(x: Double(indexPath.item) * 4, y: 1, width: 4, height: 1))
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
  {
    guard kind == Self.dayKind, indexPath.section == 0, indexPath.item >= 0, indexPath.item < max(count, 4) else {
      return nil
    }
    return LayoutAttributes(
      forSupplementaryViewOfKind: kind, with: indexPath,
      frame: Rect(x: Double(indexPath.item) * 4, y: 0, width: 4, height: 1))
  }
}

/// Strings in one section, with a "day" label over each column of four.
final class DayDataSource: CollectionViewDataSource {
  var items: [String]

  init(items: [String]) { self.items = items }

  func register(in view: CollectionView) {
    view.register(TextCell.self, forCellWithReuseIdentifier: "text")
    view.register(LabelView.self, forSupplementaryViewOfKind: DayLayout.dayKind, withReuseIdentifier: "day")
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(TextCell.self, withReuseIdentifier: "text", for: indexPath)
    cell.text = items[indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    let label = collectionView.dequeueReusableSupplementaryView(
      LabelView.self, ofKind: kind, withReuseIdentifier: "day", for: indexPath)
    label.text = "D\(indexPath.item)"
    return label
  }
}
