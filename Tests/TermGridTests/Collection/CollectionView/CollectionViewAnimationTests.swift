import TermGrid
import Testing

@testable import TermGridCollection

@Suite struct CollectionViewAnimationTests {
  @Test func anInsertInterpolatesFramesOverTheDuration() {
    let fixture = makeFixture(["a", "b"])
    var finished: [Bool] = []
    fixture.dataSource.sections[0].insert("X", at: 0)
    fixture.collectionView.performBatchUpdates(
      { fixture.collectionView.insertItems(at: [ip(0)]) }, completion: { finished.append($0) })
    #expect(fixture.collectionView.isAnimating)

    // 0%: everything where it was; the new item is transparent, so not drawn.
    #expect(fixture.lines[0] == "a   b           ")
    #expect(
      frames(fixture) == [
        "a": Rect(x: 0, y: 0, width: 4, height: 1), "b": Rect(x: 4, y: 0, width: 4, height: 1),
        "X": Rect(x: 0, y: 0, width: 4, height: 1),
      ])
    #expect(alpha(fixture, "X") == 0)

    // 50% of 150 ms: half way (the easing curve passes through the middle), half faded in.
    fixture.clock.now += 75
    let middle = fixture.render()
    #expect(frames(fixture)["a"] == Rect(x: 2, y: 0, width: 4, height: 1))
    #expect(frames(fixture)["b"] == Rect(x: 6, y: 0, width: 4, height: 1))
    #expect(alpha(fixture, "X") == 0.5)
    #expect(middle.lines[0] == "X a   b         ")
    #expect(middle[0, 0].style.attributes.contains(.dim))
    #expect(!middle[2, 0].style.attributes.contains(.dim))
    #expect(finished.isEmpty)

