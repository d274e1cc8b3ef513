#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deliberate crash, for testing that a crash leaves the terminal usable.
///
/// An app names an environment variable that asks for one
/// (``requested(byEnvironmentVariable:)``) and hands the result to its run loop, which
/// crashes right after drawing its first frame, when the terminal is in full-screen mode.
/// The variable's value picks the kind: `1` or `trap` (a Swift runtime trap, SIGILL or
/// SIGTRAP), `abort` (SIGABRT), `segv` (a bad memory access, SIGSEGV), `overflow` (a stack
/// overflow, SIGSEGV handled on the alternate signal stack).
public enum DebugCrash: String, Sendable, CaseIterable {
  /// A Swift runtime trap (`fatalError`), as a failed precondition or overflow causes.
  case trap
  /// `abort()`.
  case abort
  /// A write through a bad pointer.
  case segv
  /// Recursion without end, until the stack runs out.
  case overflow

  /// The crash an environment variable of this process asks for, if any.
  /// - Parameter name: the app's variable (`MYAPP_DEBUG_CRASH`).
  public static func requested(byEnvironmentVariable name: String) -> DebugCrash? {
    Environment.value(of: name).flatMap(requested(byValue:))
  }

  /// The crash a variable's value asks for: `1` means ``trap``; empty or `0` means none.
  public static func requested(byValue value: String) -> DebugCrash? {
    switch value.lowercased() {
    case "", "0": return nil
    case "1": return .trap
    default: return DebugCrash(rawValue: value.lowercased()) ?? .trap
    }
  }

  /// Crashes now.
  public func trigger() -> Never {
    switch self {
    case .trap:
      fatalError("DebugCrash: deliberate crash")
    case .abort:
      abortProcess()
    case .segv:
      let address = UnsafeMutablePointer<Int>(bitPattern: 8)
      address?.pointee = 1
      fatalError("DebugCrash: the bad write did not fault")
    case .overflow:
      let depth = Self.recurse(1)
      fatalError("DebugCrash: the stack did not overflow (\(depth))")
    }
  }

  /// Uses a page of stack per call and needs each call's result, so it cannot become a loop.
  @inline(never)
  private static func recurse(_ depth: Int) -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { page in
      page.initialize(repeating: UInt8(truncatingIfNeeded: depth))
      let deeper = recurse(depth &+ Int(page[depth % 4096] | 1))
      return deeper ^ Int(page[(deeper & 4095)])
    }
  }
}

/// The C library's `abort()`, named apart from ``DebugCrash/abort``.
private func abortProcess() -> Never {
  abort()
}
