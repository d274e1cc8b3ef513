import TermGridCore

/// Where a table section of an outline is, in cells: its row-label column, its columns and
/// the rows it spans.
struct TreeTableGeometry: Hashable {
  /// The columns' titles; a cell placed past the last titled column adds untitled ones.
  var titles: [String]
  /// The columns drawn against their right edge.
  var trailingColumns: Set<Int> = []
  /// What a row shows in a column it has no cell in; nil: nothing.
  var missingMark: String?
  /// Whether the table's children are groups of its rows (``TreeTableDescription/rowsAreGrouped``).
  var rowsAreGrouped = false
  /// The column where the rows' labels (and the header) start: one indent right of the node.
  var left = 0
  /// The width of the row-label column: the widest row label measured.
  var rowLabelWidth = 0
  /// Each column's left edge, from ``left``.
  var columnOffsets: [Int] = []
  /// Each column's width.
  var columnWidths: [Int] = []
  /// The header's own row: the one after the node's.
  var headerRow = 0
  /// The last row of the table's content (its last row, or what a cell of it shows below).
  var lastRow = 0

  /// Columns from ``left`` to the end of the last column.
  var width: Int {
    guard let offset = columnOffsets.last, let last = columnWidths.last else { return rowLabelWidth }
    return offset + last
  }
}

extension TreeLayoutCache {
  /// Records the tables the data source described, the rows of each and the column of
  /// each of their cells.
  mutating func readTables(_ descriptions: [Int: TreeTableDescription], columnHints: [Int: Int]) {
    cellColumns = [Int32](repeating: -1, count: count)
    rowTables = [Int32](repeating: -1, count: count)
    var rowGroups = Set<Int>()
    // Shallower first: a row of a table is not a table of its own (its children are
    // cells), nor is a group of a table's rows or a cell.
    for table in descriptions.keys.sorted() {
      guard let description = descriptions[table], rowTables[table] < 0, cellColumns[table] < 0,
        !rowGroups.contains(table)
      else { continue }
      var geometry = TreeTableGeometry(
        titles: description.columnTitles, trailingColumns: description.trailingColumns,
        missingMark: description.missingMark, rowsAreGrouped: description.rowsAreGrouped)
      geometry.left = (Int(depths[table]) + (description.rowsAreGrouped ? 2 : 1)) * parameters.indentWidth
      if description.rowsAreGrouped {
        let firstGroup = Int(firstChildren[table])
        rowGroups.formUnion(firstGroup..<(firstGroup + Int(childCounts[table])))
      }
      forEachRow(ofTable: table, rowsAreGrouped: description.rowsAreGrouped) { row in
        rowTables[row] = Int32(truncatingIfNeeded: table)
        let firstCell = Int(firstChildren[row])
        for (place, cell) in (firstCell..<(firstCell + Int(childCounts[row]))).enumerated() {
          let column = max(0, columnHints[cell] ?? place)
          cellColumns[cell] = Int32(clamping: column)
          while geometry.titles.count <= column { geometry.titles.append("") }
          dropBadgeOfCell(cell)
        }
        return true
      }
      tables[table] = geometry
    }
    tableNodes = tables.keys.sorted()
  }

  /// Calls `body` with each row of a table in order (the children of its groups' when
  /// its rows are grouped) until it returns false.
  func forEachRow(ofTable table: Int, rowsAreGrouped: Bool, _ body: (Int) -> Bool) {
    let first = Int(firstChildren[table])
    for child in first..<(first + Int(childCounts[table])) {
      guard rowsAreGrouped else {
        if !body(child) { return }
        continue
      }
      let firstRow = Int(firstChildren[child])
      for row in firstRow..<(firstRow + Int(childCounts[child])) where !body(row) { return }
    }
  }

  /// A table's last row: its last child's, or its last open group's last child.
  func lastRow(ofTable table: Int, rowsAreGrouped: Bool) -> Int? {
    let first = Int(firstChildren[table])
    let count = Int(childCounts[table])
    guard count > 0 else { return nil }
    guard rowsAreGrouped else { return first + count - 1 }
    for group in (first..<(first + count)).reversed() where childCounts[group] > 0 {
      return Int(firstChildren[group]) + Int(childCounts[group]) - 1
    }
    return nil
  }

