extension JSONDocument {
  /// The path from the root to a node (positions for array elements and JSON Lines
  /// records, keys for members).
  ///
  /// With duplicate keys, a path names the first member with that key.
  public func path(of node: JSONNode) -> JSONPath {
    var components: [JSONPath.Component] = []
    var current = node
    while let parent = parent(of: current) {
      if kind(of: parent) == .object, let key = key(of: current) {
        components.append(.key(key))
      } else {
        components.append(.index(position(of: current) ?? 0))
      }
      current = parent
    }
    return JSONPath(components.reversed())
  }

  /// The node a path leads to, or nil if some step does not exist.
  ///
  /// A key step on an object finds the first member with that key; a position step on an
  /// array finds the element (negative: from the end); a position step on an object finds
  /// the member whose key is that number (JSON Pointer has one syntax for both).
  public func node(at path: JSONPath) -> JSONNode? {
    var current = root
    for component in path.components {
      switch (component, kind(of: current)) {
      case (.key(let key), .object):
        guard let child = child(forKey: key, of: current) else { return nil }
        current = child
      case (.index(let index), .array):
        let count = childCount(of: current)
        guard let child = child(at: index < 0 ? count + index : index, of: current) else { return nil }
        current = child
      case (.index(let index), .object) where index >= 0:
        guard let child = child(forKey: String(index), of: current) else { return nil }
        current = child
      default:
        return nil
      }
    }
    return current
  }
}
