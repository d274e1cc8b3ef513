import TermGridCore

/// The items of one section as an outline: items with children, each parent expanded or
/// collapsed; UIKit's `NSDiffableDataSourceSectionSnapshot`.
///
/// Build the hierarchy with ``append(_:to:)-([ItemIdentifier],_)`` and show it in a section with
/// ``DiffableDataSource/apply(_:to:animatingDifferences:completion:)``: the section shows
/// the ``visibleItems`` (every item whose ancestors are all expanded) in order, parents
/// before their children, and each cell learns its item's ``level(of:)`` (its indentation)
/// and whether it is expanded (``Cell/isExpanded``).
///
/// ```swift
/// var outline = SectionSnapshot<String>()
/// outline.append(["Documents", "Music"])
/// outline.append(["Letters", "Taxes"], to: "Documents")
/// outline.append(["2025.pdf"], to: "Taxes")
/// outline.expand(["Documents"])
/// dataSource.apply(outline, to: .main, animatingDifferences: false)
/// // Shows Documents, Letters, Taxes, Music: Taxes is collapsed.
/// ```
///
/// Expanding and collapsing keep the state of the items beneath: collapsing a parent hides
/// its descendants, and expanding it again shows each child as it was (an expanded child's
/// children come back, a collapsed child's stay hidden). An item may be expanded without
/// children, as in UIKit: its children show as soon as it has some.
///
/// Every item appears once. Operations that name an item not in the snapshot (a parent,
/// the item to insert before) stop the program, as UIKit raises. Looking an item up costs
/// a hash; an item's level and its visibility cost a hash per ancestor. A section snapshot
/// is a value: `Sendable` and safe to build on any thread.
public struct SectionSnapshot<ItemIdentifier: Hashable & Sendable>: Hashable, Sendable {
  /// The items without a parent, in order.
  @usableFromInline var roots: [ItemIdentifier] = []
  /// Each item's parent (absent for a root) and children in order.
  @usableFromInline var nodes: [ItemIdentifier: Node] = [:]
  /// The expanded items.
  @usableFromInline var expandedSet: Set<ItemIdentifier> = []

  /// One item's place in the hierarchy.
  @usableFromInline
  struct Node: Hashable, Sendable {
    @usableFromInline var parent: ItemIdentifier?
    @usableFromInline var children: [ItemIdentifier] = []

    @usableFromInline
    init(parent: ItemIdentifier?) { self.parent = parent }
  }

  /// An empty section snapshot.
  public init() {}

  // MARK: - Reading

  /// Every item, depth first: each parent before its children, collapsed or not.
  public var items: [ItemIdentifier] {
    var result: [ItemIdentifier] = []
    result.reserveCapacity(nodes.count)
    walk(roots, into: &result, visibleOnly: false)
    return result
  }

  /// The items without a parent, in order.
  public var rootItems: [ItemIdentifier] { roots }

  /// The items the section shows: every item whose ancestors are all expanded, depth first.
  public var visibleItems: [ItemIdentifier] {
    var result: [ItemIdentifier] = []
    walk(roots, into: &result, visibleOnly: true)
    return result
  }

  /// Whether the item is in the snapshot.
  public func contains(_ item: ItemIdentifier) -> Bool { nodes[item] != nil }

  /// Whether the item is expanded (whether or not it has children, and whether or not it
  /// is visible).
  public func isExpanded(_ item: ItemIdentifier) -> Bool {
    _ = node(item, for: "isExpanded(_:)")
    return expandedSet.contains(item)
  }

  /// Whether the item is shown: every ancestor is expanded.
  public func isVisible(_ item: ItemIdentifier) -> Bool {
    var current = node(item, for: "isVisible(_:)").parent
    while let parent = current {
      guard expandedSet.contains(parent) else { return false }
      current = nodes[parent]?.parent
    }
    return true
  }

  /// How deep the item is: 0 for a root item, 1 for its children, and so on.
  public func level(of item: ItemIdentifier) -> Int {
    var level = 0
    var current = node(item, for: "level(of:)").parent
    while let parent = current {
      level += 1
      current = nodes[parent]?.parent
    }
    return level
  }

  /// The item's parent, or `nil` for a root item.
  public func parent(of item: ItemIdentifier) -> ItemIdentifier? {
    node(item, for: "parent(of:)").parent
  }

  /// The item's children, in order.
  public func children(of item: ItemIdentifier) -> [ItemIdentifier] {
    node(item, for: "children(of:)").children
  }

  /// The item's position in ``items``, or `nil` when it is not in the snapshot.
  public func index(of item: ItemIdentifier) -> Int? {
    guard contains(item) else { return nil }
    return items.firstIndex(of: item)
  }

  /// A section snapshot of a parent's descendants, their hierarchy and expanded states;
  /// with `includingParent`, the parent is its one root item.
  public func snapshot(of parent: ItemIdentifier, includingParent: Bool = false) -> SectionSnapshot {
    let parentNode = node(parent, for: "snapshot(of:includingParent:)")
    var result = SectionSnapshot()
    if includingParent {
      result.roots = [parent]
      result.nodes[parent] = Node(parent: nil)
      result.nodes[parent]?.children = parentNode.children
      if expandedSet.contains(parent) { result.expandedSet.insert(parent) }
    } else {
      result.roots = parentNode.children
    }
    var pending = parentNode.children
    while let item = pending.popLast() {
      guard var copy = nodes[item] else { continue }
      if !includingParent, copy.parent == parent { copy.parent = nil }
      result.nodes[item] = copy
      if expandedSet.contains(item) { result.expandedSet.insert(item) }
      pending.append(contentsOf: copy.children)
    }
    return result
  }

