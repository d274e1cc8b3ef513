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
