extension DiffBuilder {
  /// Pairs removed and added values that are the same value as moves: containers with
  /// children anywhere in the document, scalars and empty containers only within one array
  /// or object. Each removal takes the first unpaired addition with its hash (in document
  /// order), once ``JSONDocument/isSameValue(_:as:in:)`` confirms they are equal.
  mutating func pairMoves() {
    guard !record.removals.isEmpty && !record.additions.isEmpty else { return }
    // Additions by hash (and by pair for those that move only within their container).
    var candidates: [MoveKey: [Int]] = [:]
    for (index, addition) in record.additions.enumerated() where addition.moveFrom < 0 {
      candidates[moveKey(addition.node, in: new, hash: newHashes[addition.node], pair: addition.pair), default: []]
        .append(index)
    }
    guard !candidates.isEmpty else { return }
    var nextCandidate: [MoveKey: Int] = [:]
    for index in record.removals.indices where record.removals[index].moveTo < 0 {
      let removal = record.removals[index]
      let key = moveKey(removal.node, in: old, hash: oldHashes[removal.node], pair: removal.pair)
      guard let list = candidates[key] else { continue }
      var position = nextCandidate[key] ?? 0
      while position < list.count {
        let addition = list[position]
        position += 1
        if record.additions[addition].moveFrom < 0
          && old.isSameValue(removal.node, as: record.additions[addition].node, in: new)
        {
          record.removals[index].moveTo = addition
          record.additions[addition].moveFrom = index
          break
        }
      }
      nextCandidate[key] = position
    }
  }

  /// Which additions a value may be paired with.
  struct MoveKey: Hashable {
    var hash: UInt64
    /// -1 for containers with children (they move anywhere), else the pair they are in.
    var pair: Int
  }

  /// The bucket a value's moves are looked for in.
  func moveKey(_ node: JSONNode, in document: JSONDocument, hash: UInt64, pair: Int) -> MoveKey {
    MoveKey(hash: hash, pair: document.childCount(of: node) > 0 ? -1 : pair)
  }
}

extension JSONDocument {
  /// Whether a value of this document is the same JSON as a value of `other`, whatever the
  /// order of members and the spelling of strings and numbers (see ``JSONDiff``). Walks both
  /// values with an explicit stack; members are found by key.
  public func isSameValue(_ node: JSONNode, as otherNode: JSONNode, in other: JSONDocument) -> Bool {
    var stack: [(JSONNode, JSONNode)] = [(node, otherNode)]
    while let (left, right) = stack.popLast() {
      let kind = self.kind(of: left)
      guard kind == other.kind(of: right) else { return false }
      switch kind {
      case .true, .false, .null:
        continue
      case .string:
        guard string(of: left) == other.string(of: right) else { return false }
      case .number:
        guard let leftText = numberText(of: left), let rightText = other.numberText(of: right),
          JSONNumber.Decimal(leftText) == JSONNumber.Decimal(rightText)
        else { return false }
      case .array:
        guard childCount(of: left) == other.childCount(of: right) else { return false }
        for (leftChild, rightChild) in zip(children(of: left), other.children(of: right)) {
          stack.append((leftChild, rightChild))
        }
      case .object:
        var rightMembers: [String: JSONNode] = [:]
        for child in other.children(of: right) { rightMembers[other.key(of: child) ?? ""] = child }
        var leftMembers: [String: JSONNode] = [:]
        for child in children(of: left) { leftMembers[key(of: child) ?? ""] = child }
        guard leftMembers.count == rightMembers.count else { return false }
        for (key, leftChild) in leftMembers {
          guard let rightChild = rightMembers[key] else { return false }
          stack.append((leftChild, rightChild))
        }
      }
    }
    return true
  }
}
