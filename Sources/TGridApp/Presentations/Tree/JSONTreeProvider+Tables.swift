import TGridJSON
import TermGrid

/// Tables inside the tree (issue 29.6): an array of records, or an object of records, shown
/// in place as a table section of the outline (TermGrid's ``TreeTableDescription``): its
/// elements are the rows, their members the cells, in the columns of the union of their
/// keys. Rows are always open and cells closed (a nested value shows its preview and opens
/// in place on Enter). An array grouped by ``JSONTreeProvider/groupSize`` is one table
/// across its groups (``TreeTableDescription/rowsAreGrouped``): one header, one set of
/// columns.
///
/// **Which containers are tables.** In the outline of the tree (``automaticTables``) a
/// container is a table when it looks like one (``looksLikeTable(_:)``), decided once, the
/// first time its children are listed; `T` chooses for a node (``toggleTable(ofNode:)``),
/// whatever the rule says. A row or a cell of a table is never a table of its own.
extension JSONTreeProvider {
  /// The columns of one table section: the union of its records' keys, in the order they
  /// are first met.
  struct TableColumns {
    var titles: [String] = []
    var index: [String: Int] = [:]
    /// Each column's type, from the values of the rows read (as the table view infers it).
    var types: [ColumnType.Tally] = []
    /// How many values each column's type was read from (at most ``JSONTreeProvider/tableTypeSample``).
    var typedCounts: [Int] = []
    /// Whether the table's rows come in groups (an array of more than ``JSONTreeProvider/groupSize``).
    var rowsAreGrouped = false

    /// The column of `key`, added when it is new (nil past ``JSONTreeProvider/tableColumnLimit``).
    mutating func add(_ key: String) -> Int? {
      if let known = index[key] { return known }
      guard titles.count < JSONTreeProvider.tableColumnLimit else { return nil }
      index[key] = titles.count
      titles.append(key)
      types.append(ColumnType.Tally())
      typedCounts.append(0)
      return titles.count - 1
    }

    /// The table section as TermGrid draws it: each title with its type's marker (`area
    /// #`), columns of numbers and numeric strings against their right edge, as the table
    /// view draws them.
    var description: TreeTableDescription {
      var trailing: Set<Int> = []
      let marked = titles.enumerated().map { column, title in
        let type = types[column].type
        if type.isNumeric { trailing.insert(column) }
        return type.marker.map { title + " " + $0 } ?? title
      }
      return TreeTableDescription(
        columnTitles: marked, trailingColumns: trailing, missingMark: "·", rowsAreGrouped: rowsAreGrouped)
    }
  }

  /// How many rows of a table section its columns' types are read from (as the table view
  /// reads its first 200 rows shown).
  static let tableTypeSample = 200

  /// The most columns a table section has; keys past them stay in their rows (as cells of
  /// the column of their place).
  static let tableColumnLimit = 200

  /// The most elements read to decide whether a container holds records (`T`).
  static let tableShapeSample = 1_000

  /// The first elements of a container read to decide whether it is shown as a table
  /// without being asked (``looksLikeTable(_:)``).
  static let automaticTableSample = 100

  /// The most columns (keys in the union of the elements read) a table shown without
  /// being asked has: wider records stay a tree, where each field has its own line.
  static let automaticTableColumnLimit = 20

  /// The most cells (elements × the keys an element read has on average) a table shown
  /// without being asked has: every row of a table is open, so a larger array would make
  /// opening the tree slower (10,000 records of 13 fields took 0.55 s instead of tens of
  /// milliseconds); it opens as a tree, and `T` makes it one table.
  static let automaticTableCellLimit = 10_000

  /// Whether a value's elements are mostly records sharing keys: at least half of those
  /// read are objects, and the keys they share most are in at least half of them. The rule
  /// of `T`, looser than the automatic one.
  func isTableShaped(_ value: JSONNode) -> Bool {
    let document = store.document
    guard document.isContainer(value), !isHierarchyNode(value) else { return false }
    var read = 0
    var objects = 0
    var keyCounts: [String: Int] = [:]
    for child in store.shownChildren(of: value) {
      guard read < Self.tableShapeSample else { break }
      read += 1
      guard document.kind(of: child) == .object else { continue }
      objects += 1
      for member in document.children(of: child) {
        if let key = document.key(of: member) { keyCounts[key, default: 0] += 1 }
      }
    }
    guard objects > 0, objects * 2 >= read, let shared = keyCounts.values.max() else { return false }
    return shared * 2 >= objects
  }

