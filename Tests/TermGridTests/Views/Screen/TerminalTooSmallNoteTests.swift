import TermGrid
import Testing

@Suite struct TerminalTooSmallNoteTests {
  @Test func theNoteIsAViewDrawnInTheContextsTheme() {
    let note: ReusableView = TerminalTooSmallNote(minimum: CellSize(columns: 20, rows: 5))
    var canvas = Canvas(size: CellSize(columns: 12, rows: 3))
    canvas.fill(canvas.bounds, with: "x", style: .plain)
    var theme = Theme.monochrome
    theme.status = Style(attributes: [.bold])
    note.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: DrawingContext(theme: theme))
    #expect(canvas.lines == ["            ", " Too small  ", "            "])
    #expect(canvas.cells[12 + 1].style == theme.status)
    #expect(canvas.cells[0].style == theme.normal)
  }

  @Test func theViewDrawsWhatTheOldCallDrewWithTheStandardThemes() {
    let minimum = CellSize(columns: 40, rows: 10)
    for theme in [Theme.standard, .monochrome] {
      var old = Canvas(size: CellSize(columns: 30, rows: 4))
      TerminalTooSmallNote.draw(into: &old, minimum: minimum)
      var new = Canvas(size: CellSize(columns: 30, rows: 4))
      TerminalTooSmallNote(minimum: minimum).draw(
        in: &new, region: new.bounds, clip: new.bounds, context: DrawingContext(theme: theme))
      #expect(new == old)
    }
  }

  @Test func nothingIsDrawnOutsideTheClip() {
    var canvas = Canvas(size: CellSize(columns: 20, rows: 3))
    canvas.fill(canvas.bounds, with: "x", style: .plain)
    let clip = CellRect(column: 0, row: 0, columns: 20, rows: 1)
    TerminalTooSmallNote(minimum: CellSize(columns: 30, rows: 9)).draw(
      in: &canvas, region: canvas.bounds, clip: clip, context: DrawingContext())
    #expect(
      canvas.lines == [
        String(repeating: " ", count: 20), String(repeating: "x", count: 20), String(repeating: "x", count: 20),
      ])
  }
}
