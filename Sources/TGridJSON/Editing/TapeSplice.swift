/// One change to a document: a run of tape words replaced by others, and the new piece
/// list (internal).
///
/// Applying a splice returns the splice that undoes it, which is how edits are reverted.
struct TapeSplice: Sendable {
  /// Tape index where the replaced run starts.
  var start: Int
  /// Number of words removed from `start`.
  var removedCount: Int
  /// Words put in their place (whole subtrees; physical offsets already final).
  var insertedWords: [UInt64]
  /// Long-key offsets of the inserted words, by index relative to `start`.
  var insertedLongKeys: [UInt32: UInt64]
  /// Tape index of the container whose children change.
  var parent: Int
  /// Change of the parent's child count.
  var childCountDelta: Int
  /// The text after the change.
  var pieces: [Piece]
  /// For a splice kept to be applied later (an undo): the storage's
  /// ``JSONStorage/freedEditBufferByteCount`` when its offsets were taken, so that offsets
  /// into an edit buffer compacted since are moved as the buffer's were. Nil: taken now.
  var bufferOrigin: Int? = nil
}

extension JSONStorage {
  /// Applies a splice: moves the tape's gap to the splice (so only the words between the
  /// previous edit and this one move, not the tape's tail), writes the inserted words into
  /// it, fixes the ancestors' info words (the only words that change, as subtree sizes are
  /// relative), the long-key table and the caches, and swaps the pieces. Returns the
  /// splice that undoes it.
  func apply(_ splice: TapeSplice) -> TapeSplice {
    var splice = splice
    if let origin = splice.bufferOrigin, origin != freedEditBufferByteCount {
      guard let moved = movedIntoEditBuffer(splice, from: origin) else {
        preconditionFailure("the text this splice puts back was compacted away with the records that left")
      }
      splice = moved
    }
    // The ancestors and the parent's depth, from the container index of the tape as it is
    // before the change.
    let index = containerIndex()
    var ancestors: [Int] = []
    var ancestor: Int? = splice.parent
    while let container = ancestor {
      ancestors.append(container)
      ancestor = index.parent(of: container, in: self)
    }
    let parentDepth = index.depth(ofContainer: splice.parent) ?? 0

    let removedEnd = splice.start + splice.removedCount
    let removedWords = wordArray(from: splice.start, count: splice.removedCount)
    let delta = splice.insertedWords.count - splice.removedCount
    replaceWords(splice.start..<removedEnd, with: splice.insertedWords)

    for container in ancestors {
      let info = word(container + 1)
      setWord(
        container + 1,
        TapeWord.info(
          endDelta: TapeWord.endDelta(ofInfo: info) + delta,
          childCount: TapeWord.childCount(ofInfo: info) + (container == splice.parent ? splice.childCountDelta : 0)))
    }

    var removedLongKeys: [UInt32: UInt64] = [:]
    if !longKeyOffsets.isEmpty || !splice.insertedLongKeys.isEmpty {
      var updated: [UInt32: UInt64] = [:]
      for (index, offset) in longKeyOffsets {
        let index = Int(index)
        if index < splice.start {
          updated[UInt32(index)] = offset
        } else if index >= removedEnd {
          updated[UInt32(index + delta)] = offset
        } else {
          removedLongKeys[UInt32(index - splice.start)] = offset
        }
      }
      for (relative, offset) in splice.insertedLongKeys {
        updated[UInt32(splice.start + Int(relative))] = offset
      }
      longKeyOffsets = updated
    }

    containerCount += JSONStorage.containers(in: splice.insertedWords) - JSONStorage.containers(in: removedWords)
    let oldPieces = pieces
    pieces = splice.pieces
    // The caches follow the splice in place, in time proportional to the splice (and to
    // the children of the ancestors that have child tables), not to the document.
    caches.withLock { caches in
      caches.containerIndex?.apply(splice, parentDepth: parentDepth)
      JSONStorage.updateChildTables(&caches.childTables, following: splice)
    }
    return TapeSplice(
      start: splice.start, removedCount: splice.insertedWords.count, insertedWords: removedWords,
      insertedLongKeys: removedLongKeys, parent: splice.parent, childCountDelta: -splice.childCountDelta,
      pieces: oldPieces, bufferOrigin: freedEditBufferByteCount)
  }

  /// Replaces the words of a tape range with others, through the gap.
  func replaceWords(_ range: Range<Int>, with inserted: [UInt64]) {
    if inserted.isEmpty, dropWords(range) { return }
    if undropWords(range, insertedCount: inserted.count) {
      writeWords(inserted, at: range.lowerBound)
      return
    }
    moveGap(to: range.upperBound, room: inserted.count - range.count)
    // The removed words join the gap; the inserted ones fill its start.
    gapStart = range.lowerBound
    words.count -= range.count
    inflatePages(tapeStart + range.lowerBound..<tapeStart + range.lowerBound + inserted.count)
    writeWords(inserted, at: range.lowerBound)
    gapStart += inserted.count
    words.count += inserted.count
  }

