#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place a POSIX thread is made to run a closure: the engine's worker threads
/// (joined) and the termination watchdog's (detached) both start here.
package enum PlatformThread {
  /// The closure, kept alive until the thread has run it.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a thread running `body`; nil when the system refuses one. The caller joins or
  /// detaches the thread it gets.
  package static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
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
    return thread
  }

  /// Starts a thread running `body` that is never joined; false when the system refuses one.
  package static func startDetached(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = start(body) else { return false }
    pthread_detach(thread)
    return true
  }
}
