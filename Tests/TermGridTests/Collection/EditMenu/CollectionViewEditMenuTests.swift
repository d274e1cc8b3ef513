import TermGrid
import Testing

@Suite struct CollectionViewEditMenuTests {
  @Test func theMenuOpensBelowTheFocusedCellWithEntriesEnabledByTheDelegate() throws {
    let (collectionView, source) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 2, section: 0))
    #expect(collectionView.showEditMenu())
    let menu = try #require(collectionView.editMenu)
    #expect(menu.entries.map(\.isEnabled) == [false, true, true, false, true])
    #expect(source.canPerformQuestions.allSatisfy { $0.indexPaths == [IndexPath(item: 2, section: 0)] })
    #expect(source.menuQuestions == [IndexPath(item: 2, section: 0)])
    let canvas = render(collectionView, size: CellSize(columns: 24, rows: 10))
    #expect(
      canvas.lines == [
        "item 0                  ",
        "item 1                  ",
        "item 2                  ",
        "┌───────────────┐       ",
        "│ Cut         t │       ",
        "│ Copy        c │       ",
        "│ Paste       p │       ",
        "│ Delete      d │       ",
        "│ Select All  a │       ",
        "└───────────────┘       ",
      ])
  }

  @Test func nearTheBottomTheMenuFlipsAboveTheFocusedCell() throws {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 8, section: 0))
    #expect(collectionView.showEditMenu())
    _ = render(collectionView, size: CellSize(columns: 24, rows: 10))
    #expect(collectionView.editMenu?.frame == CellRect(column: 0, row: 1, columns: 17, rows: 7))
  }

  @Test func withASelectionTheChosenActionActsOnTheWholeSelection() {
    let (collectionView, source) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    collectionView.selectItem(at: IndexPath(item: 3, section: 0))
    collectionView.focusItem(at: IndexPath(item: 5, section: 0))
    #expect(collectionView.showEditMenu())
    #expect(collectionView.handle(.key(KeyEvent(.character("c")))))
    #expect(source.performed.map(\.action) == ["copy"])
    #expect(source.performed.first?.indexPaths == [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
    #expect(!collectionView.isEditMenuVisible)
  }

  @Test func arrowsAndEnterChooseSkippingDisabledEntries() {
    let (collectionView, source) = makeRowList(count: 4, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    source.allowedActions = ["cut", "delete"]
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    #expect(collectionView.showEditMenu())
    collectionView.handle(.key(KeyEvent(.down)))
    collectionView.handle(.key(KeyEvent(.enter)))
    #expect(source.performed.map(\.action) == ["delete"])
  }

  @Test func theMenuDoesNotOpenWhenTheDelegateRefusesOrAllowsNothing() {
    let (collectionView, source) = makeRowList(count: 4, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    source.showsMenu = false
    #expect(!collectionView.showEditMenu())
    source.showsMenu = true
    source.allowedActions = []
    #expect(!collectionView.showEditMenu())
    #expect(!collectionView.isEditMenuVisible)
  }

  @Test func anEmptyCollectionOpensNoMenu() {
    let (collectionView, _) = makeRowList(count: 0, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    #expect(!collectionView.showEditMenu())
  }

  @Test func theMenuKeyOpensItThroughTheKeyTable() {
    for name in ["m", "Menu", "Shift-F10"] {
      let (collectionView, _) = makeRowList(count: 4, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
      let key = KeyEvent(name: name)!
      #expect(collectionView.handle(.key(key), keyBindings: .standard), "\(name)")
      #expect(collectionView.isEditMenuVisible, "\(name)")
    }
  }

  @Test func keysGoToTheOpenMenuNotTheCollection() {
    let (collectionView, source) = makeRowList(count: 4, frame: CellRect(column: 0, row: 0, columns: 24, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    collectionView.showEditMenu()
    #expect(collectionView.handle(.key(KeyEvent(.character("j")))))
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
    #expect(collectionView.handle(.key(KeyEvent(.escape))))
    #expect(!collectionView.isEditMenuVisible)
    #expect(source.performed.isEmpty)
  }

  @Test func aRightClickOnAnUnselectedItemSelectsItAndOpensAtThePointer() throws {
    let (collectionView, source) = makeRowList(count: 20, frame: CellRect(column: 0, row: 0, columns: 30, rows: 20))
    collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    #expect(collectionView.handle(.mouse(MouseEvent(.press(.right), at: CellPoint(column: 7, row: 4)))))
    #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
    let menu = try #require(collectionView.editMenu)
    #expect(menu.frame.row == 5)
    #expect(menu.frame.column == 7)
    // The release of the opening click is not a choice.
    collectionView.handle(.mouse(MouseEvent(.release(.right), at: CellPoint(column: 7, row: 4))))
    #expect(collectionView.isEditMenuVisible)
    // Click "Paste" (the third entry).
    let paste = CellPoint(column: 9, row: 5 + 3)
    collectionView.handle(.mouse(MouseEvent(.press(.left), at: paste)))
    collectionView.handle(.mouse(MouseEvent(.release(.left), at: paste)))
    #expect(source.performed.map(\.action) == ["paste"])
    #expect(source.performed.first?.indexPaths == [IndexPath(item: 4, section: 0)])
  }

  @Test func aRightClickOnASelectedItemKeepsTheWholeSelection() {
    let (collectionView, source) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    collectionView.selectItem(at: IndexPath(item: 2, section: 0))
    collectionView.handle(.mouse(MouseEvent(.press(.right), at: CellPoint(column: 3, row: 2))))
    #expect(collectionView.isEditMenuVisible)
    collectionView.handle(.key(KeyEvent(.character("c"))))
    #expect(source.performed.first?.indexPaths == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
  }

  @Test func aClickOutsideClosesTheMenuAndIsNotAClickOnTheItemsBelow() {
    let (collectionView, source) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    collectionView.showEditMenu()
    _ = render(collectionView, size: CellSize(columns: 30, rows: 10))
    let outside = CellPoint(column: 25, row: 8)
    #expect(collectionView.handle(.mouse(MouseEvent(.press(.left), at: outside))))
    #expect(!collectionView.isEditMenuVisible)
    collectionView.handle(.mouse(MouseEvent(.release(.left), at: outside)))
    #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(source.performed.isEmpty)
  }

  @Test func aBracketedPasteIsOfferedToTheDelegateAsAPasteWithTheTextOnThePasteboard() {
    let (collectionView, source) = makeRowList(count: 3, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 1, section: 0))
    #expect(collectionView.handle(.paste("{\"k\": 1}")))
    #expect(source.performed.map(\.action) == ["paste"])
    #expect(source.performed.first?.indexPaths == [IndexPath(item: 1, section: 0)])
    #expect(source.pastedTexts == ["{\"k\": 1}"])
    #expect(collectionView.pasteboard.string == "{\"k\": 1}")
  }

  @Test func aPasteTheDelegateDoesNotAllowIsNotPerformed() {
    let (collectionView, source) = makeRowList(count: 3, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    source.allowedActions = ["copy"]
    #expect(!collectionView.handle(.paste("x")))
    #expect(source.performed.isEmpty)
  }

  @Test func aPasteClosesAnOpenMenu() {
    let (collectionView, source) = makeRowList(count: 3, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    collectionView.showEditMenu()
    #expect(collectionView.handle(.paste("x")))
    #expect(!collectionView.isEditMenuVisible)
    #expect(source.performed.map(\.action) == ["paste"])
  }

  @Test func theOpenMenuMovesBackOnScreenWhenTheTerminalShrinks() throws {
    let (collectionView, _) = makeRowList(count: 10, frame: CellRect(column: 0, row: 0, columns: 40, rows: 12))
    collectionView.focusItem(at: IndexPath(item: 1, section: 0))
    collectionView.showEditMenu()
    _ = render(collectionView, size: CellSize(columns: 40, rows: 12))
    for size in [CellSize(columns: 12, rows: 4), CellSize(columns: 3, rows: 2), CellSize(columns: 1, rows: 1)] {
      collectionView.frame = CellRect(size: size)
      _ = render(collectionView, size: size)
      let menu = try #require(collectionView.editMenu)
      #expect(CellRect(size: size).intersection(menu.frame) == menu.frame, "\(size)")
    }
  }

  @Test func theMenuClosesWhenItsItemGoesAway() {
    let (collectionView, source) = makeRowList(count: 3, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 2, section: 0))
    collectionView.showEditMenu()
    source.count = 1
    collectionView.reloadData()
    _ = render(collectionView, size: CellSize(columns: 30, rows: 10))
    #expect(!collectionView.isEditMenuVisible)
  }

  @Test func editKeysPerformActionsTheDelegateAllows() {
    let (collectionView, source) = makeRowList(count: 3, frame: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    collectionView.handle(.key(KeyEvent(.character("y"))))
    collectionView.handle(.key(KeyEvent(.character("x"))))
    #expect(source.performed.map(\.action) == ["copy"])
  }
}
