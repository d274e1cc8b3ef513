extension JSONDocument {
  /// Calls `body` with the document's text, stretch by stretch, in order: the bytes a
  /// save writes, without building the whole text in memory (an unedited stretch is the
  /// original bytes themselves, possibly memory-mapped).
  ///
  /// The pointers are valid only during the call.
  public func forEachTextPiece(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    try storage.forEachPiece(body)
  }

  /// The length of the document's text in bytes.
  public var textByteCount: Int { storage.logicalCount }
}

extension JSONDocument {
  /// Where a value's text is in the document's current text (``serializedBytes()``), as
  /// byte offsets: from its first byte to after its last (a member's key not included).
  public func textRange(of node: JSONNode) -> Range<Int> {
    let index = valid(node)
    // The synthetic list of JSON Lines records is the whole text.
    if index == 0 { return 0..<storage.logicalCount }
    return storage.logicalStart(of: index)..<storage.logicalEnd(of: index)
  }
}
