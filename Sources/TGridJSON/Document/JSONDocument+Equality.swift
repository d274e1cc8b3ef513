extension JSONDocument {
  /// Whether two values are the same JSON: same kinds, same members in the same order with
  /// equal (decoded) keys, equal decoded strings, numerically equal numbers (`1.0` equals
  /// `1` and `10e-1`, compared exactly on the decimal digits). Walks both tapes in lockstep,
  /// without recursion.
  public func isValue(_ node: JSONNode, equalTo otherNode: JSONNode, in other: JSONDocument) -> Bool {
    var index = node.index
    var otherIndex = otherNode.index
    let end = storage.subtreeEnd(node.index)
    var isFirst = true
    while index < end {
      let word = storage.word(index)
      let otherWord = other.storage.word(otherIndex)
      let kind = JSONKind(tapeKind: TapeWord.kind(word))
      guard kind == JSONKind(tapeKind: TapeWord.kind(otherWord)) else { return false }
      if !isFirst && keyBytes(of: JSONNode(index: index)) != other.keyBytes(of: JSONNode(index: otherIndex)) {
        return false
      }
      isFirst = false
      switch kind {
      case .object, .array:
        guard storage.childCount(index) == other.storage.childCount(otherIndex) else { return false }
        index += 2
        otherIndex += 2
        continue
      case .string:
        guard string(of: JSONNode(index: index)) == other.string(of: JSONNode(index: otherIndex)) else { return false }
      case .number:
        guard let text = numberText(of: JSONNode(index: index)),
          let otherText = other.numberText(of: JSONNode(index: otherIndex)),
          JSONNumber.Decimal(text) == JSONNumber.Decimal(otherText)
        else { return false }
      case .true, .false, .null:
        break
      }
      index += 1
      otherIndex += 1
    }
    return true
  }
}
