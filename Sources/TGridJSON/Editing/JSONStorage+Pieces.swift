/// The piece list: the current text as an ordered list of stretches of physical bytes.
///
/// Every byte of the original or of an edit's text appears in at most one piece, so a
/// physical offset has at most one logical position.
extension JSONStorage {
  /// Length of the current text.
  var logicalCount: Int { pieces.reduce(0) { $0 + $1.length } }

  /// Calls `body` with each piece's bytes, in order.
  func forEachPiece(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    for piece in pieces where piece.length > 0 {
      try body(UnsafeBufferPointer(start: bytes(at: piece.physical).pointer, count: piece.length))
    }
  }

  /// Position in the current text of the byte at a physical offset (nil if it was edited
  /// away). An offset just past a piece's end maps to the position after it.
  func logicalOffset(ofPhysical physical: UInt64) -> Int? {
    if isUnedited { return Int(physical) }
    var logical = 0
    var pastEnd: Int?
    for piece in pieces {
      let start = piece.physical
      let end = start + UInt64(piece.length)
      if physical >= start && physical < end { return logical + Int(physical - start) }
      logical += piece.length
      if physical == end { pastEnd = logical }
    }
    return pastEnd
  }

  /// The pieces that make up a logical range of the text (the first and last cut to it).
  func pieces(inLogical range: Range<Int>) -> [Piece] {
    var result: [Piece] = []
    var logical = 0
    for piece in pieces {
      let pieceRange = logical..<(logical + piece.length)
      logical += piece.length
      let overlap = pieceRange.clamped(to: range)
      guard !overlap.isEmpty else {
        if pieceRange.lowerBound >= range.upperBound { break }
        continue
      }
      result.append(
        Piece(physical: piece.physical + UInt64(overlap.lowerBound - pieceRange.lowerBound), length: overlap.count))
    }
    return result
  }

  /// The current text's bytes in a logical range.
  func text(inLogical range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    for piece in pieces(inLogical: range) {
      result.append(contentsOf: UnsafeBufferPointer(start: bytes(at: piece.physical).pointer, count: piece.length))
    }
    return result
  }

  /// The byte at a logical position.
  func byte(atLogical position: Int) -> UInt8? {
    var logical = 0
    for piece in pieces {
      if position < logical + piece.length {
        return bytes(at: piece.physical + UInt64(position - logical)).pointer.pointee
      }
      logical += piece.length
    }
    return nil
  }

  /// Appends text to the edit buffer; returns its physical offset.
  ///
  /// A NUL byte follows the text (outside every piece): a number's length is found by
  /// scanning its digits, and must stop at the end of its text, not run on into the digits
  /// of the next edit's text.
  func appendAdded(_ text: [UInt8]) -> UInt64 {
    let physical = UInt64(original.count + added.count)
    text.withUnsafeBufferPointer { added.append(contentsOf: $0) }
    added.append(0)
    return physical
  }

  /// Replaces a logical range of the text with `replacement` (a physical stretch, or nil
  /// to delete).
  func replaceLogical(_ range: Range<Int>, with replacement: Piece?) {
    pieces = Self.pieces(pieces, replacing: range, with: replacement)
  }

  /// `pieces` with a logical range replaced by `replacement` (nil: deleted).
  static func pieces(_ pieces: [Piece], replacing range: Range<Int>, with replacement: Piece?) -> [Piece] {
    var result: [Piece] = []
    result.reserveCapacity(pieces.count + 2)
    var logical = 0
    var inserted = false
    func insert() {
      if !inserted, let replacement, replacement.length > 0 { result.append(replacement) }
      inserted = true
    }
    for piece in pieces {
      let start = logical
      let end = logical + piece.length
      logical = end
      if end <= range.lowerBound {
        result.append(piece)
        continue
      }
      if start >= range.upperBound {
        insert()
        result.append(piece)
        continue
      }
      // The piece overlaps the range: keep its parts outside it.
      if start < range.lowerBound {
        result.append(Piece(physical: piece.physical, length: range.lowerBound - start))
      }
      insert()
      if end > range.upperBound {
        let cut = range.upperBound - start
        result.append(Piece(physical: piece.physical + UInt64(cut), length: end - range.upperBound))
      }
    }
    insert()
    return result
  }

  /// The piece list with a logical range replaced by `length` bytes at `physical`; the
  /// storage is left as it is. (It once replaced its own list and put it back: a storage
  /// shared with a snapshot that a search's count or a filter reads on another thread was
  /// written under it, before the edit copied it — a race ThreadSanitizer caught.)
  func piecesReplacing(_ range: Range<Int>, withPhysical physical: UInt64, length: Int) -> [Piece] {
    Self.pieces(pieces, replacing: range, with: length > 0 ? Piece(physical: physical, length: length) : nil)
  }
}
