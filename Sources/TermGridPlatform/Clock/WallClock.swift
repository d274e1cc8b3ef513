#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time of day, which can jump (the system's clock is set): for dates shown to people
/// and for comparing with file times, never for measuring (``MonotonicClock`` is for that).
public enum WallClock {
  /// Whole seconds since 1970-01-01 00:00 UTC, as `time(nil)` gives them.
  public static func secondsSince1970() -> Int {
    Int(time(nil))
  }
}
