import Synchronization
import TGridSystem
import TermGridPlatform

/// The shared, copy-on-write storage behind a ``JSONDocument`` (internal).
///
/// Holds the tape, the original bytes, the append-only buffer of edited text and the piece
/// list that orders the text for saving. A `JSONDocument` mutates its storage only after
/// checking that it is the sole owner (copying otherwise), so a storage shared between
/// threads is never written; the caches are behind a mutex. That is why the unchecked
/// `Sendable` conformance is sound.
///
/// The fields every read of the tape or the text goes through are
/// `@exclusivity(unchecked)`: a class's stored `var` is otherwise checked for exclusive
/// access at run time on every read (`swift_beginAccess`/`swift_endAccess`), which took
/// 20–35 % of the scans over millions of records (a table's keys, a timeline's dates, a
/// filter, a sort). The rule above makes the checks redundant: a storage that anyone else
/// holds is only read, and its owner's writes never overlap its own reads.
final class JSONStorage: @unchecked Sendable {
  /// The tape: one word per scalar, two per container (see ``TapeWord``), with a gap.
  ///
  /// `words.count` is the number of words. While ``gapStart`` is `Int.max` the words are
  /// stored in order (the parser appends to them); after an edit the words from
  /// `gapStart` on are stored at the end of the buffer's capacity, so the next edit near
  /// the same place moves only the words between, not the whole tail of the tape. Read
  /// words with ``word(_:)``.
  @exclusivity(unchecked) var words: GrowableBuffer<UInt64>
  /// Tape index where the gap of unused capacity sits (`Int.max`: at the end).
  @exclusivity(unchecked) var gapStart = Int.max
  /// Physical index of the tape's first word: the words before it are a dead prefix, left
  /// by records removed from the start (``JSONDocument/removeFirstRecords(_:)``) without
  /// moving the rest of the tape. Their pages are given back to the system; the prefix is
  /// taken back only when the gap has no room left: its whole pages unmapped when the tape is
  /// an anonymous mapping (``reclaimDeadPrefix(room:)``), else the tape's head moved down.
  @exclusivity(unchecked) var tapeStart = 0
  /// The least room a growing tape gets beyond what it needs, in words (tests make it small).
  var tapeGrowthMinimum = 1 << 16
  /// Bytes from which the tape's buffer is an anonymous mapping of its own (see
  /// ``GrowableBuffer/mappingThreshold``), so that its dead prefix is taken back by unmapping
  /// pages rather than by moving the tape (``reclaimDeadPrefix(room:)``).
  static let tapeMappingThreshold = 1 << 20
  /// Words the tape's moves have moved (``moveWords(from:to:count:)``), in all: what an
  /// edit costs beyond its own words (tests check that drops and appends move few).
  var movedWordCount = 0
  /// The pages of `words` stored in 2 or 4 bytes a word (nil while none is: see
  /// ``CompactTape``); their memory in `words` is given back to the system.
  @exclusivity(unchecked) var compactTape: CompactTape?
  /// First page not yet considered by ``compactPages(below:keeping:)``.
  var compactionCursor = 0
  /// Number of containers on the tape, the synthetic root included.
  @exclusivity(unchecked) var containerCount = 1
  /// Key offsets of members whose key is more than `TapeWord.longKeyDelta` bytes before
  /// the value, by tape index.
  @exclusivity(unchecked) var longKeyOffsets: [UInt32: UInt64] = [:]
  /// The text as first read.
  @exclusivity(unchecked) var original: JSONBytes
  /// Text written by edits; physical offset `original.count + i` is `added[i]`. Compacted
  /// when the text at its front is no longer reached (see ``compactEditBuffer(minimumFreedBytes:)``).
  @exclusivity(unchecked) var added: GrowableBuffer<UInt8>
  /// The mapped text of a followed file, which records appended from it point into
  /// (``JSONDocument/appendRecords(mapped:in:)``): physical offset ``mappedBase`` `+ i` is
  /// its byte `i`. Nil until the first such record.
  @exclusivity(unchecked) var mapped: GrowingFileMapping?
  /// How many times the edit buffer was compacted, and the bytes that freed in all.
  var editBufferCompactionCount = 0
  var freedEditBufferByteCount = 0
  /// The least a compaction of the edit buffer frees (tests make it small).
  var editBufferCompactionMinimum = JSONStorage.defaultEditBufferCompactionMinimum
  /// The current text, in order.
  @exclusivity(unchecked) var pieces: [Piece]
  /// Whether the text starts with a UTF-8 byte order mark (kept when saving).
  var hasByteOrderMark = false
  /// Whether the text is JSON Lines: the synthetic root is the document's root.
  @exclusivity(unchecked) var isLines = false
  /// Deepest container nesting seen while parsing.
  var maximumDepth = 0
  /// Warnings found while parsing (capped), and how many there were in all.
  var warnings: [JSONWarning] = []
  var warningCount = 0
  /// Changes with every edit; an edit can only be reverted on the state it produced.
  var stamp: UInt64 = 0
  /// Whether this is a preview of a document still being parsed (not editable).
  var isPartial = false
  /// Containers per block of the container index (tests make it small).
  var containerIndexBlockSize = ContainerIndex.defaultBlockSize
  /// Indexes built on first use; edits update them in place.
  let caches = Locked(Caches())

