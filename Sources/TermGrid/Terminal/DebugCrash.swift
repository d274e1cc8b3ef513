#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deliberate crash, for testing that a crash leaves the terminal usable.
///
/// `TGRID_DEBUG_CRASH` in the environment asks for one: ``TerminalRunLoop`` crashes right
/// after drawing its first frame, when the terminal is in full-screen mode. The value picks
/// the kind: `1` or `trap` (a Swift runtime trap, SIGILL or SIGTRAP), `abort` (SIGABRT),
/// `segv` (a bad memory access, SIGSEGV).
public enum DebugCrash: String, Sendable, CaseIterable {
  /// A Swift runtime trap (`fatalError`), as a failed precondition or overflow causes.
  case trap
  /// `abort()`.
  case abort
  /// A read through a bad pointer.
  case segv

  /// The environment variable that asks for a crash.
  public static let environmentVariable = "TGRID_DEBUG_CRASH"

  /// The crash the environment asks for, if any.
  public static var requestedByEnvironment: DebugCrash? {
    guard let value = getenv(environmentVariable) else { return nil }
    return requested(byValue: String(cString: value))
  }

  /// The crash a value of ``environmentVariable`` asks for: `1` means ``trap``; empty or
  /// `0` means none.
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
      fatalError("\(DebugCrash.environmentVariable): deliberate crash")
    case .abort:
      Glibc.abort()
    case .segv:
      let address = UnsafeMutablePointer<Int>(bitPattern: 8)
      address?.pointee = 1
      fatalError("\(DebugCrash.environmentVariable): the bad write did not fault")
    }
  }
}
