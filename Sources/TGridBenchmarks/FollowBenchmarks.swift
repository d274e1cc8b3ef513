import TGridAppBenchmarks

/// `tgrid-bench follow [--rate N] [--initial N] [--keep N] [--keys j,k,…] [--pause S]
/// [--data DIR]`: key → frame while browsing a followed file, quiet and while a writer
/// appends N records a second (issue 30: 100,000 records/s, key latency unchanged).
/// `cat FILE | tgrid-bench follow --stdin [--keep N]`: the first screen, the whole read and
/// the peak memory of following standard input.
/// `tgrid-bench follow --live [--at-end] [--rate N] …`: the same keys typed from a thread
/// while the run loop runs on real time (a key may come while a batch is taken in).
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
  if arguments.contains("--live") {
    runLiveFollowBenchmark(arguments: arguments)
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

/// `tgrid-bench follow --live`: key → frame with keys typed from another thread while the
/// run loop runs on real time, quiet and with the writer, in the same run; CPU per 100,000
/// records taken.
func runLiveFollowBenchmark(arguments: [String]) {
  func value(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
  }
  let rate = value("--rate").flatMap { Int($0) } ?? 100_000
  let initial = value("--initial").flatMap { Int($0) } ?? 100_000
  let keep = value("--keep").flatMap { Int($0) } ?? 1_000_000
  let pause = value("--pause").flatMap { Double($0) } ?? 0.05
  let atEnd = arguments.contains("--at-end")
  let keys =
    value("--keys")?.split(separator: ",").map(String.init)
    ?? Array(repeating: atEnd ? ["j", "j", "l", "h"] : ["j", "j", "j", "k", "k", "k", "l", "h"], count: 25).flatMap {
      $0
    }
  let directory = value("--data") ?? "/tmp"
  // `--arrival-frame-ms N` (0: every batch drawn at once) and `--takes-at-wakes` (batches
  // taken at every wake): the follow controller's settings, to compare with its defaults.
  let arrivalFrame: Int?? = value("--arrival-frame-ms").flatMap { Int($0) }.map { $0 > 0 ? $0 : nil }
  guard
    let result = FollowLatencyBenchmark.run(
      directory: directory, initial: initial, rate: rate, keys: keys, pause: pause, keep: keep, atEnd: atEnd,
      arrivalFrameMilliseconds: arrivalFrame,
      takesArrivalsAtFrames: arguments.contains("--takes-at-wakes") ? false : nil)
  else {
    print("follow --live: cannot write under \(directory)")
    return
  }
  func summary(_ times: [Double]) -> String {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return "no keys" }
    func at(_ share: Double) -> String {
      String(format: "%.2f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] * 1000)
    }
    return "p50 \(at(0.5)) ms · p95 \(at(0.95)) ms · max \(at(1.0)) ms (\(sorted.count) keys)"
  }
  print(
    "follow --live: \(initial) records, then \(rate) records/s appended; key typed → frame (120×40, grid, "
      + (atEnd ? "following the end" : "paused") + ", keys from a thread, real time)")
  print("  writer quiet:   \(summary(result.quiet))")
  print("  writer writing: \(summary(result.writing))")
  let perSecond = Double(result.arrived) / max(result.seconds, 0.001)
  print(
    "  taken while writing: \(result.arrived) records in \(String(format: "%.2f", result.seconds)) s = "
      + "\(Int(perSecond)) records/s; kept \(result.kept) (--keep \(keep)); "
      + "\(String(format: "%.0f", Double(result.writingFrames) / max(result.seconds, 0.001))) frames/s")
  let quietLoad = result.quietCPU / max(result.quietSeconds, 0.001)
  let busy = result.writingCPU - quietLoad * result.seconds
  print(
    "  CPU (browser and stream, writer excluded): quiet \(String(format: "%.3f", quietLoad)) s/s; writing "
      + "\(String(format: "%.2f", result.writingCPU)) s in \(String(format: "%.2f", result.seconds)) s = "
      + "\(String(format: "%.3f", busy / max(Double(result.arrived), 1) * 100_000)) CPU s per 100,000 records over quiet"
  )
  print("peak=\(FlowBenchmark.peakResidentMegabytes())")
}
