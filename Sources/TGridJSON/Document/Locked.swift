#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex (internal).
///
/// Used instead of `Synchronization.Mutex`, whose contended hand-over (a futex on Linux)
/// ThreadSanitizer cannot see: a document's caches or a progressive parser used from two
/// threads would be reported as racing when they are not.
final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Only touched with the mutex held, which is the exclusion: no dynamic exclusivity
  /// check (ThreadSanitizer took the check's bookkeeping of a `Void` value, read by two
  /// threads each holding the mutex in turn, for a race).
  @exclusivity(unchecked) private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock, without the value: for a lock that guards state kept
  /// elsewhere (a `Locked<Void>`). ThreadSanitizer instruments an `inout` argument even
  /// when the value is empty, and reported those accesses, made under the mutex by turns,
  /// as a Swift access race (rarely: once in several runs of the mapped-file tests).
  func withLockHeld<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Runs `body` with the value, holding the lock.
  func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
