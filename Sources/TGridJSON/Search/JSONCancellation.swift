import Synchronization
import TermGridPlatform

/// A flag that stops long work on another thread (a search count, a filter): create one per
/// run, pass it along, and call ``cancel()`` from any thread. With a time limit it also
/// stops work on the calling thread that runs too long (a search as the pattern is typed).
public final class JSONCancellation: Sendable {
  private let flag = Atomic<Bool>(false)
  /// When the work is cancelled by itself, in monotonic nanoseconds; nil for never.
  private let deadline: UInt64?
  /// Asked at each check whether to stop (the person pressed Esc); nil for never.
  private let poll: (@Sendable () -> Bool)?

  /// A flag that is not cancelled.
  public init() {
    deadline = nil
    poll = nil
  }

  /// A flag that cancels itself `milliseconds` from now, or when `poll` says so.
  public init(afterMilliseconds milliseconds: Int, poll: (@Sendable () -> Bool)? = nil) {
    deadline = JSONCancellation.now() + UInt64(max(0, milliseconds)) * 1_000_000
    self.poll = poll
  }

  /// A flag that cancels itself when `poll` says so: work on the thread that reads the
  /// keys, which asks whether Esc was pressed (`poll` should look at most every few
  /// milliseconds; it is asked at every check).
  public init(poll: @escaping @Sendable () -> Bool) {
    deadline = nil
    self.poll = poll
  }

  private static func now() -> UInt64 {
    MonotonicClock.nanoseconds()
  }

  /// Asks the work to stop; it throws `CancellationError` at its next check.
  public func cancel() {
    flag.store(true, ordering: .relaxed)
  }

  /// Whether ``cancel()`` was called, or the time limit has passed.
  public var isCancelled: Bool {
    if flag.load(ordering: .relaxed) { return true }
    if let deadline, JSONCancellation.now() >= deadline {
      flag.store(true, ordering: .relaxed)
      return true
    }
    guard let poll, poll() else { return false }
    flag.store(true, ordering: .relaxed)
    return true
  }
}
