import TermGridPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Timing and memory for every benchmark (`tgrid-bench` and the app's benchmarks).
package enum BenchmarkClock {
  /// Seconds on the monotonic clock.
  package static func now() -> Double {
    Double(MonotonicClock.nanoseconds()) / 1e9
  }

  /// CPU time used by this process so far (user + system), in seconds.
  package static func cpuTime() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// The process's peak resident memory so far, in kilobytes (`getrusage`'s `ru_maxrss`).
  package static func peakResidentKilobytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss)
  }

  /// The median wall time of `runs` calls.
  package static func median(runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = now()
      body()
      times.append(now() - start)
    }
    return times.sorted()[times.count / 2]
  }
}
