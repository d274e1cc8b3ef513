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
    /// The header text.
    var title: String
    /// The node whose children are this section's items.
    var container: JSONNode
    /// The items, in document order.
    var items: [JSONNode]
    /// The node the section stands for (an album object), if not the container itself.
    var owner: JSONNode?
  }

  /// The document shown.
  let document: JSONDocument
  /// The container the grid shows.
  let root: JSONNode
  /// The sections.
  private(set) var sections: [Section]

  /// Sections over more objects than this are not grouped (one section, plain items).
  static let maximumGroupedSections = 10_000

  /// Groups `root`'s content; `unwrapsMetadata` applies the root-only rule above.
  init(document: JSONDocument, root: JSONNode, unwrapsMetadata: Bool = false) {
    self.document = document
    var shown = root
    if unwrapsMetadata { shown = Self.mainContainer(of: root, in: document) }
    self.root = shown
    sections = Self.sections(for: shown, in: document)
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
  func node(at indexPath: IndexPath) -> JSONNode? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let items = sections[indexPath.section].items
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  /// Where a node is shown, if it is one of the items.
  func indexPath(for node: JSONNode) -> IndexPath? {
    for (sectionIndex, section) in sections.enumerated() {
      // Items are in document order, and tape order is document order.
      var low = 0
      var high = section.items.count
      while low < high {
        let middle = (low + high) / 2
        if section.items[middle] < node { low = middle + 1 } else { high = middle }
      }
      if low < section.items.count, section.items[low] == node { return IndexPath(item: low, section: sectionIndex) }
    }
    return nil
  }

  /// The total number of items.
  var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  private static func sections(for container: JSONNode, in document: JSONDocument) -> [Section] {
    var current = container
    // Unwrap single-member objects that only hold a container: {"albums": [...]}.
    while document.kind(of: current) == .object, document.childCount(of: current) == 1,
      let only = document.child(at: 0, of: current), document.kind(of: only).isContainer
    {
      current = only
    }
    switch document.kind(of: current) {
    case .object:
      let members = Array(document.children(of: current))
      if members.count > 1, members.count <= maximumGroupedSections,
        members.allSatisfy({ document.kind(of: $0).isContainer })
      {
        return members.map { member in
          Section(
            title: "\(document.key(of: member) ?? "?") · \(JSONPreview.countPhrase(member, in: document))",
            container: member, items: Array(document.children(of: member)), owner: member)
        }
      }
    case .array:
      if let grouped = groupedSections(ofArray: current, in: document) { return grouped }
    default:
      // A scalar document: one card for it.
      return [Section(title: JSONPreview.label(of: current, in: document), container: current, items: [current], owner: nil)]
    }
    return [
      Section(
        title: "\(pathTitle(of: current, in: document)) · \(JSONPreview.countPhrase(current, in: document))",
        container: current, items: Array(document.children(of: current)), owner: nil)
    ]
  }

  /// Albums with photos: every element an object with exactly one array member.
  private static func groupedSections(ofArray array: JSONNode, in document: JSONDocument) -> [Section]? {
    let count = document.childCount(of: array)
    guard count > 0, count <= maximumGroupedSections else { return nil }
    var result: [Section] = []
    result.reserveCapacity(count)
    var holdsRecords = false
    for element in document.children(of: array) {
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
      let name = JSONPreview.titleMember(of: element, in: document).map { JSONPreview.inline($0, in: document) }
        ?? JSONPreview.label(of: element, in: document)
      result.append(
        Section(
          title: "\(name) · \(JSONPreview.countPhrase(inner, in: document))", container: inner,
          items: Array(document.children(of: inner)), owner: element))
    }
    return holdsRecords ? result : nil
  }

  private static func pathTitle(of node: JSONNode, in document: JSONDocument) -> String {
    guard document.parent(of: node) == nil else { return JSONPreview.label(of: node, in: document) }
    return document.isJSONLines ? "records" : "(root)"
  }
}
