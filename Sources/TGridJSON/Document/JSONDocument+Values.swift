extension JSONDocument {
  /// The exact source text of a value: a number or string as written (quotes and escapes
  /// included), a container with everything between and including its brackets. For JSON
  /// Lines, the root's text is the whole text.
  public func rawText(of node: JSONNode) -> String {
    String(decoding: rawBytes(of: node), as: UTF8.self)
  }

  /// The exact source bytes of a value (see ``rawText(of:)``).
  public func rawBytes(of node: JSONNode) -> [UInt8] {
    if let (pointer, count) = scalarToken(node) {
      return Array(UnsafeBufferPointer(start: pointer, count: count))
    }
    return storage.text(inLogical: logicalRange(of: node))
  }

  /// The decoded value of a string (escapes resolved); nil for other kinds.
  ///
  /// A lone surrogate escape such as `\uD800` has no character; it appears as its escape
  /// text, so it stays visible.
  public func string(of node: JSONNode) -> String? {
    let word = storage.word(valid(node))
    let kind = TapeWord.kind(word)
    guard kind == TapeWord.string || kind == TapeWord.escapedString,
      let (pointer, count) = scalarToken(node)
    else { return nil }
    if kind == TapeWord.string {
      return String(decoding: UnsafeBufferPointer(start: pointer + 1, count: max(count - 2, 0)), as: UTF8.self)
    }
    return JSONStringDecoder.decodedString(pointer, count: count)
  }

  /// The source text of a number (exactly as written); nil for other kinds.
  public func numberText(of node: JSONNode) -> String? {
    guard TapeWord.kind(storage.word(valid(node))) == TapeWord.number,
      let (pointer, count) = scalarToken(node)
    else { return nil }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The number as an `Int` when its value is an integer that fits exactly (`12`, `-3`,
  /// `1.5e1`, `100e-2`); nil otherwise (fractions, overflow, other kinds).
  public func int(of node: JSONNode) -> Int? {
    guard let text = numberText(of: node) else { return nil }
    return JSONNumber.Decimal(text).exactInteger
  }

  /// The number as the nearest `Double` (`±infinity` beyond its range, as `1e400`); nil for
  /// other kinds.
  public func double(of node: JSONNode) -> Double? {
    guard let text = numberText(of: node) else { return nil }
    return Double(text)
  }

  /// `true` or `false` for booleans; nil for other kinds.
  public func bool(of node: JSONNode) -> Bool? {
    switch kind(of: node) {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// Whether the value is `null`.
  public func isNull(_ node: JSONNode) -> Bool {
    TapeWord.kind(storage.word(valid(node))) == TapeWord.null
  }

  /// The decoded key of an object member; nil for array elements and the root.
  public func key(of node: JSONNode) -> String? {
    guard let (pointer, count) = keyToken(node) else { return nil }
    if TapeWord.isKeyEscaped(storage.word(node.index)) {
      return String(decoding: JSONStringDecoder.decodedBytes(pointer, count: count), as: UTF8.self)
    }
    // Straight from the text: no array between (a table reading 2.5 M records' keys made
    // two allocations a key, where a key of up to 15 bytes needs none).
    return String(decoding: UnsafeBufferPointer(start: pointer + 1, count: max(count - 2, 0)), as: UTF8.self)
  }

  /// The key of an object member as written, quotes and escapes included.
  public func rawKeyText(of node: JSONNode) -> String? {
    guard let (pointer, count) = keyToken(node) else { return nil }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The decoded key as UTF-8 bytes.
  func keyBytes(of node: JSONNode) -> [UInt8]? {
    guard let (pointer, count) = keyToken(node) else { return nil }
    if TapeWord.isKeyEscaped(storage.word(node.index)) {
      return JSONStringDecoder.decodedBytes(pointer, count: count)
    }
    return Array(UnsafeBufferPointer(start: pointer + 1, count: max(count - 2, 0)))
  }

  // MARK: - Tokens and extents

  /// The token of a scalar (contiguous in one buffer); nil for containers.
  func scalarToken(_ node: JSONNode) -> (UnsafePointer<UInt8>, Int)? {
    guard !storage.isContainer(valid(node)) else { return nil }
    let token = storage.scalarToken(node.index)
    return (token.pointer, token.count)
  }

  /// The key token of a member, quotes included.
  func keyToken(_ node: JSONNode) -> (UnsafePointer<UInt8>, Int)? {
    guard let offset = storage.keyOffset(of: valid(node)) else { return nil }
    let (pointer, end) = storage.bytes(at: offset)
    return (pointer, JSONScanner.stringLength(at: pointer, end: end))
  }

  /// Where the value's text is in the current text (the whole text for the synthetic root).
  func logicalRange(of node: JSONNode) -> Range<Int> {
    storage.logicalStart(of: valid(node))..<storage.logicalEnd(of: node.index)
  }
}
