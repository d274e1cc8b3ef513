import Foundation
import TGridAppBenchmarks
import TGridJSON

/// `tgrid-bench followtape [--records N] [--batch B] [--batches K]`: the engine's part of
/// following a stream with `--keep N`, without the browser: a JSON Lines document of N
/// records, then K batches that each append B records and drop the B oldest, each batch
/// timed. The tape's gap runs out once for every half a tape appended; the slowest batches
/// are those.
func runFollowTapeBenchmark(arguments: [String]) {
  func value(_ name: String, _ fallback: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? fallback
  }
  let records = value("--records", 1_000_000)
  let batch = value("--batch", 1_000)
  let batches = value("--batches", 2_000)
  func line(_ n: Int) -> [UInt8] {
    Array(
      #"{"n":\#(n),"time":"2026-11-30T07:00:00Z","level":"info","tags":["a","b"],"msg":"record \#(n)"}"#.utf8)
  }
  var text: [UInt8] = []
  for n in 0..<records { text += line(n) + [0x0A] }
  guard var document = try? JSONDocument(parsing: text, options: JSONParseOptions(mode: .lines)) else {
    print("followtape: cannot parse the records")
    return
  }
  text = []
  var times: [Double] = []
  var next = records
  let cpuStart = BenchmarkClock.cpuTime()
  for _ in 0..<batches {
    let lines = (next..<next + batch).map(line)
    next += batch
    let start = BenchmarkClock.now()
    _ = try? document.appendRecords(lines)
    _ = try? document.removeFirstRecords(batch)
    times.append(BenchmarkClock.now() - start)
  }
  let cpu = BenchmarkClock.cpuTime() - cpuStart
  let sorted = times.sorted()
  func at(_ share: Double) -> String {
    String(format: "%.2f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] * 1000)
  }
  let slow = times.filter { $0 > 0.010 }.count
  print(
    "followtape: \(records) records kept, \(batches) batches of \(batch) appended and \(batch) dropped; "
      + "load \(BenchmarkFiles.loadAverage())")
  print(
    "  batch: p50 \(at(0.5)) ms · p99 \(at(0.99)) ms · max \(at(1.0)) ms · \(slow) over 10 ms · "
      + "CPU \(String(format: "%.2f", cpu)) s in all")
  print(
    "  kept \(document.childCount(of: document.root)) records; peak \(Int(BenchmarkClock.peakResidentKilobytes() / 1_024)) MB"
  )
}
