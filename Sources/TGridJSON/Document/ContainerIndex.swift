/// Every container's tape index in order, with its nesting depth (internal).
///
/// Built in one pass over the tape when a parent is first asked for, so parsing does not
/// pay for it: 5 bytes per container (4 for its place, 1 for its depth). An edit updates it in place of the splice
/// (``apply(_:parentDepth:)``), in time proportional to the splice and the number of
/// blocks, never to the document:
///
/// - The containers are kept in blocks of about ``blockSize``; a block stores its first
///   container's tape index (`base`) and the others relative to it, so the tape indices
///   after a splice move by changing one number per block.
/// - A container stores its depth, not its parent: depths never change when something is
///   inserted or removed elsewhere, while positions of parents would. The parent of a
///   container is the nearest container before it that is less deep; each block knows its
///   least depth, so the search skips blocks that cannot hold it.
struct ContainerIndex: Sendable, Equatable {
  /// A run of consecutive containers.
  struct Block: Sendable {
    /// Tape index of the block's first container.
    var base: Int
    /// Tape index minus `base`, ascending (the first is 0).
    var offsets: [UInt32]
    /// The least depth in the block.
    var minimumDepth: UInt32
    /// Each container's nesting depth (the synthetic root is 0, the root value 1) less
    /// ``minimumDepth``, when all of them fit in a byte (they do but in documents nested
    /// hundreds deep): a byte a container instead of four.
    private var depthDeltas: [UInt8]
    /// Each container's depth, when they do not fit as deltas (else empty).
    private var wideDepths: [UInt32]

    init(entries: ArraySlice<(index: Int, depth: UInt32)>) {
      let base = entries.first?.index ?? 0
      self.base = base
      offsets = entries.map { UInt32($0.index - base) }
      let minimum = entries.lazy.map(\.depth).min() ?? 0
      minimumDepth = minimum
      if entries.allSatisfy({ $0.depth - minimum <= UInt32(UInt8.max) }) {
        depthDeltas = entries.map { UInt8($0.depth - minimum) }
        wideDepths = []
      } else {
        depthDeltas = []
        wideDepths = entries.map(\.depth)
      }
    }

    @inline(__always) func index(at slot: Int) -> Int { base &+ Int(offsets[slot]) }

    /// The nesting depth of the container in a slot.
    @inline(__always) func depth(at slot: Int) -> UInt32 {
      wideDepths.isEmpty ? minimumDepth &+ UInt32(depthDeltas[slot]) : wideDepths[slot]
    }

    /// The number of containers in the block.
    var count: Int { offsets.count }

    /// The last slot before `end` whose container is shallower than `depth`, if any (the
    /// walk up to a parent: one pass over the depths, without a bounds check or a copy of
    /// the array for each slot).
    func lastSlot(before end: Int, shallowerThan depth: UInt32) -> Int? {
      guard depth > minimumDepth, end > 0 else { return nil }
      if wideDepths.isEmpty {
        let limit = depth - minimumDepth
        if limit > UInt32(UInt8.max) { return end - 1 }
        let byteLimit = UInt8(limit)
        return depthDeltas.withUnsafeBufferPointer { deltas in
          var slot = end - 1
          while slot >= 0 {
            if deltas[slot] < byteLimit { return slot }
            slot -= 1
          }
          return nil
        }
      }
      // (Depths too far apart for a byte: documents nested hundreds deep, rare.)
      return wideDepths[..<end].lastIndex { $0 < depth }
    }
  }

  /// Where a container is: its block and its slot in the block.
  struct Position: Equatable {
    var block: Int
    var slot: Int
  }

  /// Containers per block, about (blocks are split at twice this, merged when small).
  static let defaultBlockSize = 1024

  private(set) var blocks: [Block] = []
  /// Number of containers.
  private(set) var count = 0
  /// Containers per block (tests make it small to exercise many blocks).
  let blockSize: Int

  init(entries: [(index: Int, depth: UInt32)], blockSize: Int = ContainerIndex.defaultBlockSize) {
    self.blockSize = max(blockSize, 1)
    blocks = chunked(entries[...])
    count = entries.count
  }

