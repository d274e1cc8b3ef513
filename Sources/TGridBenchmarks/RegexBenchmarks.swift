import Foundation
import Synchronization
import TGridAppBenchmarks
import TGridJSON
import TGridSystem

/// `tgrid-bench regex [--lengths 30,1000,10000] [--pattern P]`: regular expressions away from the records
/// file: the catastrophic patterns of issue 35 (item 13) through ``JSONSearch`` and
/// ``JSONFilter``, and the highlighting of a screen line (`JSONSearch.ranges(in:)`, which
/// the app runs on every row of every frame while a search is on).
///
/// Catastrophic: 20 strings of `n` times `a` (or `x`) and a `!`, as the array of a
/// document; the search counts matching values, the filter keeps the elements (`.s | test(…)`
/// over `{"s": …}` records). Times are medians of 3 runs (1 when a run takes over a second).
///
/// Cancellation: one string of 64 MB of `a` and a `!` searched with `(a+)+$` on another
/// thread, cancelled after 100 ms; the time from `cancel()` to the search's return.
func runRegexBenchmarks(arguments: [String]) {
  var lengths = [30, 1000, 10_000]
  if let index = arguments.firstIndex(of: "--lengths"), index + 1 < arguments.count {
    lengths = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
  }
  BenchmarkFiles.printHeader("regex benchmark", path: "(generated in memory)", size: 0)
  print("")
  print("catastrophic patterns, 20 strings of n characters and '!':")
  print(RegexBenchmarks.row(["pattern", "n", "search", "matches", "filter", "kept"]))
  var patterns: [(pattern: String, letter: String)] = [
    ("(a+)+$", "a"), ("(a|aa)*b", "a"), ("(x+x+)+y", "x"), ("(.*)*x", "a"),
  ]
  if let index = arguments.firstIndex(of: "--pattern"), index + 1 < arguments.count {
    patterns = patterns.filter { $0.pattern == arguments[index + 1] }
  }
  for (pattern, letter) in patterns {
    for length in lengths {
      let text = String(repeating: letter, count: length) + "!"
      let strings = Array(repeating: JSONStringEncoder.quoted(text), count: 20)
      let records = strings.map { #"{"s": \#($0)}"# }
      guard let values = try? JSONDocument(parsing: "[" + strings.joined(separator: ",") + "]"),
        let objects = try? JSONDocument(parsing: "[" + records.joined(separator: ",") + "]"),
        let search = try? JSONSearch(pattern, syntax: .regularExpression),
        let filter = try? JSONFilter(".s | test(\(JSONStringEncoder.quoted(pattern)))")
      else {
        print("\(pattern): does not compile")
        continue
      }
      var count = 0
      let searchSeconds = RegexBenchmarks.measure { count = (try? search.matchCount(in: values)) ?? -1 }
      var kept = 0
      let filterSeconds = RegexBenchmarks.measure {
        kept = (try? filter.filter(elementsOf: objects.root, in: objects))?.matches.count ?? -1
      }
      print(
        RegexBenchmarks.row([
          pattern, String(length), JSONBenchmarks.milliseconds(searchSeconds), String(count),
          JSONBenchmarks.milliseconds(filterSeconds), String(kept),
        ]))
      // A slow row is worth seeing before the next one starts (or is killed).
      Machine.flushStandardStreams()
    }
  }

  // A long match stops soon after it is cancelled.
  if let search = try? JSONSearch("(a+)+$", syntax: .regularExpression),
    let long = try? JSONDocument(parsing: "[\"" + String(repeating: "a", count: 64 << 20) + "!\"]")
  {
    let cancellation = JSONCancellation()
    let done = DispatchSemaphore(value: 0)
    let returned = Mutex<Double>(0)
    DispatchQueue.global().async {
      _ = try? search.matchCount(in: long, cancellation: cancellation)
      returned.withLock { $0 = BenchmarkClock.now() }
      done.signal()
    }
    Machine.sleep(microseconds: 100_000)
    let cancelled = BenchmarkClock.now()
    cancellation.cancel()
    done.wait()
    let latency = returned.withLock { $0 } - cancelled
    print("")
    print(
      "a 64 MB string, (a+)+$ cancelled after 100 ms: returned \(String(format: "%.2f ms", latency * 1000)) after cancel()"
    )
  }

  // Highlighting: every range of a match in one 200-column line, as the app draws them.
  print("")
  print("highlighting one 200-column line (ranges(in:), median of 2,000 calls):")
  print(RegexBenchmarks.row(["pattern", "ranges", "per line"]))
  let line =
    #"  "note": "lorem ipsum 42 dolor sit amet, contact ana.silva@example.com or 555-0123; error 7 at 10:22:33, "#
    + #"Zürich Kraków 東京 São Paulo", "id": 1234567, "email": "zoe@example.com", "active": true, "x": null"#
  for pattern in ["lorem", #"\d+"#, "(?i)error", #"[a-z]+@[a-z]+\.com"#, #"\p{Lu}\p{Ll}+"#, "(a+)+$"] {
    guard let search = try? JSONSearch(pattern, syntax: .regularExpression) else { continue }
    var count = 0
    let seconds = BenchmarkClock.median(runs: 2000) { count = search.ranges(in: line).count }
    print(RegexBenchmarks.row([pattern, String(count), String(format: "%.2f µs", seconds * 1e6)]))
  }
}

/// Helpers of the regex benchmark.
enum RegexBenchmarks {
  /// The median of 3 runs, or the single run when it took over a second.
  static func measure(_ body: () -> Void) -> Double {
    let start = BenchmarkClock.now()
    body()
    let first = BenchmarkClock.now() - start
    guard first < 1 else { return first }
    return BenchmarkClock.median(runs: 3, body)
  }

  static func row(_ cells: [String]) -> String {
    let widths = [22, 8, 12, 9, 12, 6]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }
}
