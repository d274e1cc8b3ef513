/// Reads the current text forward from a position, across pieces (internal).
struct LogicalCursor {
  let storage: JSONStorage
  private(set) var position: Int
  private var pieceIndex = 0
  private var offsetInPiece = 0

  init(storage: JSONStorage, position: Int) {
    self.storage = storage
    self.position = position
    var start = 0
    while pieceIndex < storage.pieces.count && start + storage.pieces[pieceIndex].length <= position {
      start += storage.pieces[pieceIndex].length
      pieceIndex += 1
    }
    offsetInPiece = position - start
  }

  /// The byte at the cursor, nil at the end of the text.
  var byte: UInt8? {
    guard pieceIndex < storage.pieces.count else { return nil }
    let piece = storage.pieces[pieceIndex]
    return storage.bytes(at: piece.physical + UInt64(offsetInPiece)).pointer.pointee
  }

  /// Moves one byte forward.
  mutating func advance() {
    guard pieceIndex < storage.pieces.count else { return }
    position += 1
    offsetInPiece += 1
    if offsetInPiece == storage.pieces[pieceIndex].length {
      pieceIndex += 1
      offsetInPiece = 0
    }
  }

  /// Moves past JSON whitespace.
  mutating func skipWhitespace() {
    while let byte, JSONScanner.isWhitespace(byte) { advance() }
  }
}
