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

/// Every container's tape index in order, with its parent (internal).
///
/// Built in one pass over the tape when a parent is first asked for, so parsing does not
/// pay for it: 8 bytes per container.
struct ContainerIndex: Sendable, Equatable {
  /// Tape indices of the containers, ascending.
  var containers: [UInt32] = []
  /// For each container, the position in `containers` of its parent (`UInt32.max`: none).
  var parents: [UInt32] = []

  init() {}

  init(_ storage: JSONStorage) {
    var open: [(position: UInt32, end: Int)] = []
    var index = 0
    let count = storage.words.count
    while index < count {
      let word = storage.words.pointer[index]
      guard TapeWord.isContainer(word) else {
        index += 1
        continue
      }
      while let last = open.last, last.end <= index { open.removeLast() }
      let position = UInt32(containers.count)
      containers.append(UInt32(index))
      parents.append(open.last?.position ?? UInt32.max)
      open.append((position, index + TapeWord.endDelta(ofInfo: storage.words.pointer[index + 1])))
      index += 2
    }
  }

  /// Number of containers whose tape index is below `index`.
  func containersBefore(_ index: Int) -> Int {
    var low = 0
    var high = containers.count
    while low < high {
      let middle = (low + high) / 2
      if Int(containers[middle]) < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index after `splice` (already applied to the tape) replaced its run of words.
  func applying(_ splice: TapeSplice) -> ContainerIndex {
    let removedEnd = splice.start + splice.removedCount
    let first = containersBefore(splice.start)
    let last = containersBefore(removedEnd)
    let delta = splice.insertedWords.count - splice.removedCount
    let parentPosition = containersBefore(splice.parent)

    // The inserted subtrees' containers, with parents found through a stack of open ends.
    var insertedContainers: [UInt32] = []
    var insertedParents: [UInt32] = []
    var open: [(position: UInt32, end: Int)] = []
    var offset = 0
    while offset < splice.insertedWords.count {
      let word = splice.insertedWords[offset]
      guard TapeWord.isContainer(word) else {
        offset += 1
        continue
      }
      while let top = open.last, top.end <= offset { open.removeLast() }
      let position = UInt32(first + insertedContainers.count)
      insertedContainers.append(UInt32(splice.start + offset))
      insertedParents.append(open.last?.position ?? UInt32(parentPosition))
      open.append((position, offset + TapeWord.endDelta(ofInfo: splice.insertedWords[offset + 1])))
      offset += 2
    }

    let shift = insertedContainers.count - (last - first)
    var result = ContainerIndex()
    result.containers.reserveCapacity(containers.count + shift)
    result.parents.reserveCapacity(containers.count + shift)
    result.containers.append(contentsOf: containers[..<first])
    result.parents.append(contentsOf: parents[..<first])
    result.containers.append(contentsOf: insertedContainers)
    result.parents.append(contentsOf: insertedParents)
    for position in last..<containers.count {
      result.containers.append(UInt32(Int(containers[position]) + delta))
      let parent = parents[position]
      result.parents.append(parent == UInt32.max || Int(parent) < first ? parent : UInt32(Int(parent) + shift))
    }
    return result
  }

  /// The tape index of the container enclosing `index`.
  func parent(of index: Int, in storage: JSONStorage) -> Int? {
    var candidate: Int
    if storage.isContainer(index) {
      let position = containersBefore(index)
      guard position < containers.count, Int(containers[position]) == index else { return nil }
      let parent = parents[position]
      return parent == UInt32.max ? nil : Int(containers[Int(parent)])
    }
    // The nearest container opened before `index`, then up until one encloses it.
    candidate = containersBefore(index) - 1
    while candidate >= 0 {
      let container = Int(containers[candidate])
      if storage.subtreeEnd(container) > index { return container }
      let parent = parents[candidate]
      if parent == UInt32.max { return nil }
      candidate = Int(parent)
    }
    return nil
  }
}
