import TGridJSON
import TermGrid

/// The grid's sections and items over one container of a document: the data controller of
/// the talk, for the flow layout.
///
/// How a container becomes sections (so that common shapes read naturally):
/// - an object whose members are all containers: one section per member (`{"users": […],
///   "orders": […]}`); a single such member is unwrapped (`{"albums": […]}` shows the albums);
/// - an array of objects that each hold one array of records: one section per object, its
///   array's elements as the items (albums with their photos);
/// - anything else: one section whose items are the container's children.
///
/// At the document's root, an object whose only container member sits among scalar
/// metadata (`{"owner": "me", "albums": […]}`) opens on that member; the metadata is one
/// Backspace away.
struct GridModel {
  /// One section of the grid.
  struct Section {
    /// The node whose children are this section's items.
    var container: NodeID
    /// The items, in document order (as runs where the ids follow a pattern: the children
    /// of an untouched array cost no memory per child).
    var items: NodeIDList
    /// The node the section stands for (an album object), if not the container itself.
    var owner: NodeID?
  }

  /// The container the grid shows.
  let root: NodeID
  /// Whether its content is grouped into sections by the rules above; a go-to that lands
  /// on a container those rules make a section shows its parent as one plain list instead,
  /// so that the value itself is a card the focus stands on.
  let groups: Bool
  /// The sections.
  var sections: [Section]

  /// Sections over more objects than this are not grouped (one section, plain items).
  static let maximumGroupedSections = 10_000

  /// Groups `root`'s content; `unwrapsMetadata` applies the root-only rule above.
  init(store: DocumentStore, root: NodeID, unwrapsMetadata: Bool = false, groups: Bool = true) {
    let document = store.document
    var shown = store.node(root) ?? document.root
    if unwrapsMetadata { shown = Self.mainContainer(of: shown, in: document) }
    self.root = store.id(shown)
    self.groups = groups
    if groups || !document.isContainer(shown) {
      sections = Self.sections(for: shown, in: store)
    } else {
      sections = [Section(container: self.root, items: NodeIDList(shownChildrenOf: shown, in: store), owner: nil)]
    }
  }

  /// The one container among scalars, repeatedly: `{"owner": …, "albums": […]}` → albums.
  static func mainContainer(of node: JSONNode, in document: JSONDocument) -> JSONNode {
    var current = node
    while document.kind(of: current) == .object {
      var container: JSONNode?
      var containers = 0
      for member in document.children(of: current) where document.kind(of: member).isContainer {
        containers += 1
        container = member
        if containers > 1 { break }
      }
      guard containers == 1, let only = container, document.childCount(of: only) > 0 else { break }
      current = only
    }
    return current
  }

  /// The item at an index path.
  func item(at indexPath: IndexPath) -> NodeID? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let items = sections[indexPath.section].items
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  /// The section whose items are the children of `container`.
  func section(ofContainer container: NodeID) -> Int? {
    sections.firstIndex { $0.container == container }
  }

  /// Where a value is shown, if it is one of the items: items are the children of their
  /// section's container, so its position among its siblings is its item.
  func indexPath(for id: NodeID, in store: DocumentStore) -> IndexPath? {
    if let placeholder = sections.indices.first(where: { isPlaceholder($0) && sections[$0].container == id }) {
      return IndexPath(item: 0, section: placeholder)
    }
    // Under a filter the items are the kept elements: the position among them, not in
    // the document, is the item.
    guard let node = store.node(id), let parent = store.document.parent(of: node),
      let section = section(ofContainer: store.id(parent)), let position = store.shownPosition(of: node, in: parent),
      sections[section].items.indices.contains(position), sections[section].items[position] == id
    else { return nil }
    return IndexPath(item: position, section: section)
  }

