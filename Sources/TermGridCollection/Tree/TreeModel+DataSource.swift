import TermGridCore
import TermGridLayout
import TermGridViews

extension TreeModel: CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { numberOfSections }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    numberOfItems(inSection: section)
  }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(
      TreeNodeCell.self, withReuseIdentifier: nodeCellReuseIdentifier, for: indexPath)
    // Asked about an index path this model no longer has (mid-update), show nothing rather
    // than stop: the collection view asks again once the update is applied.
    guard isValid(indexPath) else { return cell }
    let node = node(at: indexPath)
    cell.configure(label: provider.label(ofNode: node), kind: provider.kind(ofNode: node))
    configureCell?(cell, node, indexPath)
    return cell
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    switch kind {
    case ElementKind.connector:
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.connectorReuseIdentifier, for: indexPath)
    case ElementKind.tableHeader:
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.tableHeaderReuseIdentifier, for: indexPath)
    case ElementKind.tableGaps:
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.tableGapsReuseIdentifier, for: indexPath)
    case ElementKind.pinnedAncestor:
      guard isValid(indexPath) else { return nil }
      let row = collectionView.dequeueReusableSupplementaryView(
        TreeNodeCell.self, ofKind: kind, withReuseIdentifier: Self.nodeReuseIdentifier, for: indexPath)
      let node = node(at: indexPath)
      row.configure(label: provider.label(ofNode: node), kind: provider.kind(ofNode: node))
      configureCell?(row, node, indexPath)
      return row
    default:
      return nil
    }
  }
}

extension TreeModel: TreeLayoutDataSource {
  public func childItems(ofItemAt indexPath: IndexPath) -> Range<Int> {
    guard isValid(indexPath) else { return 0..<0 }
    let starts = levels[indexPath.section].childStarts
    return Int(starts[indexPath.item])..<Int(starts[indexPath.item + 1])
  }

  public func label(ofItemAt indexPath: IndexPath) -> String {
    isValid(indexPath) ? provider.label(ofNode: node(at: indexPath)) : ""
  }

  public func labelWidth(ofItemAt indexPath: IndexPath) -> Int {
    isValid(indexPath) ? measuredWidth(at: indexPath) : 0
  }

  public func kind(ofItemAt indexPath: IndexPath) -> String {
    isValid(indexPath) ? provider.kind(ofNode: node(at: indexPath)) : TreeNodeKind.normal
  }

  public func isItemCollapsed(at indexPath: IndexPath) -> Bool { isCollapsed(at: indexPath) }

  public func hiddenDescendantCount(ofItemAt indexPath: IndexPath) -> Int {
    isCollapsed(at: indexPath) ? hiddenCount(ofNode: node(at: indexPath)) : 0
  }

  public func describeItems(inSection section: Int, count: Int, _ body: (_ item: Int, TreeNodeDescription) -> Void) {
    let level = levels.indices.contains(section) ? levels[section] : Level()
    let shown = min(count, level.count)
    // Nodes not measured yet are described by the mean width of those that are.
    var measuredTotal = 0
    var measuredCount = 0
    var unmeasured = 0
    for width in level.widths {
      if width >= 0 {
        measuredTotal += Int(width)
        measuredCount += 1
      } else {
        unmeasured += 1
      }
    }
    let estimate = unmeasured == 0 ? 0 : measuredCount > 0 ? measuredTotal / measuredCount : 16
    let cellColumns = tableCellColumns(inSection: section)
    level.childStarts.withUnsafeBufferPointer { starts in
      level.widths.withUnsafeBufferPointer { widths in
        level.flags.withUnsafeBufferPointer { flags in
          for item in 0..<shown {
            let childItems = Int(starts[item])..<Int(starts[item + 1])
            let table = childItems.isEmpty ? nil : provider.tableDescription(ofNode: level.nodes[item])
            let column = cellColumns.isEmpty ? nil : cellColumns[item]
            if widths[item] < 0 || flags[item] & Flags.unresolved != 0 {
              body(
                item,
                TreeNodeDescription(
                  childItems: childItems, labelWidth: widths[item] < 0 ? estimate : Int(widths[item]),
                  isCollapsed: flags[item] & (Flags.collapsed | Flags.unresolved) != 0, isEstimated: true,
                  table: table, tableColumn: column))
              continue
            }
            let isCollapsed = flags[item] & Flags.collapsed != 0
            body(
              item,
              TreeNodeDescription(
                childItems: childItems, labelWidth: Int(widths[item]), isCollapsed: isCollapsed,
                hiddenDescendantCount: isCollapsed ? hiddenCount(ofNode: level.nodes[item]) : 0,
                table: table, tableColumn: column))
          }
        }
      }
    }
    // Items the collection view has and this model does not (never, when both agree).
    for item in shown..<max(shown, count) { body(item, TreeNodeDescription(childItems: 0..<0, labelWidth: 0)) }
  }
}

