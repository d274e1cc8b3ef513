#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
}

extension JSONStorage {
  /// Applies a splice: moves the tape's tail, fixes the ancestors' info words (the only
  /// words that change, as subtree sizes are relative) and the long-key table, and swaps
  /// the pieces. Returns the splice that undoes it.
  func apply(_ splice: TapeSplice) -> TapeSplice {
    // The ancestors, from the container index of the tape as it is before the change.
    var ancestors: [Int] = []
    var ancestor: Int? = splice.parent
    while let index = ancestor {
      ancestors.append(index)
      ancestor = parentIndex(of: index)
    }

    let removedEnd = splice.start + splice.removedCount
    let removedWords = Array(UnsafeBufferPointer(start: words.pointer + splice.start, count: splice.removedCount))
    let delta = splice.insertedWords.count - splice.removedCount
    let tailCount = words.count - removedEnd
    words.reserve(words.count + max(delta, 0))
    memmove(
      words.pointer + splice.start + splice.insertedWords.count, words.pointer + removedEnd,
      tailCount * MemoryLayout<UInt64>.stride)
    splice.insertedWords.withUnsafeBufferPointer { inserted in
      if let source = inserted.baseAddress {
        (words.pointer + splice.start).update(from: source, count: inserted.count)
      }
    }
    words.count += delta

    for index in ancestors {
      let info = words.pointer[index + 1]
      words.pointer[index + 1] = TapeWord.info(
        endDelta: TapeWord.endDelta(ofInfo: info) + delta,
        childCount: TapeWord.childCount(ofInfo: info) + (index == splice.parent ? splice.childCountDelta : 0))
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
    // The container index follows the splice in O(containers) instead of being rebuilt
    // from the whole tape; child tables are rebuilt on demand.
    let updatedIndex = caches.withLock { $0.containerIndex }.map { $0.applying(splice) }
    caches.withLock { $0 = Caches(containerIndex: updatedIndex) }
    return TapeSplice(
      start: splice.start, removedCount: splice.insertedWords.count, insertedWords: removedWords,
      insertedLongKeys: removedLongKeys, parent: splice.parent, childCountDelta: -splice.childCountDelta,
      pieces: oldPieces)
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
