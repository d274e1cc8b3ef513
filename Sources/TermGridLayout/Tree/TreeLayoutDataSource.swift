import TermGridCore

/// What a ``TreeLayout`` asks about the tree it lays out: the guide's custom protocol
/// ("Custom Layouts: A Worked Example", Listing 6-1), so the layout works with any object
/// that describes a tree and is tied to no particular data source.
///
/// The tree lives in the collection view's sections: section `d` holds the nodes at depth
/// `d` (section 0 the roots), and the items of a section are its nodes. The children of one
/// node are consecutive items of the next section, and every item of a section past 0 is
/// the child of exactly one node of the section before it. Listing the nodes of each depth
/// in the order a depth-first walk meets them (as ``TreeModel`` does) satisfies both rules.
///
/// Only ``childItems(ofItemAt:)`` is required. The layout reads the other answers to size
/// nodes (label width, collapse marker, hidden-count badge); cells and pinned rows are
/// configured with the label and kind by the collection view's data source.
public protocol TreeLayoutDataSource: AnyObject {
  /// The node's children, as items of section `indexPath.section + 1`; an empty range for a
  /// leaf or a collapsed node (its descendants are not in the collection view).
  func childItems(ofItemAt indexPath: IndexPath) -> Range<Int>

  /// The node's label, as its cell shows it. The default is empty.
  func label(ofItemAt indexPath: IndexPath) -> String

  /// The label's width in terminal columns. The default measures ``label(ofItemAt:)`` with
  /// ``TextWidth/displayWidth(of:)``; data sources with many nodes should cache widths and
  /// answer here. The full pass reads ``describeItems(inSection:count:_:)``; this is asked
  /// for a node described with an estimate when it is measured, and after an invalidation
  /// that names the node.
  func labelWidth(ofItemAt indexPath: IndexPath) -> Int

  /// The node's kind, a key of ``Theme/kinds`` ("normal", "important", "critical", or any
  /// other the theme knows). The default is "normal".
  func kind(ofItemAt indexPath: IndexPath) -> String

  /// Whether the node is collapsed: it has descendants that are not shown. The default is
  /// `false`.
  func isItemCollapsed(at indexPath: IndexPath) -> Bool

  /// How many descendants a collapsed node hides, shown in its badge. The default is 0 (no
  /// badge).
  func hiddenDescendantCount(ofItemAt indexPath: IndexPath) -> Int

  /// Describes the first `count` items of a section, in order, one call of `body` per item
  /// with its item number: what the layout's full pass reads. The default asks the per-item
  /// methods above; a data source with many nodes can answer from its own arrays in one
  /// loop, without a dynamic call per question.
  func describeItems(inSection section: Int, count: Int, _ body: (_ item: Int, TreeNodeDescription) -> Void)

  /// How a node's children are laid out as the rows of a table section (outline
  /// orientation), or `nil`, the default, for a node whose children are drawn as the tree's
  /// rows. Asked by the default ``describeItems(inSection:count:_:)`` for nodes with shown
  /// children.
  func tableDescription(ofItemAt indexPath: IndexPath) -> TreeTableDescription?

  /// The table column of a cell: a child of a row of a table section. `nil`, the default,
  /// puts the cell in the column of its place among its row's children.
  func tableColumn(ofItemAt indexPath: IndexPath) -> Int?
}

/// How a ``TreeLayout`` lays a node's children out as a table section in an outline: each
/// child is a row (one row of the outline, its label in a row-label column) and each child
/// of a row is a cell in one of the columns, on the row's line; a header row with the
/// column titles sits between the node and its first row and stays pinned at the top of the
/// visible area while the table's rows are in view. The rows may come in groups
/// (``rowsAreGrouped``): one table across all of them.
public struct TreeTableDescription: Hashable, Sendable {
  /// The columns' titles, in column order (a record array's union of keys).
  public var columnTitles: [String]
  /// The columns whose cells and title are drawn against their right edge, as a
  /// spreadsheet draws numbers.
  public var trailingColumns: Set<Int>
  /// What a row without a cell in a column shows there (a record without the key), drawn
  /// dimmed by a ``ElementKind/tableGaps`` view; `nil`, the default, leaves it blank.
  public var missingMark: String?
  /// Whether the node's children are groups of rows rather than rows: each child is laid
  /// out as a node of the tree at its place (a long array's pages, `[0 … 9999]`,
  /// `[10000 … 19999]`, open or not), and the children of the open ones are the table's
  /// rows, one indent right of them. The header, the columns and their widths are the whole
  /// table's: the header is pinned while a row of any group is in view. `false`, the
  /// default: the children are the rows.
  public var rowsAreGrouped: Bool