  /// Lookup structures derived from the tape.
  struct Caches: Sendable {
    var containerIndex: ContainerIndex?
    /// The children of large containers, by the container's tape index: each child's
    /// tape index minus the container's (relative, so an edit before the container only
    /// re-keys the table).
    var childTables: [UInt32: ChildTable] = [:]
    /// Child-by-child steps the walks to parents took while there was no container index:
    /// once they cost about what building it costs, it is built (``JSONStorage/parentIndex(of:)``).
    var parentWalkSteps = 0
    /// The layout detected from the text when first asked for (see
    /// ``JSONDocument/formatStyle``); edits follow it, so it is kept across them.
    var formatStyle: JSONFormatStyle?
  }

  init(original: JSONBytes, wordCapacity: Int) {
    self.original = original
    words = GrowableBuffer(capacity: wordCapacity, mappingThreshold: JSONStorage.tapeMappingThreshold)
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
    // A tape kept on disk is copied to disk (beside it), one in memory to memory.
    let onDisk = words.spillFile.flatMap { GrowableBuffer<UInt64>(capacity: wordCount, spillingTo: $0.directory) }
    if compactTape == nil {
      result.words =
        onDisk ?? GrowableBuffer(capacity: wordCount, hugePages: true, mappingThreshold: words.mappingThreshold)
      copyWords(from: 0, count: wordCount, to: result.words.pointer)
    } else {
      // Page by page, compacting each copied page at once: the copy is never whole and
      // raw in memory.
      result.words = onDisk ?? GrowableBuffer(capacity: wordCount, mappingThreshold: words.mappingThreshold)
      let pageSize = CompactTape.pageSize
      var start = 0
      while start < wordCount {
        let count = min(pageSize, wordCount - start)
        copyWords(from: start, count: count, to: result.words.pointer + start)
        if count == pageSize { result.compactPage(start >> CompactTape.pageShift, discards: false) }
        start += count
        if start % (64 * pageSize) == 0 || start >= wordCount {
          result.discardCompactPages(
            max(0, (start >> CompactTape.pageShift) - 64)..<(start >> CompactTape.pageShift) + 1)
        }
      }
      result.compactionCursor = wordCount >> CompactTape.pageShift
    }
    result.words.count = wordCount
    result.added = added.copy()
    result.mapped = mapped
    // The caches are values: the copy starts with them instead of rebuilding them.
    let cached = caches.withLock { $0 }
    result.caches.withLock { $0 = cached }
    result.longKeyOffsets = longKeyOffsets
    result.containerIndexBlockSize = containerIndexBlockSize
    result.tapeGrowthMinimum = tapeGrowthMinimum
    result.editBufferCompactionCount = editBufferCompactionCount
    result.freedEditBufferByteCount = freedEditBufferByteCount
    result.editBufferCompactionMinimum = editBufferCompactionMinimum
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

  /// Whether the tape is kept in a file on disk rather than in memory (see ``SpillFile``).
  var isTapeOnDisk: Bool { words.spillFile != nil }

  /// Moves the tape into a temporary file in `directory`, mapped: its pages then leave
  /// memory under pressure and come back when read. False when the file cannot be made
  /// there or the disk has no room.
  func moveTapeToDisk(in directory: String) -> Bool {
    words.spill(to: directory)
  }

  /// Whether the text is still exactly the original bytes.
  var isUnedited: Bool {
    original.count == 0 ? pieces.isEmpty : pieces == [Piece(physical: 0, length: original.count)]
  }

  // MARK: - Tape

  /// Number of words on the tape.
  @inline(__always) var wordCount: Int { words.count }

  /// Where the word at a tape index is stored.
  @inline(__always) func physicalIndex(_ index: Int) -> Int {
    index < gapStart ? index &+ tapeStart : index &+ (words.capacity &- words.count)
  }

  /// The word at a tape index.
  @inline(__always) func word(_ index: Int) -> UInt64 {
    let physical = physicalIndex(index)
    if let compactTape { return compactTape.word(at: physical, raw: words.pointer) }
    return words.pointer[physical]
  }

  /// Overwrites the word at a tape index.
  @inline(__always) func setWord(_ index: Int, _ value: UInt64) {
    let physical = physicalIndex(index)
    if compactTape != nil { inflatePages(physical..<physical &+ 1) }
    words.pointer[physical] = value
  }

  /// Copies `count` words from tape index `start` to `destination`.
  func copyWords(from start: Int, count: Int, to destination: UnsafeMutablePointer<UInt64>) {
    if compactTape != nil {
      for offset in 0..<max(0, count) { destination[offset] = word(start + offset) }
      return
    }
    let before = max(0, min(count, gapStart - start))
    if before > 0 { destination.update(from: words.pointer + tapeStart + start, count: before) }
    if count > before {
      destination.advanced(by: before).update(
        from: words.pointer + physicalIndex(start + before), count: count - before)
    }
  }

  /// The words of a tape range, as an array.
  func wordArray(from start: Int, count: Int) -> [UInt64] {
    // (An empty array without `unsafeUninitializedCapacity`, which would write the count
    // of the shared empty-array storage: a harmless write ThreadSanitizer reports.)
    guard count > 0 else { return [] }
    return [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress { copyWords(from: start, count: count, to: base) }
      initialized = count
    }
  }

  @inline(__always) func isContainer(_ index: Int) -> Bool { TapeWord.isContainer(word(index)) }

  /// Tape index just past the subtree that starts at `index`.
  @inline(__always) func subtreeEnd(_ index: Int) -> Int {
    let value = word(index)
    return TapeWord.isContainer(value) ? index &+ TapeWord.endDelta(ofInfo: word(index &+ 1)) : index &+ 1
  }

  /// Number of direct children (0 for scalars).
  @inline(__always) func childCount(_ index: Int) -> Int {
    TapeWord.isContainer(word(index)) ? TapeWord.childCount(ofInfo: word(index &+ 1)) : 0
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
  ///
  /// From the container index once it is built. Before, a walk down from the synthetic
  /// root answers without building it (the first screens and the load of a large file ask
  /// for the parents of records and their values, and the index of every container took
  /// 8 % of the load's time): through the child table of a large container, child by
  /// child in a small one, and the index after all when the walk is long (a value deep in
  /// a big small-fanout subtree). Both give the same answer (`LazyContainerIndexTests`).
  ///
  /// The walks' steps are counted: many parents asked of a document with small-fanout
  /// containers (every node's path, as the fuzzer asks) would otherwise cost up to
  /// ``parentWalkBudget`` steps each, for ever. Once the walks have taken a quarter of the
  /// tape's length in steps, the index is built and answers from then on.
  func parentIndex(of index: Int) -> Int? {
    let (built, walked) = caches.withLock { ($0.containerIndex, $0.parentWalkSteps) }
    if let built { return built.parent(of: index, in: self) }
    if walked < max(JSONStorage.parentWalksBeforeTheIndex, wordCount / 4) {
      var steps = 0
      let walk = walkToParent(of: index, steps: &steps)
      caches.withLock { $0.parentWalkSteps += steps }
      if case .found(let parent) = walk { return parent }
    }
    return containerIndex().parent(of: index, in: self)
  }

  /// Steps the walks to parents may take in all, in a small document, before the container
  /// index is built (in a large one, a quarter of its tape's length).
  static let parentWalksBeforeTheIndex = 1 << 15

  /// What a walk down to a parent found.
  enum ParentWalk: Equatable {
    /// The parent (nil for the synthetic root and for an index past the tape).
    case found(Int?)
    /// The walk was too long, or met a container still open: ask the container index.
    case gaveUp
  }

  /// The least tape length whose info words can look like a container's value word (a
  /// subtree size of 6 × 2²⁸ words reaches the kind's bits): shorter tapes tell a value
  /// word from an info word by the word alone.
  static let infoWordsLookLikeContainersFrom = Int(TapeWord.array) << (TapeWord.tagShift - 32)

  /// Child-by-child steps a walk to a parent takes before it gives up.
  static let parentWalkBudget = 512

  /// The parent of `index` found by walking down from the synthetic root, as the container
  /// index answers it (for a container's info word: the container).
  func walkToParent(of index: Int) -> ParentWalk {
    var steps = 0
    return walkToParent(of: index, steps: &steps)
  }

  /// ``walkToParent(of:)``, adding the steps it took to `steps`.
  private func walkToParent(of index: Int, steps: inout Int) -> ParentWalk {
    guard index > 0 else { return .found(nil) }
    var container = 0
    var budget = JSONStorage.parentWalkBudget
    defer { steps += JSONStorage.parentWalkBudget - budget }
    while true {
      let end = subtreeEnd(container)
      // A container still open (its size not written yet): only the index knows.
      guard end > container + 1 else { return .gaveUp }
      guard index < end else { return .found(nil) }
      if index == container + 1 || hasOnlyScalarChildren(container) { return .found(container) }
      var child: Int
      if childCount(container) > JSONStorage.childTableThreshold {
        let table = childTable(of: container)
        // The last child starting at or before `index`.
        let slot = JSONStorage.lowerBound(of: UInt32(index - container) &+ 1, in: table) - 1
        guard slot >= 0 else { return .gaveUp }
        child = container + Int(table[slot])
      } else {
        child = firstChild(container)
        while true {
          let next = subtreeEnd(child)
          if next > index || next <= child { break }
          child = next
          budget -= 1
          if budget <= 0 { return .gaveUp }
        }
      }
      // `index` is this child, or inside its subtree (only a container has more words).
      guard child != index, TapeWord.isContainer(word(child)) else { return .found(container) }
      container = child
      budget -= 1
      if budget <= 0 { return .gaveUp }
    }
  }

  /// A container's children, each as its tape index minus the container's (cached for
  /// large containers).
  func childTable(of index: Int) -> ChildTable {
    let key = UInt32(index)
    if let table = caches.withLock({ $0.childTables[key] }) { return table }
    var table: [UInt32] = []
    table.reserveCapacity(childCount(index))
    var child = firstChild(index)
    let end = subtreeEnd(index)
    while child < end {
      table.append(UInt32(child - index))
      child = subtreeEnd(child)
    }
    let made = ChildTable(table)
    caches.withLock { $0.childTables[key] = made }
    return made
  }

  /// Whether every child of the container at `index` is a scalar: each child is then one
  /// tape word, so the child at position `p` is at `index + 2 + p` and no child table is
  /// needed (an array of 25 M numbers would otherwise get a 100 MB one). False for scalars
  /// and for containers still open.
  @inline(__always) func hasOnlyScalarChildren(_ index: Int) -> Bool {
    guard TapeWord.isContainer(word(index)) else { return false }
    let info = word(index &+ 1)
    return TapeWord.endDelta(ofInfo: info) == TapeWord.childCount(ofInfo: info) &+ 2
  }

  /// Whether random access to the children of a container goes through a child table:
  /// large containers with a child that is itself a container.
  @inline(__always) func usesChildTable(_ index: Int) -> Bool {
    childCount(index) > JSONStorage.childTableThreshold && !hasOnlyScalarChildren(index)
  }

  /// Tape index of a container's child at a position (in range): arithmetic when every
  /// child is a scalar, from the child table for other large containers, by skipping
  /// subtrees for small ones.
  func childIndex(at position: Int, in parent: Int) -> Int {
    if hasOnlyScalarChildren(parent) { return firstChild(parent) + position }
    if childCount(parent) > JSONStorage.childTableThreshold { return parent + Int(childTable(of: parent)[position]) }
    var child = firstChild(parent)
    for _ in 0..<position { child = subtreeEnd(child) }
    return child
  }

  /// Position of a child among its parent's children.
  func position(ofChild index: Int, in parent: Int) -> Int {
    if hasOnlyScalarChildren(parent) { return index - firstChild(parent) }
    if childCount(parent) > JSONStorage.childTableThreshold {
      return JSONStorage.lowerBound(of: UInt32(index - parent), in: childTable(of: parent))
    }
    var child = firstChild(parent)
    var position = 0
    while child < index {
      child = subtreeEnd(child)
      position += 1
    }
    return position
  }

  /// The first position in an ascending table whose entry is not below `value`.
  static func lowerBound<Table: RandomAccessCollection<UInt32>>(of value: UInt32, in table: Table) -> Int
  where Table.Index == Int {
    var low = 0
    var high = table.count
    while low < high {
      let middle = (low + high) / 2
      if table[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Containers with more children than this get a child table on first random access
  /// (unless every child is a scalar: see ``hasOnlyScalarChildren(_:)``).
  static let childTableThreshold = 32

  /// Forgets every index (after the tape changed).
  func clearCaches() {
    caches.withLock { $0 = Caches() }
  }

  // MARK: - Bytes

  /// Number of original bytes: physical offsets from here on address `added`.
  @inline(__always) var originalCount: Int { original.count }

  /// Where the physical offsets of ``mapped`` text start (the edit buffer's stay below).
  static let mappedBase: UInt64 = 1 << 39

  /// Whether a physical offset lies in the edit buffer (`added`).
  @inline(__always) func isInEditBuffer(_ physical: UInt64) -> Bool {
    physical >= UInt64(original.count) && physical < Self.mappedBase
  }

  /// Pointer to the byte at a physical offset, and the end of its buffer.
  @inline(__always)
  func bytes(at physical: UInt64) -> (pointer: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    let offset = Int(physical)
    if offset < original.count {
      return (original.base + offset, original.base + original.count)
    }
    if physical >= Self.mappedBase, let mapped {
      let base = UnsafePointer(mapped.base.assumingMemoryBound(to: UInt8.self))
      return (base + (offset - Int(Self.mappedBase)), base + mapped.count)
    }
    let base = UnsafePointer(added.pointer)
    return (base + (offset - original.count), base + added.count)
  }

  /// Physical offset of the first byte of the value at `index` (its opening bracket for a
  /// container, its opening quote for a string).
  @inline(__always) func valueOffset(of index: Int) -> UInt64 {
    TapeWord.payload(word(index))
  }

  /// Physical byte offset of the member key of the value at `index`, if it has one.
  func keyOffset(of index: Int) -> UInt64? {
    let value = word(index)
    let delta = TapeWord.keyDelta(value)
    if delta == 0 { return nil }
    if delta == TapeWord.longKeyDelta { return longKeyOffsets[UInt32(index)] }
    return TapeWord.payload(value) - delta
  }

  /// The token of the scalar at `index`: pointer and length (strings with their quotes).
  func scalarToken(_ index: Int) -> (pointer: UnsafePointer<UInt8>, count: Int) {
    let value = word(index)
    let (pointer, end) = bytes(at: TapeWord.payload(value))
    return (pointer, JSONScanner.scalarLength(at: pointer, end: end, kind: TapeWord.kind(value)))
  }
}
