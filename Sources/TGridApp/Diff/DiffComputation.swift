import TGridJSON
import TGridSystem
import TermGrid

/// A comparison of two large documents made on a thread of its own, so the browser shows B
/// at once and marks it when the diff is ready (two 100 MB files take about 1.5 s).
///
/// The thread reads A itself when given its path (``init(oldPath:oldName:mode:maximumByteCount:options:)``:
/// `tgrid diff A B` opens on B's first screenful while A is read), waits for B's whole
/// document (``compare(with:)``, when B's load ends), compares them and hands the diff back
/// under a lock; then it pairs A's values with B's (``JSONDiff/counterpartRuns()``, what
/// `` ` `` needs to show A in B's place) and hands that back too. Each time the run loop's
/// waker tells the browser, whose thread takes what is ready (``takeOutcome()``,
/// ``takePairing()``). Edits wait until the diff is taken (the store counts as loading), so
/// the diff's new side is the document shown.
final class DiffComputation: @unchecked Sendable {
  /// The old document's name (A), for the session made from the result.
  let oldName: String
  /// How the documents are compared.
  let options: JSONDiffOptions
  /// Whether the browser shows A once the pairing is ready (`` ` `` was pressed while it was
  /// being made). Read and written on the run loop's thread only.
  var switchesSideWhenPaired = false

  /// What the thread has made so far (``state``).
  private struct State {
    /// B, once its load has ended (taken by the thread).
    var new: JSONDocument?
    /// Whether B was handed over (a second hand-over is ignored).
    var hasNew = false
    /// Set when nobody waits for the result any more: a thread waiting for B ends.
    var isCancelled = false
    /// A could not be read (or is not JSON).
    var failure: LoadFailure?
    /// The diff, until taken.
    var diff: JSONDiff?
    /// Whether the diff (or the failure) was taken.
    var outcomeTaken = false
    /// The diff again with its pairing, once made.
    var pairing: (diff: JSONDiff, runs: [JSONDiff.CounterpartRun])?
  }

  /// What the run loop's thread takes from ``take()`` and ``takeOutcome()``.
  enum Outcome {
    /// The diff is ready.
    case compared(JSONDiff)
    /// A could not be read: the message to print (with line and column for bad JSON).
    case failed(LoadFailure)
  }

  private let state = ConditionLock(State())
  private let wakerSlot = WakerSlot()
  private var thread: WorkerThread?

  /// Starts comparing `old` with `new` (the store's document as shown).
  init(old: JSONDocument, new: JSONDocument, oldName: String, options: JSONDiffOptions = JSONDiffOptions()) {
    self.oldName = oldName
    self.options = options
    state.withLock {
      $0.pointee.new = new
      $0.pointee.hasNew = true
    }
    start { .success(old) }
  }

  /// Starts reading A from `oldPath` at once; the comparison starts when B is handed over
  /// (``compare(with:)``). A that cannot be read is reported as ``Outcome/failed(_:)``
  /// (exit status 2, as `tgrid diff` reports a side that is not JSON).
  init(
    oldPath: String, oldName: String, mode: JSONTextMode = .automatic, maximumByteCount: Int,
    options: JSONDiffOptions = JSONDiffOptions()
  ) {
    self.oldName = oldName
    self.options = options
    start {
      Result { () throws(LoadFailure) in
        try DiffDocument.loadSide(oldPath, mode: mode, maximumByteCount: maximumByteCount).document
      }
    }
  }

  private func start(readingOld readOld: @escaping @Sendable () -> Result<JSONDocument, LoadFailure>) {
    let state = state
    let wakerSlot = wakerSlot
    let options = options
    let work: @Sendable () -> Void = {
      let old: JSONDocument
      switch readOld() {
      case .success(let document): old = document
      case .failure(let failure):
        state.withLock { $0.pointee.failure = failure }
        wakerSlot.wake()
        return
      }
      let handed: JSONDocument? = state.withLock { value in
        while !value.pointee.hasNew && !value.pointee.isCancelled { state.wait() }
        defer { value.pointee.new = nil }
        return value.pointee.isCancelled ? nil : value.pointee.new
      }
      guard let new = handed else { return }
      let diff = JSONDiff(old: old, new: new, options: options)
      state.withLock { $0.pointee.diff = diff }
      wakerSlot.wake()
      let runs = diff.counterpartRuns()
      state.withLock { $0.pointee.pairing = (diff, runs) }
      wakerSlot.wake()
    }
    thread = WorkerThread.start(work)
    if thread == nil { work() }
  }

  deinit {
    cancel()
    thread?.join()
  }

  /// Hands B's whole document over (its load ended): the comparison starts.
  func compare(with new: JSONDocument) {
    state.withLock { value in
      guard !value.pointee.hasNew else { return }
      value.pointee.new = new
      value.pointee.hasNew = true
      state.broadcast()
    }
  }

  /// Nobody waits for the result any more (B's load failed, the browser ended): a thread
  /// still waiting for B ends without comparing.
  func cancel() {
    state.withLock { value in
      value.pointee.isCancelled = true
      state.broadcast()
    }
  }

  /// Who is woken when the diff (or the pairing, or A's failure) is ready: the run loop's
  /// waker, once it runs (what was finished before then is taken at the first wake or frame).
  var waker: RunLoopWaker? {
    get { wakerSlot.waker }
    set {
      let pending = state.withLock { $0.pointee.diff != nil || $0.pointee.failure != nil || $0.pointee.pairing != nil }
      wakerSlot.set(newValue, pending: pending)
    }
  }

  /// The diff or A's failure, once (on the run loop's thread); nil while it is being made
  /// and after it was taken.
  func takeOutcome() -> Outcome? {
    state.withLock { value in
      guard !value.pointee.outcomeTaken else { return nil }
      if let failure = value.pointee.failure {
        value.pointee.outcomeTaken = true
        return .failed(failure)
      }
      guard let diff = value.pointee.diff else { return nil }
      value.pointee.outcomeTaken = true
      value.pointee.diff = nil
      return .compared(diff)
    }
  }

  /// The diff with A's values paired with B's, once (on the run loop's thread), when the
  /// thread has made it; the thread is then done and joined.
  func takePairing() -> (diff: JSONDiff, runs: [JSONDiff.CounterpartRun])? {
    guard let pairing = state.withLock({ $0.pointee.pairing }) else { return nil }
    state.withLock { $0.pointee.pairing = nil }
    thread?.join()
    thread = nil
    return pairing
  }

  /// Waits for the diff (tests, benchmarks): nil when A could not be read or the wait was
  /// cancelled. The diff stays to be taken.
  func waitForResult() -> JSONDiff? {
    thread?.join()
    thread = nil
    return state.withLock { $0.pointee.diff ?? $0.pointee.pairing?.diff }
  }
}
