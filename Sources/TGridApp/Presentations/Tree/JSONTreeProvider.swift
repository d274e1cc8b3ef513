import TGridJSON
import TermGrid

/// A document as a tree of nodes for ``TreeModel``: node numbers are the store's stable
/// ``NodeID``s, so collapsed nodes, focus and selection survive edits.
///
/// Objects and arrays are nodes with their key and a count (`photos [7]`), scalars show key
/// and value (`width: 4032`). Objects made only of `name`, `kind` and `children` (the
/// hierarchy shape of d3 and of the demo schematic) read as the tree they describe: the
/// name is the label, `kind` picks the colour, and the elements of `children` are the
/// node's children. An object with any other member is shown as it is, so nothing is hidden.
final class JSONTreeProvider: TreeNodeProvider {
  unowned let store: DocumentStore

  init(store: DocumentStore) {
    self.store = store
  }

  private var document: JSONDocument { store.document }

  var rootNodes: [Int] { [store.root.rawValue] }

  /// The value behind a node number, if it still exists.
  func value(_ node: Int) -> JSONNode? {
    store.node(NodeID(node))
  }

  func forEachChild(ofNode node: Int, _ body: (Int) -> Void) {
    guard let value = value(node) else { return }
    let document = self.document
    if isHierarchyNode(value) {
      // A hierarchy node's children are its `children`; a leaf has none.
      if let children = hierarchyChildren(of: value) {
        for child in document.children(of: children) { body(store.id(child).rawValue) }
      }
      return
    }
    guard document.kind(of: value).isContainer else { return }
    store.forEachShownChild(of: value) { body(store.id($0).rawValue) }
  }

  func hasChildren(_ node: Int) -> Bool {
    guard let value = value(node) else { return false }
    if isHierarchyNode(value) { return hierarchyChildren(of: value).map { document.childCount(of: $0) > 0 } ?? false }
    return document.kind(of: value).isContainer && store.shownChildCount(of: value) > 0
  }

  func childCount(ofNode node: Int) -> Int {
    guard let value = value(node) else { return 0 }
    if isHierarchyNode(value) { return hierarchyChildren(of: value).map { document.childCount(of: $0) } ?? 0 }
    return document.kind(of: value).isContainer ? store.shownChildCount(of: value) : 0
  }

  func descendantCount(ofNode node: Int) -> Int {
    guard let value = value(node) else { return 0 }
    guard isHierarchyNode(value) else {
      // Every value below a container is a node, but for what a filter hides.
      return store.shownDescendantCount(of: value)
    }
    return countDescendantsByWalking(ofNode: node)
  }

  func label(ofNode node: Int) -> String {
    guard let value = value(node) else { return "" }
    let document = self.document
    if isHierarchyNode(value), let name = document.child(forKey: "name", of: value) {
      return JSONPreview.inline(name, in: document, limit: 80)
    }
    let name: String
    if value == document.root {
      name = "(root)"
    } else if let key = document.key(of: value) {
      name = key
    } else {
      name = "[\(document.position(of: value) ?? 0)]"
    }
    switch document.kind(of: value) {
    case .object:
      let count = document.childCount(of: value)
      if let title = JSONPreview.titleMember(of: value, in: document), document.key(of: value) == nil {
        return "\(name) \(JSONPreview.inline(title, in: document, limit: 40)) {\(count)}"
      }
      return "\(name) {\(count)}"
    case .array:
      return "\(name) [\(document.childCount(of: value))]"
    case .string:
      return "\(name): \"\(JSONPreview.inline(value, in: document, limit: 80))\""
    default:
      return "\(name): \(JSONPreview.inline(value, in: document))"
    }
  }

  func kind(ofNode node: Int) -> String {
    guard let value = value(node), isHierarchyNode(value), let kind = document.child(forKey: "kind", of: value),
      let text = document.string(of: kind)
    else { return TreeNodeKind.normal }
    return text.lowercased()
  }

  /// The `children` array of a hierarchy-shaped object.
  func hierarchyChildren(of node: JSONNode) -> JSONNode? {
    guard isHierarchyNode(node), let children = document.child(forKey: "children", of: node),
      document.kind(of: children) == .array
    else { return nil }
    return children
  }

  /// The members a hierarchy node may have; an object with any other member shows as a
  /// plain object, so no field is ever hidden.
  static let hierarchyKeys: Set<String> = ["name", "kind", "children"]

  /// An object with a string `name` that has a `children` array or sits in one, and has no
  /// members beyond `name`, `kind` and `children`.
  func isHierarchyNode(_ node: JSONNode) -> Bool {
    let document = self.document
    guard document.kind(of: node) == .object, let name = document.child(forKey: "name", of: node),
      document.kind(of: name) == .string
    else { return false }
    for member in document.children(of: node) {
      guard let key = document.key(of: member), Self.hierarchyKeys.contains(key) else { return false }
    }
    if let children = document.child(forKey: "children", of: node), document.kind(of: children) == .array {
      return true
    }
    guard let array = document.parent(of: node), document.key(of: array) == "children",
      let owner = document.parent(of: array), document.kind(of: owner) == .object,
      let ownerName = document.child(forKey: "name", of: owner)
    else { return false }
    return document.kind(of: ownerName) == .string
  }
}
