import Testing

@testable import TermGrid

@Suite struct TextFieldTests {
  @Test func typingInsertsAtTheCursorAndArrowsMoveByCluster() {
    let field = TextField(prompt: "> ", text: "a🇫🇷b")
    #expect(field.cursor == 3)
    field.handle(.key(KeyEvent(.left)))
    field.handle(.key(KeyEvent(.left)))
    #expect(field.cursor == 1, "the flag is one step")
    field.handle(.key(KeyEvent(.character("é"))))
    #expect(field.text == "aé🇫🇷b")
  }

  @Test func emacsKeysEditAndMove() {
    let field = TextField(prompt: "", text: "hello big world")
    #expect(field.handle(.key(KeyEvent(.control("w"), modifiers: .control))) == .edited)
    #expect(field.text == "hello big ")
    field.handle(.key(KeyEvent(.control("a"), modifiers: .control)))
    #expect(field.cursor == 0)
    field.handle(.key(KeyEvent(.character("f"), modifiers: .alt)))
    #expect(field.cursor == 5)
    field.handle(.key(KeyEvent(.control("k"), modifiers: .control)))
    #expect(field.text == "hello")
    field.handle(.key(KeyEvent(.control("e"), modifiers: .control)))
    field.handle(.key(KeyEvent(.backspace)))
    #expect(field.text == "hell")
    field.handle(.key(KeyEvent(.home)))
    field.handle(.key(KeyEvent(.delete)))
    #expect(field.text == "ell")
    field.handle(.key(KeyEvent(.end)))
    field.handle(.key(KeyEvent(.control("u"), modifiers: .control)))
    #expect(field.text == "")
  }

  @Test func enterSubmitsEscCancelsAndOtherKeysAreLeftToTheOwner() {
    let field = TextField(prompt: ":", text: "w")
    #expect(field.handle(.key(KeyEvent(.enter))) == .submitted)
    #expect(field.handle(.key(KeyEvent(.escape))) == .cancelled)
    #expect(field.handle(.key(KeyEvent(.up))) == .ignored)
    #expect(field.handle(.key(KeyEvent(.tab))) == .ignored)
  }

  @Test func aPasteIsInsertedWhole() {
    let field = TextField(prompt: "", text: "[]")
    field.moveCursor(to: 1)
    #expect(field.handle(.paste("1, 2")) == .edited)
    #expect(field.text == "[1, 2]")
    #expect(field.cursor == 5)
  }

  @Test func longTextScrollsToKeepTheCursorInView() {
    let field = TextField(prompt: "> ", text: String(repeating: "abcdefghij", count: 5))
    #expect(render(field, width: 12) == "> bcdefghij ")
    field.handle(.key(KeyEvent(.home)))
    #expect(render(field, width: 12) == "> abcdefghij")
  }

  @Test func wideCharactersTakeTwoColumnsAndControlsShowVisibly() {
    let field = TextField(prompt: "", text: "日本\u{1B}")
    #expect(render(field, width: 8) == "日本␛   ")
  }

  @Test func theNoteShowsAfterTheText() {
    let field = TextField(prompt: "= ", text: "[1,")
    field.note = "line 1, column 4: expected a value"
    let line = render(field, width: 30)
    #expect(line.hasPrefix("= [1, "))
    #expect(line.contains("line 1"))
  }

  func render(_ field: TextField, width: Int) -> String {
    var canvas = Canvas(size: CellSize(columns: width, rows: 1))
    let region = CellRect(column: 0, row: 0, columns: width, rows: 1)
    field.draw(in: &canvas, region: region, clip: region, context: DrawingContext())
    return canvas.lines[0]
  }
}