  /// The index of a whole tape, made block by block as the tape is read: 5 bytes per
  /// container and no more (a list of every entry first took 16 bytes per container,
  /// 5 GB for the 320 million containers of 32 GB of records).
  init(_ storage: JSONStorage) {
    blockSize = max(storage.containerIndexBlockSize, 1)
    var pending: [(index: Int, depth: UInt32)] = []
    pending.reserveCapacity(2 * blockSize)
    var blocks: [Block] = []
    blocks.reserveCapacity(storage.containerCount / blockSize + 1)
    let blockSize = self.blockSize
    ContainerIndex.scan(storage.wordCount, depth: 0, at: 0) { entry in
      pending.append(entry)
      // Blocks of `blockSize`; the last one takes what is left (less than twice as many).
      if pending.count == 2 * blockSize {
        blocks.append(Block(entries: pending[..<blockSize]))
        pending.removeFirst(blockSize)
      }
    } word: {
      storage.word($0)
    }
    if !pending.isEmpty { blocks.append(Block(entries: pending[...])) }
    count = blocks.reduce(0) { $0 + $1.offsets.count }
    self.blocks = blocks
  }

  /// Appends the containers of a run of whole subtrees: `count` words read by `word`,
  /// at tape index `start`, the outermost at `depth`.
  private static func scan(
    _ count: Int, depth: UInt32, at start: Int, into entries: inout [(index: Int, depth: UInt32)],
    word: (Int) -> UInt64
  ) {
    scan(count, depth: depth, at: start, found: { entries.append($0) }, word: word)
  }

  /// Calls `found` with each container of a run of whole subtrees, in order.
  private static func scan(
    _ count: Int, depth: UInt32, at start: Int, found: (_ entry: (index: Int, depth: UInt32)) -> Void,
    word: (Int) -> UInt64
  ) {
    var openEnds: [Int] = []
    var offset = 0
    while offset < count {
      let value = word(offset)
      guard TapeWord.isContainer(value) else {
        offset += 1
        continue
      }
      while let last = openEnds.last, last <= offset { openEnds.removeLast() }
      found((start + offset, depth + UInt32(openEnds.count)))
      openEnds.append(offset + TapeWord.endDelta(ofInfo: word(offset + 1)))
      offset += 2
    }
  }

  private func chunked(_ entries: ArraySlice<(index: Int, depth: UInt32)>) -> [Block] {
    guard !entries.isEmpty else { return [] }
    if entries.count <= 2 * blockSize { return [Block(entries: entries)] }
    var result: [Block] = []
    result.reserveCapacity(entries.count / blockSize + 1)
    var start = entries.startIndex
    while start < entries.endIndex {
      // The last chunk takes the remainder rather than leave a small block.
      let end = entries.endIndex - start < 2 * blockSize ? entries.endIndex : start + blockSize
      result.append(Block(entries: entries[start..<end]))
      start = end
    }
    return result
  }

  // MARK: - Queries

