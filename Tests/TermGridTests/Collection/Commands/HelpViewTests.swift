import TermGrid
import Testing

@Suite struct HelpViewTests {
  @Test func theHelpScreenShowsTheTitleAndTheGeneratedLines() {
    let help = HelpView(bindings: table, title: "Keys")
    var canvas = Canvas(size: CellSize(columns: 26, rows: 6))
    help.draw(into: &canvas, region: canvas.bounds, theme: .monochrome)
    #expect(
      canvas.lines == [
        "Keys (1–5 of 6)           ",
        "Moving                    ",
        "  j, Down  Move down      ",
        "  k, Up    Move up        ",
        "                          ",
        "Other                     ",
      ])
  }

  @Test func theHelpIsAViewDrawnInTheContextsTheme() {
    let help: ReusableView = HelpView(bindings: table, title: "Keys")
    var canvas = Canvas(size: CellSize(columns: 26, rows: 8))
    var theme = Theme.monochrome
    theme.status = Style(attributes: [.underline])
    theme.header = Style(attributes: [.italic])
    let region = CellRect(column: 0, row: 1, columns: 26, rows: 6)
    help.draw(in: &canvas, region: region, clip: region, context: DrawingContext(theme: theme))
    #expect(canvas.line(0) == String(repeating: " ", count: 26), "nothing outside the region")
    #expect(canvas.line(1).hasPrefix("Keys (1–5 of 6)"))
    #expect(canvas.cells[26].style == theme.status)
    #expect(canvas.cells[2 * 26].style == theme.header)
    #expect(canvas.line(7) == String(repeating: " ", count: 26))
    // The same as the earlier call with that theme.
    var old = Canvas(size: CellSize(columns: 26, rows: 8))
    HelpView(bindings: table, title: "Keys").draw(into: &old, region: region, theme: theme)
    #expect(old == canvas)
  }

  @Test func keysAndTheWheelScrollTheHelpAndStopAtTheEnds() {
    let help = HelpView(bindings: table)
    var canvas = Canvas(size: CellSize(columns: 26, rows: 4))
    help.draw(into: &canvas, region: canvas.bounds, theme: .monochrome)
    #expect(help.maximumScrollOffset == 3)
    #expect(help.handle(.key(KeyEvent(.character("j")))) == .scrolled)
    #expect(help.scrollOffset == 1)
    #expect(help.handle(.key(KeyEvent(.end))) == .scrolled)
    #expect(help.scrollOffset == 3)
    #expect(help.handle(.key(KeyEvent(.down))) == .unchanged)
    #expect(help.handle(.mouse(MouseEvent(.wheelUp, at: CellPoint(column: 0, row: 0)))) == .scrolled)
    #expect(help.scrollOffset == 0)
    #expect(help.handle(.key(KeyEvent(.pageDown))) == .scrolled)
    #expect(help.scrollOffset == 2)
    #expect(help.handle(.key(KeyEvent(.pageUp))) == .scrolled)
    #expect(help.scrollOffset == 0)
    canvas = Canvas(size: CellSize(columns: 26, rows: 4))
    _ = help.handle(.key(KeyEvent(.end)))
    help.draw(into: &canvas, region: canvas.bounds, theme: .monochrome)
    #expect(canvas.lines.last == "  q        Quit           ")
  }

  @Test func severalTablesAreListedOneAfterTheOtherEvenWhenTheyShareKeys() {
    let help = HelpView(tables: [table, .editMenu])
    #expect(
      help.lines.filter { if case .heading = $0 { true } else { false } } == [
        .heading("Moving"), .heading("Other"), .heading("Edit menu"),
      ])
    #expect(help.lines.contains(.entry(keys: "Up, Shift-Tab, Ctrl-P", help: "Previous entry")))
    #expect(help.keyColumnWidth == KeyBindings.editMenu.helpKeyColumnWidth())
  }

  @Test func closeKeysCloseAndOtherKeysAreNotTheHelps() {
    let help = HelpView(bindings: table)
    #expect(help.handle(.key(KeyEvent(.escape))) == .close)
    #expect(help.handle(.key(KeyEvent(.character("?")))) == .close)
    #expect(help.handle(.key(KeyEvent(.character("x")))) == .unchanged)
  }

  @Test func theHelpDrawsOnlyInsideItsRegionAtAnySize() {
    let help = HelpView(bindings: .standard)
    for columns in 0...8 {
      for rows in 0...4 {
        var canvas = Canvas(size: CellSize(columns: 10, rows: 6), style: Style(attributes: [.bold]))
        let region = CellRect(column: 1, row: 1, columns: columns, rows: rows)
        help.draw(into: &canvas, region: region, theme: .monochrome)
        for row in 0..<6 {
          for column in 0..<10 where !region.contains(CellPoint(column: column, row: row)) {
            #expect(canvas[column, row] == .blank(Style(attributes: [.bold])))
          }
        }
      }
    }
  }

  // MARK: - Fixtures

  private let table = KeyBindings([
    KeyBinding(keyNames: ["j", "Down"], .moveDown, help: "Move down", group: "Moving"),
    KeyBinding(keyNames: ["k", "Up"], .moveUp, help: "Move up", group: "Moving"),
    KeyBinding(keyNames: ["q"], .quit, help: "Quit", group: "Other"),
  ])
}

/// Long key lists and descriptions wrap instead of being cut (issue 13.13).
@Suite struct HelpWrappingTests {
  @Test func aKeyListWiderThanItsColumnContinuesOnTheNextRow() {
    let table = KeyBindings([
      KeyBinding(
        keyNames: ["Esc", "m", "Menu", "Shift-F10", "Ctrl-Space"], .showEditMenu, help: "Edit menu", group: "Editing"),
      KeyBinding(
        keyNames: ["q"], .quit, help: "Quit the program now, asking about unsaved edits first", group: "Editing"),
    ])
    let help = HelpView(bindings: table, title: "Keys")
    var canvas = Canvas(size: CellSize(columns: 40, rows: 7))
    help.draw(into: &canvas, region: canvas.bounds, theme: .monochrome)
    #expect(
      canvas.lines == [
        "Keys (1–6 of 8)                         ",
        "Editing                                 ",
        "  Esc, m, Menu,       Edit menu         ",
        "  Shift-F10,                            ",
        "  Ctrl-Space                            ",
        "  q                   Quit the program  ",
        "                      now, asking about ",
      ], "\(canvas.lines)")
    #expect(help.rows.count == 8)
    #expect(help.maximumScrollOffset == 2)
    #expect(!canvas.text.contains("…"), "nothing is cut")
  }

  @Test func theHelpTextWrapsTheSameWay() {
    let table = KeyBindings([
      KeyBinding(keyNames: ["Esc", "m", "Menu", "Shift-F10"], .showEditMenu, help: "Edit menu", group: "Editing")
    ])
    #expect(table.helpText(width: 20) == ["Editing", "  Esc, m,   Edit", "  Menu,     menu", "  Shift-F…"])
  }

  @Test func wrappingBreaksAtSpacesAndCutsOnlyWordsWiderThanALine() {
    #expect(TextWidth.wrapped("one two three", toWidth: 7) == ["one two", "three"])
    #expect(TextWidth.wrapped("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWidth.wrapped("日本語の文", toWidth: 4) == ["日本", "語の", "文"])
    #expect(TextWidth.wrapped("a\nb", toWidth: 4) == ["a", "b"])
    #expect(TextWidth.wrapped("", toWidth: 4) == [""])
    #expect(TextWidth.wrappedList(["Esc", "m", "Menu"], toWidth: 8) == ["Esc, m,", "Menu"])
  }
}
