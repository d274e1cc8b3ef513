import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

@Suite struct JSONTreeProviderTests {
  @Test func genericNodesShowKeysCountsAndValues() throws {
    let document = try JSONDocument(parsing: #"{"a": {"b": 1}, "list": [true, "x"], "s": "hi"}"#)
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store)
    var labels: [String] = []
    provider.forEachChild(ofNode: document.root.index) { labels.append(provider.label(ofNode: $0)) }
    #expect(provider.label(ofNode: document.root.index) == "(root) {3}")
    #expect(labels == ["a {1}", "list [2]", "s: \"hi\""])
    #expect(provider.descendantCount(ofNode: document.root.index) == 6)
  }

  @Test func hierarchyShapedObjectsReadAsTheTreeTheyDescribe() throws {
    let document = try JSONDocument(
      parsing: #"{"name": "root", "children": [{"name": "a", "kind": "Critical"}, {"name": "b", "children": [{"name": "c"}]}]}"#)
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store)
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
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store)
    var labels: [String] = []
    provider.forEachChild(ofNode: document.root.index) { labels.append(provider.label(ofNode: $0)) }
    #expect(labels == [#"name: "root""#, "size: 10", "children [1]"])
  }
}
