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
///
/// **Groups.** A node with more than ``groupSize`` children shows them in groups of
/// consecutive positions (`[0 … 99999]`, `[100000 … 199999]`, …), each a node that opens
/// like a container, as browsers' developer tools show long arrays; when even the groups
/// would be more than ``groupSize``, they are grouped again. Opening an array of 25 million
/// numbers then shows 250 groups, not 25 million rows, so what the tree holds stays
/// proportional to what is opened. Groups have negative node numbers (values' ids are never
/// negative), are not values (``nodeID(ofNode:)`` is nil), and keep their number for as
/// long as their owner has as many children to group the same way.
final class JSONTreeProvider: TreeNodeProvider {
  unowned let store: DocumentStore

  /// The most children a node shows directly; past it they come in groups this large.
  let groupSize: Int

  /// The most nodes "expand everything" (`z a`) shows in the tree or the schematic: beyond
  /// it the view stays as it is.
  static let expandAllLimit = 200_000

  /// A run of a node's children shown as one node.
  struct Group: Hashable {
    /// The node whose children are grouped.
    var owner: NodeID
    /// Children per group at this level (`groupSize`, or a power of it for groups of groups).
    var size: Int
    /// The group's place among its owner's groups of this size.
    var index: Int
  }

  /// Groups met so far; a group's node number is `-1 - ` its place here.
  private var groups: [Group] = []
  private var groupNumbers: [Group: Int] = [:]

  /// Inline previews made since the document last changed
  /// (``inlinePreviewLabel(ofNode:fitting:)``, ``forgetInlinePreviews()``).
  var inlinePreviews: [InlinePreviewKey: String?] = [:]

  /// Whether arrays and objects of records are shown as table sections without being
  /// asked (``JSONTreeProvider/looksLikeTable(_:)``): the tree's outline sets it.
  var automaticTables = false {
    didSet { if automaticTables != oldValue { forgetTableDecisions() } }
  }
  /// The nodes `T` chose to show as a table (true) or as a tree (false), by node number
  /// (``JSONTreeProvider/toggleTable(ofNode:)``).
  var tableChoices: [Int: Bool] = [:]
  /// Whether each node asked about so far is shown as a table (``JSONTreeProvider/isTable(_:)``).
  var tableDecisions: [Int: Bool] = [:]
  /// Whether the store showed a diff when the decisions were made.
  var decidedWithDiff = false
  /// The columns of each table section read since the document last changed.
  var tableColumnCache: [Int: TableColumns] = [:]
  /// Each listed node's place in a table section (``JSONTreeProvider/TableRole``), noted
  /// when its parent's children were listed, so that drawing a row or a cell does not ask
  /// the document for its parent and grandparent.
  var tableRoles: [Int: TableRole] = [:]
  /// How many times the table code asked the document for a value's parent (tests).
  var tableParentLookups = 0

  /// The member whose value colours a record's box (`--kind FIELD`); `nil`: a hierarchy
  /// node's own `kind`.
  var kindField: String?

  init(store: DocumentStore, groupSize: Int = 100_000) {
    self.store = store
    self.groupSize = max(2, groupSize)
  }

  private var document: JSONDocument { store.document }

  var rootNodes: [Int] { [store.root.rawValue] }

  /// The value behind a node number, if it still exists (nil for a group).
  func value(_ node: Int) -> JSONNode? {
    node >= 0 ? store.node(NodeID(node)) : nil
  }

  /// The value a node stands for; nil for a group.
  func nodeID(ofNode node: Int) -> NodeID? {
    node >= 0 ? NodeID(node) : nil
  }

  // MARK: - Groups

  /// The group a node number stands for; nil for a value.
  func group(_ node: Int) -> Group? {
    node < 0 && -1 - node < groups.count ? groups[-1 - node] : nil
  }

  /// The node number of a group.
  func node(of group: Group) -> Int {
    if let known = groupNumbers[group] { return known }
    let number = -1 - groups.count
    groups.append(group)
    groupNumbers[group] = number
    return number
  }

  /// The container whose elements are a node's children: the node itself, or the
  /// `children` array of a hierarchy node.
  func childSource(of value: JSONNode) -> JSONNode? {
    if isHierarchyNode(value) { return hierarchyChildren(of: value) }
    return document.kind(of: value).isContainer ? value : nil
  }

