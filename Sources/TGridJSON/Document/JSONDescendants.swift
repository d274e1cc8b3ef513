/// A node and its descendants in text order, each with its depth below the start.
public struct JSONDescendants: Sequence, Sendable {
  let storage: JSONStorage
  let start: Int
  let end: Int

  /// Makes an iterator.
  public func makeIterator() -> Iterator {
    Iterator(storage: storage, position: start, end: end, openEnds: [])
  }

  /// Walks the tape in order; a stack of container ends (not recursion) tracks the depth.
  public struct Iterator: IteratorProtocol {
    let storage: JSONStorage
    var position: Int
    let end: Int
    var openEnds: [Int]

    /// The next node and its depth, or nil at the end of the subtree.
    public mutating func next() -> (node: JSONNode, depth: Int)? {
      guard position < end else { return nil }
      while let last = openEnds.last, last <= position { openEnds.removeLast() }
      let node = JSONNode(index: position)
      let depth = openEnds.count
      if storage.isContainer(position) {
        openEnds.append(storage.subtreeEnd(position))
        position += 2
      } else {
        position += 1
      }
      return (node, depth)
    }
  }
}
