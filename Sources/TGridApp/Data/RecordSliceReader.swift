import TGridJSON
import TermGrid

/// Reads a container's records (its children as views show them, in order) a slice at a
/// time, keeping its place between slices: a view of a quarter of a million records shows
/// the first ones at once and reads the rest between frames, with progress
/// (``readCount`` of ``recordCount``). What each record gives is the caller's: the reader
/// hands it every record with its position among the shown ones.
struct RecordSliceReader {
  /// The container whose children are the records.
  let root: NodeID
  /// The records read so far.
  private(set) var readCount = 0
  /// How many records there are to read.
  private(set) var recordCount: Int
  /// Whether every record has been read.
  var isRead: Bool { readCount >= recordCount }

  /// How many records go between two readings of the clock (a record costs a few
  /// microseconds).
  static let recordsPerClockReading = 128

  /// A reader of `recordCount` records of `root` (0: nothing to read), none read yet.
  init(root: NodeID, recordCount: Int = 0) {
    self.root = root
    self.recordCount = max(0, recordCount)
  }

  /// Reads on from the first record not read yet, up to record `limit` (exclusive; the last
  /// at most) or until `deadline` (a `MonotonicClock.nanoseconds()` value; `nil` reads up to
  /// the limit), giving `each` every record and its position among the shown children.
  /// Records the document no longer has end the reading (a change makes a new reader
  /// anyway), as does a root that is gone or no longer a container.
  /// - Parameters:
  ///   - reserve: told once, before any record, how many records there will be read when
  ///     the reading reaches the limit: room to reserve.
  /// - Returns: whether every record is read.
  @discardableResult
  mutating func read(
    upTo limit: Int = .max, in store: DocumentStore, until deadline: UInt64?, reserve: (Int) -> Void = { _ in },
    each body: (_ record: JSONNode, _ position: Int) -> Void
  ) -> Bool {
    let document = store.document
    guard let node = store.node(root), document.kind(of: node).isContainer else {
      readCount = recordCount
      return true
    }
    recordCount = min(recordCount, store.shownChildCount(of: node))
    let end = min(limit, recordCount)
    reserve(end)
    var position = readCount
    while position < end {
      guard let record = store.shownChild(at: position, of: node) else {
        position = recordCount
        break
      }
      body(record, position)
      position += 1
      if position % Self.recordsPerClockReading == 0, let deadline, MonotonicClock.nanoseconds() >= deadline {
        break
      }
    }
    readCount = position
    return isRead
  }

  /// The records before `position` were read by the caller, in a pass of its own over
  /// the same records in order (on two cores).
  mutating func skip(to position: Int) {
    readCount = min(max(readCount, position), recordCount)
  }

  /// Every record is read, `count` of them: a caller that read them all in a pass of its
  /// own (following an edit), or found nothing to read.
  mutating func finish(count: Int) {
    recordCount = max(0, count)
    readCount = recordCount
  }
}
