import TermGridCore

/// A tree kept in flat arrays: nodes are numbered 0, 1, 2… in the order they are added,
/// each with a label, a kind and a parent added before it.
///
/// No object per node: a node costs a label string and a few integers, so hundreds of
/// thousands are fine. Label widths are measured once, when a node is added.
public final class TreeNodeStore: TreeNodeProvider {
  private var labels: [String] = []
  private var kindNumbers: [UInt16] = []
  private var kindNames: [String] = []
  private var kindNumbersByName: [String: UInt16] = [:]
  private var parents: [Int32] = []
  private var firstChildren: [Int32] = []
  private var lastChildren: [Int32] = []
  private var nextSiblings: [Int32] = []
  private var widths: [Int32] = []
  private var subtreeSizes: [Int32]?

  /// The roots, in the order they were added.
  public private(set) var rootNodes: [Int] = []

  /// Creates an empty store.
  public init() {}

  /// The number of nodes.
  public var count: Int { labels.count }

  /// Adds a node as the last child of `parent` (or as the last root when `parent` is `nil`).
  /// - Returns: the new node's number.
  @discardableResult
  public func append(label: String, kind: String = TreeNodeKind.normal, parent: Int? = nil) -> Int {
    let node = labels.count
    if let parent {
      precondition(
        parent >= 0 && parent < node,
        "TreeNodeStore.append: parent \(parent) must be a node added before (there are \(node))")
    }
    labels.append(label)
    widths.append(Int32(clamping: TextWidth.displayWidth(of: label)))
    kindNumbers.append(kindNumber(for: kind))
    parents.append(Int32(parent ?? -1))
    firstChildren.append(-1)
    lastChildren.append(-1)
    nextSiblings.append(-1)
    subtreeSizes = nil
    if let parent {
      if lastChildren[parent] >= 0 {
        nextSiblings[Int(lastChildren[parent])] = Int32(node)
      } else {
        firstChildren[parent] = Int32(node)
      }
      lastChildren[parent] = Int32(node)
    } else {
      rootNodes.append(node)
    }
    return node
  }

  /// Changes a node's label.
  public func setLabel(_ label: String, ofNode node: Int) {
    labels[node] = label
    widths[node] = Int32(clamping: TextWidth.displayWidth(of: label))
  }

  /// A node's parent, or `nil` for a root.
  public func parent(ofNode node: Int) -> Int? {
    parents[node] >= 0 ? Int(parents[node]) : nil
  }

  private func kindNumber(for kind: String) -> UInt16 {
    if let number = kindNumbersByName[kind] { return number }
    precondition(kindNames.count < Int(UInt16.max), "TreeNodeStore holds at most \(UInt16.max) kinds")
    let number = UInt16(kindNames.count)
    kindNames.append(kind)
    kindNumbersByName[kind] = number
    return number
  }

  // MARK: - TreeNodeProvider

  public func forEachChild(ofNode node: Int, _ body: (Int) -> Void) {
    var child = firstChildren[node]
    while child >= 0 {
      body(Int(child))
      child = nextSiblings[Int(child)]
    }
  }

  public func label(ofNode node: Int) -> String { labels[node] }

  public func kind(ofNode node: Int) -> String { kindNames[Int(kindNumbers[node])] }

  public func labelWidth(ofNode node: Int) -> Int { Int(widths[node]) }

  public func hasChildren(_ node: Int) -> Bool { firstChildren[node] >= 0 }

  public func descendantCount(ofNode node: Int) -> Int {
    if subtreeSizes == nil {
      // Parents come before their children, so one pass from the end adds every subtree
      // into its parent.
      var sizes = [Int32](repeating: 1, count: labels.count)
      for child in stride(from: labels.count - 1, through: 0, by: -1) where parents[child] >= 0 {
        sizes[Int(parents[child])] += sizes[child]
      }
      subtreeSizes = sizes
    }
    return Int(subtreeSizes?[node] ?? 1) - 1
  }
}
