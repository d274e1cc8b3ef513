extension JSONDocument {
  /// The kind of a value.
  public func kind(of node: JSONNode) -> JSONKind {
    JSONKind(tapeKind: TapeWord.kind(storage.word(valid(node))))
  }

  /// Whether the node is an array or an object.
  public func isContainer(_ node: JSONNode) -> Bool {
    TapeWord.isContainer(storage.word(valid(node)))
  }

  /// Number of direct children (0 for scalars).
  public func childCount(of node: JSONNode) -> Int {
    storage.childCount(valid(node))
  }

  /// The direct children, in order; iterating allocates nothing.
  public func children(of node: JSONNode) -> JSONChildren {
    let end = storage.subtreeEnd(valid(node))
    return JSONChildren(storage: storage, start: node.index + 2, end: end, count: childCount(of: node))
  }

  /// Calls `body` with each direct child, in order, like iterating ``children(of:)``; a
  /// container of more than a few dozen children, some of them containers, is read from its
  /// child table (built on first use, kept until the tape changes, 4 bytes per child), so a
  /// pass over 200,000 records reads 800 KB of offsets instead of stepping through every
  /// record's words. Children that are all scalars are consecutive words: no table.
  public func forEachChild(of node: JSONNode, _ body: (JSONNode) -> Void) {
    let index = valid(node)
    guard storage.usesChildTable(index) else {
      for child in children(of: node) { body(child) }
      return
    }
    let table = storage.childTable(of: index)
    for offset in table { body(JSONNode(index: index + Int(offset))) }
  }

  /// How many values are below a node: its children, their children, and so on (0 for a
  /// scalar). Counted without walking the subtree: its tape words less the containers'
  /// second words, found in the container index (built on first use), so the count of a
  /// million-value array costs microseconds.
  public func descendantCount(of node: JSONNode) -> Int {
    let index = valid(node)
    guard TapeWord.isContainer(storage.word(index)) else { return 0 }
    let end = storage.subtreeEnd(index)
    // Every value is one word, and each container has one more: its info word.
    return (end - index - 2) - storage.containerIndex().containerCount(in: (index + 2)..<end)
  }

  /// How many values the children at `positions` hold, themselves and everything below
  /// them: counted like ``descendantCount(of:)``, without walking them (a group of a
  /// million elements costs microseconds). Positions past the last child are ignored.
  public func descendantCount(ofChildrenAt positions: Range<Int>, of node: JSONNode) -> Int {
    let index = valid(node)
    let count = childCount(of: node)
    let range = Swift.max(0, positions.lowerBound)..<Swift.min(count, positions.upperBound)
    guard !range.isEmpty else { return 0 }
    if storage.hasOnlyScalarChildren(index) { return range.count }
    let start = storage.childIndex(at: range.lowerBound, in: index)
    let end = range.upperBound < count ? storage.childIndex(at: range.upperBound, in: index) : storage.subtreeEnd(index)
    return (end - start) - storage.containerIndex().containerCount(in: start..<end)
  }

  /// The node and all its descendants in text order (pre-order), with their depth below
  /// `node` (0 for `node` itself); needs no recursion, however deep the tree.
  public func descendants(of node: JSONNode) -> JSONDescendants {
    JSONDescendants(storage: storage, start: node.index, end: storage.subtreeEnd(valid(node)))
  }

  /// The child at a position, or nil when out of range (or `node` is a scalar).
  ///
  /// Constant time for large containers (their child positions are indexed on first use),
  /// a short walk for small ones.
  public func child(at position: Int, of node: JSONNode) -> JSONNode? {
    guard position >= 0 && position < childCount(of: node) else { return nil }
    return JSONNode(index: storage.childIndex(at: position, in: node.index))
  }

  /// The children from a position on (all of them from 0, none past the last), in order:
  /// the position is found once, then each child is the next one's neighbour on the tape.
  public func children(of node: JSONNode, from position: Int) -> JSONChildren {
    let count = childCount(of: node)
    let end = storage.subtreeEnd(valid(node))
    guard position > 0 else { return children(of: node) }
    guard position < count else { return JSONChildren(storage: storage, start: end, end: end, count: 0) }
    return JSONChildren(
      storage: storage, start: storage.childIndex(at: position, in: node.index), end: end, count: count - position)
  }

  /// Whether every child of a container is a scalar (true for an empty container, false
  /// for a scalar): such a container's children are found by arithmetic, with no index.
  public func hasOnlyScalarChildren(_ node: JSONNode) -> Bool {
    storage.hasOnlyScalarChildren(valid(node))
  }

  /// The member of an object with the given key (decoded), or nil.
  ///
  /// With duplicate keys this is the **last** member with the key, the one jq, Python and
  /// JavaScript keep; ``members(forKey:of:)`` lists them all.
  public func child(forKey key: String, of node: JSONNode) -> JSONNode? {
    guard kind(of: node) == .object else { return nil }
    let wanted = Array(key.utf8)
    let count = storage.childCount(node.index)
    if storage.usesChildTable(node.index) {
      // From the end: the first hit is the last member with the key.
      let table = storage.childTable(of: node.index)
      for position in stride(from: count - 1, through: 0, by: -1) {
        let child = JSONNode(index: node.index + Int(table[position]))
        if hasKey(child, wanted) { return child }
      }
      return nil
    }
    var found: JSONNode?
    for child in children(of: node) where hasKey(child, wanted) { found = child }
    return found
  }

  /// Every member of an object with the given key (decoded), in order: more than one only
  /// when the key is duplicated.
  public func members(forKey key: String, of node: JSONNode) -> [JSONNode] {
    guard kind(of: node) == .object else { return [] }
    let wanted = Array(key.utf8)
    return children(of: node).filter { hasKey($0, wanted) }
  }

  /// The member with the given key (see ``child(forKey:of:)``).
  public subscript(node: JSONNode, key: String) -> JSONNode? {
    child(forKey: key, of: node)
  }

  /// The child at a position (see ``child(at:of:)``).
  public subscript(node: JSONNode, position: Int) -> JSONNode? {
    child(at: position, of: node)
  }

  /// The array or object holding the node; nil for the root.
  ///
  /// A binary search over the container index (built on first use), plus for a scalar a
  /// walk up from the nearest container before it to the one enclosing it.
  public func parent(of node: JSONNode) -> JSONNode? {
    guard valid(node) > 0, let parent = storage.parentIndex(of: node.index) else { return nil }
    if parent == 0 && !storage.isLines { return nil }
    return JSONNode(index: parent)
  }

  /// The node's position among its parent's children; nil for the root.
  public func position(of node: JSONNode) -> Int? {
    guard let parent = parent(of: node) else { return nil }
    return storage.position(ofChild: node.index, in: parent.index)
  }

  /// The next sibling, or nil after the last child (constant time: subtrees are skipped).
  public func nextSibling(of node: JSONNode) -> JSONNode? {
    guard valid(node) > 0, let parent = storage.parentIndex(of: node.index) else { return nil }
    let next = storage.subtreeEnd(node.index)
    return next < storage.subtreeEnd(parent) ? JSONNode(index: next) : nil
  }

  /// Nesting depth below the root (0 for the root).
  public func depth(of node: JSONNode) -> Int {
    var depth = 0
    var current = node
    while let parent = parent(of: current) {
      depth += 1
      current = parent
    }
    return depth
  }

  /// Whether `node` is a valid node of this document.
  public func contains(_ node: JSONNode) -> Bool {
    guard node.index >= (storage.isLines ? 0 : 2) && node.index < storage.words.count else { return false }
    if node.index == 0 { return true }
    // A container's info word (right after its value word) is not a node. An info word
    // looks like a container's value word only in a subtree of 6 × 2²⁸ words or more (its
    // size is in the tag's bits): below that, the word before says it without the
    // container index.
    if storage.wordCount < JSONStorage.infoWordsLookLikeContainersFrom {
      return !TapeWord.isContainer(storage.word(node.index - 1))
    }
    return !storage.containerIndex().isContainer(at: node.index - 1)
  }

  /// Whether a member's decoded key is `wanted` (no allocation unless the key has escapes).
  func hasKey(_ node: JSONNode, _ wanted: [UInt8]) -> Bool {
    guard let offset = storage.keyOffset(of: valid(node)) else { return false }
    let (pointer, end) = storage.bytes(at: offset)
    if TapeWord.isKeyEscaped(storage.word(node.index)) {
      let count = JSONScanner.stringLength(at: pointer, end: end)
      return JSONStringDecoder.decodedBytes(pointer, count: count) == wanted
    }
    // A key without escapes holds no quote or backslash, so it is `wanted` exactly when its
    // bytes after the opening quote are `wanted` followed by the closing quote: compared in
    // place, without measuring the key first (a sort of 2.5 M records by one column spent
    // a fifth of its time measuring keys it then rejected by their first byte).
    let count = wanted.count
    guard end - pointer >= count + 2 else { return false }
    return wanted.withUnsafeBufferPointer { buffer in
      buffer.elementsEqual(UnsafeBufferPointer(start: pointer + 1, count: count)) && pointer[count + 1] == 0x22
        && buffer.allSatisfy { $0 != 0x22 && $0 != 0x5C }
    }
  }

  /// The node's tape index, after checking that it is on this document's tape.
  @inline(__always)
  func valid(_ node: JSONNode) -> Int {
    precondition(node.index >= 0 && node.index < storage.words.count, "\(node) is not a node of this document")
    return node.index
  }

}
