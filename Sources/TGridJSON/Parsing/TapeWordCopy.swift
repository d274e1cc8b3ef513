import TGridSystem

/// Copies a fragment's tape words into the tape of the parser that takes them, the later
/// half on a second thread (internal).
///
/// A parser that keeps values takes the tape of a fragment parsed ahead (more than half of
/// a large text) by copying it after its own: on a gigabyte of JSON Lines, 250 M words,
/// about 0.2 s on one core after both halves are parsed, while the other core, its
/// fragment done, waits. Each piece's pages are given back to the system once copied, so
/// the two tapes are never both whole in memory.
struct TapeWordCopy: @unchecked Sendable {
  /// The words copied, and where they go: `count` words from `source + start`.
  let source: GrowableBuffer<UInt64>
  let start: Int
  let destination: UnsafeMutablePointer<UInt64>
  let count: Int

  /// Words copied (and given back) at a time.
  static let piece = 1 << 18

  /// Copies the words at `range` (offsets from `start`), a piece at a time.
  func copy(_ range: Range<Int>) {
    var copied = range.lowerBound
    while copied < range.upperBound {
      let length = min(Self.piece, range.upperBound - copied)
      (destination + copied).update(from: source.pointer + start + copied, count: length)
      source.discardPages(start + copied..<start + copied + length)
      copied += length
    }
  }

  /// Copies every word, the later half on a second thread when there are at least two
  /// pieces and a thread can be started (else all on this one).
  func copyInHalves() {
    let half = (count / 2 + Self.piece - 1) / Self.piece * Self.piece
    guard half < count, let worker = WorkerThread.start({ copy(half..<count) }) else {
      copy(0..<count)
      return
    }
    copy(0..<half)
    worker.join()
  }
}
