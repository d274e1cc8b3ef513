import TGridSystem
import TermGridPlatform

/// Timing and memory for every benchmark (`tgrid-bench` and the app's benchmarks).
package enum BenchmarkClock {
  /// Seconds on the monotonic clock.
  package static func now() -> Double {
    Double(MonotonicClock.nanoseconds()) / 1e9
  }

  /// CPU time used by this process so far (user + system), in seconds.
  package static func cpuTime() -> Double {
    ResourceUsage.ofThisProcess().cpuSeconds
  }

  /// The process's peak resident memory so far, in kilobytes (`getrusage`'s `ru_maxrss`).
  package static func peakResidentKilobytes() -> Double {
    ResourceUsage.ofThisProcess().peakResidentKilobytes
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
