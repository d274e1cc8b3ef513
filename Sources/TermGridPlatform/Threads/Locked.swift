#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a mutex, for state shared between the run loop's thread and
/// background work (a load, a clipboard command).
///
/// It uses a pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer on Linux
/// does not see the hand-over of a contended `Mutex` and reports every such use as a race,
/// which would hide real ones.
///
/// ```swift
/// let progress = Locked(0)
/// progress.withLock { $0 += 1 }        // any thread
/// let now = progress.withLock { $0 }
/// ```
public final class Locked<Value>: @unchecked Sendable {
  /// Only touched with the mutex held, which is the exclusion (no dynamic check, whose
  /// bookkeeping ThreadSanitizer can take for a race).
  @exclusivity(unchecked) private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Guards `value`.
  public init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex, without the value: for a lock that guards state kept
  /// elsewhere (a `Locked<Void>`). ThreadSanitizer instruments an `inout` argument even
  /// when the value is empty, and can report those accesses, made under the mutex by turns,
  /// as a Swift access race.
  public func withLockHeld<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Runs `body` with the value, the mutex held.
  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
