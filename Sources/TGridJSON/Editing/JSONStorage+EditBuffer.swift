/// Compacting the edit buffer (``JSONStorage/added``): a follower that keeps only the
/// newest records (``JSONDocument/removeFirstRecords(_:)``) writes every arrival there, and
/// the text of the records that left would otherwise stay for good.
///
/// The buffer is append-only, so it is ordered by time: records that leave first were
/// written first, and once they are gone the front of the buffer is text no piece reaches.
/// Compaction copies the buffer from the first byte a piece reaches to its end into a new
/// buffer, and moves every physical offset into the buffer down by the same amount: the
/// payloads of the tape's value words, the long-key table and the pieces. Tape indexes do
/// not change, so every ``JSONNode`` (and every id a caller keeps for one) stays valid, and
/// so does every cache (they hold tape indexes, never physical offsets).
///
/// Edits made before a compaction hold offsets of the old buffer in their undo splices,
/// taken when ``freedEditBufferByteCount`` had the value it had then: applying one moves
/// them as the buffer moved since, so undo and redo work across a compaction as long as the
/// text they put back is still there (``JSONDocument/canRevert(_:)``). The records that left
/// are gone for good: the edit that removed them can no longer be reverted.
extension JSONStorage {
  /// Bytes at the front of the edit buffer that no piece reaches (the text of values
  /// edited or removed since, typically records that left).
  var unreachedEditBufferPrefix: Int {
    let originalCount = UInt64(original.count)
    var first = UInt64(added.count)
    for piece in pieces where piece.length > 0 && isInEditBuffer(piece.physical) {
      first = min(first, piece.physical - originalCount)
    }
    return Int(first)
  }

  /// Compacts the edit buffer when the text at its front that no piece reaches is at least
  /// half of it and at least `minimumFreedBytes`: copying the rest then costs no more than
  /// what was freed, so the work is amortised over the bytes that left (O(1) for each).
  ///
  /// The document's text, its state, its tape indexes and its caches stay as they were.
  /// - Returns: whether it compacted.
  @discardableResult
  func compactEditBuffer(minimumFreedBytes: Int) -> Bool {
    let cut = unreachedEditBufferPrefix
    let kept = added.count - cut
    guard cut > 0, cut >= kept, cut >= minimumFreedBytes else { return false }
    // The new buffer holds what is kept and room for as much again before it grows.
    var moved = GrowableBuffer<UInt8>(capacity: kept + kept / 2 + 4096)
    moved.append(contentsOf: UnsafeBufferPointer(start: added.pointer + cut, count: kept))
    added.release()
    added = moved

    let originalCount = UInt64(original.count)
    let shift = UInt64(cut)
    @inline(__always) func shifted(_ physical: UInt64) -> UInt64 {
      guard isInEditBuffer(physical) else { return physical }
      assert(physical >= originalCount + shift, "a live value's text lies in the compacted part of the edit buffer")
      return physical - shift
    }
    // Every value word (a container's info word holds sizes, not an offset: skipped).
    var index = 0
    let count = wordCount
    while index < count {
      let value = word(index)
      let payload = TapeWord.payload(value)
      if isInEditBuffer(payload) { setWord(index, TapeWord.replacingPayload(value, with: shifted(payload))) }
      index &+= TapeWord.isContainer(value) ? 2 : 1
    }
    if !longKeyOffsets.isEmpty {
      for (key, offset) in longKeyOffsets where isInEditBuffer(offset) { longKeyOffsets[key] = shifted(offset) }
    }
    for position in pieces.indices where isInEditBuffer(pieces[position].physical) {
      pieces[position].physical = shifted(pieces[position].physical)
    }
    editBufferCompactionCount += 1
    freedEditBufferByteCount += cut
    return true
  }

  /// A splice whose offsets were taken when ``freedEditBufferByteCount`` was `origin`, with
  /// its offsets into the edit buffer moved as compactions since moved the buffer.
  /// - Returns: nil when some of the text it reaches was compacted away.
  func movedIntoEditBuffer(_ splice: TapeSplice, from origin: Int) -> TapeSplice? {
    guard
      let (words, longKeys, pieces) = movedIntoEditBuffer(
        words: splice.insertedWords, longKeys: splice.insertedLongKeys, pieces: splice.pieces, from: origin)
    else { return nil }
    var result = splice
    result.insertedWords = words
    result.insertedLongKeys = longKeys
    result.pieces = pieces
    result.bufferOrigin = nil
    return result
  }

  /// Whole subtrees' words, their long keys and pieces of text, whose offsets were taken
  /// when ``freedEditBufferByteCount`` was `origin`, moved as compactions since moved the
  /// edit buffer; nil when some of the text they reach was compacted away.
  func movedIntoEditBuffer(
    words: [UInt64], longKeys: [UInt32: UInt64], pieces: [Piece], from origin: Int
  ) -> ([UInt64], [UInt32: UInt64], [Piece])? {
    let shift = UInt64(freedEditBufferByteCount - origin)
    guard shift > 0 else { return (words, longKeys, pieces) }
    let originalCount = UInt64(original.count)
    let lowest = originalCount + shift
    var words = words
    var index = 0
    while index < words.count {
      let value = words[index]
      let payload = TapeWord.payload(value)
      if isInEditBuffer(payload) {
        guard payload >= lowest else { return nil }
        words[index] = TapeWord.replacingPayload(value, with: payload - shift)
      }
      index += TapeWord.isContainer(value) ? 2 : 1
    }
    var longKeys = longKeys
    for (key, offset) in longKeys where isInEditBuffer(offset) {
      guard offset >= lowest else { return nil }
      longKeys[key] = offset - shift
    }
    var pieces = pieces
    for position in pieces.indices where isInEditBuffer(pieces[position].physical) && pieces[position].length > 0 {
      guard pieces[position].physical >= lowest else { return nil }
      pieces[position].physical -= shift
    }
    return (words, longKeys, pieces)
  }

  /// The least a compaction of the edit buffer frees (1 MiB: below it a compaction would
  /// cost more than it gives back).
  static let defaultEditBufferCompactionMinimum = 1 << 20
}