  /// A picture of the hierarchy, one item a line, indented by level, with `+` before an
  /// expanded item and `-` before a collapsed one that has children: for tests and the
  /// debugger (UIKit's `visualDescription()`).
  public func visualDescription() -> String {
    var lines: [String] = []
    for item in items {
      let mark = expandedSet.contains(item) ? "+ " : (nodes[item]?.children.isEmpty == false ? "- " : "  ")
      lines.append(String(repeating: "  ", count: level(of: item)) + mark + "\(item)")
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Adding

  /// Adds items at the end of a parent's children, or at the end of the root items when
  /// `parent` is `nil`.
  public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier? = nil) {
    if let parent {
      _ = node(parent, for: "append(_:to:)")
      add(items, parent: parent, operation: "append(_:to:)")
      nodes[parent]?.children.append(contentsOf: items)
    } else {
      add(items, parent: nil, operation: "append(_:to:)")
      roots.append(contentsOf: items)
    }
  }

  /// Adds items as siblings just before an item.
  public mutating func insert(_ items: [ItemIdentifier], before item: ItemIdentifier) {
    insert(items, beside: item, after: false, operation: "insert(_:before:)")
  }

  /// Adds items as siblings just after an item.
  public mutating func insert(_ items: [ItemIdentifier], after item: ItemIdentifier) {
    insert(items, beside: item, after: true, operation: "insert(_:after:)")
  }

  /// Adds the items of another section snapshot, with their hierarchy and expanded
  /// states, under a parent (its root items become the parent's last children), or at the
  /// end of the root items when `parent` is `nil`.
  public mutating func append(_ snapshot: SectionSnapshot, to parent: ItemIdentifier? = nil) {
    append(snapshot.roots, to: parent)
    merge(snapshot)
  }

  /// Adds the items of another section snapshot as siblings just before an item.
  public mutating func insert(_ snapshot: SectionSnapshot, before item: ItemIdentifier) {
    insert(snapshot.roots, before: item)
    merge(snapshot)
  }

  /// Adds the items of another section snapshot as siblings just after an item.
  public mutating func insert(_ snapshot: SectionSnapshot, after item: ItemIdentifier) {
    insert(snapshot.roots, after: item)
    merge(snapshot)
  }

  /// Replaces a parent's descendants with the items of another section snapshot (UIKit's
  /// `replace(childrenOf:using:)`); the parent keeps its expanded state.
  public mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: SectionSnapshot) {
    delete(node(parent, for: "replace(childrenOf:using:)").children)
    append(snapshot, to: parent)
  }

  // MARK: - Removing

  /// Removes items and all their descendants.
  public mutating func delete(_ items: [ItemIdentifier]) {
    for item in items where nodes[item] != nil {
      let parent = nodes[item]?.parent
      if let parent {
        nodes[parent]?.children.removeAll { $0 == item }
      } else {
        roots.removeAll { $0 == item }
      }
      var pending = [item]
      while let doomed = pending.popLast() {
        pending.append(contentsOf: nodes.removeValue(forKey: doomed)?.children ?? [])
        expandedSet.remove(doomed)
      }
    }
  }

  /// Removes every item.
  public mutating func deleteAll() {
    self = SectionSnapshot()
  }

  // MARK: - Expanding

  /// Marks items expanded: their children show when their own ancestors are expanded.
  public mutating func expand(_ items: [ItemIdentifier]) {
    for item in items { _ = node(item, for: "expand(_:)") }
    expandedSet.formUnion(items)
  }

  /// Marks items collapsed: their descendants are hidden, each keeping its own state.
  public mutating func collapse(_ items: [ItemIdentifier]) {
    for item in items { _ = node(item, for: "collapse(_:)") }
    expandedSet.subtract(items)
  }

  // MARK: - Helpers

  @usableFromInline
  func node(_ item: ItemIdentifier, for operation: String) -> Node {
    guard let node = nodes[item] else {
      fatalError("\(operation): the item \(item) is not in the section snapshot")
    }
    return node
  }

  func walk(_ items: [ItemIdentifier], into result: inout [ItemIdentifier], visibleOnly: Bool) {
    for item in items {
      result.append(item)
      guard let children = nodes[item]?.children, !children.isEmpty else { continue }
      if visibleOnly, !expandedSet.contains(item) { continue }
      walk(children, into: &result, visibleOnly: visibleOnly)
    }
  }

  mutating func add(_ items: [ItemIdentifier], parent: ItemIdentifier?, operation: String) {
    for item in items {
      guard nodes.updateValue(Node(parent: parent), forKey: item) == nil else {
        fatalError("\(operation): the item \(item) is in the section snapshot already")
      }
    }
  }

  mutating func insert(_ items: [ItemIdentifier], beside item: ItemIdentifier, after: Bool, operation: String) {
    let parent = node(item, for: operation).parent
    add(items, parent: parent, operation: operation)
    if let parent {
      let index = nodes[parent]?.children.firstIndex(of: item) ?? 0
      nodes[parent]?.children.insert(contentsOf: items, at: after ? index + 1 : index)
    } else {
      let index = roots.firstIndex(of: item) ?? 0
      roots.insert(contentsOf: items, at: after ? index + 1 : index)
    }
  }

  /// Takes the descendants and expanded states of another snapshot whose roots were just
  /// added.
  mutating func merge(_ snapshot: SectionSnapshot) {
    for (item, other) in snapshot.nodes {
      if other.parent == nil {
        nodes[item]?.children = other.children
      } else {
        guard nodes.updateValue(other, forKey: item) == nil else {
          fatalError("the item \(item) is in the section snapshot already")
        }
      }
    }
    expandedSet.formUnion(snapshot.expandedSet)
  }
}
