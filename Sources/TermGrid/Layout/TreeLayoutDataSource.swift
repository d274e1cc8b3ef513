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
  /// answer here, since the layout asks for every node on each full pass.
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
}

extension TreeLayoutDataSource {
  public func label(ofItemAt indexPath: IndexPath) -> String { "" }

  public func labelWidth(ofItemAt indexPath: IndexPath) -> Int {
    TextWidth.displayWidth(of: label(ofItemAt: indexPath))
  }

  public func kind(ofItemAt indexPath: IndexPath) -> String { TreeNodeKind.normal }

  public func isItemCollapsed(at indexPath: IndexPath) -> Bool { false }

  public func hiddenDescendantCount(ofItemAt indexPath: IndexPath) -> Int { 0 }

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

/// The node kinds the standard themes colour (the talk's Normal, Important and Critical).
public enum TreeNodeKind {
  /// An ordinary node.
  public static let normal = "normal"
  /// A node to notice.
  public static let important = "important"
  /// A node that needs attention now.
  public static let critical = "critical"
}
