import Synchronization

/// The shared, copy-on-write storage behind a ``JSONDocument`` (internal).
///
/// Holds the tape (one word per value), the container records, the original bytes, the
/// append-only buffer of edited text and the piece list that orders the text for saving.
/// A `JSONDocument` mutates its storage only after checking that it is the sole owner
/// (copying otherwise), so a storage shared between threads is never written: that is the
/// reason the unchecked `Sendable` conformance is sound.
final class JSONStorage: @unchecked Sendable {
  var words: GrowableBuffer<UInt64>
  var records: GrowableBuffer<ContainerRecord>
  /// Key offsets of members whose key is more than `TapeWord.longKeyDelta` bytes before
  /// the value, by tape index.
  var longKeyOffsets: [UInt32: UInt64] = [:]
  /// The text as first read.
  let original: JSONBytes
  /// Text written by edits; physical offset `original.count + i` is `added[i]`.
  var added: GrowableBuffer<UInt8>
  /// The current text, in order.
  var pieces: [Piece]
  /// Whether the text starts with a UTF-8 byte order mark (kept when saving).
  var hasByteOrderMark = false
  /// Whether the text is JSON Lines: the synthetic root is the document's root.
  var isLines = false
  /// Deepest container nesting seen while parsing.
  var maximumDepth = 0
  /// Warnings found while parsing (capped), and how many there were in all.
  var warnings: [JSONWarning] = []
  var warningCount = 0
  /// Changes with every edit; an edit can only be reverted on the state it produced.
  var stamp: UInt64 = 0
  /// Whether this is a preview of a document still being parsed (not editable).
  var isPartial = false
  /// Lazily built child positions of large containers, by record number.
  let childTables = Mutex<[UInt32: [UInt32]]>([:])

  init(original: JSONBytes, wordCapacity: Int, recordCapacity: Int) {
    self.original = original
    words = GrowableBuffer(capacity: wordCapacity)
    records = GrowableBuffer(capacity: recordCapacity)
    added = GrowableBuffer(capacity: 1)
    pieces = original.count > 0 ? [Piece(physical: 0, length: original.count)] : []
  }

  deinit {
    words.release()
    records.release()
    added.release()
  }

  /// A deep copy (before the first edit of a shared document).
  func copy() -> JSONStorage {
    let result = JSONStorage(original: original, wordCapacity: 1, recordCapacity: 1)
    result.words.release()
    result.records.release()
    result.added.release()
    result.words = words.copy()
    result.records = records.copy()
    result.added = added.copy()
    result.longKeyOffsets = longKeyOffsets
    result.pieces = pieces
    result.hasByteOrderMark = hasByteOrderMark
    result.isLines = isLines
    result.maximumDepth = maximumDepth
    result.warnings = warnings
    result.warningCount = warningCount
    result.stamp = stamp
    result.isPartial = isPartial
    return result
  }

  /// Whether the text is still exactly the original bytes.
  var isUnedited: Bool {
    original.count == 0 ? pieces.isEmpty : pieces == [Piece(physical: 0, length: original.count)]
  }

  // MARK: - Words and records

  @inline(__always) func word(_ index: Int) -> UInt64 { words.pointer[index] }

  @inline(__always) func record(ofWord word: UInt64) -> ContainerRecord {
    records.pointer[Int(TapeWord.payload(word))]
  }

  /// Tape index just past the subtree that starts at `index`.
  @inline(__always) func subtreeEnd(_ index: Int) -> Int {
    let word = words.pointer[index]
    return TapeWord.isContainer(word) ? Int(record(ofWord: word).endIndex) : index + 1
  }

  /// Record number of the container whose word is at `index`, if it is one.
  @inline(__always) func recordNumber(at index: Int) -> Int? {
    let word = words.pointer[index]
    return TapeWord.isContainer(word) ? Int(TapeWord.payload(word)) : nil
  }

  /// Number of records whose container word comes before tape index `index`.
  func recordsBefore(_ index: Int) -> Int {
    var low = 0
    var high = records.count
    while low < high {
      let middle = (low + high) / 2
      if Int(records.pointer[middle].tapeIndex) < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Tape index of the container enclosing `index` (nil for the synthetic root).
  func parentIndex(of index: Int) -> Int? {
    if let number = recordNumber(at: index) {
      let parent = records.pointer[number].parent
      return parent == ContainerRecord.noParent ? nil : Int(records.pointer[Int(parent)].tapeIndex)
    }
    // The nearest container opened before `index`, then up until one encloses it.
    var candidate = recordsBefore(index) - 1
    while candidate >= 0 {
      let record = records.pointer[candidate]
      if Int(record.endIndex) > index || record.endIndex == 0 { return Int(record.tapeIndex) }
      if record.parent == ContainerRecord.noParent { return nil }
      candidate = Int(record.parent)
    }
    return nil
  }

  // MARK: - Bytes

  /// Number of original bytes: physical offsets from here on address `added`.
  @inline(__always) var originalCount: Int { original.count }

  /// Pointer to the byte at a physical offset, and the end of its buffer.
  @inline(__always)
  func bytes(at physical: UInt64) -> (pointer: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    let offset = Int(physical)
    if offset < original.count {
      return (original.base + offset, original.base + original.count)
    }
    let base = UnsafePointer(added.pointer)
    return (base + (offset - original.count), base + added.count)
  }

  /// Physical byte offset of the member key of the value at `index`, if it has one.
  func keyOffset(of index: Int) -> UInt64? {
    let word = words.pointer[index]
    let delta = TapeWord.keyDelta(word)
    if delta == 0 { return nil }
    if delta == TapeWord.longKeyDelta { return longKeyOffsets[UInt32(index)] }
    return valueOffset(of: index) - delta
  }

  /// Physical offset of the first byte of the value at `index` (its opening bracket for a
  /// container, its opening quote for a string).
  @inline(__always) func valueOffset(of index: Int) -> UInt64 {
    let word = words.pointer[index]
    return TapeWord.isContainer(word) ? record(ofWord: word).openOffset : TapeWord.payload(word)
  }

  /// Physical offset just past the last byte of the scalar or container at `index` (for a
  /// container, just past its closing bracket, which may live in another piece).
  func valueEndOffset(of index: Int) -> UInt64 {
    let word = words.pointer[index]
    if TapeWord.isContainer(word) { return record(ofWord: word).closeOffset + 1 }
    let start = TapeWord.payload(word)
    let (pointer, end) = bytes(at: start)
    return start + UInt64(JSONScanner.scalarLength(at: pointer, end: end, kind: TapeWord.kind(word)))
  }
}