  /// The rows (and their cells) a table's columns are measured from: its first
  /// ``Parameters/tableSampleRows`` rows and its last.
  func sampledTableNodes(ofTable table: Int) -> [Int] {
    let grouped = tables[table]?.rowsAreGrouped ?? false
    var rows: [Int] = []
    forEachRow(ofTable: table, rowsAreGrouped: grouped) { row in
      rows.append(row)
      return rows.count < parameters.tableSampleRows
    }
    if let last = lastRow(ofTable: table, rowsAreGrouped: grouped), rows.last.map({ $0 < last }) ?? false {
      rows.append(last)
    }
    var nodes: [Int] = []
    for row in rows {
      nodes.append(row)
      let firstCell = Int(firstChildren[row])
      nodes.append(contentsOf: firstCell..<(firstCell + Int(childCounts[row])))
    }
    return nodes
  }

  /// The table a node is a row of, if any.
  @inline(__always)
  func table(ofRow global: Int) -> Int? {
    guard !rowTables.isEmpty else { return nil }
    let table = rowTables[global]
    return table >= 0 ? Int(table) : nil
  }

  /// The table a node is a cell of, if any.
  @inline(__always)
  func table(ofCell global: Int) -> Int? {
    guard !cellColumns.isEmpty, cellColumns[global] >= 0 else { return nil }
    return table(ofRow: Int(parents[global]))
  }

  /// Whether a node is a row or a cell of a table section.
  @inline(__always)
  func isTablePart(_ global: Int) -> Bool {
    cellColumns[global] >= 0 || table(ofRow: global) != nil
  }

  /// A cell's column, or `nil` for a node that is none.
  @inline(__always)
  func tableColumn(ofGlobal global: Int) -> Int? {
    guard !cellColumns.isEmpty, cellColumns[global] >= 0 else { return nil }
    return Int(cellColumns[global])
  }

  /// A cell is its column's width and never shows the hidden-count badge: a column says
  /// what is in it, not how much.
  mutating func dropBadgeOfCell(_ global: Int) {
    let size = Self.size(
      labelWidth: Int(labelWidths[global]), isCollapsed: markers[global] == 1, hiddenCount: 0,
      hasShownChildren: markers[global] == 2, parameters: parameters)
    hiddenCounts[global] = 0
    widths[global] = size.width
  }

  /// Sizes every table's columns from its titles and sampled cells, at most
  /// ``Parameters/maximumTableColumnWidth`` wide, and its row-label column from its sampled
  /// row labels.
  mutating func measureTables() {
    let spacing = parameters.tableColumnSpacing
    for table in tableNodes {
      guard var geometry = tables[table] else { continue }
      var labelWidth = 0
      var columnWidths = geometry.titles.map { min(parameters.maximumTableColumnWidth, TextWidth.displayWidth(of: $0)) }
      for global in sampledTableNodes(ofTable: table) {
        if let column = tableColumn(ofGlobal: global) {
          columnWidths[column] = max(columnWidths[column], min(parameters.maximumTableColumnWidth, Int(widths[global])))
        } else {
          labelWidth = max(labelWidth, Int(widths[global]))
        }
      }
      geometry.rowLabelWidth = labelWidth
      geometry.columnWidths = columnWidths.map { max(1, $0) }
      var offset = labelWidth + spacing
      geometry.columnOffsets = geometry.columnWidths.map { width in
        defer { offset += width + spacing }
        return offset
      }
      tables[table] = geometry
    }
  }

  /// The cells a table's row or cell covers; `nil` for any other node.
  func tableCellRect(ofGlobal global: Int) -> CellRect? {
    let row = Int(rows[global])
    if let column = tableColumn(ofGlobal: global), let owner = table(ofCell: global), let table = tables[owner] {
      return CellRect(
        column: table.left + table.columnOffsets[column], row: row, columns: table.columnWidths[column], rows: 1)
    }
    if let owner = table(ofRow: global), let table = tables[owner] {
      return CellRect(column: table.left, row: row, columns: max(1, table.rowLabelWidth), rows: 1)
    }
    return nil
  }

