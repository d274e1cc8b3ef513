import TermGrid
import Testing

@Suite struct CollectionViewInputTests {
  // MARK: Mouse

  @Test func aPressHighlightsAndFocusesAndTheReleaseOnTheSameItemSelects() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 2, row: 1, columns: 20, rows: 8))
    collectionView.handle(.mouse(MouseEvent(.press(.left), at: CellPoint(column: 5, row: 4))))
    #expect(collectionView.indexPathForHighlightedItem == IndexPath(item: 3, section: 0))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 3, section: 0))
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    collectionView.handle(.mouse(MouseEvent(.release(.left), at: CellPoint(column: 9, row: 4))))
    #expect(collectionView.indexPathForHighlightedItem == nil)
    #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
  }

  @Test func draggingOffThePressedItemTakesTheHighlightAwayAndSelectsNothing() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 20, rows: 8))
    collectionView.handle(.mouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 2))))
    collectionView.handle(.mouse(MouseEvent(.drag(.left), at: CellPoint(column: 1, row: 5))))
    #expect(collectionView.indexPathForHighlightedItem == nil)
    #expect(!collectionView.handle(.mouse(MouseEvent(.release(.left), at: CellPoint(column: 1, row: 5)))))
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func aClickOutsideTheItemsIsNotAnItemsClick() {
    let (collectionView, _) = makeRowList(count: 2, frame: CellRect(column: 0, row: 0, columns: 20, rows: 8))
    collectionView.handle(.mouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 6))))
    collectionView.handle(.mouse(MouseEvent(.release(.left), at: CellPoint(column: 1, row: 6))))
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(!collectionView.handle(.mouse(MouseEvent(.press(.left), at: CellPoint(column: 30, row: 3)))))
  }

  @Test func theWheelScrollsThreeLinesANotch() {
    let (collectionView, _) = makeRowList(count: 50, frame: CellRect(column: 0, row: 0, columns: 20, rows: 8))
    collectionView.handle(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 1, row: 1))))
    collectionView.handle(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 1, row: 1))))
    #expect(collectionView.contentOffset.y == 6)
    collectionView.handle(.mouse(MouseEvent(.wheelUp, at: CellPoint(column: 1, row: 1))))
    #expect(collectionView.contentOffset.y == 3)
    let canvas = render(collectionView, size: CellSize(columns: 20, rows: 8))
    #expect(canvas.line(0).hasPrefix("item 3 "))
  }

  @Test func aWheelOutsideTheCollectionIsNotItsEvent() {
    let (collectionView, _) = makeRowList(count: 50, frame: CellRect(column: 0, row: 0, columns: 20, rows: 8))
    #expect(!collectionView.handle(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 1, row: 9)))))
    #expect(collectionView.contentOffset.y == 0)
  }

  // MARK: Commands

  @Test func aKeyTableResolvesKeysAndNothingElse() {
    let keys = KeyBindings.standard
    #expect(keys.command(for: InputEvent.key(KeyEvent(.character("j")))) == .moveDown)
    #expect(keys.command(for: InputEvent.key(KeyEvent(.character("§")))) == nil)
    #expect(keys.command(for: .mouse(MouseEvent(.press(.left), at: CellPoint(column: 0, row: 0)))) == nil)
    #expect(keys.command(for: .paste("j")) == nil)
    #expect(keys.command(for: .resize(CellSize(columns: 1, rows: 1))) == nil)
  }

  @Test func aResolvedCommandIsCarriedOutWithoutLookingTheKeyUpAgain() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 20, rows: 4))
    collectionView.focusItem(at: IndexPath(item: 5, section: 0))
    // "j" means down in every standard table; the caller's table said up, and that counts.
    #expect(collectionView.handle(.key(KeyEvent(.character("j"))), command: .moveUp))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
    // A key the caller's table does not bind is not the collection view's, whatever it is.
    #expect(!collectionView.handle(.key(KeyEvent(.down)), command: nil))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
    // Neither is a command it does not carry out.
    #expect(!collectionView.handle(.key(KeyEvent(.character("q"))), command: .quit))
    // Events that are not keys need no command.
    let clicked = collectionView.indexPathForItem(atScreen: CellPoint(column: 1, row: 0))
    #expect(clicked != nil && clicked != IndexPath(item: 4, section: 0))
    #expect(collectionView.handle(.mouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 0))), command: nil))
    #expect(collectionView.indexPathForFocusedItem == clicked)
  }

  @Test func theOldEntryPointLooksTheKeyUpInItsTable() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 20, rows: 4))
    collectionView.focusItem(at: IndexPath(item: 5, section: 0))
    var keys = KeyBindings.standard
    keys.rebind([KeyEvent(.character("j"))], to: .moveUp)
    collectionView.handle(.key(KeyEvent(.character("j"))), keyBindings: keys)
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
  }

  @Test func everyChangeReachesTheDisplayHost() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 20, rows: 4))
    let host = CountingDisplayHost()
    collectionView.displayHost = host
    #expect(host.requests == 1, "a collection view not drawn yet asks at once")
    var canvas = Canvas(size: CellSize(columns: 20, rows: 4))
    collectionView.draw(into: &canvas)
    let afterFirstFrame = host.requests
    #expect(!collectionView.needsDisplay)
    collectionView.handle(.key(KeyEvent(.down)), command: .moveDown)
    #expect(host.requests == afterFirstFrame + 1)
    collectionView.handle(.key(KeyEvent(.down)), command: .moveDown)
    #expect(host.requests == afterFirstFrame + 1, "one request until the next frame")
    collectionView.draw(into: &canvas)
    collectionView.setNeedsDisplay()
    #expect(collectionView.needsDisplay)
    #expect(host.requests > afterFirstFrame + 1)
  }

  @Test func keysMoveTheFocusThroughTheKeyTable() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 20, rows: 4))
    collectionView.handle(.key(KeyEvent(.character("j"))))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
    collectionView.handle(.key(KeyEvent(.down)))
    collectionView.handle(.key(KeyEvent(.character("j"))))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 2, section: 0))
    collectionView.handle(.key(KeyEvent(.character("G"))))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 9, section: 0))
    collectionView.handle(.key(KeyEvent(.home)))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
  }

  @Test func spaceSelectsTheFocusedItemAndShiftArrowsExtendTheSelection() {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 20, rows: 8))
    collectionView.focusItem(at: IndexPath(item: 2, section: 0))
    collectionView.handle(.key(KeyEvent(.down, modifiers: .shift)))
    collectionView.handle(.key(KeyEvent(.down, modifiers: .shift)))
    #expect(collectionView.indexPathsForSelectedItems.map(\.item) == [2, 3, 4])
    collectionView.handle(.key(KeyEvent(.escape)))
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    collectionView.handle(.key(KeyEvent(.character(" "))))
    #expect(collectionView.indexPathsForSelectedItems.map(\.item) == [4])
  }

  @Test func theAppsOwnCommandsAreLeftToTheApp() {
    let (collectionView, _) = makeRowList(count: 3, frame: CellRect(column: 0, row: 0, columns: 20, rows: 8))
    #expect(!collectionView.perform(.quit))
    #expect(!collectionView.perform(.showHelp))
    #expect(!collectionView.handle(.key(KeyEvent(.character("q")))))
    #expect(!collectionView.handle(.key(KeyEvent(.character("§")))))
    #expect(!collectionView.handle(.resize(CellSize(columns: 3, rows: 3))))
  }
}

@Suite struct CollectionViewResizeTests {
  @Test func shrinkingKeepsTheFocusedItemOnScreen() {
    let (collectionView, _) = makeRowList(count: 40, frame: CellRect(column: 0, row: 0, columns: 20, rows: 30))
    collectionView.focusItem(at: IndexPath(item: 25, section: 0))
    _ = render(collectionView, size: CellSize(columns: 20, rows: 30))
    #expect(collectionView.contentOffset.y == 0)
    collectionView.resize(to: CellRect(column: 0, row: 0, columns: 10, rows: 5))
    let canvas = render(collectionView, size: CellSize(columns: 10, rows: 5))
    #expect(canvas.lines.contains("item 25   "))
    for size in [(1, 1), (0, 0), (3, 1), (20, 30)] {
      collectionView.resize(to: CellRect(column: 0, row: 0, columns: size.0, rows: size.1))
      _ = render(collectionView, size: CellSize(columns: size.0, rows: size.1))
    }
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 25, section: 0))
  }
}

/// Counts the frames asked for.
final class CountingDisplayHost: DisplayHost {
  var requests = 0
  func setNeedsDisplay() { requests += 1 }
}