  /// The block whose range holds tape index `index`: the last block starting at or before
  /// it (0 when none does).
  private func blockIndex(containing index: Int) -> Int {
    var low = 0
    var high = blocks.count
    while low < high {
      let middle = (low + high) / 2
      if blocks[middle].base <= index { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }

  /// The last container at or before tape index `index`.
  func lastContainer(atOrBefore index: Int) -> Position? {
    guard !blocks.isEmpty else { return nil }
    let block = blockIndex(containing: index)
    let relative = index - blocks[block].base
    guard relative >= 0 else { return nil }
    let offsets = blocks[block].offsets
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if Int(offsets[middle]) <= relative { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : Position(block: block, slot: low - 1)
  }

  /// How many containers start at tape indices in `range`: two binary searches and a sum
  /// over the blocks between them (a thousand containers per block).
  func containerCount(in range: Range<Int>) -> Int {
    guard !range.isEmpty else { return 0 }
    func ordinal(atOrBefore index: Int) -> Int {
      guard let position = lastContainer(atOrBefore: index) else { return 0 }
      var count = position.slot + 1
      for block in 0..<position.block { count += blocks[block].offsets.count }
      return count
    }
    guard let last = lastContainer(atOrBefore: range.upperBound - 1) else { return 0 }
    let first = lastContainer(atOrBefore: range.lowerBound - 1)
    guard let first else { return ordinal(atOrBefore: range.upperBound - 1) }
    // Count the blocks between the two positions only.
    if first.block == last.block { return last.slot - first.slot }
    var count = blocks[first.block].offsets.count - first.slot - 1 + last.slot + 1
    for block in (first.block + 1)..<last.block { count += blocks[block].offsets.count }
    return count
  }

  /// The tape index of the container at a position.
  @inline(__always) func index(at position: Position) -> Int { blocks[position.block].index(at: position.slot) }

  /// The depth of the container at a position.
  @inline(__always) func depth(at position: Position) -> UInt32 { blocks[position.block].depth(at: position.slot) }

  /// Whether tape index `index` holds a container's value word.
  func isContainer(at index: Int) -> Bool {
    guard let position = lastContainer(atOrBefore: index) else { return false }
    return self.index(at: position) == index
  }

  /// The depth of the container at tape index `index` (nil when none starts there).
  func depth(ofContainer index: Int) -> UInt32? {
    guard let position = lastContainer(atOrBefore: index), self.index(at: position) == index else { return nil }
    return depth(at: position)
  }

  /// The position of the enclosing container of the container at `position`.
  func parent(at position: Position) -> Position? {
    let depth = self.depth(at: position)
    guard depth > 0 else { return nil }
    var block = position.block
    var end = position.slot
    while block >= 0 {
      // A block whose least depth is not shallower is passed over at once.
      if let slot = blocks[block].lastSlot(before: end, shallowerThan: depth) {
        return Position(block: block, slot: slot)
      }
      block -= 1
      if block >= 0 { end = blocks[block].count }
    }
    return nil
  }

  /// The tape index of the container enclosing `index`.
  func parent(of index: Int, in storage: JSONStorage) -> Int? {
    if index <= 0 { return nil }
    guard var candidate = lastContainer(atOrBefore: index) else { return nil }
    if self.index(at: candidate) == index {
      return parent(at: candidate).map(self.index(at:))
    }
    // The nearest container opened before `index`, then up until one encloses it.
    while true {
      let container = self.index(at: candidate)
      if storage.subtreeEnd(container) > index { return container }
      guard let up = parent(at: candidate) else { return nil }
      candidate = up
    }
  }

  /// Every container as (tape index, depth), in order (for tests and checks).
  var entries: [(index: Int, depth: UInt32)] {
    blocks.flatMap { block in block.offsets.indices.map { (block.index(at: $0), block.depth(at: $0)) } }
  }

  static func == (lhs: ContainerIndex, rhs: ContainerIndex) -> Bool {
    lhs.count == rhs.count && lhs.entries.elementsEqual(rhs.entries) { $0.index == $1.index && $0.depth == $1.depth }
  }

  // MARK: - Following a splice

  /// Updates the index for `splice` (applied to the tape, or about to be): the containers of the removed words go, those of the
  /// inserted words come in at the parent's depth + 1, and those after shift.
  mutating func apply(_ splice: TapeSplice, parentDepth: UInt32) {
    let start = splice.start
    let removedEnd = start + splice.removedCount
    let delta = splice.insertedWords.count - splice.removedCount
    let first = blockIndex(containing: start)
    let last = max(first, blockIndex(containing: max(start, removedEnd - 1)))

    var entries: [(index: Int, depth: UInt32)] = []
    var gathered = 0
    for block in blocks[first...last] {
      gathered += block.offsets.count
      for slot in block.offsets.indices where block.index(at: slot) < start {
        entries.append((block.index(at: slot), block.depth(at: slot)))
      }
    }
    ContainerIndex.scan(splice.insertedWords.count, depth: parentDepth + 1, at: start, into: &entries) {
      splice.insertedWords[$0]
    }
    for block in blocks[first...last] {
      for slot in block.offsets.indices where block.index(at: slot) >= removedEnd {
        entries.append((block.index(at: slot) + delta, block.depth(at: slot)))
      }
    }
    count += entries.count - gathered
    var replacement = chunked(entries[...])
    // A small result joins the next block (when there is room), so blocks stay full.
    if let tail = replacement.last, tail.offsets.count < blockSize / 2, last + 1 < blocks.count,
      tail.offsets.count + blocks[last + 1].offsets.count <= 2 * blockSize
    {
      let next = blocks[last + 1]
      var merged = entries.suffix(tail.offsets.count)
      merged.append(contentsOf: next.offsets.indices.map { (next.index(at: $0) + delta, next.depth(at: $0)) })
      replacement[replacement.count - 1] = Block(entries: merged)
      blocks.replaceSubrange(first...(last + 1), with: replacement)
    } else {
      blocks.replaceSubrange(first...last, with: replacement)
    }
    if delta != 0 {
      for block in (first + replacement.count)..<blocks.count { blocks[block].base += delta }
    }
  }
}