  /// Whether a container is shown as a table without being asked (README, "Tables inside
  /// the tree"): it has at least 2 elements, and of its first ``automaticTableSample``
  /// at least 80 % are objects, the union of their keys is at most
  /// ``automaticTableColumnLimit`` keys, an object holds on average at least 60 % of
  /// that union, and the table would have at most ``automaticTableCellLimit`` cells. Arrays of mixed values, of records of many shapes, or of very wide records
  /// stay a tree; so do the `children` of a hierarchy (the tree they describe). Reads at
  /// most 100 elements and 21 keys of each, whatever the container's size.
  func looksLikeTable(_ value: JSONNode) -> Bool {
    let document = store.document
    let count = store.shownChildCount(of: value)
    guard document.isContainer(value), !isHierarchyNode(value), count >= 2 else { return false }
    var read = 0
    var objects = 0
    var cells = 0
    var keys = Set<String>()
    for child in store.shownChildren(of: value) {
      guard read < Self.automaticTableSample else { break }
      read += 1
      guard document.kind(of: child) == .object else { continue }
      if isHierarchyNode(child) { return false }
      objects += 1
      for member in document.children(of: child) {
        guard let key = document.key(of: member) else { continue }
        cells += 1
        keys.insert(key)
        if keys.count > Self.automaticTableColumnLimit { return false }
      }
    }
    guard !keys.isEmpty, objects * 5 >= read * 4, count * cells <= Self.automaticTableCellLimit * read else {
      return false
    }
    return cells * 5 >= objects * keys.count * 3
  }

  /// Whether anything may be shown as a table: the automatic rule is on, or a node was
  /// chosen with `T`. When not, nothing below asks the document about tables.
  var mayHaveTables: Bool { automaticTables || !tableChoices.isEmpty }

  /// Whether a node is shown as a table section: its choice by `T`, else the automatic
  /// rule, and never a row or a cell of a table. Decided once per node and kept (an edit
  /// inside a table does not turn it into a tree); the decisions of a node's undecided
  /// ancestors are made first, from the top, without recursion.
  func isTable(_ node: Int) -> Bool {
    noteDiffState()
    if let known = tableDecisions[node] { return known }
    // A row or a cell is never a table of its own.
    if let role = tableRoles[node], role != .none { return false }
    guard mayHaveTables, let value = value(node) else { return false }
    var chain = [value]
    var current = value
    while let parent = lookUpParent(of: current), tableDecisions[store.id(parent).rawValue] == nil {
      chain.append(parent)
      current = parent
    }
    for undecided in chain.reversed() { tableDecisions[store.id(undecided).rawValue] = decideTable(undecided) }
    return tableDecisions[node] ?? false
  }

  /// A diff marks each value on its own line (`· 3 changes`): while the store shows one,
  /// or compares, nothing is a table unless chosen; the decisions are made again when that
  /// changes.
  private func noteDiffState() {
    let showsDiff = store.diff != nil || store.pendingDiff != nil
    if decidedWithDiff != showsDiff {
      decidedWithDiff = showsDiff
      forgetTableDecisions()
    }
  }

  /// The decision for one value whose parent and grandparent are decided.
  private func decideTable(_ value: JSONNode) -> Bool {
    if let parent = lookUpParent(of: value) {
      if tableDecisions[store.id(parent).rawValue] == true { return false }
      if let grandparent = lookUpParent(of: parent), tableDecisions[store.id(grandparent).rawValue] == true {
        return false
      }
    }
    // One level of groups at the most: an array of more than `groupSize`² elements stays a tree.
    if let size = topGroupSize(forCount: store.shownChildCount(of: value)), size != groupSize { return false }
    if let chosen = tableChoices[store.id(value).rawValue] { return chosen }
    return automaticTables && !decidedWithDiff && looksLikeTable(value)
  }

