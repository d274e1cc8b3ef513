import TGridSystem

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

extension JSONDocument {
  /// Whether two values are written with the same bytes, when both documents are as read
  /// (each value's text is then one stretch of its file): the same text parses to the same
  /// tape, so such values are equal word for word. Nil when either document was edited
  /// (its values' text may lie in several pieces): ask ``isValue(_:equalTo:in:)``.
  ///
  /// One `memcmp` of the two stretches, where ``isValue(_:equalTo:in:)`` decodes every
  /// key, string and number.
  public func hasSameText(_ node: JSONNode, as otherNode: JSONNode, in other: JSONDocument) -> Bool? {
    guard storage.isUnedited, other.storage.isUnedited, node.index != 0, otherNode.index != 0 else { return nil }
    let range = textRange(of: node)
    let otherRange = other.textRange(of: otherNode)
    guard range.count == otherRange.count else { return false }
    guard !range.isEmpty else { return true }
    let bytes = storage.bytes(at: UInt64(range.lowerBound))
    let otherBytes = other.storage.bytes(at: UInt64(otherRange.lowerBound))
    guard bytes.end - bytes.pointer >= range.count, otherBytes.end - otherBytes.pointer >= range.count else {
      return nil
    }
    return ByteScanning.equal(bytes.pointer, otherBytes.pointer, count: range.count)
  }
}
