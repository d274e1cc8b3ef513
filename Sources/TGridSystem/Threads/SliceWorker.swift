/// One worker thread that runs job after job, each handed to it with ``run(_:)`` and waited
/// for with ``wait()``: for a reader that splits many slices of work with the thread that
/// owns it, so the thread is started once, not once a slice.
///
/// A job's writes are ordered before whatever the thread that waits does next (the hand-over
/// goes through a mutex), so results can be left in plain memory, as with
/// ``WorkerThread/join()``. One owner hands the jobs out: a job at a time, each waited for
/// before the next. ``stop()`` (or the last reference going) ends the thread and joins it.
///
/// ```swift
/// guard let worker = SliceWorker.start() else { /* do it all here */ }
/// worker.run { later.read() }
/// earlier.read()
/// worker.wait()
/// worker.stop()
/// ```
package final class SliceWorker {
  /// What the two threads share: the job handed over and not yet taken, how many were
  /// handed over and finished, and whether the thread is to end.
  private struct State {
    var job: (@Sendable () -> Void)?
    var handedOver = 0
    var finished = 0
    var isStopping = false
  }

  private let state: ConditionLock<State>
  private var thread: WorkerThread?

  private init(state: ConditionLock<State>) {
    self.state = state
  }

  /// Starts the thread, waiting for a job; nil if the system refuses one (the caller then
  /// does the work itself).
  package static func start() -> SliceWorker? {
    let state = ConditionLock(State())
    guard let thread = WorkerThread.start({ Self.serve(state) }) else { return nil }
    let worker = SliceWorker(state: state)
    worker.thread = thread
    return worker
  }

  /// The thread's loop: take a job, run it outside the lock, count it finished.
  private static func serve(_ state: ConditionLock<State>) {
    while true {
      let job = state.withLock { shared -> (@Sendable () -> Void)? in
        while shared.pointee.job == nil && !shared.pointee.isStopping { state.wait() }
        let job = shared.pointee.job
        shared.pointee.job = nil
        return job
      }
      guard let job else { return }
      job()
      state.withLock { shared in
        shared.pointee.finished += 1
        state.broadcast()
      }
    }
  }

  /// Hands `body` to the thread, which runs it while the caller goes on.
  /// - Precondition: the job before it was waited for, and the worker is not stopped.
  package func run(_ body: @escaping @Sendable () -> Void) {
    state.withLock { shared in
      precondition(
        shared.pointee.finished == shared.pointee.handedOver && !shared.pointee.isStopping,
        "SliceWorker.run: a job is still running (wait() for it first), or the worker was stopped")
      shared.pointee.job = body
      shared.pointee.handedOver += 1
      state.broadcast()
    }
  }

  /// Waits until the job last handed over has returned (at once when there is none).
  package func wait() {
    state.withLock { shared in
      while shared.pointee.finished < shared.pointee.handedOver { state.wait() }
    }
  }

  /// Lets the job in hand finish, ends the thread and joins it (once; later calls return at
  /// once).
  package func stop() {
    guard let thread else { return }
    self.thread = nil
    state.withLock { shared in
      shared.pointee.isStopping = true
      state.broadcast()
    }
    thread.join()
  }

  deinit {
    stop()
  }
}