  /// Writes words at a tape index before the gap, over what is there.
  private func writeWords(_ inserted: [UInt64], at index: Int) {
    inserted.withUnsafeBufferPointer { buffer in
      if let source = buffer.baseAddress {
        (words.pointer + tapeStart + index).update(from: source, count: buffer.count)
      }
    }
  }

  /// Words before a removed range that may be moved up over it instead of moving the gap:
  /// the synthetic root's, and little more.
  static let droppedPrefixLimit = 64

  /// Removes a range near the tape's start (records leaving a follower's document) by
  /// moving the few words before it up over it and starting the tape after them
  /// (``tapeStart``), so that neither the rest of the tape nor the gap moves. False (and
  /// nothing done) when the range is not near the start, lies across the gap, or the tape
  /// has compact pages.
  func dropWords(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty, range.lowerBound <= JSONStorage.droppedPrefixLimit, compactTape == nil else {
      return false
    }
    // A tape still in order has its gap at the end.
    if gapStart == Int.max { gapStart = words.count }
    guard gapStart >= range.upperBound else { return false }
    let oldStart = tapeStart
    moveWords(from: oldStart, to: oldStart + range.count, count: range.lowerBound)
    tapeStart += range.count
    gapStart -= range.count
    words.count -= range.count
    // The dead words' memory goes back to the system (from a little before the old start:
    // the page that held it may only now be wholly dead).
    words.discardPages(max(0, oldStart - JSONStorage.droppedPageMargin)..<tapeStart)
    return true
  }

  /// Makes room near the tape's start out of the dead prefix, the other way from
  /// ``dropWords(_:)``: the few words before `range` move down by what the insertion adds,
  /// and the tape starts that much earlier, so that neither the rest of the tape nor the
  /// gap moves. An undo of a removal of the first records puts the tape back as it was
  /// (before, the gap had no room: the whole tape moved down over its prefix and grew by
  /// half its length, 26 MB of 100 MB of records kept resident). On return the range is
  /// `insertedCount` words long (counted in `words.count` and ``gapStart``), to be written
  /// from `range.lowerBound`. False (and nothing done) when the insertion adds nothing, is
  /// not near the start, lies across the gap, is longer than the prefix, or the tape has
  /// compact pages.
  func undropWords(_ range: Range<Int>, insertedCount: Int) -> Bool {
    let added = insertedCount - range.count
    guard added > 0, added <= tapeStart, range.lowerBound <= JSONStorage.droppedPrefixLimit, compactTape == nil
    else { return false }
    guard gapStart == Int.max || gapStart >= range.upperBound else { return false }
    moveWords(from: tapeStart, to: tapeStart - added, count: range.lowerBound)
    tapeStart -= added
    if gapStart != Int.max { gapStart += added }
    words.count += added
    return true
  }

  /// Words before the previous start whose pages are given back again with each drop (at
  /// least a system page of them).
  static let droppedPageMargin = 1 << 13

  /// Moves the tape's head down over its dead prefix (``tapeStart`` back to 0): the words
  /// before the gap move, the gap grows by the prefix.
  func reclaimDeadPrefix() {
    guard tapeStart > 0 else { return }
    moveWords(from: tapeStart, to: 0, count: min(gapStart, words.count))
    tapeStart = 0
  }

  /// Takes the dead prefix back without moving a word when the tape is an anonymous mapping
  /// (see ``GrowableBuffer/removePages(below:room:)``): its whole pages are unmapped and the
  /// live ones moved by the kernel into a mapping of the capacity that moving the words
  /// down would have left (grown to half the tape's length again when its gap would be
  /// short of `room` and a quarter of the tape); the words before ``tapeStart`` that share
  /// its first page stay where they are. Only the words after the gap move, to the new end
  /// (none when records are appended). False (and nothing done) when the tape is in the
  /// heap or on disk, has compact pages, or its dead prefix has no whole page.
  ///
  /// Moving the words cost a copy of the whole tape (tens of megabytes for a million
  /// records kept) and the page faults of writing it over the prefix's discarded pages, in
  /// the batch of records that met it, on the run loop: an 82 ms key.
  func reclaimDeadPrefix(room: Int) -> Bool {
    guard tapeStart > 0, compactTape == nil else { return false }
    let count = words.count
    let tail = count - min(gapStart, count)
    // What moving the words down would leave: the same capacity, or a grown one (less the
    // words of the first page kept that lie before the tape's start).
    let oldCapacity = words.capacity
    let same = oldCapacity - tapeStart % GrowableBuffer<UInt64>.elementsPerPage
    let capacity = same - count >= room + count / 4 ? same : count + room + max(count / 2, tapeGrowthMinimum)
    let tailStart = oldCapacity - tail
    guard let removed = words.removePages(below: tapeStart, room: capacity) else { return false }
    tapeStart -= removed
    moveWords(from: tailStart - removed, to: words.capacity - tail, count: tail)
    return true
  }

