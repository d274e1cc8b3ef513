extension JSONDocument {
  /// The path from the root to a node (positions for array elements and JSON Lines
  /// records, keys for members), leading back to exactly this node.
  ///
  /// A member followed by another member with the same key gets an occurrence qualifier
  /// (`.id@0`), since a plain key step leads to the last one; ``JSONPath/plain`` is the
  /// path jq would take, and ``hiddenDuplicate(containing:)`` describes the situation for a
  /// status line.
  public func path(of node: JSONNode) -> JSONPath {
    var components: [JSONPath.Component] = []
    var current = node
    // Duplicates exist only where the parser reported them, or after edits (which may add a
    // key twice), or in a preview whose warnings are not counted yet.
    let mayHaveDuplicates = storage.warningCount > 0 || !storage.isUnedited
    while let parent = parent(of: current) {
      if kind(of: parent) == .object, let key = key(of: current) {
        if mayHaveDuplicates, let occurrence = hiddenOccurrence(of: current, key: key, in: parent) {
          components.append(.duplicate(key: key, occurrence: occurrence))
        } else {
          components.append(.key(key))
        }
      } else {
        components.append(.index(position(of: current) ?? 0))
      }
      current = parent
    }
    return JSONPath(components.reversed())
  }

  /// The node a path leads to, or nil if some step does not exist (see
  /// ``resolve(_:)`` for which step and why).
  ///
  /// A key step on an object finds the last member with that key (as jq does); a
  /// ``JSONPath/Component/duplicate(key:occurrence:)`` step finds the member with that
  /// occurrence among those with the key; a position step on an array finds the element
  /// (negative: from the end); a position step on an object finds the member whose key is
  /// that number (JSON Pointer has one syntax for both).
  public func node(at path: JSONPath) -> JSONNode? {
    var current = root
    for component in path.components {
      guard let child = child(at: component, of: current) else { return nil }
      current = child
    }
    return current
  }

  /// When a node is, or is inside, a member that a later member with the same key hides
  /// from jq, Python and JavaScript: the outermost such member; nil otherwise.
  public func hiddenDuplicate(containing node: JSONNode) -> JSONHiddenDuplicate? {
    guard storage.warningCount > 0 || !storage.isUnedited else { return nil }
    var found: JSONHiddenDuplicate?
    var current = node
    while let parent = parent(of: current) {
      if kind(of: parent) == .object, let key = key(of: current) {
        let members = members(forKey: key, of: parent)
        if let occurrence = members.firstIndex(of: current), occurrence < members.count - 1 {
          found = JSONHiddenDuplicate(
            member: current, key: key, occurrence: occurrence, count: members.count,
            visibleMember: members[members.count - 1])
        }
      }
      current = parent
    }
    return found
  }

  /// One step of a path from `node`, or nil when it does not exist.
  func child(at component: JSONPath.Component, of node: JSONNode) -> JSONNode? {
    switch (component, kind(of: node)) {
    case (.key(let key), .object):
      return child(forKey: key, of: node)
    case (.duplicate(let key, let occurrence), .object):
      let members = members(forKey: key, of: node)
      return occurrence < members.count ? members[occurrence] : nil
    case (.index(let index), .array):
      let count = childCount(of: node)
      return child(at: index < 0 ? count + index : index, of: node)
    case (.index(let index), .object) where index >= 0:
      return child(forKey: String(index), of: node)
    default:
      return nil
    }
  }

  /// The member's occurrence among the members with its key, when a later one has the key
  /// too; nil when it is the last (or only) one.
  private func hiddenOccurrence(of member: JSONNode, key: String, in object: JSONNode) -> Int? {
    let wanted = Array(key.utf8)
    let end = storage.subtreeEnd(object.index)
    var isHidden = false
    var sibling = storage.subtreeEnd(member.index)
    while sibling < end {
      if hasKey(JSONNode(index: sibling), wanted) {
        isHidden = true
        break
      }
      sibling = storage.subtreeEnd(sibling)
    }
    guard isHidden else { return nil }
    var occurrence = 0
    for child in children(of: object) {
      if child == member { break }
      if hasKey(child, wanted) { occurrence += 1 }
    }
    return occurrence
  }
}
