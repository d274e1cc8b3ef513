import Synchronization

/// The shared, copy-on-write storage behind a ``JSONDocument`` (internal).
///
/// Holds the tape, the original bytes, the append-only buffer of edited text and the piece
/// list that orders the text for saving. A `JSONDocument` mutates its storage only after
/// checking that it is the sole owner (copying otherwise), so a storage shared between
/// threads is never written; the caches are behind a mutex. That is why the unchecked
/// `Sendable` conformance is sound.
final class JSONStorage: @unchecked Sendable {
  /// The tape: one word per scalar, two per container (see ``TapeWord``).
  var words: GrowableBuffer<UInt64>
  /// Number of containers on the tape, the synthetic root included.
  var containerCount = 1
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
  /// Indexes built on first use; cleared by edits.
  let caches = Mutex(Caches())

  /// Lookup structures derived from the tape.
  struct Caches: Sendable {
    var containerIndex: ContainerIndex?
    /// Tape indices of the children of large containers, by the container's tape index.
    var childTables: [UInt32: [UInt32]] = [:]
  }

  init(original: JSONBytes, wordCapacity: Int) {
    self.original = original
    words = GrowableBuffer(capacity: wordCapacity)
    added = GrowableBuffer(capacity: 1)
    pieces = original.count > 0 ? [Piece(physical: 0, length: original.count)] : []
  }

  deinit {
    words.release()
    added.release()
  }

  /// A deep copy (before the first edit of a shared document).
  func copy() -> JSONStorage {
    let result = JSONStorage(original: original, wordCapacity: 1)
    result.words.release()
    result.added.release()
    result.words = words.copy()
    result.added = added.copy()
    result.longKeyOffsets = longKeyOffsets
    result.containerCount = containerCount
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

  // MARK: - Tape

  @inline(__always) func word(_ index: Int) -> UInt64 { words.pointer[index] }

  @inline(__always) func isContainer(_ index: Int) -> Bool { TapeWord.isContainer(words.pointer[index]) }

  /// Tape index just past the subtree that starts at `index`.
  @inline(__always) func subtreeEnd(_ index: Int) -> Int {
    TapeWord.isContainer(words.pointer[index])
      ? index &+ TapeWord.endDelta(ofInfo: words.pointer[index &+ 1]) : index &+ 1
  }

  /// Number of direct children (0 for scalars).
  @inline(__always) func childCount(_ index: Int) -> Int {
    TapeWord.isContainer(words.pointer[index]) ? TapeWord.childCount(ofInfo: words.pointer[index &+ 1]) : 0
  }

  /// Tape index of the first child of a container (its end when empty).
  @inline(__always) func firstChild(_ index: Int) -> Int { index &+ 2 }

  /// The container index, built on first use.
  func containerIndex() -> ContainerIndex {
    if let index = caches.withLock({ $0.containerIndex }) { return index }
    let index = ContainerIndex(self)
    caches.withLock { $0.containerIndex = index }
    return index
  }

  /// Tape index of the container enclosing `index` (nil for the synthetic root).
  func parentIndex(of index: Int) -> Int? {
    containerIndex().parent(of: index, in: self)
  }

  /// Tape indices of a container's children (cached for large containers).
  func childTable(of index: Int) -> [UInt32] {
    let key = UInt32(index)
    if let table = caches.withLock({ $0.childTables[key] }) { return table }
    var table: [UInt32] = []
    table.reserveCapacity(childCount(index))
    var child = firstChild(index)
    let end = subtreeEnd(index)
    while child < end {
      table.append(UInt32(child))
      child = subtreeEnd(child)
    }
    caches.withLock { $0.childTables[key] = table }
    return table
  }

  /// Tape index of a container's child at a position (in range): from the child table for
  /// large containers, by skipping subtrees for small ones.
  func childIndex(at position: Int, in parent: Int) -> Int {
    if childCount(parent) > JSONStorage.childTableThreshold { return Int(childTable(of: parent)[position]) }
    var child = firstChild(parent)
    for _ in 0..<position { child = subtreeEnd(child) }
    return child
  }

  /// Position of a child among its parent's children.
  func position(ofChild index: Int, in parent: Int) -> Int {
    if childCount(parent) > JSONStorage.childTableThreshold {
      let table = childTable(of: parent)
      var low = 0
      var high = table.count
      while low < high {
        let middle = (low + high) / 2
        if Int(table[middle]) < index { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var child = firstChild(parent)
    var position = 0
    while child < index {
      child = subtreeEnd(child)
      position += 1
    }
    return position
  }

  /// Containers with more children than this get a child table on first random access.
  static let childTableThreshold = 32

  /// Forgets every index (after the tape changed).
  func clearCaches() {
    caches.withLock { $0 = Caches() }
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

  /// Physical offset of the first byte of the value at `index` (its opening bracket for a
  /// container, its opening quote for a string).
  @inline(__always) func valueOffset(of index: Int) -> UInt64 {
    TapeWord.payload(words.pointer[index])
  }

  /// Physical byte offset of the member key of the value at `index`, if it has one.
  func keyOffset(of index: Int) -> UInt64? {
    let word = words.pointer[index]
    let delta = TapeWord.keyDelta(word)
    if delta == 0 { return nil }
    if delta == TapeWord.longKeyDelta { return longKeyOffsets[UInt32(index)] }
    return TapeWord.payload(word) - delta
  }

  /// The token of the scalar at `index`: pointer and length (strings with their quotes).
  func scalarToken(_ index: Int) -> (pointer: UnsafePointer<UInt8>, count: Int) {
    let word = words.pointer[index]
    let (pointer, end) = bytes(at: TapeWord.payload(word))
    return (pointer, JSONScanner.scalarLength(at: pointer, end: end, kind: TapeWord.kind(word)))
  }
}
