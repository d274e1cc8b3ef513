#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex, with a condition variable to wait on for it to change.
///
/// Threads that wait for one another (a reader thread and the parser it reads ahead for)
/// take the lock with ``withLock(_:)``, look at the value, and ``wait()`` inside the closure
/// until another thread changes it and calls ``broadcast()``. The value lives in memory of
/// its own, so a waiter reads what another thread wrote meanwhile through the pointer it
/// was given. The calls are inlinable: taking the lock costs what the bare pthread calls do.
///
/// ```swift
/// let ready = ConditionLock(false)
/// // one thread
/// ready.withLock { value in
///   while !value.pointee { ready.wait() }
/// }
/// // another
/// ready.withLock { value in
///   value.pointee = true
///   ready.broadcast()
/// }
/// ```
package final class ConditionLock<Value>: @unchecked Sendable {
  /// The mutex, in memory of its own (a pthread mutex must not move).
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The condition waiters wait on, paired with ``mutex``.
  @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
  /// The value, read and written under ``mutex`` only.
  @usableFromInline let value: UnsafeMutablePointer<Value>

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with the value, holding the lock; `body` may ``wait()``, and reads the
  /// value through the pointer afresh after it.
  @inlinable
  package func withLock<Result>(_ body: (UnsafeMutablePointer<Value>) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(value)
  }

  /// Releases the lock and waits for a ``broadcast()``, then takes the lock again (inside
  /// ``withLock(_:)`` only). A wait may also end without one: check the value in a loop.
  @inlinable
  package func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Wakes every waiter (inside ``withLock(_:)``, after changing the value).
  @inlinable
  package func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