  /// How many children a value's node has (before grouping).
  private func elementCount(of value: JSONNode) -> Int {
    childSource(of: value).map(store.shownChildCount(of:)) ?? 0
  }

  /// The size of the top groups of a node with `count` children: nil when they are
  /// shown directly, else the least power of ``groupSize`` that leaves at most
  /// ``groupSize`` groups.
  func topGroupSize(forCount count: Int) -> Int? {
    guard count > groupSize else { return nil }
    var size = groupSize
    while (count + size - 1) / size > groupSize { size *= groupSize }
    return size
  }

  /// The positions of its owner's children a group holds now (empty when it holds none).
  func positions(of group: Group) -> Range<Int> {
    guard let owner = store.node(group.owner) else { return 0..<0 }
    let count = elementCount(of: owner)
    let start = min(group.index * group.size, count)
    return start..<min(start + group.size, count)
  }

  /// The child nodes of a group: its elements, or groups of a smaller size.
  private func forEachChild(of group: Group, _ body: (Int) -> Void) {
    let range = positions(of: group)
    guard !range.isEmpty, let owner = store.node(group.owner), let source = childSource(of: owner) else { return }
    let role = source == owner ? tableRoleOfChildren(ofNode: group.owner.rawValue) : nil
    if group.size > groupSize {
      let size = group.size / groupSize
      for index in (range.lowerBound / size)..<((range.upperBound + size - 1) / size) {
        body(node(of: Group(owner: group.owner, size: size, index: index)))
      }
      return
    }
    // Rows of a grouped table past the first group its columns were read from: their keys
    // join its columns as they are listed, before the layout asks for its header.
    if role == .row, range.lowerBound >= groupSize {
      addColumns(ofLaterRows: range, of: source, toTable: group.owner.rawValue)
    }
    for position in range {
      guard let value = store.shownChild(at: position, of: source) else { continue }
      let child = store.id(value).rawValue
      if let role { tableRoles[child] = role }
      body(child)
    }
  }

  /// The group node, among the children of `owner`'s node or of one of its groups, that
  /// holds the child `id`; nil when `owner`'s children are not grouped or `id` is not one
  /// of them. `size` picks the level: the top groups when nil, else groups of that size.
  func group(holding id: NodeID, in owner: NodeID, size: Int? = nil) -> Group? {
    guard let ownerValue = store.node(owner), let source = childSource(of: ownerValue),
      let top = topGroupSize(forCount: store.shownChildCount(of: source)), let child = store.node(id),
      let position = store.shownPosition(of: child, in: source)
    else { return nil }
    let level = size ?? top
    return Group(owner: owner, size: level, index: position / level)
  }

  // MARK: - TreeNodeProvider

  func forEachChild(ofNode node: Int, _ body: (Int) -> Void) {
    if let group = group(node) {
      forEachChild(of: group, body)
      return
    }
    guard let value = value(node), let source = childSource(of: value) else { return }
    let count = store.shownChildCount(of: source)
    // What the children are in a table is known from their parent, once for them all.
    let role = source == value ? tableRoleOfChildren(ofNode: node) : nil
    if let size = topGroupSize(forCount: count) {
      let owner = NodeID(node)
      for index in 0..<((count + size - 1) / size) {
        body(self.node(of: Group(owner: owner, size: size, index: index)))
      }
      return
    }
    store.forEachShownChild(of: source) {
      let child = store.id($0).rawValue
      if let role { tableRoles[child] = role }
      body(child)
    }
  }

  func hasChildren(_ node: Int) -> Bool {
    if let group = group(node) { return !positions(of: group).isEmpty }
    guard let value = value(node) else { return false }
    return elementCount(of: value) > 0
  }

  func childCount(ofNode node: Int) -> Int {
    if let group = group(node) {
      let count = positions(of: group).count
      return group.size > groupSize ? (count + group.size / groupSize - 1) / (group.size / groupSize) : count
    }
    guard let value = value(node) else { return 0 }
    let count = elementCount(of: value)
    return topGroupSize(forCount: count).map { (count + $0 - 1) / $0 } ?? count
  }

