extension JSONDiff {
  /// Why a difference has no RFC 7386 merge patch.
  public struct MergePatchError: Error, Sendable, CustomStringConvertible {
    /// The member of the new document that would have to be set to null.
    public var path: JSONPath

    /// What to say on standard error.
    public var description: String {
      "a merge patch cannot set \(path.jq) to null (RFC 7386 reads null as \"remove the member\"); use --patch"
    }
  }

  /// The difference as an RFC 7386 JSON Merge Patch: an object whose members replace,
  /// remove (`null`) or merge into the old document's members; arrays and scalars that
  /// differ are replaced whole. `{}` when the documents are the same objects; a document
  /// that is not an object is written whole (a merge patch cannot leave it alone).
  ///
  /// - Throws: ``MergePatchError`` when the new document has a member set to `null` that
  ///   the patch would have to write (a merge patch cannot express it).
  public func mergePatch() throws(MergePatchError) -> [UInt8] {
    var output: [UInt8] = []
    let oldRoot = old.root
    let newRoot = new.root
    // `{}` changes nothing only in an object: any other document is replaced by the patch.
    if oldHashes[oldRoot] == newHashes[newRoot] && new.kind(of: newRoot) == .object {
      output.append(contentsOf: Array("{}\n".utf8))
      return output
    }
    guard old.kind(of: oldRoot) == .object && new.kind(of: newRoot) == .object else {
      try requireNoNullMember(in: newRoot)
      new.appendCompactText(of: newRoot, to: &output)
      output.append(0x0A)
      return output
    }
    // Open objects of the patch: the members left to write, and how many were written.
    var stack: [(entries: [MergeEntry], position: Int, written: Int)] = [(try mergeEntries(oldRoot, newRoot), 0, 0)]
    output.append(0x7B)
    while let top = stack.last {
      guard top.position < top.entries.count else {
        output.append(0x7D)
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].position += 1
      if top.written > 0 { output.append(0x2C) }
      stack[stack.count - 1].written += 1
      let entry = top.entries[top.position]
      output.append(contentsOf: entry.key)
      output.append(0x3A)
      switch entry.action {
      case .remove:
        output.append(contentsOf: Array("null".utf8))
      case .set(let node):
        new.appendCompactText(of: node, to: &output)
      case .merge(let oldNode, let newNode):
        output.append(0x7B)
        stack.append((try mergeEntries(oldNode, newNode), 0, 0))
      }
    }
    output.append(0x0A)
    return output
  }

  /// One member of a merge patch: its key as written, and what it does.
  struct MergeEntry {
    var key: [UInt8]
    var action: Action

    /// Remove the member, set it to a value, or merge two objects.
    enum Action {
      case remove
      case set(JSONNode)
      case merge(JSONNode, JSONNode)
    }
  }

  /// The members of the merge patch between two objects that differ.
  func mergeEntries(_ oldObject: JSONNode, _ newObject: JSONNode) throws(MergePatchError) -> [MergeEntry] {
    var oldMembers: [String: JSONNode] = [:]
    for child in old.children(of: oldObject) { oldMembers[old.key(of: child) ?? ""] = child }
    var newMembers: [String: JSONNode] = [:]
    for child in new.children(of: newObject) { newMembers[new.key(of: child) ?? ""] = child }
    var entries: [MergeEntry] = []
    for child in old.children(of: oldObject) {
      let key = old.key(of: child) ?? ""
      guard oldMembers[key] == child, newMembers[key] == nil else { continue }
      entries.append(MergeEntry(key: Array(JSONStringEncoder.quoted(key).utf8), action: .remove))
    }
    for child in new.children(of: newObject) {
      let key = new.key(of: child) ?? ""
      guard newMembers[key] == child else { continue }
      let quotedKey = Array(JSONStringEncoder.quoted(key).utf8)
      if let oldChild = oldMembers[key] {
        guard oldHashes[oldChild] != newHashes[child] else { continue }
        if old.kind(of: oldChild) == .object && new.kind(of: child) == .object {
          entries.append(MergeEntry(key: quotedKey, action: .merge(oldChild, child)))
          continue
        }
      }
      try requireNoNullMember(in: child)
      entries.append(MergeEntry(key: quotedKey, action: .set(child)))
    }
    return entries
  }

  /// Fails when a value written whole into a merge patch has a member set to null in an
  /// object reached through objects (arrays are copied as they are).
  func requireNoNullMember(in node: JSONNode) throws(MergePatchError) {
    if new.isNull(node), new.parent(of: node).map({ new.kind(of: $0) == .object }) ?? false {
      throw MergePatchError(path: new.path(of: node))
    }
    guard new.kind(of: node) == .object else { return }
    var stack = [node]
    while let object = stack.popLast() {
      for child in new.children(of: object) {
        if new.isNull(child) { throw MergePatchError(path: new.path(of: child)) }
        if new.kind(of: child) == .object { stack.append(child) }
      }
    }
  }
}
