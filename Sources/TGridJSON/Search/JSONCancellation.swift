import Synchronization

/// A flag that stops long work on another thread (a search count, a filter): create one per
/// run, pass it along, and call ``cancel()`` from any thread.
public final class JSONCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// A flag that is not cancelled.
  public init() {}

  /// Asks the work to stop; it throws `CancellationError` at its next check.
  public func cancel() {
    flag.store(true, ordering: .relaxed)
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
