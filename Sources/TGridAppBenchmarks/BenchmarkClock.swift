#if canImport(Glibc)
  import Glibc
#endif

/// The clock and the memory figure the app's benchmarks share.
enum BenchmarkClock {
  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The process's peak resident memory so far, in kilobytes (`getrusage`'s `ru_maxrss`).
  static func peakResidentKilobytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss)
  }
}
