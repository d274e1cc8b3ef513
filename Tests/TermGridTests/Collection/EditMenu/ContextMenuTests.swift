import TermGrid
import Testing

@Suite struct ContextMenuTests {
  @Test func aContextMenuForManyItemsOpensWithItsActionsAndRunsTheChosenHandler() throws {
    let fixture = makeFixture()
    let view = fixture.view
    view.allowsMultipleSelection = true
    view.selectItem(at: ip(1))
    view.selectItem(at: ip(3))
    view.focusItem(at: ip(3))
    #expect(view.showEditMenu())
    #expect(fixture.menus.asked.map(\.indexPaths) == [[ip(1), ip(3)]])
    #expect(fixture.menus.asked.first?.point == Point(x: 0, y: 3), "the focused item's corner, in content points")
    let menu = try #require(view.editMenu)
    #expect(menu.entries.map(\.action.title) == ["Rename", "Archive 2"])
    #expect(menu.entries.map(\.isEnabled) == [false, true])
    #expect(view.handle(.key(KeyEvent(.character("a")))))
    #expect(fixture.menus.ran == ["archive [[0, 1], [0, 3]]"])
    #expect(!view.isEditMenuVisible)
    #expect(fixture.menus.performed.isEmpty, "performAction is not asked for a context menu")
  }

  @Test func aRightClickAsksForTheClickedItemAtThePointer() {
    let fixture = makeFixture()
    let view = fixture.view
    view.contentOffset = Point(x: 0, y: 2)
    _ = render(view, size: view.frame.size)
    #expect(view.handle(.mouse(MouseEvent(.press(.right), at: CellPoint(column: 4, row: 1)))))
    #expect(fixture.menus.asked.map(\.indexPaths) == [[ip(3)]])
    #expect(fixture.menus.asked.first?.point == Point(x: 4, y: 3))
    #expect(view.isEditMenuVisible)
  }

  @Test func withoutAConfigurationTheEditMenusQuestionsAreAsked() {
    let fixture = makeFixture()
    fixture.menus.offersMenu = false
    fixture.view.focusItem(at: ip(0))
    #expect(!fixture.view.showEditMenu(), "shouldShowMenuForItemAt defaults to false")
    #expect(fixture.menus.asked.count == 1)
  }

  // MARK: - Fixtures

  func makeFixture() -> (view: CollectionView, menus: MenuDelegate, source: TestDataSource) {
    let source = TestDataSource(sections: [letters(8)])
    let view = CollectionView(
      frame: CellRect(size: CellSize(columns: 20, rows: 4)), layout: GridLayout(itemSize: Size(width: 20, height: 1)))
    view.register(TextCell.self, forCellWithReuseIdentifier: TestDataSource.cellIdentifier)
    let menus = MenuDelegate()
    view.delegate = menus
    view.dataSource = source
    view.layoutIfNeeded()
    return (view, menus, source)
  }
}

/// Builds a context menu for whatever it is asked about and writes down what ran.
final class MenuDelegate: CollectionViewDelegate {
  var offersMenu = true
  var asked: [(indexPaths: [IndexPath], point: Point)] = []
  var ran: [String] = []
  var performed: [String] = []

  func collectionView(
    _ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point
  ) -> ContextMenuConfiguration? {
    asked.append((indexPaths, point))
    guard offersMenu else { return nil }
    return ContextMenuConfiguration(actions: [
      MenuAction(title: "Rename", accelerator: "r", isEnabled: indexPaths.count == 1) { self.ran.append("rename") },
      MenuAction(title: "Archive \(indexPaths.count)", accelerator: "a") {
        self.ran.append("archive \(indexPaths)")
      },
    ])
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    performed.append(action.name)
  }
}
