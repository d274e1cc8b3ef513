import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

@Suite struct BrowserControllerTests {
  @Test func switchingToTheTreeKeepsTheSelectedValuesAndTheFocus() throws {
    // Records of two shapes: the tree shows them as a tree, each value on its row (records
    // sharing keys would be a table there, their nested values in closed cells, and only
    // the values a view shows keep their selection).
    let browser = try makeBrowser(
      json:
        #"[{"name": "A", "items": [{"n": 1, "big": 9007199254740993}, {"n": 2}]}, {"label": "B", "parts": [{"n": 3}]}]"#
    )
    let view = browser.collectionView
    view.focusItem(at: IndexPath(item: 1, section: 0))
    view.tapItem(at: IndexPath(item: 1, section: 0))
    view.tapItem(at: IndexPath(item: 0, section: 1))
    let selectedBefore = Set(view.indexPathsForSelectedItems.compactMap(browser.navigation.node(at:)))
    let focusedBefore = view.indexPathForFocusedItem.flatMap(browser.navigation.node(at:))
    #expect(selectedBefore.count == 2)
    browser.show(.tree, animated: false)
    #expect(Set(view.indexPathsForSelectedItems.compactMap(browser.navigation.node(at:))) == selectedBefore)
    #expect(view.indexPathForFocusedItem.flatMap(browser.navigation.node(at:)) == focusedBefore)
    _ = browser.perform(.toggleTreeStyle)
    #expect(Set(view.indexPathsForSelectedItems.compactMap(browser.navigation.node(at:))) == selectedBefore)
    browser.show(.grid, animated: false)
    #expect(Set(view.indexPathsForSelectedItems.compactMap(browser.navigation.node(at:))) == selectedBefore)
    #expect(view.indexPathForFocusedItem.flatMap(browser.navigation.node(at:)) == focusedBefore)
  }

  @Test func copyPutsTheExactSourceTextOnThePasteboard() throws {
    let browser = try makeBrowser()
    let view = browser.collectionView
    view.tapItem(at: IndexPath(item: 0, section: 0))
    view.tapItem(at: IndexPath(item: 1, section: 0))
    #expect(view.performEditAction(.copy))
    let items = view.pasteboard.items.filter { $0.type == EditingController.jsonPasteboardType }
    #expect(items.map(\.text) == [#"{"n": 1, "big": 9007199254740993}"#, #"{"n": 2}"#])
    #expect(view.pasteboard.string == #"[{"n": 1, "big": 9007199254740993}, {"n": 2}]"#)
    #expect(browser.message == "copied 2 values (45 B)")
  }

  @Test func theMenuOffersWhatAppliesToTheFocusedValue() throws {
    let browser = try makeBrowser()
    let view = browser.collectionView
    #expect(view.showEditMenu())
    let enabled = view.editMenu?.entries.filter(\.isEnabled).map(\.action.name)
    #expect(enabled == ["cut", "copy", "delete", "duplicate", "editValue", "copyPath", "selectAll"])
    view.dismissEditMenu()
    #expect(view.performEditAction(.copy))
    #expect(view.showEditMenu())
    #expect(view.editMenu?.entries.first { $0.action == .paste }?.isEnabled == true)
  }

  @Test func theHelpListsTheEditingKeys() {
    for table in [BrowserKeys.grid, BrowserKeys.tree] {
      let help = table.helpText(width: 80).joined(separator: "\n")
      for title in ["Copy", "Cut", "Paste", "Delete", "Undo", "Redo", "Save", "Edit the value", "Rename the key"] {
        #expect(help.contains(title), "\(title)")
      }
    }
    #expect(BrowserKeys.tree.helpText(width: 80).joined(separator: "\n").contains("Columns or outline"))
    #expect(BrowserKeys.grid.command(for: KeyEvent(.character("t"))) == .showTree)
    #expect(BrowserKeys.grid.command(for: KeyEvent(.character("u"))) == .undo)
  }

  @Test func keysFromTheTableDriveTheBrowser() throws {
    let browser = try makeBrowser()
    #expect(browser.handle(.key(KeyEvent(.character("a")))) == .changed)
    #expect(browser.collectionView.indexPathsForSelectedItems.count == 3)
    #expect(browser.handle(.key(KeyEvent(.escape))) == .changed)
    #expect(browser.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(browser.handle(.key(KeyEvent(.character("t")))) == .changed)
    #expect(browser.presentation.kind == .tree)
    #expect(browser.handle(.key(KeyEvent(.character("q")))) == .quit)
  }

  @Test func theStatusLineShowsPositionPathAndSelection() throws {
    let browser = try makeBrowser()
    browser.collectionView.tapItem(at: IndexPath(item: 0, section: 0))
    var canvas = Canvas(size: CellSize(columns: 90, rows: 12))
    browser.draw(into: &canvas)
    let status = canvas.lines.last ?? ""
    #expect(status.contains("test.json"))
    #expect(status.contains(".[0].items[0]"))
    #expect(status.contains("item 1/2 · section 1/2 · 1 selected"))
  }

  @Test func sectionFootersCountTheItemsAndTheSelection() throws {
    let browser = try makeBrowser()
    var canvas = Canvas(size: CellSize(columns: 90, rows: 12))
    browser.draw(into: &canvas)
    #expect(canvas.lines.contains { $0.hasSuffix(" 2 items ") })
    browser.collectionView.tapItem(at: IndexPath(item: 1, section: 0))
    _ = browser.handle(.key(KeyEvent(.character("a"))))
    browser.draw(into: &canvas)
    #expect(canvas.lines.contains { $0.hasSuffix(" 2 items · 2 selected ") })
    #expect(canvas.lines.contains { $0.hasSuffix(" 1 item · 1 selected ") })
  }

  @Test func noCardIsWiderThanTheScreen() throws {
    let document = try JSONDocument(parsing: #"[{"text": "\#(String(repeating: "wide ", count: 20))", "n": 1}]"#)
    let browser = BrowserController(
      document: document, sourceName: "x", size: CellSize(columns: 16, rows: 10), animates: false)
    var canvas = Canvas(size: CellSize(columns: 16, rows: 10))
    browser.draw(into: &canvas)
    let frame = try #require(browser.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame)
    #expect(frame.maxX <= 16)
    browser.resize(to: CellSize(columns: 60, rows: 10))
    browser.draw(into: &canvas)
    let wider = try #require(browser.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame)
    #expect(wider.width > frame.width)
  }

  @Test func aTinyScreenShowsANoteInsteadOfCrashing() throws {
    let browser = try makeBrowser()
    for size in [CellSize(columns: 1, rows: 1), CellSize(columns: 5, rows: 2), CellSize(columns: 0, rows: 0)] {
      browser.resize(to: size)
      var canvas = Canvas(size: size)
      browser.draw(into: &canvas)
      #expect(canvas.size == size)
    }
  }

  // MARK: - Fixtures

  func makeBrowser(
    json: String =
      #"[{"name": "A", "items": [{"n": 1, "big": 9007199254740993}, {"n": 2}]}, {"name": "B", "items": [{"n": 3}]}]"#
  ) throws -> BrowserController {
    let document = try JSONDocument(parsing: json)
    return BrowserController(
      document: document, sourceName: "test.json", size: CellSize(columns: 90, rows: 12), animates: false)
  }
}
