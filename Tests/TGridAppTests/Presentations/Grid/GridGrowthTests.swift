import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The grid while a file loads: the first slice of a large array has few enough cards to
/// size each, the whole array shares one card size.
@Suite struct GridGrowthTests {
  /// `count` records of four rows each (the `name` is the title).
  private static func records(_ count: Int) -> String {
    "["
      + (0..<count).map { #"{"id": \#($0), "name": "N\#($0)", "alpha": 1, "beta": 2, "gamma": 3}"# }.joined(
        separator: ",\n") + "]"
  }

  @Test func cardsOfAnArrayThatGrewPastTheSharingLimitShowAllTheirRows() throws {
    let preview = try JSONDocument(parsing: Self.records(20))
    let whole = try JSONDocument(parsing: Self.records(GridPresentation.individuallySizedLimit + 100))
    let store = DocumentStore(document: preview, name: "t.json", isLoading: true)
    let size = CellSize(columns: 80, rows: 24)
    let browser = BrowserController(store: store, size: size, animates: false)
    store.grow(to: whole, isComplete: true)
    var canvas = Canvas(size: size)
    browser.draw(into: &canvas)
    let lines = canvas.lines
    // Cards keep the size the first slice gave them otherwise: three rows, `id` alone.
    #expect(lines.contains { $0.contains("│ gamma 3") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("╭ N0 ─") })
    #expect(!lines.contains { $0.contains("more ╯") }, "no card is cut short")
  }
}
