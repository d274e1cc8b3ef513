/// The children of a container, in order; iterating allocates nothing.
public struct JSONChildren: Sequence, Sendable {
  let storage: JSONStorage
  let start: Int
  let end: Int
  /// Number of children.
  public let count: Int

  /// Whether there are no children.
  public var isEmpty: Bool { count == 0 }

  /// Makes an iterator over the children.
  public func makeIterator() -> Iterator {
    Iterator(storage: storage, position: start, end: end)
  }

  /// The count is known, so `Array(children)` allocates once.
  public var underestimatedCount: Int { count }

  /// Steps from child to child, skipping each subtree in constant time.
  public struct Iterator: IteratorProtocol {
    let storage: JSONStorage
    var position: Int
    let end: Int

    /// The next child, or nil after the last.
    public mutating func next() -> JSONNode? {
      guard position < end else { return nil }
      let node = JSONNode(index: position)
      position = storage.subtreeEnd(position)
      return node
    }
  }
}