  func descendantCount(ofNode node: Int) -> Int {
    if let group = group(node) {
      // The values inside: each element and what is below it (groups are not values).
      guard let owner = store.node(group.owner), let source = childSource(of: owner) else { return 0 }
      if !isHierarchyNode(owner), store.shownChildCount(of: source) == document.childCount(of: source) {
        // Nothing filtered away: counted from the tape without walking.
        return document.descendantCount(ofChildrenAt: positions(of: group), of: source)
      }
      var count = 0
      for position in positions(of: group) {
        guard let child = store.shownChild(at: position, of: source) else { continue }
        count +=
          1
          + (isHierarchyNode(owner)
            ? countValuesByWalking(ofNode: store.id(child).rawValue) : store.shownDescendantCount(of: child))
      }
      return count
    }
    guard let value = value(node) else { return 0 }
    guard isHierarchyNode(value) else {
      // Every value below a container is a node, but for what a filter hides.
      return store.shownDescendantCount(of: value)
    }
    return countValuesByWalking(ofNode: node)
  }

  /// The values below a node, found by walking its children (groups are walked through,
  /// not counted).
  private func countValuesByWalking(ofNode node: Int) -> Int {
    var count = 0
    var pending = [node]
    while let next = pending.popLast() {
      forEachChild(ofNode: next) { child in
        if child >= 0 { count += 1 }
        pending.append(child)
      }
    }
    return count
  }

  /// The node's label, with its marks when the store shows a diff.
  func label(ofNode node: Int) -> String {
    let label = plainLabel(ofNode: node)
    guard let diff = store.diff, node >= 0 else { return label }
    return diff.decorate(label, of: NodeID(node))
  }

