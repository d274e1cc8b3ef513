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
      parsing:
        #"{"name": "root", "children": [{"name": "a", "kind": "Critical"}, {"name": "b", "children": [{"name": "c"}]}]}"#
    )
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

  // MARK: - Groups

  static func numbers(_ count: Int) -> String {
    "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
  }

  /// The children of a node, by label.
  static func childLabels(of node: Int, in provider: JSONTreeProvider) -> [String] {
    var labels: [String] = []
    provider.forEachChild(ofNode: node) { labels.append(provider.label(ofNode: $0)) }
    return labels
  }

  @Test func aNodeWithMoreChildrenThanTheGroupSizeShowsThemInGroups() throws {
    let document = try JSONDocument(parsing: Self.numbers(25))
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store, groupSize: 10)
    let root = document.root.index
    var groups: [Int] = []
    provider.forEachChild(ofNode: root) { groups.append($0) }
    #expect(groups.map(provider.label(ofNode:)) == ["[0 … 9]", "[10 … 19]", "[20 … 24]"])
    #expect(groups.allSatisfy { $0 < 0 && provider.nodeID(ofNode: $0) == nil }, "groups are not values")
    #expect(provider.childCount(ofNode: root) == 3)
    #expect(provider.hasChildren(groups[2]) && provider.childCount(ofNode: groups[2]) == 5)
    #expect(
      Self.childLabels(of: groups[2], in: provider) == ["[20]: 20", "[21]: 21", "[22]: 22", "[23]: 23", "[24]: 24"])
    // Badges count values, never groups.
    #expect(provider.descendantCount(ofNode: groups[2]) == 5)
    #expect(provider.descendantCount(ofNode: root) == 25)
    var again: [Int] = []
    provider.forEachChild(ofNode: root) { again.append($0) }
    #expect(again == groups, "a group keeps its number")
    #expect(provider.noteForGroup(groups[1]) == "a group of elements, not a value: → opens it")
    #expect(provider.noteForGroup(root) == nil)
    // Ten children are shown as they are.
    let smallStore = DocumentStore(document: try JSONDocument(parsing: Self.numbers(10)), name: "t")
    let small = JSONTreeProvider(store: smallStore, groupSize: 10)
    #expect(Self.childLabels(of: smallStore.document.root.index, in: small).first == "[0]: 0")
  }

  @Test func groupsTooManyToShowAreGroupedAgain() throws {
    let document = try JSONDocument(parsing: Self.numbers(20))
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store, groupSize: 3)
    var top: [Int] = []
    provider.forEachChild(ofNode: document.root.index) { top.append($0) }
    #expect(top.map(provider.label(ofNode:)) == ["[0 … 8]", "[9 … 17]", "[18 … 19]"])
    #expect(Self.childLabels(of: top[0], in: provider) == ["[0 … 2]", "[3 … 5]", "[6 … 8]"])
    #expect(provider.childCount(ofNode: top[0]) == 3)
    #expect(Self.childLabels(of: top[2], in: provider) == ["[18 … 19]"])
    var inner: [Int] = []
    provider.forEachChild(ofNode: top[2]) { inner.append($0) }
    #expect(Self.childLabels(of: inner[0], in: provider) == ["[18]: 18", "[19]: 19"])
    #expect(provider.descendantCount(ofNode: top[1]) == 9)
  }

  @Test func groupsOfMembersAndOfFilteredElementsCountWhatIsShown() throws {
    let members = "{" + (0..<12).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}"
    let objectStore = DocumentStore(document: try JSONDocument(parsing: members), name: "t")
    let byKey = JSONTreeProvider(store: objectStore, groupSize: 5)
    #expect(Self.childLabels(of: objectStore.document.root.index, in: byKey) == ["{0 … 4}", "{5 … 9}", "{10 … 11}"])

    let document = try JSONDocument(parsing: Self.numbers(25))
    let store = DocumentStore(document: document, name: "t")
    store.setFilter(try JSONFilter(". >= 12"), on: store.id(document.root))
    let provider = JSONTreeProvider(store: store, groupSize: 10)
    var groups: [Int] = []
    provider.forEachChild(ofNode: document.root.index) { groups.append($0) }
    // 13 elements are kept: positions 0-9 and 10-12 among them.
    #expect(groups.map(provider.label(ofNode:)) == ["[0 … 9]", "[10 … 12]"])
    #expect(Self.childLabels(of: groups[1], in: provider) == ["[22]: 22", "[23]: 23", "[24]: 24"])
  }

  @Test func revealingAValueOpensTheGroupsOnTheWay() throws {
    let document = try JSONDocument(parsing: #"{"list": "# + Self.numbers(20) + "}")
    let store = DocumentStore(document: document, name: "t")
    let provider = JSONTreeProvider(store: store, groupSize: 3)
    let model = TreeModel(provider: provider, collapsesByDefault: provider.collapsingGroups { _, depth in depth >= 1 })
    let list = try #require(document.child(forKey: "list", of: document.root))
    let target = try #require(document.child(at: 19, of: list))
    #expect(model.indexPath(forNode: target.index) == nil)
    let (found, expanded) = provider.reveal(store.id(target), in: model)
    #expect(expanded)
    let indexPath = try #require(found)
    #expect(model.node(at: indexPath) == target.index)
    // root, list, the group [18 … 19], its group [18 … 19], then the element.
    #expect(indexPath.section == 4)
    // A value already shown is found where it is.
    #expect(provider.reveal(store.id(target), in: model).expanded == false)
  }
}
