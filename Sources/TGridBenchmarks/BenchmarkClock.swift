#if canImport(Glibc)
  import Glibc
#endif

/// Wall-clock timing.
enum BenchmarkClock {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// CPU time used by this process so far (user + system), in seconds.
  static func cpuTime() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// The median wall time of `runs` calls.
  static func median(runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = now()
      body()
      times.append(now() - start)
    }
    return times.sorted()[times.count / 2]
  }
}
