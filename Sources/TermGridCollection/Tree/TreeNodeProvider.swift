import TermGridCore
import TermGridLayout

/// A tree of nodes named by integers, as ``TreeModel`` reads it: any store of nodes can be
/// one (a JSON document's tape positions, rows of a table, a ``TreeNodeStore``) without
/// making an object per node.
///
/// Node numbers are the provider's own; they only have to be stable while the model uses
/// them. Only roots, children and labels are required; the rest have defaults that a large
/// provider may answer faster.
public protocol TreeNodeProvider: AnyObject {
  /// The nodes at the top of the tree, in order.
  var rootNodes: [Int] { get }

  /// Calls `body` with each child of `node`, in order.
  func forEachChild(ofNode node: Int, _ body: (Int) -> Void)

  /// The text a node shows.
  func label(ofNode node: Int) -> String

  /// The node's kind, a key of ``Theme/kinds``. The default is "normal".
  func kind(ofNode node: Int) -> String

  /// The label's width in columns. The default measures the label.
  func labelWidth(ofNode node: Int) -> Int

  /// Whether the node has any child. The default walks its children.
  func hasChildren(_ node: Int) -> Bool

  /// How many children the node has. The default walks them; a large provider answers
  /// at once, so a node with millions of children costs nothing until they are shown.
  func childCount(ofNode node: Int) -> Int

  /// How many nodes are below `node` (children, their children, and so on). The default
  /// walks the subtree, without recursion.
  func descendantCount(ofNode node: Int) -> Int

  /// The column titles of a node whose children are shown as the rows of a table section
  /// (``TreeTableDescription``: each child a row, each of its children a cell), or `nil`,
  /// the default, for a node shown as a tree. Asked for shown nodes with shown children
  /// at each full layout pass: answer from what is kept.
  func tableColumns(ofNode node: Int) -> [String]?

  /// The whole description of a node's table section: its column titles and how its
  /// columns are drawn (``TreeTableDescription/trailingColumns``). The default makes one
  /// from ``tableColumns(ofNode:)``; it is asked for the same nodes, only when that is not
  /// `nil`.
  func tableDescription(ofNode node: Int) -> TreeTableDescription?

  /// The column of a cell of the table section `table`: `node` is a child of one of its
  /// rows. `nil`, the default, puts it in the column of its place in its row.
  func tableColumn(ofNode node: Int, inTableOf table: Int) -> Int?
}

extension TreeNodeProvider {
  public func kind(ofNode node: Int) -> String { TreeNodeKind.normal }

  public func tableColumns(ofNode node: Int) -> [String]? { nil }

  public func tableDescription(ofNode node: Int) -> TreeTableDescription? {
    tableColumns(ofNode: node).map { TreeTableDescription(columnTitles: $0) }
  }

  public func tableColumn(ofNode node: Int, inTableOf table: Int) -> Int? { nil }

  public func labelWidth(ofNode node: Int) -> Int { TextWidth.displayWidth(of: label(ofNode: node)) }

  public func hasChildren(_ node: Int) -> Bool {
    var found = false
    forEachChild(ofNode: node) { _ in found = true }
    return found
  }

  public func descendantCount(ofNode node: Int) -> Int {
    countDescendantsByWalking(ofNode: node)
  }

  public func childCount(ofNode node: Int) -> Int {
    var count = 0
    forEachChild(ofNode: node) { _ in count += 1 }
    return count
  }

  /// Counts a node's descendants by walking its subtree with ``forEachChild(ofNode:_:)``,
  /// without recursion: the default ``descendantCount(ofNode:)``, also for providers that
  /// count faster for some nodes only.
  public func countDescendantsByWalking(ofNode node: Int) -> Int {
    var count = 0
    var pending = [node]
    while let next = pending.popLast() {
      forEachChild(ofNode: next) { child in
        count += 1
        pending.append(child)
      }
    }
    return count
  }
}
