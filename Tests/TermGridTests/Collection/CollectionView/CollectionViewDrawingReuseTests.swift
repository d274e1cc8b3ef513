import TermGrid
import Testing

/// `reusesDrawingOfUnchangedCells`: a drawing copies the cells whose view and attributes
/// are those it drew last time, and asks every other view to draw; what it shows is always
/// what a full drawing shows.
@Suite struct CollectionViewDrawingReuseTests {
  @Test func insertsBelowTheScreenCopyEveryCellOnIt() {
    let fixture = makeGrid(letters(20))
    let view = fixture.collectionView
    let before = fixture.render()
    #expect(view.reusedCellCount == 0, "the first drawing has nothing to copy")
    fixture.dataSource.sections[0] += ["x", "y"]
    view.insertItems(at: [ip(20), ip(21)])
    let after = fixture.render()
    #expect(after == before)
    #expect(view.reusedCellCount == 8, "every card on screen copied: \(view.reusedCellCount)")
  }

  @Test func aCellConfiguredAgainOrReloadedIsDrawnAgain() {
    let fixture = makeGrid(letters(20))
    let view = fixture.collectionView
    _ = fixture.render()
    fixture.dataSource.sections[0][1] = "B"
    view.reconfigureItems(at: [ip(1)])
    #expect(fixture.lines == ["a  B  c  d  ", "e  f  g  h  "])
    #expect(view.reusedCellCount == 7)
    // A reload may be given the very view it had back from the queue: drawn again too.
    fixture.dataSource.sections[0][2] = "C"
    view.reloadItems(at: [ip(2)])
    #expect(fixture.lines == ["a  B  C  d  ", "e  f  g  h  "])
    #expect(view.reusedCellCount == 7)
  }

  @Test func setNeedsDisplayAFocusMoveAndAScrollDrawEveryCell() {
    let fixture = makeGrid(letters(20))
    let view = fixture.collectionView
    _ = fixture.render()
    view.setNeedsDisplay()
    _ = fixture.render()
    #expect(view.reusedCellCount == 0)
    view.focusItem(at: ip(5))
    #expect(fixture.render()[3, 1].style == Theme.standard.focused)
    view.contentOffset = Point(x: 0, y: 1)
    #expect(fixture.lines == ["e  f  g  h  ", "i  j  k  l  "])
    #expect(view.reusedCellCount == 0)
  }

  @Test func offByDefault() {
    let fixture = makeGrid(letters(20), reuses: false)
    _ = fixture.render()
    fixture.dataSource.sections[0] += ["x"]
    fixture.collectionView.insertItems(at: [ip(20)])
    _ = fixture.render()
    #expect(fixture.collectionView.reusedCellCount == 0)
  }

  /// Random inserts, deletes, reloads, reconfigures, focus and selection moves and scrolls:
  /// after each, the drawing with reuse is the drawing without it.
  @Test(arguments: [1, 2, 3, 4])
  func randomChangesDrawAsAFullDrawingDoes(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let items = (0..<30).map { "i\($0)" }
    let reusing = makeGrid(items, rows: 4)
    let drawing = makeGrid(items, rows: 4, reuses: false)
    var copied = 0
    for step in 0..<120 {
      let count = reusing.dataSource.sections[0].count
      let choice = random.next(below: 8)
      for fixture in [reusing, drawing] {
        let view = fixture.collectionView
        var random = SeededRandom(seed: seed &* 1000 &+ UInt64(step))
        switch choice {
        case 0:
          let at = random.next(below: count + 1)
          fixture.dataSource.sections[0].insert("n\(step)", at: at)
          view.insertItems(at: [ip(at)])
        case 1 where count > 1:
          let at = random.next(below: count)
          fixture.dataSource.sections[0].remove(at: at)
          view.deleteItems(at: [ip(at)])
        case 2 where count > 0:
          let at = random.next(below: count)
          fixture.dataSource.sections[0][at] = "r\(step)"
          view.reloadItems(at: [ip(at)])
        case 3 where count > 0:
          let at = random.next(below: count)
          fixture.dataSource.sections[0][at] = "c\(step)"
          view.reconfigureItems(at: [ip(at)])
        case 4 where count > 0:
          view.focusItem(at: ip(random.next(below: count)))
        case 5 where count > 0:
          view.selectItem(at: ip(random.next(below: count)))
        case 6:
          view.contentOffset = Point(x: 0, y: Double(random.next(below: 8)))
        default:
          let at = count
          fixture.dataSource.sections[0].append("e\(step)")
          view.insertItems(at: [ip(at)])
        }
      }
      let shown = reusing.render()
      copied += reusing.collectionView.reusedCellCount
      #expect(shown == drawing.render(), "seed \(seed), step \(step), change \(choice)")
    }
    #expect(copied > 0, "some drawings copied cells")
  }

  // MARK: - Fixtures

  private func makeGrid(_ items: [String], rows: Int = 2, reuses: Bool = true) -> Fixture<GridLayout> {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 3, height: 1), columns: 4), sections: [items],
      size: CellSize(columns: 12, rows: rows))
    fixture.collectionView.allowsMultipleSelection = true
    fixture.collectionView.reusesDrawingOfUnchangedCells = reuses
    return fixture
  }
}

/// A small deterministic generator (SplitMix64).
private struct SeededRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
  }
}
