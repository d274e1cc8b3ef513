import TermGridPlatform

/// The calls of ``SystemFile`` that tests can make fail.
package enum SystemCall: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Opening a file or a folder (`open`), or creating a temporary file (`mkstemp`).
  case open
  /// Reading (`read`, `pread`).
  case read
  /// Writing (`write`).
  case write
  /// Flushing a file or a folder to the disk (`fsync`).
  case synchronize
  /// Closing a descriptor (`close`).
  case close
  /// Renaming (`rename`).
  case rename
  /// Giving a file a second name (`link`).
  case link

  package var description: String { rawValue }
}

/// Failures injected into the system calls made by one task (or thread), as swift-system's
/// mocking does: a test says which call fails, after how many succeed, and with which
/// `errno`, then runs the code under test inside ``run(_:)``. The real call is not made
/// when it fails, so a failing `fsync` or `rename` needs no full or broken disk.
///
/// Only the calls made by the task that runs ``run(_:)`` see the failures (a task-local
/// value): tests running in parallel, and other threads, are untouched.
///
/// ```swift
/// let failures = InjectedFailures()
/// failures.fail(.rename, with: EIO)
/// try failures.run { try saver.save(document, to: path) }
/// ```
package final class InjectedFailures: Sendable {
  /// One planned failure: after `skipping` more successful calls, the next fails with `code`.
  private struct Plan {
    var skipping: Int
    var code: Int32
  }

  private let plans = Locked<[SystemCall: Plan]>([:])
  private let calls = Locked<[SystemCall]>([])

  /// The failures of the calls made inside ``run(_:)``, if any.
  @TaskLocal package static var current: InjectedFailures?

  /// No failure planned yet.
  package init() {}

  /// Makes a call fail: the first `count` calls succeed, the next fails with `code`
  /// (later ones succeed again).
  package func fail(_ call: SystemCall, afterSucceeding count: Int = 0, with code: Int32) {
    plans.withLock { $0[call] = Plan(skipping: count, code: code) }
  }

  /// The calls made so far inside ``run(_:)``, in order (failed ones too).
  package var callsMade: [SystemCall] { calls.withLock { $0 } }

  /// Runs `body` with these failures injected into its system calls.
  package func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.$current.withValue(self) { try body() }
  }

  /// The `errno` `call` fails with now, if it is planned to; records the call.
  private func take(_ call: SystemCall) -> Int32? {
    calls.withLock { $0.append(call) }
    return plans.withLock { plans -> Int32? in
      guard var plan = plans[call] else { return nil }
      if plan.skipping > 0 {
        plan.skipping -= 1
        plans[call] = plan
        return nil
      }
      plans[call] = nil
      return plan.code
    }
  }

  /// The injected failure of `call` on this task, if one is due (the system target asks
  /// before each call it wraps).
  static func failure(of call: SystemCall) -> SystemError? {
    guard let current else { return nil }
    return current.take(call).map(SystemError.init(code:))
  }
}
