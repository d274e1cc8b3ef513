#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real-time clock in nanoseconds, for comparing with file times (which are on it).
package enum RealTimeClock {
  /// Nanoseconds since 1970-01-01 00:00 UTC.
  package static func nanosecondsSince1970() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