  /// Moves the gap to tape index `index`, with room for at least `room` more words.
  func moveGap(to index: Int, room: Int) {
    let count = words.count
    let current = min(gapStart, count)
    if words.capacity - tapeStart - count < room, !reclaimDeadPrefix(room: room) {
      // A tape that loses records at its start takes its dead prefix back first, and then
      // keeps room for half its length again: the prefix is moved back once for every half
      // a tape appended, not every few batches. (In a mapping, less than a page of dead
      // words is not worth moving the tape for: they stay, and the mapping grows.)
      let dropping = tapeStart > 0
      if !words.isAnonymousMapping || tapeStart >= GrowableBuffer<UInt64>.elementsPerPage { reclaimDeadPrefix() }
      if words.capacity - tapeStart - count < room + (dropping ? count / 4 : 0) {
        // Grow by a little more than needed: the new capacity is mostly gap, and pages
        // never written are never resident.
        let tail = count - current
        let oldCapacity = words.capacity
        words.resize(capacity: tapeStart + count + room + max(count / (dropping ? 2 : 64), tapeGrowthMinimum))
        moveWords(from: oldCapacity - tail, to: words.capacity - tail, count: tail)
      }
    }
    let gap = words.capacity - tapeStart - count
    if index < current {
      moveWords(from: tapeStart + index, to: tapeStart + index + gap, count: current - index)
    } else if index > current {
      moveWords(from: tapeStart + current + gap, to: tapeStart + current, count: index - current)
    }
    gapStart = index
    discardGap()
  }

  /// Puts the words back in order at the start of the buffer (the gap at the end).
  func closeGap() {
    guard gapStart != Int.max || tapeStart > 0 else { return }
    reclaimDeadPrefix()
    moveGap(to: words.count, room: 0)
    gapStart = Int.max
  }

  /// Updates the child tables for a splice: the parent's loses the removed children and gains
  /// the inserted ones; in every container before the splice, the children after it move
  /// by the change in length (a no-op search for containers that do not enclose it); the
  /// tables of containers after it are re-keyed; those inside the removed words go.
  static func updateChildTables(_ tables: inout [UInt32: ChildTable], following splice: TapeSplice) {
    guard !tables.isEmpty else { return }
    let start = splice.start
    let removedEnd = start + splice.removedCount
    let delta = splice.insertedWords.count - splice.removedCount
    var rekeyed: [(UInt32, ChildTable)] = []
    for key in Array(tables.keys) {
      let container = Int(key)
      if container >= removedEnd {
        if delta != 0, let table = tables.removeValue(forKey: key) {
          rekeyed.append((UInt32(container + delta), table))
        }
        continue
      }
      if container >= start {
        tables[key] = nil
        continue
      }
      guard var table = tables.removeValue(forKey: key) else { continue }
      let low = lowerBound(of: UInt32(start - container), in: table)
      let high = lowerBound(of: UInt32(removedEnd - container), in: table)
      var children: [UInt32] = []
      if container == splice.parent {
        var offset = 0
        while offset < splice.insertedWords.count {
          children.append(UInt32(start + offset - container))
          offset +=
            TapeWord.isContainer(splice.insertedWords[offset])
            ? TapeWord.endDelta(ofInfo: splice.insertedWords[offset + 1]) : 1
        }
      }
      if high == table.count {
        // At the end (a record appended): nothing after the splice moves.
        table.replaceLast(table.count - low, with: children)
      } else if low == 0, children.isEmpty {
        // At the start (records dropped, `--keep`): the rest moves by the same distance,
        // which the table notes once instead of moving every entry.
        table.removeFirst(high, movingRestBy: delta)
      } else {
        var entries = Array(table)
        if delta != 0 {
          for position in high..<entries.count { entries[position] = UInt32(Int(entries[position]) + delta) }
        }
        entries.replaceSubrange(low..<high, with: children)
        table = ChildTable(entries)
      }
      tables[key] = table
    }
    for (key, table) in rekeyed { tables[key] = table }
  }

  /// Number of containers in a run of whole subtrees.
  static func containers(in words: [UInt64]) -> Int {
    var count = 0
    var index = 0
    while index < words.count {
      if TapeWord.isContainer(words[index]) {
        count += 1
        index += 2
      } else {
        index += 1
      }
    }
    return count
  }
}
