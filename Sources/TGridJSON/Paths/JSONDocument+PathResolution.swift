extension JSONDocument {
  /// The node a path leads to, or which step fails and why (for a command line that goes to
  /// a path: `.a.b: no key "c" in object with 12 keys`, `.a: index 40 out of range (array
  /// of 12)`, `.a.b: not an object (a string)`).
  ///
  /// Steps resolve as in ``node(at:)``: a key to the last member with it, `@N` to one of
  /// several, a position on an array (negative from the end), a position on an object to the
  /// member with that number as key.
  public func resolve(_ path: JSONPath) -> Result<JSONNode, JSONPathFailure> {
    var current = root
    for (index, component) in path.components.enumerated() {
      if let child = child(at: component, of: current) {
        current = child
        continue
      }
      return .failure(
        JSONPathFailure(
          stepIndex: index, node: current, reachedPath: JSONPath(Array(path.components[..<index])),
          reason: failureReason(component, at: current)))
    }
    return .success(current)
  }

  /// Why `component` finds nothing in `node`.
  private func failureReason(_ component: JSONPath.Component, at node: JSONNode) -> String {
    let kind = kind(of: node)
    let count = childCount(of: node)
    switch (component, kind) {
    case (.key(let key), .object):
      return "no key \(JSONStringEncoder.quoted(key)) in object with \(JSONDocument.counted(count, "key"))"
    case (.duplicate(let key, let occurrence), .object):
      let members = members(forKey: key, of: node).count
      if members == 0 {
        return "no key \(JSONStringEncoder.quoted(key)) in object with \(JSONDocument.counted(count, "key"))"
      }
      return
        "no member \(JSONStringEncoder.quoted(key))@\(occurrence): the object has \(JSONDocument.counted(members, "member")) with that key"
    case (.index(let index), .array):
      return "index \(index) out of range (array of \(count))"
    case (.index(let index), .object) where index >= 0:
      return "no key \"\(index)\" in object with \(JSONDocument.counted(count, "key"))"
    case (.index, _):
      return "not an array (\(describeKind(of: node)))"
    case (.key, _), (.duplicate, _):
      return "not an object (\(describeKind(of: node)))"
    }
  }

  /// `a string`, `an array of 3`, `an object with 2 keys`, `null`, `true`.
  private func describeKind(of node: JSONNode) -> String {
    switch kind(of: node) {
    case .object: "an object with \(JSONDocument.counted(childCount(of: node), "key"))"
    case .array: "an array of \(childCount(of: node))"
    case .string: "a string"
    case .number: "a number"
    case .true: "true"
    case .false: "false"
    case .null: "null"
    }
  }

  /// `1 key`, `12 keys`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
