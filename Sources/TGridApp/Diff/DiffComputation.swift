import TGridJSON
import TGridSystem
import TermGrid

/// A comparison of two large documents made on a thread of its own, so the browser shows B
/// at once and marks it when the diff is ready (two 100 MB files take about 1.5 s).
///
/// The thread reads both documents (values: each holds its own reference to its tape) and
/// hands the diff back under a lock; the run loop's waker tells the browser, whose thread
/// takes it (``take()``). Edits wait until then (the store counts as loading), so the
/// diff's new side is the document shown.
final class DiffComputation: @unchecked Sendable {
  /// The old document's name (A), for the session made from the result.
  let oldName: String
  /// How the documents are compared.
  let options: JSONDiffOptions
  private let result = Locked<JSONDiff?>(nil)
  private let wakerSlot = WakerSlot()
  private var thread: WorkerThread?

  /// Starts comparing `old` with `new` (the store's document as shown).
  init(old: JSONDocument, new: JSONDocument, oldName: String, options: JSONDiffOptions = JSONDiffOptions()) {
    self.oldName = oldName
    self.options = options
    let result = result
    let wakerSlot = wakerSlot
    let work: @Sendable () -> Void = {
      let diff = JSONDiff(old: old, new: new, options: options)
      result.withLock { $0 = diff }
      wakerSlot.wake()
    }
    thread = WorkerThread.start(work)
    if thread == nil { work() }
  }

  deinit {
    thread?.join()
  }

  /// Who is woken when the diff is ready: the run loop's waker, once it runs (a diff
  /// finished before then is taken at the first wake or frame).
  var waker: RunLoopWaker? {
    get { wakerSlot.waker }
    set { wakerSlot.set(newValue, pending: result.withLock { $0 != nil }) }
  }

  /// The diff, once it is ready (on the run loop's thread); nil while it is being made.
  func take() -> JSONDiff? {
    guard let diff = result.withLock({ $0 }) else { return nil }
    thread?.join()
    thread = nil
    return diff
  }

  /// Waits for the diff (tests, and a quit that must not leave the thread running).
  func waitForResult() -> JSONDiff? {
    thread?.join()
    thread = nil
    return result.withLock { $0 }
  }
}
