import TGridAppBenchmarks

/// `tgrid-bench follow [--rate N] [--initial N] [--keep N] [--keys j,k,…] [--pause S]
/// [--data DIR]`: key → frame while browsing a followed file, quiet and while a writer
/// appends N records a second (issue 30: 100,000 records/s, key latency unchanged).
/// `cat FILE | tgrid-bench follow --stdin [--keep N]`: the first screen, the whole read and
/// the peak memory of following standard input.
func runFollowBenchmarks(arguments: [String]) {
  func value(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
  }
  if arguments.contains("--stdin") {
    // `cat FILE | tgrid-bench follow --stdin [--keep N]`: the first screen and the memory.
    let keep = value("--keep").flatMap { Int($0) } ?? 1_000_000
    let result = FollowBenchmark.followStandardInput(keep: keep)
    print(
      "follow --stdin: first screen \(String(format: "%.1f", result.firstScreen * 1000)) ms; "
        + "\(result.read) records read in \(String(format: "%.1f", result.whole)) s, \(result.kept) kept (--keep \(keep))"
    )
    print("peak=\(FlowBenchmark.peakResidentMegabytes())")
    return
  }
  let rate = value("--rate").flatMap { Int($0) } ?? 100_000
  let initial = value("--initial").flatMap { Int($0) } ?? 100_000
  let keep = value("--keep").flatMap { Int($0) } ?? 1_000_000
  let pause = value("--pause").flatMap { Double($0) } ?? 0.05
  let keys =
    value("--keys")?.split(separator: ",").map(String.init)
    ?? Array(repeating: ["j", "j", "j", "k", "k", "k", "l", "h"], count: 8).flatMap { $0 }
  let directory = value("--data") ?? "/tmp"
  guard
    let result = FollowBenchmark.run(
      directory: directory, initial: initial, rate: rate, keys: keys, pause: pause, keep: keep)
  else {
    print("follow: cannot write under \(directory)")
    return
  }
  func summary(_ times: [Double]) -> String {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return "no keys" }
    func at(_ share: Double) -> String {
      String(format: "%.2f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] * 1000)
    }
    return "median \(at(0.5)) ms · p90 \(at(0.9)) ms · max \(at(1.0)) ms (\(sorted.count) keys)"
  }
  print("follow: \(initial) records, then \(rate) records/s appended; key → frame (120×40, grid, paused)")
  print("  writer quiet:   \(summary(result.quiet))")
  print("  writer writing: \(summary(result.writing))")
  print(
    "  taken while writing: \(result.arrived) records in \(String(format: "%.2f", result.seconds)) s = "
      + "\(Int(Double(result.arrived) / max(result.seconds, 0.001))) records/s; kept \(result.kept) (--keep \(keep))")
  print("peak=\(FlowBenchmark.peakResidentMegabytes())")
}