  /// Shows a container as a table section, or as a tree again.
  /// - Returns: whether it is a table now; `nil` when it cannot be one (not records).
  func toggleTable(ofNode node: Int) -> Bool? {
    if isTable(node) {
      tableChoices[node] = false
      forgetTableDecisions()
      return false
    }
    guard let value = value(node), isTableShaped(value) else { return nil }
    tableChoices[node] = true
    forgetTableDecisions()
    return isTable(node)
  }

  /// Every table decision and column read is made again: a choice changed, or the rule
  /// (the tree's orientation).
  func forgetTableDecisions() {
    tableDecisions.removeAll()
    tableColumnCache.removeAll()
    tableRoles.removeAll()
  }

  /// The node a table toggle acts on from the focused node: the table it is a row or cell
  /// of, else the focused container itself (a group: its owner).
  func tableToggleTarget(forNode node: Int) -> Int? {
    if let group = group(node) { return group.owner.rawValue }
    guard let value = value(node) else { return nil }
    if let owner = tableOwner(ofRowOrCell: value) { return owner }
    // On a record of an array of records, or on a field of one: that array.
    if !isTableShaped(value), let parent = lookUpParent(of: value) {
      if isTableShaped(parent) { return store.id(parent).rawValue }
      if let grandparent = lookUpParent(of: parent), isTableShaped(grandparent) {
        return store.id(grandparent).rawValue
      }
    }
    return store.document.isContainer(value) ? node : nil
  }

  /// The table section a value is a row or a cell of, if any.
  func tableOwner(ofRowOrCell value: JSONNode) -> Int? {
    guard mayHaveTables, let parent = lookUpParent(of: value) else { return nil }
    let parentNode = store.id(parent).rawValue
    if isTable(parentNode) { return parentNode }
    guard let grandparent = lookUpParent(of: parent) else { return nil }
    let grandparentNode = store.id(grandparent).rawValue
    return isTable(grandparentNode) ? grandparentNode : nil
  }

  /// Whether a node is an element of `table` or a member of one (a row or a cell of it as
  /// a table section), whether or not it is shown as one.
  func isRowOrCell(_ node: Int, ofTable table: Int) -> Bool {
    guard let value = value(node), let parent = lookUpParent(of: value) else { return false }
    if store.id(parent).rawValue == table { return true }
    return lookUpParent(of: parent).map { store.id($0).rawValue == table } ?? false
  }

  /// What a listed node is in a table section: a row, a cell, or neither.
  enum TableRole {
    case none, row, cell
  }

  /// The parent of a value in the document, counted (``tableParentLookups``): in a large
  /// file each is a search of the container index, the cost listing a table's rows avoids.
  func lookUpParent(of value: JSONNode) -> JSONNode? {
    tableParentLookups += 1
    return store.document.parent(of: value)
  }

  /// What the children of a node are in a table section, from what the node is: a row's
  /// children are cells, a table's are rows. Nil when nothing may be a table.
  func tableRoleOfChildren(ofNode node: Int) -> TableRole? {
    guard mayHaveTables, node >= 0 else { return nil }
    noteDiffState()
    let own = tableRoles[node] ?? value(node).map(tableRole(of:)) ?? TableRole.none
    switch own {
    case .row: return .cell
    case .cell: return TableRole.none
    case .none: return isTable(node) ? .row : TableRole.none
    }
  }

  /// Whether a value is a row or a cell of a table section: noted when it was listed, else
  /// read from its parent and grandparent.
  private func tableRole(of value: JSONNode) -> TableRole {
    guard mayHaveTables else { return .none }
    noteDiffState()
    if let known = tableRoles[store.id(value).rawValue] { return known }
    guard let parent = lookUpParent(of: value) else { return .none }
    if isTable(store.id(parent).rawValue) { return .row }
    guard let grandparent = lookUpParent(of: parent) else { return .none }
    return isTable(store.id(grandparent).rawValue) ? .cell : .none
  }

  /// Rows open, cells closed; nil for any other node.
  func tableCollapseState(ofNode node: Int) -> Bool? {
    guard mayHaveTables, let value = value(node) else { return nil }
    let role = tableRole(of: value)
    return role == .none ? nil : role == .cell
  }

