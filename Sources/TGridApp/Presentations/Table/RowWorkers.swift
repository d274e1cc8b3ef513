import Dispatch
import Synchronization
import TGridJSON
import TermGrid

/// Rows of a table read on worker threads, in parts: the rows are split in `threads` ranges
/// (fewer when there are few rows), and each range is given to `work` on a thread of its
/// own, which reads its rows through the function it is handed and returns what it made
/// of them (a part). That function counts the progress (``rowsRead``) and looks at
/// ``cancel()`` every ``FrequencyCount/checkInterval`` rows, stopping its part then. What
/// ``FrequencyCount`` and ``SummaryCount`` share.
final class RowWorkers<Part: Sendable>: Sendable {
  /// How many rows there are to read.
  let rowCount: Int
  private let group = DispatchGroup()
  private let cancellation = JSONCancellation()
  private let read = Atomic<Int>(0)
  /// Each part, in row order (nil until it ends).
  private let finished: Locked<[Part?]>

  /// Starts reading `rows` of `document` on `threads` threads (at least one): `work` is
  /// called once per part with a function that calls its argument with each row of the part
  /// in order.
  init(
    document: JSONDocument, rows: FrequencyCount.Rows, threads: Int,
    work: @escaping @Sendable (_ eachRow: (_ body: (JSONNode) -> Void) -> Void) -> Part
  ) {
    rowCount = rows.count
    let threads = max(1, min(threads, rows.count / FrequencyCount.checkInterval + 1))
    finished = Locked([Part?](repeating: nil, count: threads))
    for part in 0..<threads {
      let range = (rows.count * part / threads)..<(rows.count * (part + 1) / threads)
      group.enter()
      DispatchQueue.global(qos: .userInitiated).async { [self] in
        let made = work { body in self.read(rows, in: range, of: document, body) }
        finished.withLock { $0[part] = made }
        group.leave()
      }
    }
  }

  /// How many rows are read so far (all parts together).
  var rowsRead: Int { min(rowCount, read.load(ordering: .relaxed)) }

  /// Whether every part has ended (read, or stopped by ``cancel()``).
  var isFinished: Bool { group.wait(timeout: .now()) == .success }

  /// Waits up to `milliseconds` for every part to end.
  /// - Returns: whether they have.
  func wait(milliseconds: Int) -> Bool {
    group.wait(timeout: .now() + .milliseconds(max(0, milliseconds))) == .success
  }

  /// Every part, in row order, once all have ended and none was cancelled.
  var parts: [Part]? {
    guard !cancellation.isCancelled, isFinished else { return nil }
    return finished.withLock { $0.compactMap { $0 } }
  }

  /// Stops every part at its next check; ``parts`` is then nil.
  func cancel() {
    cancellation.cancel()
  }

  /// Calls `body` with the rows at positions `range`, counting them and stopping at a cancel.
  private func read(
    _ rows: FrequencyCount.Rows, in range: Range<Int>, of document: JSONDocument, _ body: (JSONNode) -> Void
  ) {
    var sinceCheck = 0
    func visit(_ row: JSONNode) -> Bool {
      body(row)
      sinceCheck += 1
      guard sinceCheck == FrequencyCount.checkInterval else { return true }
      _ = read.add(sinceCheck, ordering: .relaxed)
      sinceCheck = 0
      return !cancellation.isCancelled
    }
    switch rows {
    case .children(let container, _):
      var children = document.children(of: container, from: range.lowerBound).makeIterator()
      for _ in range {
        guard let row = children.next(), visit(row) else { break }
      }
    case .nodes(let nodes):
      for row in nodes[range] where !visit(row) { break }
    }
    _ = read.add(sinceCheck, ordering: .relaxed)
  }
}
