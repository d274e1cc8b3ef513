/// The children of a large container, each as its tape index minus the container's, in
/// order: what ``JSONStorage/childTable(of:)`` answers and the edits keep up to date.
///
/// A followed stream that keeps only its newest records (`--keep`) drops the first
/// children of the root on every batch, and every child after them moves down by the
/// words that left: done on a plain array, that is a copy and a subtraction over every
/// entry, a million of them per batch. Here the entries that leave are only skipped
/// (``start``), and the move is a ``bias`` subtracted as entries are read, so a drop
/// costs nothing per entry kept; the skipped entries are given back once they outnumber
/// the kept ones.
struct ChildTable: RandomAccessCollection, Sendable {
  /// The entries as stored: an entry's value plus ``bias`` (wrapping), from ``start`` on.
  private var stored: [UInt32]
  /// Entries at the front that are no longer in the table.
  private var start = 0
  /// Added to every value as stored (wrapping: only the values, read back, are ordered).
  private var bias: UInt32 = 0

  init(_ offsets: [UInt32]) {
    stored = offsets
  }

  var startIndex: Int { 0 }
  var endIndex: Int { stored.count - start }

  @inline(__always) subscript(position: Int) -> UInt32 {
    stored[start &+ position] &- bias
  }

  /// Entries skipped at the front, not given back yet (tests).
  var skippedCount: Int { start }

  /// Removes the last `count` entries and appends `offsets` (nothing after them moves).
  mutating func replaceLast(_ count: Int, with offsets: [UInt32]) {
    precondition(count >= 0 && count <= self.count, "ChildTable.replaceLast: \(count) of \(self.count)")
    stored.removeLast(count)
    // (No `reserveCapacity`: an exact one would copy the whole table on every batch.)
    for offset in offsets { stored.append(offset &+ bias) }
  }

  /// Removes the first `count` entries and moves every other one by `delta` words.
  mutating func removeFirst(_ count: Int, movingRestBy delta: Int) {
    precondition(count >= 0 && count <= self.count, "ChildTable.removeFirst: \(count) of \(self.count)")
    start += count
    bias = bias &- UInt32(truncatingIfNeeded: delta)
    // The skipped entries go once they are as many as the kept ones (and worth a move).
    if start >= 4096, start >= stored.count - start {
      stored.removeFirst(start)
      start = 0
    }
  }
}