  /// Whether a node is a cell of a table section.
  func isTableCell(_ node: Int) -> Bool {
    guard mayHaveTables, let value = value(node) else { return false }
    return tableRole(of: value) == .cell
  }

  /// The kind of value a cell of a table section holds (its colour, as in the table
  /// view); nil for any other node.
  func tableCellKind(_ node: Int) -> JSONKind? {
    guard mayHaveTables, let value = value(node), tableRole(of: value) == .cell else { return nil }
    return store.document.kind(of: value)
  }

  /// A row's label is its index (or key); a cell's is its value alone (strings unquoted,
  /// as the table view shows them; a container its preview). Nil for other values.
  func tableLabel(of value: JSONNode) -> String? {
    let role = tableRole(of: value)
    guard role != .none else { return nil }
    let document = store.document
    if role == .row { return document.key(of: value) ?? "[\(document.position(of: value) ?? 0)]" }
    if document.isContainer(value) {
      return inlinePreview(of: value, fitting: Self.tableCellPreviewColumns) ?? "…"
    }
    return JSONPreview.inline(value, in: document, limit: 80)
  }

  /// The columns a nested value's preview in a cell is made for: a column's widest
  /// (TermGrid's default `maximumTableColumnWidth`, 24) less the `▸ ` before it, so the
  /// preview ends with its own `…}` rather than being cut again.
  static let tableCellPreviewColumns = 22

  // MARK: - TreeNodeProvider

  func tableColumns(ofNode node: Int) -> [String]? {
    guard mayHaveTables else { return nil }
    return columns(ofTable: node)?.titles
  }

  func tableDescription(ofNode node: Int) -> TreeTableDescription? {
    guard mayHaveTables else { return nil }
    return columns(ofTable: node)?.description
  }

  /// A cell's column; a key no row read before had (past the rows of a grouped table its
  /// columns were read from) is a new column at the end.
  func tableColumn(ofNode node: Int, inTableOf table: Int) -> Int? {
    guard let value = value(node), let key = store.document.key(of: value), columns(ofTable: table) != nil else {
      return nil
    }
    return tableColumnCache[table]?.add(key)
  }

  /// The columns of a node shown as a table section, read once: the keys of all its rows
  /// (of its first ``groupSize`` when its rows are grouped; the keys of the others are
  /// added as their groups are listed, ``addColumns(ofLaterRow:toTable:)``), each column's
  /// type from its first ``tableTypeSample`` values. Nil for a node shown as a tree, and
  /// for an array so large its groups are grouped again.
  private func columns(ofTable node: Int) -> TableColumns? {
    if let known = tableColumnCache[node] { return known }
    guard node >= 0, isTable(node), let value = value(node), let source = childSource(of: value) else { return nil }
    let document = store.document
    var columns = TableColumns()
    let count = store.shownChildCount(of: source)
    if let size = topGroupSize(forCount: count) {
      guard size == groupSize else { return nil }
      columns.rowsAreGrouped = true
    }
    for (position, row) in store.shownChildren(of: source).enumerated() {
      guard position < groupSize else { break }
      addKeys(of: row, to: &columns, in: document)
    }
    tableColumnCache[node] = columns
    return columns
  }

  /// Rows of a grouped table listed after its columns were read (a later group opened):
  /// a key no row read before had becomes a column at the end, titled and typed, before
  /// the layout next asks for the table's header.
  func addColumns(ofLaterRows positions: Range<Int>, of source: JSONNode, toTable table: Int) {
    guard var columns = tableColumnCache.removeValue(forKey: table) else { return }
    let document = store.document
    for position in positions {
      if let row = store.shownChild(at: position, of: source) { addKeys(of: row, to: &columns, in: document) }
    }
    tableColumnCache[table] = columns
  }

  /// A row's keys into the columns, each value typing its column while the column has
  /// read fewer than ``tableTypeSample``.
  private func addKeys(of row: JSONNode, to columns: inout TableColumns, in document: JSONDocument) {
    guard document.kind(of: row) == .object else { return }
    for member in document.children(of: row) {
      guard let key = document.key(of: member), let column = columns.add(key),
        columns.typedCounts[column] < Self.tableTypeSample
      else { continue }
      columns.typedCounts[column] += 1
      columns.types[column].add(member, in: document)
    }
  }
}
