#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Milliseconds from a fixed point in the past that never jumps (not wall time).
public enum MonotonicClock {
  /// The current time in milliseconds.
  public static func milliseconds() -> Int {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int(spec.tv_sec) * 1000 + Int(spec.tv_nsec) / 1_000_000
  }

  /// The current time in nanoseconds, for measurements.
  public static func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
