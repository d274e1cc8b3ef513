import Synchronization
import TGridSystem

extension JSONFilter {
  /// Positions each thread takes at least before a range is split between two: a thread
  /// costs tens of microseconds to start, an element about a microsecond to filter.
  public static let elementsPerThread = 1_024

  /// The children at `positions`, filtered in two halves on two cores when there are
  /// enough of them: whether the filter keeps an element depends on its value alone, so the
  /// later half's result (on a worker thread, with its own evaluator and regular
  /// expressions) is appended to the earlier half's, as one pass in order would have made
  /// it. On one core, or when no thread can be had, one pass on this thread.
  ///
  /// The caller's `cancellation` is asked on this thread only (it may poll the keyboard,
  /// which only its thread reads); the worker has a flag of its own, raised from here.
  /// Stopped, `result` holds a prefix of the positions as a pass in order would.
  func filterInHalves(
    elementsOf container: JSONNode, at positions: Range<Int>, in document: JSONDocument,
    into result: inout JSONFilterResult, cancellation: JSONCancellation?
  ) throws(CancellationError) {
    let half = positions.count / 2
    guard half >= Self.elementsPerThread, ProcessIdentity.processorCount >= 2 else {
      try filterInOrder(elementsOf: container, at: positions, in: document, into: &result, cancellation: cancellation)
      return
    }
    let laterPositions = (positions.lowerBound + half)..<positions.upperBound
    let later = LaterHalf()
    let worker = WorkerThread.start { [self] in
      var part = JSONFilterResult()
      do {
        try self.filterInOrder(
          elementsOf: container, at: laterPositions, in: document, into: &part, cancellation: later.cancellation)
      } catch {
        later.wasStopped = true
      }
      later.result = part
      later.isFinished.store(true, ordering: .releasing)
    }
    guard let worker else {
      try filterInOrder(elementsOf: container, at: positions, in: document, into: &result, cancellation: cancellation)
      return
    }
    var stoppedEarlier = false
    do {
      try filterInOrder(
        elementsOf: container, at: positions.lowerBound..<laterPositions.lowerBound, in: document, into: &result,
        cancellation: cancellation)
      // Esc while the later half still runs (a long match) stops it too.
      while !later.isFinished.load(ordering: .acquiring) {
        if cancellation?.isCancelled == true {
          later.cancellation.cancel()
          break
        }
        Machine.sleep(microseconds: 200)
      }
    } catch {
      stoppedEarlier = true
      later.cancellation.cancel()
    }
    worker.join()
    if stoppedEarlier { throw CancellationError() }
    result.append(later.result)
    if later.wasStopped { throw CancellationError() }
  }
}

/// What the worker made of the later half: written on the worker before `isFinished` is
/// set (and before the join), read on the caller's thread after the join.
private final class LaterHalf: @unchecked Sendable {
  let cancellation = JSONCancellation()
  let isFinished = Atomic<Bool>(false)
  var result = JSONFilterResult()
  var wasStopped = false
}