  /// Creates a table description.
  public init(
    columnTitles: [String], trailingColumns: Set<Int> = [], missingMark: String? = nil, rowsAreGrouped: Bool = false
  ) {
    self.columnTitles = columnTitles
    self.trailingColumns = trailingColumns
    self.missingMark = missingMark
    self.rowsAreGrouped = rowsAreGrouped
  }
}

/// What a ``TreeLayout`` reads about one node to place and size it.
public struct TreeNodeDescription: Hashable, Sendable {
  /// The node's shown children, as items of the next section.
  public var childItems: Range<Int>
  /// The label's width in columns.
  public var labelWidth: Int
  /// Whether the node is collapsed.
  public var isCollapsed: Bool
  /// How many descendants a collapsed node hides.
  public var hiddenDescendantCount: Int
  /// Whether the label width, the collapsed state and the hidden count are estimates that
  /// cost nothing to give (UIKit's estimated item sizes): the layout asks
  /// ``TreeLayoutDataSource/labelWidth(ofItemAt:)``, ``TreeLayoutDataSource/isItemCollapsed(at:)``
  /// and ``TreeLayoutDataSource/hiddenDescendantCount(ofItemAt:)`` for the real values when
  /// it needs them: in columns at once (a column is as wide as its widest node), in an
  /// outline only when the node comes into view (a rect query or an on-demand method), and
  /// never while the collection view asks for the attributes before a batch update (the
  /// data source then holds the new data). ``childItems`` is never an estimate. An outline
  /// is as wide as the nodes measured so far.
  public var isEstimated: Bool
  /// When set on a node with shown children in an outline, its children are laid out as
  /// the rows of a table section with these columns (``TreeTableDescription``).
  public var table: TreeTableDescription?
  /// For a child of a table section's row, the column it is drawn in; `nil` puts it in the
  /// column of its place among its row's children. Ignored for any other node.
  public var tableColumn: Int?

  /// Creates a description.
  public init(
    childItems: Range<Int>, labelWidth: Int, isCollapsed: Bool = false, hiddenDescendantCount: Int = 0,
    isEstimated: Bool = false, table: TreeTableDescription? = nil, tableColumn: Int? = nil
  ) {
    self.table = table
    self.tableColumn = tableColumn
    self.childItems = childItems
    self.labelWidth = labelWidth
    self.isCollapsed = isCollapsed
    self.hiddenDescendantCount = hiddenDescendantCount
    self.isEstimated = isEstimated
  }
}

extension TreeLayoutDataSource {
  public func label(ofItemAt indexPath: IndexPath) -> String { "" }

  public func labelWidth(ofItemAt indexPath: IndexPath) -> Int {
    TextWidth.displayWidth(of: label(ofItemAt: indexPath))
  }

  public func kind(ofItemAt indexPath: IndexPath) -> String { TreeNodeKind.normal }

  public func isItemCollapsed(at indexPath: IndexPath) -> Bool { false }

  public func hiddenDescendantCount(ofItemAt indexPath: IndexPath) -> Int { 0 }

  public func tableDescription(ofItemAt indexPath: IndexPath) -> TreeTableDescription? { nil }

  public func tableColumn(ofItemAt indexPath: IndexPath) -> Int? { nil }

  public func describeItems(inSection section: Int, count: Int, _ body: (_ item: Int, TreeNodeDescription) -> Void) {
    for item in 0..<max(0, count) {
      let indexPath = IndexPath(item: item, section: section)
      let isCollapsed = isItemCollapsed(at: indexPath)
      let children = childItems(ofItemAt: indexPath)
      body(
        item,
        TreeNodeDescription(
          childItems: children, labelWidth: labelWidth(ofItemAt: indexPath),
          isCollapsed: isCollapsed, hiddenDescendantCount: isCollapsed ? hiddenDescendantCount(ofItemAt: indexPath) : 0,
          table: children.isEmpty ? nil : tableDescription(ofItemAt: indexPath),
          tableColumn: section >= 2 ? tableColumn(ofItemAt: indexPath) : nil)
      )
    }
  }

  /// The node's children as index paths (the guide's `children` array).
  public func childIndexPaths(ofItemAt indexPath: IndexPath) -> [IndexPath] {
    childItems(ofItemAt: indexPath).map { IndexPath(item: $0, section: indexPath.section + 1) }
  }

  /// Every shown descendant of a node, depth by depth, in item order: the items a collapse
  /// deletes (ask before the data changes) or an expansion inserts (ask after).
  public func indexPathsOfDescendants(ofItemAt indexPath: IndexPath) -> [IndexPath] {
    var result: [IndexPath] = []
    var level: [Int] = [indexPath.item]
    var section = indexPath.section
    while !level.isEmpty {
      var next: [Int] = []
      for item in level {
        next.append(contentsOf: childItems(ofItemAt: IndexPath(item: item, section: section)))
      }
      section += 1
      next.sort()
      result.append(contentsOf: next.map { IndexPath(item: $0, section: section) })
      level = next
    }
    return result
  }
}
