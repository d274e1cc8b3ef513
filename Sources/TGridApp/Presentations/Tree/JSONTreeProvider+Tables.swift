import TGridJSON
import TermGrid

/// Tables inside the tree (issue 29.6): an array of records, or an object of records, shown
/// in place as a table section of the outline (TermGrid's ``TreeTableDescription``): its
/// elements are the rows, their members the cells, in the columns of the union of their
/// keys. Rows are always open and cells closed (a nested value shows its preview and opens
/// in place on Enter). An array grouped by ``JSONTreeProvider/groupSize`` is a table per
/// group.
extension JSONTreeProvider {
  /// The columns of one table section: the union of its records' keys, in the order they
  /// are first met.
  struct TableColumns {
    var titles: [String] = []
    var index: [String: Int] = [:]
    /// Each column's type, from the values of the rows read (as the table view infers it).
    var types: [ColumnType.Tally] = []

    /// The column of `key`, added when it is new (nil past ``JSONTreeProvider/tableColumnLimit``).
    mutating func add(_ key: String) -> Int? {
      if let known = index[key] { return known }
      guard titles.count < JSONTreeProvider.tableColumnLimit else { return nil }
      index[key] = titles.count
      titles.append(key)
      types.append(ColumnType.Tally())
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
      return TreeTableDescription(columnTitles: marked, trailingColumns: trailing, missingMark: "·")
    }
  }

  /// How many rows of a table section its columns' types are read from (as the table view
  /// reads its first 200 rows shown).
  static let tableTypeSample = 200

  /// The most columns a table section has; keys past them stay in their rows (as cells of
  /// the column of their place).
  static let tableColumnLimit = 200

  /// The most elements read to decide whether a container holds records.
  static let tableShapeSample = 1_000

  /// Whether a value's elements are mostly records sharing keys: at least half of those
  /// read are objects, and the keys they share most are in at least half of them.
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

  /// Shows a container as a table section, or as a tree again.
  /// - Returns: whether it is a table now; `nil` when it cannot be one (not records).
  func toggleTable(ofNode node: Int) -> Bool? {
    if tableNodes.remove(node) != nil {
      tableColumnCache.removeAll()
      return false
    }
    guard let value = value(node), isTableShaped(value) else { return nil }
    tableNodes.insert(node)
    tableColumnCache.removeAll()
    return true
  }

  /// The node a table toggle acts on from the focused node: the table it is a row or cell
  /// of, else the focused container itself (a group: its owner).
  func tableToggleTarget(forNode node: Int) -> Int? {
    if let group = group(node) { return group.owner.rawValue }
    guard let value = value(node) else { return nil }
    if let owner = tableOwner(ofRowOrCell: value) { return owner }
    // On a record of an array of records: that array.
    if !isTableShaped(value), let parent = store.document.parent(of: value), isTableShaped(parent) {
      return store.id(parent).rawValue
    }
    return store.document.isContainer(value) ? node : nil
  }

  /// The table section a value is a row or a cell of, if any.
  func tableOwner(ofRowOrCell value: JSONNode) -> Int? {
    guard !tableNodes.isEmpty, let parent = store.document.parent(of: value) else { return nil }
    let parentNode = store.id(parent).rawValue
    if tableNodes.contains(parentNode) { return parentNode }
    guard let grandparent = store.document.parent(of: parent) else { return nil }
    let grandparentNode = store.id(grandparent).rawValue
    return tableNodes.contains(grandparentNode) ? grandparentNode : nil
  }

  /// Whether a node is an element of `table` or a member of one (a row or a cell of it as
  /// a table section), whether or not it is shown as one.
  func isRowOrCell(_ node: Int, ofTable table: Int) -> Bool {
    guard let value = value(node), let parent = store.document.parent(of: value) else { return false }
    if store.id(parent).rawValue == table { return true }
    return store.document.parent(of: parent).map { store.id($0).rawValue == table } ?? false
  }

  /// Whether a value is a row (1) or a cell (2) of a table section, or neither (nil).
  private func tableRole(of value: JSONNode) -> Int? {
    guard !tableNodes.isEmpty, let parent = store.document.parent(of: value) else { return nil }
    if tableNodes.contains(store.id(parent).rawValue) { return 1 }
    guard let grandparent = store.document.parent(of: parent) else { return nil }
    return tableNodes.contains(store.id(grandparent).rawValue) ? 2 : nil
  }

  /// Rows open, cells closed; nil for any other node.
  func tableCollapseState(ofNode node: Int) -> Bool? {
    guard !tableNodes.isEmpty, let value = value(node), let role = tableRole(of: value) else { return nil }
    return role == 2
  }

  /// Whether a node is a cell of a table section.
  func isTableCell(_ node: Int) -> Bool {
    guard !tableNodes.isEmpty, let value = value(node) else { return false }
    return tableRole(of: value) == 2
  }

  /// The kind of value a cell of a table section holds (its colour, as in the table
  /// view); nil for any other node.
  func tableCellKind(_ node: Int) -> JSONKind? {
    guard !tableNodes.isEmpty, let value = value(node), tableRole(of: value) == 2 else { return nil }
    return store.document.kind(of: value)
  }

  /// A row's label is its index (or key); a cell's is its value alone (strings unquoted,
  /// as the table view shows them; a container its preview). Nil for other values.
  func tableLabel(of value: JSONNode) -> String? {
    guard let role = tableRole(of: value) else { return nil }
    let document = store.document
    if role == 1 { return document.key(of: value) ?? "[\(document.position(of: value) ?? 0)]" }
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
    guard !tableNodes.isEmpty else { return nil }
    return columns(ofTable: node)?.titles
  }

  func tableDescription(ofNode node: Int) -> TreeTableDescription? {
    guard !tableNodes.isEmpty else { return nil }
    return columns(ofTable: node)?.description
  }

  func tableColumn(ofNode node: Int, inTableOf table: Int) -> Int? {
    guard let value = value(node), let key = store.document.key(of: value) else { return nil }
    return columns(ofTable: table)?.index[key]
  }

  /// The columns of a node shown as a table section: a container in table mode whose
  /// children are its elements, or a group of such a container's elements.
  private func columns(ofTable node: Int) -> TableColumns? {
    if let known = tableColumnCache[node] { return known }
    let document = store.document
    var columns = TableColumns()
    if let group = group(node) {
      guard tableNodes.contains(group.owner.rawValue), group.size == groupSize, let owner = store.node(group.owner),
        let source = childSource(of: owner)
      else { return nil }
      for (read, position) in positions(of: group).enumerated() {
        guard let row = store.shownChild(at: position, of: source) else { continue }
        addKeys(of: row, to: &columns, in: document, typing: read < Self.tableTypeSample)
      }
    } else {
      guard tableNodes.contains(node), let value = value(node), let source = childSource(of: value),
        topGroupSize(forCount: store.shownChildCount(of: source)) == nil
      else { return nil }
      var read = 0
      store.forEachShownChild(of: source) {
        addKeys(of: $0, to: &columns, in: document, typing: read < Self.tableTypeSample)
        read += 1
      }
    }
    tableColumnCache[node] = columns
    return columns
  }

  private func addKeys(of row: JSONNode, to columns: inout TableColumns, in document: JSONDocument, typing: Bool) {
    guard document.kind(of: row) == .object else { return }
    for member in document.children(of: row) {
      guard let key = document.key(of: member), let column = columns.add(key), typing else { continue }
      columns.types[column].add(member, in: document)
    }
  }
}