  /// The total number of items.
  var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// A section's header text: its name and how many values it holds.
  func title(ofSection index: Int, in store: DocumentStore) -> String {
    let document = store.document
    let section = sections[index]
    guard let container = store.node(section.container) else { return "" }
    if section.owner == nil, section.items == [section.container] {
      // A scalar document: its one card.
      return JSONPreview.label(of: container, in: document)
    }
    var count = JSONPreview.countPhrase(container, in: document)
    if let filter = store.filter, filter.container == section.container {
      count = "\(JSONPreview.grouped(filter.shown.count)) of \(count) (filtered)"
    }
    // While a file loads the root's count grows: say so.
    if store.isLoading, document.parent(of: container) == nil { count += " so far…" }
    if let owner = section.owner.flatMap(store.node), owner != container {
      let name =
        JSONPreview.titleMember(of: owner, in: document, field: store.labelField)
        .map { JSONPreview.inline($0, in: document) }
        ?? JSONPreview.label(of: owner, in: document)
      return "\(name) · \(count)"
    }
    if section.owner != nil { return "\(document.key(of: container) ?? "?") · \(count)" }
    return "\(Self.pathTitle(of: container, in: document)) · \(count)"
  }

  // MARK: - Grouping

  private static func sections(for container: JSONNode, in store: DocumentStore) -> [Section] {
    let document = store.document
    func ids(_ node: JSONNode) -> NodeIDList { NodeIDList(shownChildrenOf: node, in: store) }
    var current = container
    // Unwrap single-member objects that only hold a container: {"albums": [...]}.
    while document.kind(of: current) == .object, document.childCount(of: current) == 1,
      let only = document.child(at: 0, of: current), document.kind(of: only).isContainer
    {
      current = only
    }
    switch document.kind(of: current) {
    case .object:
      let members = Array(store.shownChildren(of: current))
      if members.count > 1, members.count <= maximumGroupedSections,
        members.allSatisfy({ document.kind(of: $0).isContainer })
      {
        return members.map { member in
          Section(container: store.id(member), items: itemsOrPlaceholder(member, in: store), owner: store.id(member))
        }
      }
    case .array:
      if let grouped = groupedSections(ofArray: current, in: store, ids: ids) { return grouped }
    default:
      // A scalar document: one card for it.
      return [Section(container: store.id(current), items: [store.id(current)], owner: nil)]
    }
    return [Section(container: store.id(current), items: ids(current), owner: nil)]
  }

  /// A grouped section's items: the container's children, or, when it has none, one card
  /// for the empty container itself, so that it keeps a place the focus can stand on (a cut
  /// of its last value leaves the focus on it, and `P` puts the value back).
  private static func itemsOrPlaceholder(_ container: JSONNode, in store: DocumentStore) -> NodeIDList {
    store.shownChildCount(of: container) == 0
      ? [store.id(container)] : NodeIDList(shownChildrenOf: container, in: store)
  }

  /// Whether a section shows the card of its own empty container (see above).
  func isPlaceholder(_ section: Int) -> Bool {
    let section = sections[section]
    return section.owner != nil && section.items.count == 1 && section.items[0] == section.container
  }

  /// Albums with photos: every element an object with exactly one array member.
  private static func groupedSections(
    ofArray array: JSONNode, in store: DocumentStore, ids: (JSONNode) -> NodeIDList
  ) -> [Section]? {
    let document = store.document
    let count = store.shownChildCount(of: array)
    guard count > 0, count <= maximumGroupedSections else { return nil }
    var result: [Section] = []
    result.reserveCapacity(count)
    var holdsRecords = false
    for element in store.shownChildren(of: array) {
      guard document.kind(of: element) == .object else { return nil }
      var inner: JSONNode?
      for member in document.children(of: element) where document.kind(of: member) == .array {
        guard inner == nil else { return nil }
        inner = member
      }
      guard let inner else { return nil }
      // The inner arrays must hold records (objects or arrays), like photos in an album
      // (an album may be empty); records with a list of tags are just records.
      if let first = document.child(at: 0, of: inner) {
        guard document.kind(of: first).isContainer else { return nil }
        holdsRecords = true
      }
      result.append(
        Section(container: store.id(inner), items: itemsOrPlaceholder(inner, in: store), owner: store.id(element)))
    }
    return holdsRecords ? result : nil
  }

  private static func pathTitle(of node: JSONNode, in document: JSONDocument) -> String {
    guard document.parent(of: node) == nil else { return JSONPreview.label(of: node, in: document) }
    return document.isJSONLines ? "records" : "(root)"
  }
}
