import TermGrid
import Testing

@Suite struct EditMenuTests {
  // MARK: Placement

  @Test func theMenuGoesBelowItsAnchorStartingAtItsLeftEdge() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(5, 3, 8, 1), in: screen)
    #expect(frame == CellRect(column: 5, row: 4, columns: 10, rows: 4))
  }

  @Test func atTheBottomEdgeTheMenuFlipsAbove() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(5, 22, 8, 1), in: screen)
    #expect(frame == CellRect(column: 5, row: 18, columns: 10, rows: 4))
  }

  @Test func atTheTopEdgeTheMenuStaysBelow() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(5, 0, 8, 1), in: screen)
    #expect(frame == CellRect(column: 5, row: 1, columns: 10, rows: 4))
  }

  @Test func atTheRightEdgeTheMenuFlipsToEndAtTheAnchorsRightEdge() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(72, 3, 6, 1), in: screen)
    #expect(frame == CellRect(column: 68, row: 4, columns: 10, rows: 4))
  }

  @Test func atTheRightEdgeAPointerMenuShiftsOntoTheScreen() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(79, 3, 1, 1), in: screen)
    #expect(frame == CellRect(column: 70, row: 4, columns: 10, rows: 4))
  }

  @Test func atTheLeftEdgeTheMenuStartsAtTheScreensEdge() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(0, 3, 1, 1), in: screen)
    #expect(frame == CellRect(column: 0, row: 4, columns: 10, rows: 4))
    let offLeft = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(-5, 3, 3, 1), in: screen)
    #expect(offLeft == CellRect(column: 0, row: 4, columns: 10, rows: 4))
  }

  @Test func inTheBottomRightCornerTheMenuFlipsBothWays() {
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 4), nextTo: anchor(79, 23, 1, 1), in: screen)
    #expect(frame == CellRect(column: 70, row: 19, columns: 10, rows: 4))
  }

  @Test func whenNeitherAboveNorBelowFitsTheMenuOverlapsTheAnchorButStaysOnScreen() {
    let small = CellRect(column: 0, row: 0, columns: 30, rows: 8)
    let frame = EditMenu.placement(of: CellSize(columns: 10, rows: 6), nextTo: anchor(2, 3, 5, 1), in: small)
    #expect(frame == CellRect(column: 2, row: 2, columns: 10, rows: 6))
  }

  @Test func aMenuLargerThanTheScreenIsCutToIt() {
    let tiny = CellRect(column: 0, row: 0, columns: 10, rows: 4)
    let frame = EditMenu.placement(of: CellSize(columns: 16, rows: 7), nextTo: anchor(3, 1, 1, 1), in: tiny)
    #expect(frame == CellRect(column: 0, row: 0, columns: 10, rows: 4))
  }

  @Test func theMenuIsDrawnByAViewInTheContextsThemeAndClip() {
    var menu = EditMenu(entries: standardEntries(enabled: ["copy", "delete"]), anchor: anchor(2, 1, 1, 1))
    menu.layout(in: CellRect(column: 0, row: 0, columns: 10, rows: 4))
    var old = Canvas(size: CellSize(columns: 10, rows: 4))
    menu.draw(into: &old, theme: .monochrome)
    let view: ReusableView = EditMenuView(menu: menu)
    var canvas = Canvas(size: CellSize(columns: 10, rows: 4))
    view.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: DrawingContext(theme: .monochrome))
    #expect(canvas == old)
    // Another theme's menu styles; a clip of the top two rows.
    var theme = Theme.monochrome
    theme.menu = Style(attributes: [.italic])
    canvas = Canvas(size: CellSize(columns: 10, rows: 4))
    let clip = CellRect(column: 0, row: 0, columns: 10, rows: 2)
    view.draw(in: &canvas, region: canvas.bounds, clip: clip, context: DrawingContext(theme: theme))
    #expect(canvas.lines == ["┌────────┐", "│ Cut  t │", "          ", "          "])
    #expect(canvas.cells[0].style == theme.menu)
    view.prepareForReuse()
    canvas = Canvas(size: CellSize(columns: 10, rows: 4))
    view.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: DrawingContext())
    #expect(canvas == Canvas(size: CellSize(columns: 10, rows: 4)), "no menu, nothing drawn")
  }

  @Test func onATenByFourScreenTheMenuScrollsItsEntriesInsideItsBorder() {
    var menu = EditMenu(entries: standardEntries(enabled: ["copy", "delete"]), anchor: anchor(2, 1, 1, 1))
    menu.layout(in: CellRect(column: 0, row: 0, columns: 10, rows: 4))
    #expect(menu.hasBorder)
    #expect(menu.frame == CellRect(column: 0, row: 0, columns: 10, rows: 4))
    #expect(menu.visibleEntryCount == 2)
    #expect(menu.highlightedIndex == 1)
    var canvas = Canvas(size: CellSize(columns: 10, rows: 4))
    menu.draw(into: &canvas, theme: .monochrome)
    #expect(
      canvas.lines == [
        "┌────────┐",
        "│ Cut  t │",
        "│ Copy   │",
        "└───────▼┘",
      ])
    #expect(menu.handle(key(.down)) == .changed)
    #expect(menu.highlightedIndex == 3)
    menu.layout(in: CellRect(column: 0, row: 0, columns: 10, rows: 4))
    canvas = Canvas(size: CellSize(columns: 10, rows: 4))
    menu.draw(into: &canvas, theme: .monochrome)
    #expect(
      canvas.lines == [
        "┌───────▲┐",
        "│ Paste  │",
        "│ Delete │",
        "└───────▼┘",
      ])
  }

  @Test func onATwoRowScreenTheMenuDropsItsBorder() {
    var menu = EditMenu(entries: standardEntries(enabled: ["copy"]), anchor: anchor(0, 0, 1, 1))
    menu.layout(in: CellRect(column: 0, row: 0, columns: 12, rows: 2))
    #expect(!menu.hasBorder)
    #expect(menu.frame.rows == 2)
    var canvas = Canvas(size: CellSize(columns: 12, rows: 2))
    menu.draw(into: &canvas, theme: .monochrome)
    #expect(canvas.lines == [" Cut      t ", " Copy     c "])
  }

  @Test(arguments: [0, 1, 2, 3, 5, 9], [0, 1, 2, 3, 4, 7])
  func theMenuNeverDrawsOutsideTheScreenAtAnySize(columns: Int, rows: Int) {
    let size = CellSize(columns: columns, rows: rows)
    for pointer in [CellPoint(column: 0, row: 0), CellPoint(column: columns - 1, row: rows - 1)] {
      var menu = EditMenu(
        entries: standardEntries(enabled: ["paste"]), anchor: anchor(pointer.column, pointer.row, 1, 1))
      menu.layout(in: CellRect(size: size))
      #expect(menu.frame.intersection(CellRect(size: size)) == menu.frame || menu.frame.isEmpty)
      var canvas = Canvas(size: size)
      menu.draw(into: &canvas, theme: .standard)
      _ = menu.handle(key(.down))
      _ = menu.handle(.mouse(MouseEvent(.press(.left), at: pointer)))
    }
  }

  @Test func theDrawnMenuShowsTitlesAcceleratorsAndStates() {
    var menu = EditMenu(entries: standardEntries(enabled: ["copy", "paste"]), anchor: anchor(1, 0, 4, 1))
    menu.layout(in: CellRect(column: 0, row: 0, columns: 30, rows: 10))
    var canvas = Canvas(size: CellSize(columns: 30, rows: 10))
    menu.draw(into: &canvas, theme: .monochrome)
    #expect(
      Array(canvas.lines[1...7]) == [
        " ┌───────────────┐            ",
        " │ Cut         t │            ",
        " │ Copy        c │            ",
        " │ Paste       p │            ",
        " │ Delete      d │            ",
        " │ Select All  a │            ",
        " └───────────────┘            ",
      ])
    #expect(canvas[3, 2].style == Theme.monochrome.menuDisabled)
    #expect(canvas[3, 3].style == Theme.monochrome.menuSelected)
    #expect(canvas[3, 4].style == Theme.monochrome.menu)
  }

  // MARK: Keyboard

  @Test func theFirstEnabledEntryIsHighlightedAtFirst() {
    let menu = EditMenu(entries: standardEntries(enabled: ["paste", "selectAll"]), anchor: .zero)
    #expect(menu.highlightedIndex == 2)
  }

  @Test func arrowsSkipDisabledEntriesAndWrapAround() {
    var menu = placedMenu(enabled: ["copy", "delete"])
    #expect(menu.highlightedIndex == 1)
    #expect(menu.handle(key(.down)) == .changed)
    #expect(menu.highlightedIndex == 3)
    #expect(menu.handle(key(.down)) == .changed)
    #expect(menu.highlightedIndex == 1)
    #expect(menu.handle(key(.up)) == .changed)
    #expect(menu.highlightedIndex == 3)
    #expect(menu.handle(key(.enter)) == .chosen(.delete))
  }

  @Test func homeAndEndGoToTheFirstAndLastEnabledEntries() {
    var menu = placedMenu(enabled: ["copy", "paste", "delete"])
    #expect(menu.handle(key(.end)) == .changed)
    #expect(menu.highlightedIndex == 3)
    #expect(menu.handle(key(.home)) == .changed)
    #expect(menu.highlightedIndex == 1)
  }

  @Test func anAcceleratorChoosesItsEntryDirectlyWhenEnabled() {
    var menu = placedMenu(enabled: ["copy", "paste"])
    #expect(menu.handle(key(.character("p"))) == .chosen(.paste))
    #expect(menu.handle(key(.character("C"))) == .chosen(.copy))
  }

  @Test func aDisabledEntrysAcceleratorDoesNothing() {
    var menu = placedMenu(enabled: ["copy"])
    #expect(menu.handle(key(.character("t"))) == .unchanged)
    #expect(menu.handle(key(.character("z"))) == .unchanged)
  }

  @Test func escAndTheMenuKeysClose() {
    for closing in [
      KeyEvent(.escape), KeyEvent(.character("m")), KeyEvent(.menu), KeyEvent(.function(10), modifiers: .shift),
    ] {
      var menu = placedMenu(enabled: ["copy"])
      #expect(menu.handle(.key(closing)) == .dismissed, "\(closing)")
    }
  }

  @Test func anAppActionsAcceleratorChoosesIt() {
    let format = EditAction(name: "format", title: "Format", accelerator: "f")
    var menu = EditMenu(
      entries: [.init(action: .copy, isEnabled: true), .init(action: format, isEnabled: true)], anchor: .zero)
    menu.layout(in: screen)
    #expect(menu.handle(key(.character("f"))) == .chosen(format))
  }

  // MARK: Mouse

  @Test func clickingAnEnabledEntryChoosesItOnRelease() {
    var menu = placedMenu(enabled: ["copy", "paste"])
    let pasteRow = CellPoint(column: menu.frame.column + 2, row: menu.frame.row + 3)
    #expect(menu.handle(.mouse(MouseEvent(.press(.left), at: pasteRow))) == .changed)
    #expect(menu.highlightedIndex == 2)
    #expect(menu.handle(.mouse(MouseEvent(.release(.left), at: pasteRow))) == .chosen(.paste))
  }

  @Test func clickingADisabledEntryOrTheBorderDoesNothing() {
    var menu = placedMenu(enabled: ["copy"])
    let cutRow = CellPoint(column: menu.frame.column + 2, row: menu.frame.row + 1)
    let border = CellPoint(column: menu.frame.column, row: menu.frame.row + 2)
    #expect(menu.handle(.mouse(MouseEvent(.press(.left), at: cutRow))) == .unchanged)
    #expect(menu.handle(.mouse(MouseEvent(.release(.left), at: cutRow))) == .unchanged)
    #expect(menu.handle(.mouse(MouseEvent(.release(.left), at: border))) == .unchanged)
  }

  @Test func aPressOutsideCloses() {
    var menu = placedMenu(enabled: ["copy"])
    let outside = CellPoint(column: menu.frame.maxColumn + 1, row: menu.frame.row)
    #expect(menu.handle(.mouse(MouseEvent(.release(.left), at: outside))) == .unchanged)
    #expect(menu.handle(.mouse(MouseEvent(.press(.right), at: outside))) == .dismissed)
  }

  @Test func theReleaseOfTheRightClickThatOpenedTheMenuChoosesNothing() {
    var menu = EditMenu(entries: standardEntries(enabled: ["copy"]), anchor: anchor(3, 3, 1, 1), openedByPress: true)
    menu.layout(in: screen)
    let copyRow = CellPoint(column: menu.frame.column + 2, row: menu.frame.row + 2)
    #expect(menu.handle(.mouse(MouseEvent(.release(.right), at: copyRow))) == .unchanged)
    #expect(menu.handle(.mouse(MouseEvent(.release(.right), at: copyRow))) == .chosen(.copy))
  }

  @Test func theWheelMovesTheHighlightInsideAndClosesOutside() {
    var menu = placedMenu(enabled: ["copy", "paste"])
    let inside = CellPoint(column: menu.frame.column + 2, row: menu.frame.row + 1)
    #expect(menu.handle(.mouse(MouseEvent(.wheelDown, at: inside))) == .changed)
    #expect(menu.highlightedIndex == 2)
    #expect(menu.handle(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 0, row: 23)))) == .dismissed)
  }

  // MARK: - Fixtures

  private let screen = CellRect(column: 0, row: 0, columns: 80, rows: 24)

  private func anchor(_ column: Int, _ row: Int, _ columns: Int, _ rows: Int) -> CellRect {
    CellRect(column: column, row: row, columns: columns, rows: rows)
  }

  private func key(_ key: Key) -> InputEvent {
    .key(KeyEvent(key))
  }

  private func standardEntries(enabled: Set<String>) -> [EditMenu.Entry] {
    EditAction.standard.map { EditMenu.Entry(action: $0, isEnabled: enabled.contains($0.name)) }
  }

  private func placedMenu(enabled: Set<String>) -> EditMenu {
    var menu = EditMenu(entries: standardEntries(enabled: enabled), anchor: anchor(3, 3, 10, 1))
    menu.layout(in: screen)
    return menu
  }
}
