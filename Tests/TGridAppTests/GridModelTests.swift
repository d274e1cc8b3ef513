import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

@Suite struct GridModelTests {
  @Test func anArrayOfObjectsWithOneArrayEachBecomesSections() throws {
    let document = try JSONDocument(
      parsing: #"[{"title": "A", "photos": [{"f": 1}, {"f": 2}]}, {"title": "B", "photos": [{"f": 3}]}, {"title": "C", "photos": []}]"#)
    let model = GridModel(document: document, root: document.root)
    #expect(model.sections.map(\.title) == ["A · 2 items", "B · 1 item", "C · 0 items"])
    #expect(model.sections.map(\.items.count) == [2, 1, 0])
  }

  @Test func recordsWithAListOfScalarsStayRecords() throws {
    let document = try JSONDocument(parsing: #"[{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}]"#)
    let model = GridModel(document: document, root: document.root)
    #expect(model.sections.count == 1)
    #expect(model.itemCount == 2)
  }

  @Test func anObjectOfContainersBecomesOneSectionPerMember() throws {
    let document = try JSONDocument(parsing: #"{"users": [{"n": 1}], "orders": {"x": 1, "y": 2}}"#)
    let model = GridModel(document: document, root: document.root)
    #expect(model.sections.map(\.title) == ["users · 1 item", "orders · 2 keys"])
  }

  @Test func aWrapperObjectIsUnwrapped() throws {
    let document = try JSONDocument(parsing: #"{"data": [{"a": 1}, {"a": 2}, {"a": 3}]}"#)
    let model = GridModel(document: document, root: document.root)
    #expect(model.sections.count == 1)
    #expect(model.sections[0].items.count == 3)
  }

  @Test func metadataBesideTheOneContainerIsSkippedOnlyAtTheRoot() throws {
    let document = try JSONDocument(parsing: #"{"owner": "me", "albums": [{"t": "x", "p": [1]}]}"#)
    let opened = GridModel(document: document, root: document.root, unwrapsMetadata: true)
    #expect(opened.sections.count == 1)
    #expect(opened.itemCount == 1)
    let drilled = GridModel(document: document, root: document.root)
    #expect(drilled.sections.count == 1)
    #expect(drilled.sections[0].items.count == 2)
  }

  @Test func mixedArraysAreOneSectionOfCards() throws {
    let document = try JSONDocument(parsing: #"[1, "two", {"three": 3}, [4]]"#)
    let model = GridModel(document: document, root: document.root)
    #expect(model.sections.count == 1)
    #expect(model.itemCount == 4)
  }

  @Test func aScalarDocumentIsOneCard() throws {
    let document = try JSONDocument(parsing: "42")
    let model = GridModel(document: document, root: document.root)
    #expect(model.itemCount == 1)
  }

  @Test func indexPathsAndNodesRoundTrip() throws {
    let document = try JSONDocument(parsing: #"[{"t": "A", "p": [[1], [2], [3]]}, {"t": "B", "p": [{}, {}]}]"#)
    let model = GridModel(document: document, root: document.root)
    for section in model.sections.indices {
      for item in model.sections[section].items.indices {
        let indexPath = IndexPath(item: item, section: section)
        let node = try #require(model.node(at: indexPath))
        #expect(model.indexPath(for: node) == indexPath)
      }
    }
    #expect(model.indexPath(for: document.root) == nil)
  }
}

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

@Suite struct JSONTreeProviderTests {
  @Test func genericNodesShowKeysCountsAndValues() throws {
    let document = try JSONDocument(parsing: #"{"a": {"b": 1}, "list": [true, "x"], "s": "hi"}"#)
    let provider = JSONTreeProvider(document: document)
    var labels: [String] = []
    provider.forEachChild(ofNode: document.root.index) { labels.append(provider.label(ofNode: $0)) }
    #expect(provider.label(ofNode: document.root.index) == "(root) {3}")
    #expect(labels == ["a {1}", "list [2]", "s: \"hi\""])
    #expect(provider.descendantCount(ofNode: document.root.index) == 6)
  }

  @Test func hierarchyShapedObjectsReadAsTheTreeTheyDescribe() throws {
    let document = try JSONDocument(
      parsing: #"{"name": "root", "children": [{"name": "a", "kind": "Critical"}, {"name": "b", "children": [{"name": "c"}]}]}"#)
    let provider = JSONTreeProvider(document: document)
    let root = document.root.index
    #expect(provider.label(ofNode: root) == "root")
    var children: [Int] = []
    provider.forEachChild(ofNode: root) { children.append($0) }
    #expect(children.map(provider.label(ofNode:)) == ["a", "b"])
    #expect(provider.kind(ofNode: children[0]) == "critical")
    #expect(!provider.hasChildren(children[0]))
    #expect(provider.hasChildren(children[1]))
    #expect(provider.descendantCount(ofNode: root) == 3)
  }

  @Test func anObjectWithOtherFieldsIsShownWhole() throws {
    let document = try JSONDocument(
      parsing: #"{"name": "root", "size": 10, "children": [{"name": "kid", "email": "x@y"}]}"#)
    let provider = JSONTreeProvider(document: document)
    var labels: [String] = []
    provider.forEachChild(ofNode: document.root.index) { labels.append(provider.label(ofNode: $0)) }
    #expect(labels == [#"name: "root""#, "size: 10", "children [1]"])
  }
}