  /// The node's label as the value reads: `name: "x"`, `photos [7]`.
  private func plainLabel(ofNode node: Int) -> String {
    if let group = group(node) { return label(of: group) }
    guard let value = value(node) else { return "" }
    if mayHaveTables, let text = tableLabel(of: value) { return text }
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
      let count = shownCountText(of: value)
      if document.key(of: value) == nil, value != document.root,
        let title = JSONPreview.titleMember(of: value, in: document, field: store.labelField)
      {
        return "\(name) \(JSONPreview.inline(title, in: document, limit: 40)) {\(count)}"
      }
      return "\(name) {\(count)}"
    case .array:
      return "\(name) [\(shownCountText(of: value))]"
    case .string:
      return "\(name): " + JSONPreview.quoted(JSONPreview.inline(value, in: document, limit: 80))
    default:
      return "\(name): \(JSONPreview.inline(value, in: document))"
    }
  }

  /// How many children a container's label counts: those shown, and of how many when a
  /// filter hides some (`3 of 5`, as the grid's and the status line's counts read).
  private func shownCountText(of container: JSONNode) -> String {
    let all = document.childCount(of: container)
    let shown = store.shownChildCount(of: container)
    return shown == all ? "\(all)" : "\(shown) of \(all)"
  }

  /// `[100000 … 199999]` (`{…}` for an object's members).
  private func label(of group: Group) -> String {
    let range = positions(of: group)
    guard !range.isEmpty else { return "[]" }
    let isObject = store.node(group.owner).flatMap(childSource(of:)).map { document.kind(of: $0) == .object } ?? false
    let text = "\(range.lowerBound) … \(range.upperBound - 1)"
    return isObject ? "{" + text + "}" : "[" + text + "]"
  }

  func kind(ofNode node: Int) -> String {
    if node >= 0, let kind = store.diff?.kind(of: NodeID(node)) { return kind }
    if let kindField, let value = value(node), document.kind(of: value) == .object {
      guard let member = document.child(forKey: kindField, of: value) else { return TreeNodeKind.normal }
      return Self.kind(named: JSONPreview.inline(member, in: document, limit: 40))
    }
    guard let value = value(node), isHierarchyNode(value), let kind = document.child(forKey: "kind", of: value),
      let text = document.string(of: kind)
    else { return TreeNodeKind.normal }
    return text.lowercased()
  }

  /// The kind a value of the kind field (`--kind`) names: the talk's normal, important and
  /// critical, and the words logs and monitors use for them.
  static func kind(named value: String) -> String {
    switch value.lowercased() {
    case "critical", "error", "fatal", "emergency", "alert", "high", "failed", "failure", "down", "red":
      return "critical"
    case "important", "warning", "warn", "medium", "degraded", "pending", "yellow", "amber":
      return "important"
    default:
      return TreeNodeKind.normal
    }
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
    // Only a few known keys (looking one up walks the members: an object of a million
    // keys would be walked for every node shown).
    guard document.kind(of: node) == .object, document.childCount(of: node) <= Self.hierarchyKeys.count,
      let name = document.child(forKey: "name", of: node),
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

// MARK: - What the tree and the schematic share

extension JSONTreeProvider {
  /// A collapse rule for ``TreeModel/collapsesByDefault`` that keeps `rule` for values and
  /// opens the first group of each grouped node (so opening a node with a million children
  /// shows its first elements, as it would without groups) and no other.
  /// How a tree or a schematic opens: the root's children always show (a top-level array
  /// or object is what the person opened the file to see; past ``groupSize`` children, as
  /// groups), and deeper levels as far as `limit` nodes fit.
  func openingRule(showingAtMost limit: Int) -> (_ node: Int, _ depth: Int) -> Bool {
    let fitting = TreeModel.collapseRule(showingAtMost: limit, of: self)
    return collapsingGroups { node, depth in depth > 0 && fitting(node, depth) }
  }

  func collapsingGroups(_ rule: ((_ node: Int, _ depth: Int) -> Bool)?) -> (_ node: Int, _ depth: Int) -> Bool {
    { [unowned self] node, depth in
      if let isCollapsed = self.tableCollapseState(ofNode: node) { return isCollapsed }
      if let group = self.group(node) { return group.index != 0 }
      return rule?(node, depth) ?? false
    }
  }

  /// Opens the tree down to `id`: each node on the way, and the groups holding the next
  /// one when its children are grouped, is expanded. Expands through the model alone:
  /// reload the collection view when `expanded` says so.
  /// - Returns: where `id` is shown, else the deepest node on the way that is (a value
  ///   inside a hierarchy node's box), and whether anything was expanded.
  ///
  /// Each level opened is a step of work: a chain of a million single-key objects takes
  /// seconds. `shouldStop` is asked every ``revealCheckInterval`` levels; when it says so,
  /// the deepest ancestor opened so far is returned (Esc during `t` on such a chain).
  func reveal(
    _ id: NodeID, in model: TreeModel, stoppingWhen shouldStop: () -> Bool = { false }
  ) -> (indexPath: IndexPath?, expanded: Bool) {
    if let shown = model.indexPath(forNode: id.rawValue) { return (shown, false) }
    let chain = store.ancestry(of: id).reversed()
    guard let first = chain.first, var current = model.indexPath(forNode: first.rawValue) else { return (nil, false) }
    var expanded = false
    /// Shows a node's children.
    func open(_ indexPath: IndexPath) {
      guard model.isCollapsed(at: indexPath) else { return }
      model.setCollapsed(false, at: indexPath)
      expanded = true
    }
    /// The shown child of `parent` that is `node`, if any.
    func child(_ node: Int, of parent: IndexPath) -> IndexPath? {
      model.childIndexPaths(ofNodeAt: parent).first { model.node(at: $0) == node }
    }
    for (level, next) in chain.dropFirst().enumerated() {
      if level % Self.revealCheckInterval == Self.revealCheckInterval - 1, shouldStop() { break }
      var parent = current
      open(parent)
      // Through the groups that hold `next`, largest first.
      var size: Int?
      while let group = group(holding: next, in: NodeID(model.node(at: current)), size: size.map { $0 / groupSize }),
        let shown = child(node(of: group), of: parent)
      {
        open(shown)
        parent = shown
        if group.size <= groupSize { break }
        size = group.size
      }
      // A step that is no node of its own (the `children` array of a hierarchy node) is
      // passed over.
      guard let found = child(next.rawValue, of: parent) else { continue }
      current = found
    }
    return (model.indexPath(forNode: id.rawValue) ?? current, expanded)
  }

  /// Reveals a value for a presentation on `host` (the tree, the schematic): Esc stops it
  /// with a message, and the collection view reloads when a node opened while shown.
  /// - Returns: the value's index path, or when stopped the deepest ancestor opened.
  func reveal(
    _ id: NodeID, in model: TreeModel, for host: any PresentationHost, isShown: Bool
  ) -> (indexPath: IndexPath?, stopped: Bool) {
    var stopped = false
    let (found, expanded) = reveal(id, in: model) {
      stopped = stopped || host.isInterrupted()
      return stopped
    }
    if stopped { host.show(message: "stopped opening the way to the value (Esc): it is deeper down") }
    if expanded, isShown { host.collectionView.reloadData() }
    return (found, stopped)
  }

  /// Follows a change of the store in a tree model the collection view shows, as one batch
  /// update: what the change touched is read again (see ``refresh(_:after:withAncestors:renumbering:)``),
  /// and the nodes shown before and after are compared. A document that grew (a load) is
  /// read again whole.
  func follow(
    _ change: DocumentChange, in model: TreeModel, view: CollectionView, withAncestors: Bool, renumbering: Bool
  ) {
    view.finishAnimationsNow()
    if change.reason == .grew {
      model.reload()
      view.reloadData()
      return
    }
    let before = model.shownNodesBySection
    if change.reason == .sideSwitched {
      // The other side of a diff: every row is read again; the rows of values both sides
      // hold keep their ids (and their open or closed state), so they move, the others go
      // or come, in one batch update. The kept rows are redrawn: their values and marks
      // are the other side's.
      model.reload()
      let after = model.shownNodesBySection
      let shownBefore = Set(before.joined())
      let diff = SnapshotDifference(
        oldSections: Array(before.indices), oldItems: before, newSections: Array(after.indices), newItems: after,
        reloadedItems: Set(after.joined().filter(shownBefore.contains)))
      view.performBatchUpdates { diff.record(in: view) }
      return
    }
    let changed = refresh(model, after: change, withAncestors: withAncestors, renumbering: renumbering)
    let after = model.shownNodesBySection
    let diff = SnapshotDifference(
      oldSections: Array(before.indices), oldItems: before, newSections: Array(after.indices), newItems: after,
      reloadedItems: changed)
    view.performBatchUpdates { diff.record(in: view) }
  }

  /// Brings the model's shown children up to date after a change: each changed container
  /// (and, `withAncestors`, each of its ancestors; each replaced value) is read again once,
  /// however many steps touched it (a duplicate of 2,000 records is 2,000 steps in one
  /// container: refreshing it per step took minutes). Returns the nodes to redraw.
  func refresh(_ model: TreeModel, after change: DocumentChange, withAncestors: Bool, renumbering: Bool) -> Set<Int> {
    var containers: [NodeID] = []
    var seen = Set<NodeID>()
    var replaced: [NodeID] = []
    for step in change.steps {
      let parents = withAncestors ? store.ancestry(of: step.parent) : [step.parent]
      for parent in parents where seen.insert(parent).inserted { containers.append(parent) }
      if case .replaced = step { replaced.append(step.node) }
    }
    var changed = Set<Int>()
    for id in replaced + containers {
      guard let indexPath = model.indexPath(forNode: id.rawValue) else { continue }
      model.refreshChildren(ofNodeAt: indexPath)
      changed.insert(id.rawValue)
    }
    if renumbering {
      for id in containers {
        guard let indexPath = model.indexPath(forNode: id.rawValue) else { continue }
        changed.formUnion(renumberedNodes(below: indexPath, in: model))
      }
    }
    return changed
  }

  /// Levels opened between two looks at whether to stop.
  static let revealCheckInterval = 512

  /// The nodes whose labels show positions that a change in `indexPath`'s children may
  /// have moved: its children, and the elements inside its groups.
  func renumberedNodes(below indexPath: IndexPath, in model: TreeModel) -> [Int] {
    var result: [Int] = []
    var pending = model.childIndexPaths(ofNodeAt: indexPath)
    while let next = pending.popLast() {
      let node = model.node(at: next)
      result.append(node)
      if group(node) != nil { pending += model.childIndexPaths(ofNodeAt: next) }
    }
    return result
  }

  /// What to say when a command for values is given on a group.
  func noteForGroup(_ node: Int) -> String? {
    guard let group = group(node) else { return nil }
    return positions(of: group).isEmpty ? nil : "a group of elements, not a value: → opens it"
  }

  /// The status line's words for a focused group: which elements it holds.
  func positionText(ofGroup node: Int) -> String? {
    guard let group = group(node) else { return nil }
    let range = positions(of: group)
    guard let owner = store.node(group.owner), let source = childSource(of: owner) else { return nil }
    let total = store.shownChildCount(of: source)
    return "group \(range.lowerBound + 1)–\(range.upperBound) of \(JSONPreview.grouped(total))"
  }
}
