import TermGrid
import Testing

@Suite struct LabelViewTests {
  @Test func aStatusLabelIsDrawnInTheThemesStatusStyleAcrossItsWidth() {
    let label = LabelView()
    label.role = .status
    label.text = "3 items"
    var canvas = Canvas(size: CellSize(columns: 10, rows: 2))
    let line = CellRect(column: 0, row: 1, columns: 10, rows: 1)
    var theme = Theme.standard
    theme.status = Style(attributes: [.bold, .reverse])
    label.draw(in: &canvas, region: line, clip: line, context: DrawingContext(theme: theme))
    #expect(canvas.lines == ["          ", "3 items   "])
    #expect(canvas.cells[10...].allSatisfy { $0.style == theme.status })
    #expect(canvas.cells[0].style == .plain)
  }
}