    // 100%: at the layout's frames, and the animation is over.
    fixture.clock.now += 75
    #expect(fixture.lines[0] == "X   a   b       ")
    #expect(frames(fixture)["b"] == Rect(x: 8, y: 0, width: 4, height: 1))
    #expect(!fixture.collectionView.isAnimating)
    #expect(finished == [true])
    #expect(fixture.collectionView.millisecondsUntilNextFrame == nil)
  }

  @Test func aDeletedItemFadesOutWhereItWasAndItsViewIsThenReused() {
    let fixture = makeFixture(["a", "b", "c"])
    fixture.dataSource.sections[0].remove(at: 1)
    fixture.collectionView.deleteItems(at: [ip(1)])
    fixture.clock.now += 75
    let middle = fixture.render()
    let ghost = fixture.collectionView.attributesOnScreen.first { $0.key.isGhost }
    #expect(ghost?.frame == Rect(x: 4, y: 0, width: 4, height: 1))
    #expect(ghost?.alpha == 0.5)
    #expect(frames(fixture)["c"] == Rect(x: 6, y: 0, width: 4, height: 1))
    // The fading item is no item any more: not visible, not hit.
    #expect(fixture.collectionView.indexPathsForVisibleItems == [ip(0), ip(1)])
    #expect(fixture.collectionView.indexPathForItem(atScreen: CellPoint(column: 5, row: 0)) == nil)
    #expect(middle[4, 0].style.attributes.contains(.dim))
    fixture.clock.now += 75
    #expect(fixture.lines[0] == "a   c           ")
    #expect(fixture.collectionView.visibleViewCount == 2)
    #expect(fixture.collectionView.queuedViewCount == 1)
  }

  @Test func theLayoutsInitialAndFinalAttributesShapeTheAnimation() {
    let fixture = makeFixture(["a", "b", "c"])
    fixture.layout.slideOffset = Point(x: 0, y: 2)
    fixture.collectionView.performBatchUpdates {
      fixture.dataSource.sections[0] = ["a", "c", "N"]
      fixture.collectionView.deleteItems(at: [ip(1)])
      fixture.collectionView.insertItems(at: [ip(2)])
    }
    #expect(frames(fixture)["N"] == Rect(x: 8, y: 2, width: 4, height: 1))
    fixture.clock.now += 75
    _ = fixture.render()
    // The inserted item slides up into place, unfaded; the deleted one slides down.
    #expect(frames(fixture)["N"] == Rect(x: 8, y: 1, width: 4, height: 1))
    #expect(alpha(fixture, "N") == 1)
    let ghost = fixture.collectionView.attributesOnScreen.first { $0.key.isGhost }
    #expect(ghost?.frame == Rect(x: 4, y: 1, width: 4, height: 1))
    #expect(ghost?.alpha == 1)
    #expect(fixture.layout.updateBatches.count == 1)
  }

  @Test func movesAnimateFromTheOldPlaceEvenWhenItWasOffScreen() {
    // 40 items, 4 per row, 2 rows visible: item 30 (row 7) moves to the front.
    let fixture = makeFixture(letters(26) + letters(14, from: "A"))
    var items = fixture.dataSource.sections[0]
    let moved = items.remove(at: 30)
    items.insert(moved, at: 0)
    fixture.dataSource.sections[0] = items
    fixture.collectionView.moveItem(at: ip(30), to: ip(0))
    #expect(frames(fixture)[moved] == Rect(x: 8, y: 7, width: 4, height: 1))
    fixture.clock.now += 75
    _ = fixture.render()
    #expect(frames(fixture)[moved] == Rect(x: 4, y: 3.5, width: 4, height: 1))
  }

  @Test func withAnimationsOffChangesLandAtOnce() {
    let fixture = makeFixture(["a", "b"])
    fixture.collectionView.animatesChanges = false
    var finished: [Bool] = []
    fixture.dataSource.sections[0].insert("X", at: 0)
    fixture.collectionView.performBatchUpdates(
      { fixture.collectionView.insertItems(at: [ip(0)]) }, completion: { finished.append($0) })
    #expect(!fixture.collectionView.isAnimating)
    #expect(finished == [true])
    #expect(fixture.lines[0] == "X   a   b       ")
  }

  @Test func aNewChangeCutsTheRunningAnimationShortAndStartsFromWhereThingsAre() {
    let fixture = makeFixture(["a", "b"])
    var finished: [Bool] = []
    fixture.dataSource.sections[0].insert("X", at: 0)
    fixture.collectionView.performBatchUpdates(
      { fixture.collectionView.insertItems(at: [ip(0)]) }, completion: { finished.append($0) })
    fixture.clock.now += 75
    _ = fixture.render()
    fixture.dataSource.sections[0].insert("Y", at: 0)
    fixture.collectionView.insertItems(at: [ip(0)])
    #expect(finished == [false])
    // "a" was drawn at x 2: the new animation starts there, on its way to x 8.
    #expect(frames(fixture)["a"] == Rect(x: 2, y: 0, width: 4, height: 1))
    fixture.clock.now += 150
    #expect(fixture.lines[0] == "Y   X   a   b   ")
  }

  // MARK: Layout switching

  @Test func switchingLayoutsInterpolatesEveryElementAndKeepsFocusAndSelection() {
    let fixture = makeFixture(letters(20), rows: 4)
    let view = fixture.collectionView
    view.allowsMultipleSelection = true
    view.selectItem(at: ip(2))
    view.selectItem(at: ip(13))
    view.focusItem(at: ip(13))
    _ = fixture.render()
    var finished: [Bool] = []
    let list = ListLayout()
    view.setCollectionViewLayout(list, animated: true) { finished.append($0) }
    // Item 13 was on screen row 3; in the list it is at y 13, and stays on screen row 3: the
    // offset moves from 0 to 10 with the frames, so it is on row 3 on every frame.
    #expect(view.contentOffset.y == 0)
    #expect(frames(fixture)["n"] == Rect(x: 4, y: 3, width: 4, height: 1))
    fixture.clock.now += 75
    _ = fixture.render()
    #expect(frames(fixture)["n"] == Rect(x: 2, y: 8, width: 10, height: 1))
    #expect(view.contentOffset.y == 5)
    fixture.clock.now += 75
    let lines = fixture.lines
    #expect(view.contentOffset.y == 10)
    #expect(lines == ["k               ", "l               ", "m               ", "n               "])
    #expect(finished == [true])
    #expect(view.indexPathsForSelectedItems == [ip(2), ip(13)])
    #expect(view.indexPathForFocusedItem == ip(13))
    #expect(fixture.cell(13)?.isSelected == true && fixture.cell(13)?.isFocused == true)
  }

  @Test func switchingLayoutsWithoutAnimationLandsAtOnceWithTheFocusOnScreen() {
    let fixture = makeFixture(letters(20), rows: 4)
    let view = fixture.collectionView
    view.focusItem(at: ip(19))
    view.setCollectionViewLayout(ListLayout(), animated: false)
    #expect(!view.isAnimating)
    #expect(view.indexPathsForVisibleItems.contains(ip(19)))
    #expect(fixture.lines.last == "t               ")
  }

  @Test func anInteractiveTransitionPlacesElementsByItsProgress() {
    let fixture = makeFixture(letters(20), rows: 4)
    let view = fixture.collectionView
    _ = fixture.render()
    let list = ListLayout()
    let transition = view.startInteractiveTransition(to: list)
    #expect(view.collectionViewLayout === transition)
    #expect(frames(fixture)["f"] == Rect(x: 4, y: 1, width: 4, height: 1))
    transition.transitionProgress = 0.5
    _ = fixture.render()
    #expect(frames(fixture)["f"] == Rect(x: 2, y: 3, width: 10, height: 1))
    #expect(view.layoutAttributesForItem(at: ip(5))?.frame == Rect(x: 2, y: 3, width: 10, height: 1))
    transition.transitionProgress = 2
    #expect(transition.transitionProgress == 1)
    view.finishInteractiveTransition()
    #expect(view.collectionViewLayout === list)
    #expect(view.layoutAttributesForItem(at: ip(5))?.frame == Rect(x: 0, y: 5, width: 16, height: 1))
  }

  @Test func theDelegateCanSupplyItsOwnTransitionLayout() {
    let fixture = makeFixture(letters(8), rows: 4)
    let supplier = TransitionSupplier()
    fixture.collectionView.delegate = supplier
    let list = ListLayout()
    let transition = fixture.collectionView.startInteractiveTransition(to: list)
    #expect(transition is LiftingTransitionLayout)
    #expect(supplier.asked.count == 1 && supplier.asked.first?.0 === fixture.layout && supplier.asked.first?.1 === list)
    transition.transitionProgress = 0.5
    _ = fixture.render()
    // Half way, the subclass lifts items by its animated value on top of the interpolation.
    #expect(fixture.collectionView.layoutAttributesForItem(at: ip(5))?.frame == Rect(x: 2, y: 1, width: 10, height: 1))
  }

  @Test func aReloadDuringAnInteractiveTransitionReachesBothLayouts() {
    let fixture = makeFixture(letters(8), rows: 4)
    let view = fixture.collectionView
    let list = ListLayout()
    let transition = view.startInteractiveTransition(to: list)
    _ = fixture.render()
    let gridPasses = fixture.layout.preparePassCount
    let listPasses = list.preparePassCount
    fixture.dataSource.sections = [letters(2)]
    view.reloadData()
    transition.transitionProgress = 1
    #expect(fixture.lines == ["a               ", "b               ", "                ", "                "])
    #expect(fixture.layout.preparePassCount == gridPasses + 1)
    #expect(list.preparePassCount == listPasses + 1)
    // Moving the progress alone re-prepares neither.
    transition.transitionProgress = 0.5
    _ = fixture.render()
    #expect(fixture.layout.preparePassCount == gridPasses + 1)
  }

  @Test func aCancelledInteractiveTransitionGoesBackToTheFirstLayout() {
    let fixture = makeFixture(letters(8), rows: 4)
    let view = fixture.collectionView
    let transition = view.startInteractiveTransition(to: ListLayout())
    transition.transitionProgress = 0.7
    _ = fixture.render()
    view.cancelInteractiveTransition()
    #expect(view.collectionViewLayout === fixture.layout)
    #expect(fixture.lines == ["a   b   c   d   ", "e   f   g   h   ", "                ", "                "])
  }

  // MARK: Invalidation and self-sizing

  @Test func selfSizingCellsChangeTheLayoutThroughAnInvalidationContext() {
    let layout = ListLayout()
    let fixture = Fixture(layout: layout, sections: [["a", "b", "c"]], size: CellSize(columns: 6, rows: 6))
    fixture.dataSource.preferredHeights = ["b": 3]
    #expect(fixture.lines == ["a     ", "b     ", "      ", "      ", "c     ", "      "])
    #expect(layout.preferredHeights == [ip(1): 3])
    let context = layout.receivedContexts.last
    #expect(context?.preferredItemSizes == [ip(1): Size(width: 6, height: 3)])
    #expect(context?.invalidatedItemIndexPaths == [ip(1)])
    // No view was reloaded for it.
    #expect(fixture.dataSource.cellRequests == [ip(0), ip(1), ip(2)])
    #expect(fixture.cell(2)?.layoutAttributes?.frame == Rect(x: 0, y: 4, width: 6, height: 1))
  }

  @Test func aLayoutCanRefuseAPreferredSizeAndIsNotAskedAgain() {
    let layout = ListLayout()
    layout.acceptsPreferredSizes = false
    let fixture = Fixture(layout: layout, sections: [["a", "b", "c"]], size: CellSize(columns: 6, rows: 4))
    fixture.dataSource.preferredHeights = ["b": 3]
    #expect(fixture.lines == ["a     ", "b     ", "c     ", "      "])
    let passes = layout.preparePassCount
    fixture.collectionView.setNeedsLayout()
    _ = fixture.render()
    #expect(layout.preparePassCount == passes)
    #expect(fixture.cell(1)?.preferredSizeQuestions == 1)
  }

  @Test func byDefaultOnlyACellsPreferredSizeChangesTheLayout() {
    // A header asking for three rows is not an item size: the default layout ignores it.
    let layout = GridLayout(itemSize: Size(width: 4, height: 1), columns: 2, headerHeight: 1)
    let fixture = Fixture(
      layout: layout, sections: [letters(2)], size: CellSize(columns: 8, rows: 3), registersHeader: true)
    fixture.collectionView.register(
      TallHeader.self, forSupplementaryViewOfKind: ElementKind.header,
      withReuseIdentifier: TestDataSource.headerIdentifier)
    _ = fixture.render()
    #expect(layout.preparePassCount == 1)
    #expect(fixture.lines == ["Section…", "a   b   ", "        "])
  }

  @Test func anInvalidationCanAdjustTheContentOffset() {
    let fixture = makeFixture(letters(20), rows: 2)
    _ = fixture.render()
    var context = InvalidationContext()
    context.contentOffsetAdjustment = Point(x: 0, y: 2)
    fixture.layout.invalidateLayout(with: context)
    #expect(fixture.lines == ["i   j   k   l   ", "m   n   o   p   "])
  }

  @Test func aResizeInvalidatesTheLayoutForTheNewBounds() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1)), sections: [letters(6)],
      size: CellSize(columns: 16, rows: 2))
    #expect(fixture.lines == ["a   b   c   d   ", "e   f           "])
    fixture.collectionView.frame = CellRect(column: 0, row: 0, columns: 12, rows: 2)
    #expect(fixture.lines == ["a   b   c   ", "d   e   f   "])
    #expect(fixture.layout.columnCount == 3)
  }

  @Test func anUpdateThatMovesNothingOnScreenIsNotAnimated() {
    let fixture = makeFixture(letters(12))
    let view = fixture.collectionView
    var finished: [Bool] = []
    // Appended and deleted far below the two rows on screen: nothing there moves.
    fixture.dataSource.sections[0] += ["x", "y"]
    view.performBatchUpdates({ view.insertItems(at: [ip(12), ip(13)]) }, completion: { finished.append($0) })
    #expect(!view.isAnimating)
    #expect(finished == [true])
    fixture.dataSource.sections[0].remove(at: 10)
    view.deleteItems(at: [ip(10)])
    #expect(!view.isAnimating)
    #expect(fixture.lines == ["a   b   c   d   ", "e   f   g   h   "])
    // One inserted on screen moves the rest: animated.
    fixture.dataSource.sections[0].insert("X", at: 1)
    view.insertItems(at: [ip(1)])
    #expect(view.isAnimating)
  }

  // MARK: - Fixtures

  /// Items in rows of four 4×1 cells in a 16-column frame, animated with the fake clock.
  func makeFixture(_ items: [String], rows: Int = 2) -> Fixture<GridLayout> {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1), columns: 4), sections: [items],
      size: CellSize(columns: 16, rows: rows), animated: true)
    _ = fixture.render()
    return fixture
  }

  /// The frames drawn now, by the text of their cells.
  func frames(_ fixture: Fixture<GridLayout>) -> [String: Rect] {
    fixture.collectionView.layoutIfNeeded()
    var result: [String: Rect] = [:]
    for element in fixture.collectionView.attributesOnScreen where element.category == .cell && !element.key.isGhost {
      if let cell = fixture.collectionView.cellForItem(at: element.indexPath) as? TextCell {
        result[cell.text] = element.frame
      }
    }
    return result
  }

  /// The alpha drawn now for the cell showing `text`.
  func alpha(_ fixture: Fixture<GridLayout>, _ text: String) -> Double? {
    fixture.collectionView.attributesOnScreen.first {
      $0.category == .cell && !$0.key.isGhost
        && (fixture.collectionView.cellForItem(at: $0.indexPath) as? TextCell)?.text == text
    }?.alpha
  }
}

/// Gives every interactive transition a ``LiftingTransitionLayout``.
final class TransitionSupplier: CollectionViewDelegate {
  var asked: [(CollectionLayout, CollectionLayout)] = []

  func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionLayout,
    newLayout: CollectionLayout
  ) -> TransitionLayout? {
    asked.append((oldLayout, newLayout))
    let transition = LiftingTransitionLayout(currentLayout: oldLayout, nextLayout: newLayout)
    transition.updateValue(2, forAnimatedKey: "lift")
    return transition
  }
}

/// A transition whose items travel higher than the straight line, by the "lift" value.
final class LiftingTransitionLayout: TransitionLayout {
  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
    attributes.frame.origin.y -= value(forAnimatedKey: "lift")
    return attributes
  }
}

/// A header that would like to be three rows tall.
final class TallHeader: LabelView {
  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
    var fitting = layoutAttributes
    fitting.size.height = 3
    return fitting
  }
}