extension TreeModel {
  /// The reuse identifier of table headers.
  public static let tableHeaderReuseIdentifier = "TreeTableHeader"
  /// The reuse identifier of table rows' gaps views.
  public static let tableGapsReuseIdentifier = "TreeTableGaps"

  /// The column of each item of a section that is a cell of a table section two levels up
  /// (three when its rows are grouped, ``TreeTableDescription/rowsAreGrouped``; `nil` for
  /// the others), or empty when there is none: the provider is asked only about the
  /// children of the rows of nodes it lays out as tables.
  func tableCellColumns(inSection section: Int) -> [Int?] {
    guard section >= 2, levels.indices.contains(section) else { return [] }
    var columns: [Int?] = []
    /// Each cell below the rows `rowRange` of level `section - 1`, in the columns of `table`.
    func fill(rows rowRange: Range<Int>, ofTable table: Int) {
      let rows = levels[section - 1]
      if columns.isEmpty { columns = [Int?](repeating: nil, count: levels[section].count) }
      for cell in Int(rows.childStarts[rowRange.lowerBound])..<Int(rows.childStarts[rowRange.upperBound])
      where cell < columns.count {
        columns[cell] = provider.tableColumn(ofNode: levels[section].nodes[cell], inTableOf: table)
      }
    }
    let tables = levels[section - 2]
    for item in 0..<tables.count {
      let rowRange = Int(tables.childStarts[item])..<Int(tables.childStarts[item + 1])
      guard !rowRange.isEmpty, let description = provider.tableDescription(ofNode: tables.nodes[item]),
        !description.rowsAreGrouped
      else { continue }
      fill(rows: rowRange, ofTable: tables.nodes[item])
    }
    guard section >= 3 else { return columns }
    let groupedTables = levels[section - 3]
    let groups = levels[section - 2]
    for item in 0..<groupedTables.count {
      let groupRange = Int(groupedTables.childStarts[item])..<Int(groupedTables.childStarts[item + 1])
      guard !groupRange.isEmpty,
        provider.tableDescription(ofNode: groupedTables.nodes[item])?.rowsAreGrouped == true
      else { continue }
      let rowRange = Int(groups.childStarts[groupRange.lowerBound])..<Int(groups.childStarts[groupRange.upperBound])
      guard !rowRange.isEmpty else { continue }
      fill(rows: rowRange, ofTable: groupedTables.nodes[item])
    }
    return columns
  }

  /// The column of a cell of a table section, or `nil` for a node that is none.
  public func tableColumn(ofItemAt indexPath: IndexPath) -> Int? {
    guard isValid(indexPath), let row = parentIndexPath(ofItemAt: indexPath),
      let parent = parentIndexPath(ofItemAt: row)
    else { return nil }
    if let description = provider.tableDescription(ofNode: node(at: parent)), !description.rowsAreGrouped {
      return provider.tableColumn(ofNode: node(at: indexPath), inTableOf: node(at: parent))
    }
    guard let table = parentIndexPath(ofItemAt: parent),
      provider.tableDescription(ofNode: node(at: table))?.rowsAreGrouped == true
    else { return nil }
    return provider.tableColumn(ofNode: node(at: indexPath), inTableOf: node(at: table))
  }

  /// The column titles of a node shown as a table section, or `nil`.
  public func tableDescription(ofItemAt indexPath: IndexPath) -> TreeTableDescription? {
    guard isValid(indexPath), hasChildren(at: indexPath), !isCollapsed(at: indexPath) else { return nil }
    return provider.tableDescription(ofNode: node(at: indexPath))
  }
}
