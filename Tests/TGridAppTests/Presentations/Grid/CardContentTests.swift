import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

@Suite struct CardContentTests {
  @Test func anObjectCardUsesItsTitleMemberAndListsTheRest() throws {
    let document = try JSONDocument(parsing: #"{"name": "Ada", "age": 36, "langs": ["en", "fr"], "note": null}"#)
    let card = CardContent(node: document.root, in: document)
    #expect(card.title == "Ada")
    #expect(card.rows.map(\.key) == ["age", "langs", "note"])
    #expect(card.rows.map(\.value) == ["36", "[en, fr]", "null"])
    #expect(card.rows.map(\.kind) == [.number, .array, .null])
  }

  @Test func numbersKeepTheirSourceText() throws {
    let document = try JSONDocument(parsing: #"{"big": 9007199254740993, "exp": 1E400}"#)
    let card = CardContent(node: document.root, in: document)
    #expect(card.rows.map(\.value) == ["9007199254740993", "1E400"])
  }

  @Test func longCardsCountTheRowsThatDoNotFit() throws {
    let members = (0..<10).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let document = try JSONDocument(parsing: "{\(members)}")
    let card = CardContent(node: document.root, in: document)
    #expect(card.rows.count == CardContent.maximumRows)
    #expect(card.hiddenRowCount == 10 - CardContent.maximumRows)
  }

  @Test func cardSizesStayWithinTheirLimits() throws {
    let document = try JSONDocument(parsing: #"[{"a": 1}, {"text": "\#(String(repeating: "long ", count: 40))"}]"#)
    for node in document.children(of: document.root) {
      let size = CardContent(node: node, in: document).size
      #expect(CardContent.widthRange.contains(size.columns))
      #expect(size.rows >= 3)
    }
  }
}
