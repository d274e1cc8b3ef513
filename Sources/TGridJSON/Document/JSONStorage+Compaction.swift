import TGridSystem

/// Keeping pages of the tape compact (see ``CompactTape``), and the rule that goes with
/// it: the raw buffer is never read or written under a compact page. Reads go through
/// ``JSONStorage/word(_:)``; writes first make the pages they touch raw again
/// (``inflatePages(_:)``), and moves of words (``moveWords(from:to:count:)``) compact
/// what they wrote as they go.
extension JSONStorage {
  /// Bytes the tape takes in memory: raw pages at 8 bytes a word, compact ones at 2 or 4.
  var tapeByteCount: Int {
    let raw = wordCount * MemoryLayout<UInt64>.stride
    guard let compactTape else { return raw }
    return max(0, raw - compactTape.compactPageCount * CompactTape.pageSize * MemoryLayout<UInt64>.stride)
      + compactTape.byteCount
  }

  /// Compacts the whole pages below physical index `end` not considered before, except
  /// page 0 (the root's words, written last) and the pages in `kept` (the info words of
  /// containers still open, which the parser writes when they close). Called by the
  /// parser between slices, while the tape has no gap.
  func compactPages(below end: Int, keeping kept: Set<Int>) {
    guard gapStart == Int.max else { return }
    let last = end >> CompactTape.pageShift
    let first = max(compactionCursor, 1)
    var page = first
    while page < last {
      if !kept.contains(page) { compactPage(page, discards: false) }
      page += 1
    }
    compactionCursor = max(compactionCursor, last)
    if first < last { discardCompactPages(first..<last) }
  }

  /// Gives back the raw memory under the compact pages among `pages`, in one call for
  /// each run of them (a call per page would cost more than the compaction itself).
  func discardCompactPages(_ pages: Range<Int>) {
    guard let compactTape else { return }
    var page = pages.lowerBound
    while page < pages.upperBound {
      guard compactTape.isCompact(page) else {
        page += 1
        continue
      }
      var end = page + 1
      while end < pages.upperBound && compactTape.isCompact(end) { end += 1 }
      // Only whole system pages can go: with a compact neighbour, the one they share too.
      let low = page > 0 && compactTape.isCompact(page - 1) ? page - 1 : page
      let high = compactTape.isCompact(end) ? end + 1 : end
      words.discardPages(low << CompactTape.pageShift..<high << CompactTape.pageShift)
      page = end
    }
  }

  /// Stores a whole page of the raw buffer compactly when it can, and gives the raw
  /// memory under it (and under compact neighbours) back to the system.
  @discardableResult
  func compactPage(_ page: Int, discards: Bool = true) -> Bool {
    let first = page << CompactTape.pageShift
    guard first + CompactTape.pageSize <= words.capacity, compactTape?.isCompact(page) != true,
      let encoding = CompactTape.encoding(of: words.pointer + first)
    else { return false }
    let tape = compactTape ?? CompactTape()
    compactTape = tape
    tape.compact(page, words: words.pointer + first, as: encoding)
    if discards { discardCompactPages(page..<page + 1) }
    return true
  }

  /// Makes the compact pages overlapping a physical range raw again, before it is written
  /// or read directly.
  func inflatePages(_ range: Range<Int>) {
    guard let compactTape, !range.isEmpty, compactTape.compactPageCount > 0 else { return }
    var page = range.lowerBound >> CompactTape.pageShift
    let last = (range.upperBound - 1) >> CompactTape.pageShift
    while page <= last && page < compactTape.pages.count {
      if compactTape.isCompact(page) {
        compactTape.inflate(page, into: words.pointer + page << CompactTape.pageShift)
      }
      page += 1
    }
  }

  /// Moves `count` words of the raw buffer from physical index `source` to `destination`
  /// (the ranges may overlap), as `memmove` would. With compact pages, moves in pieces:
  /// each piece's pages are made raw, moved, and the destination's whole pages compacted
  /// again, so a move across a compact tape never holds it raw as a whole.
  func moveWords(from source: Int, to destination: Int, count: Int) {
    guard count > 0, source != destination else { return }
    movedWordCount += count
    let stride = MemoryLayout<UInt64>.stride
    guard compactTape != nil else {
      ByteScanning.move(words.pointer + destination, from: words.pointer + source, count: count * stride)
      return
    }
    let piece = 1 << 15
    let forward = destination > source
    var done = 0
    while done < count {
      let length = min(piece, count - done)
      // Moving up, the last words go first (and moving down, the first), so no word is
      // overwritten before it is moved.
      let offset = forward ? count - done - length : done
      let from = source + offset
      let to = destination + offset
      inflatePages(from..<from + length)
      inflatePages(to..<to + length)
      ByteScanning.move(words.pointer + to, from: words.pointer + from, count: length * stride)
      done += length
      // The destination's pages wholly written by now, overlapping this piece.
      let written = forward ? to..<destination + count : destination..<to + length
      let pageSize = CompactTape.pageSize
      var page = to >> CompactTape.pageShift
      if page * pageSize < written.lowerBound { page += 1 }
      let firstPage = page
      while (page + 1) * pageSize <= written.upperBound && page * pageSize < to + length {
        compactPage(page, discards: false)
        page += 1
      }
      if firstPage < page { discardCompactPages(firstPage..<page) }
    }
  }

  /// Gives back the memory of the raw pages inside the gap (their words are never read).
  func discardGap() {
    guard compactTape != nil, gapStart != Int.max else { return }
    let start = tapeStart + gapStart
    words.discardPages(start..<start + (words.capacity - tapeStart - words.count))
  }
}
