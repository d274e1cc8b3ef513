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

  /// The grid a browser shows.
  private static func grid(of browser: BrowserController) throws -> GridPresentation {
    try #require(browser.presentation as? GridPresentation)
  }

  /// The lines of the screen that show cards (not the header's count, which grows).
  private static func cardLines(of browser: BrowserController, size: CellSize) -> [String] {
    var canvas = Canvas(size: size)
    browser.draw(into: &canvas)
    return canvas.lines.dropFirst().dropLast().filter { !$0.contains("items") }
  }

  @Test func aLoadThatGrewMeasuresOnlyTheNewRecordsCards() throws {
    let preview = try JSONDocument(parsing: Self.records(20))
    let store = DocumentStore(document: preview, name: "t.json", isLoading: true)
    let size = CellSize(columns: 80, rows: 24)
    let browser = BrowserController(store: store, size: size, animates: false)
    let grid = try Self.grid(of: browser)
    #expect(grid.measuredCardCount == 20)
    let before = Self.cardLines(of: browser, size: size)
    store.grow(to: try JSONDocument(parsing: Self.records(50)))
    // The preview's 20 cards are the same values with the same ids: kept.
    #expect(grid.measuredCardCount == 50)
    #expect(Self.cardLines(of: browser, size: size) == before, "the same cards on the same screen")
    let count = GridPresentation.individuallySizedLimit + 100
    store.grow(to: try JSONDocument(parsing: Self.records(count)), isComplete: true)
    // The whole array shares one size, from a sample of 200 cards: 150 of them new.
    #expect(grid.measuredCardCount == 200)
    // The screen a grid opened on the whole file shows.
    let opened = BrowserController(
      store: DocumentStore(document: try JSONDocument(parsing: Self.records(count)), name: "t.json"), size: size,
      animates: false)
    let grown = Self.cardLines(of: browser, size: size)
    #expect(grown == Self.cardLines(of: opened, size: size), "\(grown.joined(separator: "\n"))")
  }

  /// A load's preview holds one card more than a grid sizes one by one: a larger file's
  /// preview is measured on the sample the whole document's cards share a size from, and
  /// shows what the whole document shows (the cards did not change size when it came).
  @Test func aFullPreviewIsMeasuredOnASampleAndShowsTheCardsAsTheWholeDocumentDoes() throws {
    #expect(DocumentLoad.previewChildren > GridPresentation.individuallySizedLimit)
    let head = try JSONDocument(parsing: Self.records(20))
    let store = DocumentStore(document: head, name: "t.json", isLoading: true)
    let size = CellSize(columns: 80, rows: 24)
    let browser = BrowserController(store: store, size: size, animates: false)
    let grid = try Self.grid(of: browser)
    store.grow(to: try JSONDocument(parsing: Self.records(DocumentLoad.previewChildren)))
    // The head's 20 cards and 180 more of the sample of 200, not every card of the preview.
    #expect(grid.measuredCardCount == 200)
    let preview = Self.cardLines(of: browser, size: size)
    store.grow(to: try JSONDocument(parsing: Self.records(DocumentLoad.previewChildren + 500)), isComplete: true)
    #expect(grid.measuredCardCount == 200)
    #expect(Self.cardLines(of: browser, size: size) == preview, "\(preview.joined(separator: "\n"))")
    #expect(preview.contains { $0.contains("│ gamma 3") }, "the shared size shows every row")
  }

  @Test func aLabelFieldChosenAfterTheLoadMeasuresTheCardsAgain() throws {
    let preview = try JSONDocument(parsing: Self.records(20))
    let store = DocumentStore(document: preview, name: "t.json", isLoading: true)
    let size = CellSize(columns: 80, rows: 24)
    let browser = BrowserController(store: store, size: size, animates: false)
    store.grow(to: try JSONDocument(parsing: Self.records(30)), isComplete: true)
    let grid = try Self.grid(of: browser)
    #expect(grid.measuredCardCount == 30)
    store.labelField = "id"
    browser.refreshEveryPresentation()
    // Cards are titled by their `id` now: measured again, not kept as the load's were.
    #expect(grid.measuredCardCount == 60)
    let lines = Self.cardLines(of: browser, size: size)
    #expect(lines.contains { $0.contains("╭ 0 ─") }, "\(lines.joined(separator: "\n"))")
    #expect(!lines.contains { $0.contains("╭ N0 ─") })
  }
}
