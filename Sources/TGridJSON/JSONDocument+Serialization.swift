#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONDocument {
  /// The document's text: the original bytes if unedited, else the original bytes with
  /// only the edited stretches rewritten.
  public func serializedBytes() -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(storage.logicalCount)
    storage.forEachPiece { result.append(contentsOf: $0) }
    return result
  }

  /// The document's text as a string.
  public func serializedText() -> String {
    String(decoding: serializedBytes(), as: UTF8.self)
  }
}
