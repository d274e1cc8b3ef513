import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

@Suite struct GridModelTests {
  @Test func anArrayOfObjectsWithOneArrayEachBecomesSections() throws {
    let document = try JSONDocument(
      parsing:
        #"[{"title": "A", "photos": [{"f": 1}, {"f": 2}]}, {"title": "B", "photos": [{"f": 3}]}, {"title": "C", "photos": []}]"#
    )
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    #expect(
      model.sections.indices.map { model.title(ofSection: $0, in: store) } == [
        "A · 2 items", "B · 1 item", "C · 0 items",
      ])
    // An empty album keeps one card for its empty array: a place the focus can stand on.
    #expect(model.sections.map(\.items.count) == [2, 1, 1])
    #expect(model.isPlaceholder(2) && !model.isPlaceholder(1))
    #expect(model.indexPath(for: model.sections[2].container, in: store) == IndexPath(item: 0, section: 2))
  }

  @Test func recordsWithAListOfScalarsStayRecords() throws {
    let document = try JSONDocument(parsing: #"[{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}]"#)
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    #expect(model.sections.count == 1)
    #expect(model.itemCount == 2)
  }

  @Test func anObjectOfContainersBecomesOneSectionPerMember() throws {
    let document = try JSONDocument(parsing: #"{"users": [{"n": 1}], "orders": {"x": 1, "y": 2}}"#)
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    #expect(
      model.sections.indices.map { model.title(ofSection: $0, in: store) } == ["users · 1 item", "orders · 2 keys"])
  }

  @Test func aWrapperObjectIsUnwrapped() throws {
    let document = try JSONDocument(parsing: #"{"data": [{"a": 1}, {"a": 2}, {"a": 3}]}"#)
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    #expect(model.sections.count == 1)
    #expect(model.sections[0].items.count == 3)
  }

  @Test func metadataBesideTheOneContainerIsSkippedOnlyAtTheRoot() throws {
    let document = try JSONDocument(parsing: #"{"owner": "me", "albums": [{"t": "x", "p": [1]}]}"#)
    let store = DocumentStore(document: document, name: "t")
    let opened = GridModel(store: store, root: store.root, unwrapsMetadata: true)
    #expect(opened.sections.count == 1)
    #expect(opened.itemCount == 1)
    let drilled = GridModel(store: store, root: store.root)
    #expect(drilled.sections.count == 1)
    #expect(drilled.sections[0].items.count == 2)
  }

  @Test func mixedArraysAreOneSectionOfCards() throws {
    let document = try JSONDocument(parsing: #"[1, "two", {"three": 3}, [4]]"#)
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    #expect(model.sections.count == 1)
    #expect(model.itemCount == 4)
  }

  @Test func aScalarDocumentIsOneCard() throws {
    let document = try JSONDocument(parsing: "42")
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    #expect(model.itemCount == 1)
  }

  @Test func indexPathsAndNodesRoundTrip() throws {
    let document = try JSONDocument(parsing: #"[{"t": "A", "p": [[1], [2], [3]]}, {"t": "B", "p": [{}, {}]}]"#)
    let store = DocumentStore(document: document, name: "t")
    let model = GridModel(store: store, root: store.root)
    for section in model.sections.indices {
      for item in model.sections[section].items.indices {
        let indexPath = IndexPath(item: item, section: section)
        let id = try #require(model.item(at: indexPath))
        #expect(model.indexPath(for: id, in: store) == indexPath)
      }
    }
    #expect(model.indexPath(for: store.root, in: store) == nil)
  }
}
