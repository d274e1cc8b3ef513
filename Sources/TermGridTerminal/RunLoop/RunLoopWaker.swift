import Synchronization
import SystemPackage
import TermGridPlatform

/// Wakes a ``TerminalRunLoop`` from any thread: work finished in the background (a file
/// loaded, a search done) calls ``wake()``, and the run loop, however long it was waiting
/// for input, calls its root's ``RunLoopRoot/handleWake(in:)`` on its own thread.
///
/// ```swift
/// let waker = runLoop.waker   // or terminal.waker
/// Thread { load(); waker?.wake() }.start()
/// // the root:
/// func handleWake(in runLoop: TerminalRunLoop) -> EventResponse {
///   if load.isFinished { show(load.document); return .changed }
///   return .unchanged
/// }
/// ```
///
/// Wakes that come before the run loop takes them are one wake: the root is told once and
/// looks at everything that changed. A wake is never lost: one that comes while the root
/// is being told is delivered again afterwards.
///
/// The waker is a flag and a self-pipe the terminal waits on beside its input, so a wake
/// costs a write and nothing polls. Terminals make their own (``Terminal/waker``).
public final class RunLoopWaker: Sendable {
  private let isPendingFlag = Atomic<Bool>(false)
  private let pipe: WakePipe?
  private let work = Mutex<[@Sendable () -> Void]>([])

  /// Creates a waker. Without a descriptor to spare it still works, delivered the next time
  /// the run loop wakes for anything else.
  public init() {
    pipe = WakePipe()
  }

  /// Wakes the run loop. Safe from any thread, any number of times.
  public func wake() {
    // The flag first, then the byte: a reader that drains the pipe and then finds no flag
    // is sure to see the byte of any wake it missed.
    isPendingFlag.store(true, ordering: .releasing)
    pipe?.signal()
  }

  /// Runs `body` on the run loop's thread when it next wakes (this call wakes it), before
  /// its root hears of the wake: how background work hands its result back, as a main
  /// queue would. Bodies run in the order they were given, each once.
  ///
  /// Safe from any thread. A body given when no run loop runs on this waker's terminal
  /// waits until one does.
  public func performOnRunLoop(_ body: @escaping @Sendable () -> Void) {
    work.withLock { $0.append(body) }
    wake()
  }

  /// Takes the bodies given to ``performOnRunLoop(_:)`` since the last take, oldest first.
  package func takeWork() -> [@Sendable () -> Void] {
    work.withLock { queued in
      defer { queued.removeAll() }
      return queued
    }
  }

  /// True while a wake waits to be taken.
  public var isPending: Bool { isPendingFlag.load(ordering: .acquiring) }

  /// The descriptor a terminal waits on, beside its input: readable after a wake.
  package var descriptorToWaitOn: FileDescriptor? { pipe?.readEnd }

  /// Empties the descriptor after it became readable. Check ``isPending`` afterwards, not
  /// before: a wake that comes later writes again.
  package func drain() {
    pipe?.drain()
  }

  /// Takes the waiting wake: `true` once for any number of wakes since the last take.
  package func take() -> Bool {
    isPendingFlag.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Blocks up to `timeoutMilliseconds` (real time) until a wake is pending.
  /// - Returns: whether one is.
  package func waitForWake(timeoutMilliseconds: Int) -> Bool {
    let deadline = MonotonicClock.milliseconds() + max(0, timeoutMilliseconds)
    while true {
      drain()
      if isPending { return true }
      let left = deadline - MonotonicClock.milliseconds()
      guard left > 0 else { return false }
      guard let pipe else { return false }
      _ = pipe.waitUntilSignalled(timeoutMilliseconds: left)
    }
  }
}
