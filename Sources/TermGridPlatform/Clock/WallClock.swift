#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time of day, which can jump (the system's clock is set): for dates shown to people
/// and for comparing with file times, never for measuring (``MonotonicClock`` is for that).
public enum WallClock {
  /// Whole seconds since 1970-01-01 00:00 UTC, from the precise real-time clock.
  ///
  /// Not `time(nil)`: on Linux that reads a coarse clock which lags the precise one by up to
  /// a scheduler tick, so just after a second begins it can still give the second before —
  /// earlier than a `Date` taken before it, and earlier than a file's modification time
  /// written a moment ago.
  public static func secondsSince1970() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec)
  }
}