  /// Marks a row or cell of a table in its info, with the width its frame has.
  func describeTablePart(ofGlobal global: Int, in info: inout TreeNodeInfo) {
    if let column = tableColumn(ofGlobal: global), let owner = table(ofCell: global), let table = tables[owner] {
      info.tableColumn = column
      info.width = table.columnWidths[column]
      info.isTableTrailing = table.trailingColumns.contains(column)
    } else if let owner = table(ofRow: global), let table = tables[owner] {
      info.isTableRow = true
      info.width = max(1, table.rowLabelWidth)
    }
  }

  /// The table whose header is pinned when the visible area starts at `topRow`: the
  /// innermost one whose header row is above it while some of its content is at or below
  /// it.
  func pinnedTable(topRow: Int) -> Int? {
    var found: Int?
    for table in tableNodes {
      guard let geometry = tables[table], geometry.headerRow < topRow, geometry.lastRow >= topRow else { continue }
      if let current = found, let other = tables[current], other.headerRow > geometry.headerRow { continue }
      found = table
    }
    return found
  }

  /// The row a table's header is drawn on when the visible area starts at `topRow`, and
  /// whether it is pinned there; `nil` when it is not drawn (its table collapsed to
  /// nothing, or another table's header is pinned over it).
  func headerPlacement(ofTable table: Int, topRow: Int, pinned: Int?) -> (row: Int, isPinned: Bool)? {
    guard let geometry = tables[table] else { return nil }
    if table == pinned { return (topRow, true) }
    return (geometry.headerRow, false)
  }

  /// The cells a row's gaps view covers (from its table's first column to its last) and
  /// what it draws, when its table marks missing cells and the row lacks some; nil
  /// otherwise (and for a collapsed row, whose preview takes its line).
  func tableGaps(ofRow global: Int) -> (cells: CellRect, info: TreeTableGapsInfo)? {
    guard let owner = table(ofRow: global), let table = tables[owner], let mark = table.missingMark,
      let first = table.columnOffsets.first, markers[global] != 1
    else { return nil }
    let columns = table.columnWidths.count
    let firstCell = Int(firstChildren[global])
    let rowCells = firstCell..<(firstCell + Int(childCounts[global]))
    if columns <= 64 {
      // Asked for every row on screen at every pass: a row with a cell in each column (most
      // rows) is known without making an array.
      var mask: UInt64 = 0
      for cell in rowCells where cellColumns[cell] >= 0 && Int(cellColumns[cell]) < columns {
        mask |= 1 << UInt64(cellColumns[cell])
      }
      if mask == (columns == 64 ? ~0 : (1 << UInt64(columns)) - 1) { return nil }
    }
    var filled = [Bool](repeating: false, count: columns)
    for cell in rowCells {
      let column = Int(cellColumns[cell])
      if filled.indices.contains(column) { filled[column] = true }
    }
    var offsets: [Int] = []
    for (column, isFilled) in filled.enumerated() where !isFilled {
      offsets.append(
        table.columnOffsets[column] - first
          + (table.trailingColumns.contains(column) ? table.columnWidths[column] - 1 : 0))
    }
    guard !offsets.isEmpty else { return nil }
    let cells = CellRect(
      column: table.left + first, row: Int(rows[global]), columns: max(1, table.width - first), rows: 1)
    return (cells, TreeTableGapsInfo(mark: mark, offsets: offsets))
  }

  /// The header's info: titles and columns relative to its frame.
  func headerInfo(ofTable table: Int, isPinned: Bool) -> TreeTableHeaderInfo? {
    guard let geometry = tables[table] else { return nil }
    return TreeTableHeaderInfo(
      titles: geometry.titles, columnOffsets: geometry.columnOffsets, columnWidths: geometry.columnWidths,
      isPinned: isPinned, trailingColumns: geometry.trailingColumns)
  }
}
