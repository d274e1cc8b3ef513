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

  /// The closure, kept alive until the thread has run it.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a thread running `body`; nil if the system refuses one (the caller then does
  /// the work itself).
  package static func start(_ body: @escaping @Sendable () -> Void) -> WorkerThread? {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    return WorkerThread(thread: thread)
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
