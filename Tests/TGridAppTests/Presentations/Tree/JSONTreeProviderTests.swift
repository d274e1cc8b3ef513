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

  @Test func aFilterTakesWhatItHidesOutOfTheBadgesCounts() throws {
    let document = try JSONDocument(
      parsing: #"{"meta": 1, "items": [{"a": 1, "t": [1, 2]}, {"a": 5}, {"a": 2, "t": {"x": [3]}}, {"a": 9}]}"#)
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store)
    let items = try #require(document.child(forKey: "items", of: document.root))
    #expect(provider.descendantCount(ofNode: document.root.index) == 16)
    #expect(provider.descendantCount(ofNode: items.index) == 14)
    store.setFilter(try JSONFilter(".a < 3"), on: store.id(items))
    // Kept: the first (a, t, 1, 2) and the third (a, t, x, 3): 2 elements + 8 below them.
    #expect(provider.descendantCount(ofNode: items.index) == 10)
    #expect(provider.descendantCount(ofNode: document.root.index) == 12)
    // Inside a kept element nothing is hidden.
    let first = try #require(document.child(at: 0, of: items))
    #expect(provider.descendantCount(ofNode: first.index) == 4)
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
