extension JSONDocument {
  /// Whether two objects have the same keys in the same order, compared as the keys are
  /// written (escapes not resolved), without decoding a key or allocating anything: the
  /// records of a file usually share one shape, and a reader that wants the union of
  /// their keys (the table's columns) decodes only the keys of a record whose shape
  /// differs from the record before. False for anything that is not two objects.
  public func hasSameKeys(_ node: JSONNode, as other: JSONNode) -> Bool {
    guard kind(of: node) == .object, kind(of: other) == .object else { return false }
    guard childCount(of: node) == childCount(of: other) else { return false }
    var theirs = children(of: other).makeIterator()
    for member in children(of: node) {
      guard let counterpart = theirs.next(), hasSameKey(member, as: counterpart) else { return false }
    }
    return true
  }

  /// Whether two members (of objects) have the same key, compared as the keys are written
  /// (escapes not resolved), without decoding either: ``hasSameKeys(_:as:)`` member by
  /// member, for a reader that walks a record's members once and compares each with the
  /// member of a record read before (kept as nodes) as it goes. False when either is not
  /// an object's member.
  public func hasSameKey(_ member: JSONNode, as counterpart: JSONNode) -> Bool {
    guard let offset = storage.keyOffset(of: member.index), let otherOffset = storage.keyOffset(of: counterpart.index)
    else { return false }
    let (pointer, end) = storage.bytes(at: offset)
    let (otherPointer, otherEnd) = storage.bytes(at: otherOffset)
    if pointer == otherPointer { return true }
    if TapeWord.isKeyEscaped(storage.word(member.index)) || TapeWord.isKeyEscaped(storage.word(counterpart.index)) {
      guard let (_, count) = keyToken(member), let (_, otherCount) = keyToken(counterpart), count == otherCount else {
        return false
      }
      return bytesEqual(pointer, otherPointer, count)
    }
    // Keys without escapes hold no quote: equal when their bytes agree up to a closing
    // quote both reach at once (no key measured first).
    var index = 1
    while true {
      guard pointer + index < end, otherPointer + index < otherEnd else { return false }
      let byte = pointer[index]
      guard byte == otherPointer[index] else { return false }
      if byte == 0x22 { return true }
      index += 1
    }
  }

  /// Whether `count` bytes at two places are equal.
  private func bytesEqual(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    UnsafeBufferPointer(start: first, count: count).elementsEqual(UnsafeBufferPointer(start: second, count: count))
  }
}

extension JSONDocument {
  /// Calls `body` with a string's decoded UTF-8 bytes: straight from the text when the
  /// string has no escapes (no allocation), decoded into a buffer when it has; nil for
  /// other kinds. For readers of millions of values (a timeline's dates, its labels'
  /// widths) that need the bytes, not a `String`.
  public func withStringBytes<Result>(of node: JSONNode, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    let kind = TapeWord.kind(storage.word(valid(node)))
    guard kind == TapeWord.string || kind == TapeWord.escapedString, let (pointer, count) = scalarToken(node) else {
      return nil
    }
    if kind == TapeWord.string {
      return body(UnsafeBufferPointer(start: pointer + 1, count: max(count - 2, 0)))
    }
    return JSONStringDecoder.decodedBytes(pointer, count: count).withUnsafeBufferPointer(body)
  }

  /// Calls `body` with a number's text as written (its bytes in the document, no
  /// allocation); nil for other kinds.
  public func withNumberBytes<Result>(of node: JSONNode, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard TapeWord.kind(storage.word(valid(node))) == TapeWord.number, let (pointer, count) = scalarToken(node) else {
      return nil
    }
    return body(UnsafeBufferPointer(start: pointer, count: count))
  }
}
