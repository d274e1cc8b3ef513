#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What this process (or its finished children) used so far (`getrusage`), for benchmarks.
package struct ResourceUsage: Sendable {
  /// CPU time in user mode plus in the kernel, in seconds.
  package var cpuSeconds: Double
  /// The peak resident memory, in kilobytes (`ru_maxrss`).
  package var peakResidentKilobytes: Double

  /// This process's usage so far.
  package static func ofThisProcess() -> ResourceUsage {
    usage(RUSAGE_SELF)
  }

  /// The usage of this process's children that have ended and been waited for.
  package static func ofChildren() -> ResourceUsage {
    usage(RUSAGE_CHILDREN)
  }

  /// CPU time used so far by this process (all its threads), in seconds.
  package static func processCPUSeconds() -> Double {
    clockSeconds(CLOCK_PROCESS_CPUTIME_ID)
  }

  /// CPU time used so far by the calling thread, in seconds.
  package static func threadCPUSeconds() -> Double {
    clockSeconds(CLOCK_THREAD_CPUTIME_ID)
  }

  private static func clockSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func usage(_ who: __rusage_who) -> ResourceUsage {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    return ResourceUsage(
      cpuSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6,
      peakResidentKilobytes: Double(usage.ru_maxrss))
  }
}
