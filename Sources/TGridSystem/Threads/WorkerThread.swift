import TermGridPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread that runs one closure and is joined by whoever started it.
///
/// `join()` orders everything the closure wrote before whatever the joining thread does
/// next (`pthread_join`), so results can be handed over in plain memory.
package final class WorkerThread {
  private var thread: pthread_t?

  private init(thread: pthread_t) {
    self.thread = thread
  }

  /// Starts a thread running `body`; nil if the system refuses one (the caller then does
  /// the work itself).
  package static func start(_ body: @escaping @Sendable () -> Void) -> WorkerThread? {
    PlatformThread.start(body).map(WorkerThread.init(thread:))
  }

  /// Waits for the closure to return (once; later calls return at once).
  package func join() {
    guard let thread else { return }
    self.thread = nil
    pthread_join(thread, nil)
  }

  deinit {
    join()
  }

  /// Lets another thread run on this core before the calling one goes on (`sched_yield`):
  /// for a thread that spins until others have taken a lock.
  @inlinable
  package static func yield() {
    sched_yield()
  }
}
