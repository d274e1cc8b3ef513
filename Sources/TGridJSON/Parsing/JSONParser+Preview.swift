extension JSONParser {
  /// A copy of the tape holding the root's complete children (see
  /// ``JSONProgressiveParser/preview(maximumChildren:)``).
  func preview(maximumChildren: Int) -> JSONStorage? {
    let words = storage.words
    let word = storage.word
    let showsRecords = mode == .lines || topLevelCount > 1
    // One complete value and more text to come: JSON Lines if another value follows, one
    // value if only blank space does. Neither is known yet, and a guess shown first would
    // have to be taken back (the first record's members shown as the document's).
    if mode == .automatic, topLevelCount == 1, openRoot == nil, !isFinished { return nil }
    let container = showsRecords ? 0 : 2
    guard words.count > container else { return nil }
    var taken = 0
    var end = container + 1
    let isScalarRoot = !showsRecords && !TapeWord.isContainer(word(2))
    if !isScalarRoot {
      end = container + 2
      while taken < maximumChildren && end < words.count {
        if TapeWord.isContainer(word(end)) {
          // A container's size is written when it closes: 0 means still open.
          let delta = end + 1 < words.count ? TapeWord.endDelta(ofInfo: word(end + 1)) : 0
          guard delta != 0 else { break }
          end += delta
        } else {
          end += 1
        }
        taken += 1
      }
      let isCompleteEmptyRoot = !showsRecords && TapeWord.endDelta(ofInfo: word(3)) == 2
      guard taken > 0 || isCompleteEmptyRoot else { return nil }
    }
    let copy = JSONStorage(original: storage.original, wordCapacity: end)
    copy.words.reserve(end)
    storage.copyWords(from: 0, count: end, to: copy.words.pointer)
    copy.words.count = end
    if !isScalarRoot && container == 2 {
      copy.words.pointer[3] = TapeWord.info(endDelta: end - 2, childCount: taken)
    }
    copy.words.pointer[1] = TapeWord.info(endDelta: end, childCount: showsRecords ? taken : 1)
    copy.longKeyOffsets = storage.longKeyOffsets.filter { Int($0.key) < end }
    copy.containerCount = JSONStorage.containers(in: Array(copy.words.elements[2...])) + 1
    copy.isLines = showsRecords
    copy.hasByteOrderMark = storage.hasByteOrderMark
    copy.isPartial = true
    copy.pieces = []
    return copy
  }
}
