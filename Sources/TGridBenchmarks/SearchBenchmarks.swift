import Foundation
import TGridAppBenchmarks
import TGridJSON
import TGridSystem

/// `tgrid-bench search [--data DIR] [--file NAME]`: counts all matches of literals (and a
/// few regular expressions) in the 100 MB records file with ``JSONSearch``, and runs
/// `grep -c` on the same file for each in the same run.
///
/// Times are wall-clock medians of 5 runs on an already indexed document (the index is
/// built once, its time shown apart); CPU MB/s divides by the mean CPU time of the runs,
/// which a busy machine disturbs less. grep runs in a UTF-8 locale (as the engine, it then
/// folds `Ó` to `ó` with `-i`) and, last two columns, in the C locale (bytes only, its
/// fastest). `--pattern P` runs one case; `--repeat P N` counts P N times (for profilers). grep counts matching lines, the engine matching keys
/// and values, so the counts differ; the ratio compares speed only.
func runSearchBenchmarks(arguments: [String]) {
  let path = BenchmarkFiles.prepare(arguments: arguments, defaultName: "records-100MB.json")
  let size = Double(JSONBenchmarks.fileSize(path))
  let indexStart = BenchmarkClock.now()
  guard let bytes = try? JSONBytes.contentsOfFile(path), let document = try? JSONDocument(bytes: bytes) else {
    print("cannot read \(path)")
    return
  }
  let indexSeconds = BenchmarkClock.now() - indexStart
  if let index = arguments.firstIndex(of: "--repeat"), index + 2 < arguments.count,
    let runs = Int(arguments[index + 2]),
    let search = try? JSONSearch(arguments[index + 1])
  {
    // For profilers: count `runs` times and print the CPU time per run.
    let start = BenchmarkClock.cpuTime()
    var count = 0
    for _ in 0..<runs { count = (try? search.matchCount(in: document)) ?? -1 }
    let perRun = (BenchmarkClock.cpuTime() - start) / Double(runs)
    print(
      "\(count) matches; \(JSONBenchmarks.milliseconds(perRun)) CPU per count, \(String(format: "%.0f", size / perRun / 1e6)) MB/s"
    )
    return
  }
  BenchmarkFiles.printHeader("search benchmark", path: path, size: size)
  print("index (mmap + parse, once): \(JSONBenchmarks.milliseconds(indexSeconds)); \(document.valueCount) values")
  print("")
  print(
    SearchBenchmarks.row([
      "pattern", "kind", "matches", "engine", "MB/s", "CPU MB/s", "grep -c", "lines", "grep", "ratio", "grep (C)",
      "ratio",
    ]))

  var cases: [(pattern: String, syntax: JSONSearch.Syntax, grepFlags: [String])] = [
    ("Kraków", .literal, ["-F"]),
    ("kraków", .literal, ["-F", "-i"]),
    ("lorem", .literal, ["-F", "-i"]),
    ("Zürich", .literal, ["-F"]),
    ("@example.com", .literal, ["-F"]),
    ("quoted\"", .literal, ["-F"]),
    ("é", .literal, ["-F", "-i"]),
    ("1.5", .literal, ["-F"]),
    ("zzqx", .literal, ["-F", "-i"]),
    ("Rue de la", .literal, ["-F"]),
    ("Kra[ck]ów", .regularExpression, ["-E"]),
    ("^2024-03-0[1-3]", .regularExpression, ["-E"]),
    (#"\d+"#, .regularExpression, ["-E"]),
    ("(?i)lorem", .regularExpression, ["-E", "-i"]),
    ("(?i)error", .regularExpression, ["-E", "-i"]),
    (#"[a-z]+@[a-z]+\.com"#, .regularExpression, ["-E"]),
    ("(a+)+$", .regularExpression, ["-E"]),
  ]
  if let index = arguments.firstIndex(of: "--pattern"), index + 1 < arguments.count {
    cases = cases.filter { $0.pattern == arguments[index + 1] }
  }
  for (pattern, syntax, grepFlags) in cases {
    guard let search = try? JSONSearch(pattern, syntax: syntax) else { continue }
    var count = 0
    let runs = syntax == .literal ? 5 : 1
    let cpuStart = BenchmarkClock.cpuTime()
    let seconds = BenchmarkClock.median(runs: runs) {
      count = (try? search.matchCount(in: document)) ?? -1
    }
    let cpuSeconds = (BenchmarkClock.cpuTime() - cpuStart) / Double(runs)
    // grep has no escapes to decode: look for the quote as it is written; it has no `(?i)`
    // (its -i says the same) and no `\d`.
    var grepPattern = pattern == "quoted\"" ? "quoted\\\"" : pattern
    if grepPattern.hasPrefix("(?i)") { grepPattern.removeFirst(4) }
    if grepPattern == #"\d+"# { grepPattern = "[0-9]+" }
    var lines = 0
    let grepSeconds = BenchmarkClock.median(runs: runs) {
      lines = SearchBenchmarks.grepCount(grepFlags + ["-c", "--", grepPattern, path]) ?? -1
    }
    let byteGrepSeconds = BenchmarkClock.median(runs: runs) {
      _ = SearchBenchmarks.grepCount(grepFlags + ["-c", "--", grepPattern, path], locale: "C")
    }
    print(
      SearchBenchmarks.row([
        pattern, syntax == .literal ? (search.ignoresCase ? "literal, any case" : "literal") : "regex",
        String(count), JSONBenchmarks.milliseconds(seconds), String(format: "%.0f", size / seconds / 1e6),
        String(format: "%.0f", size / cpuSeconds / 1e6),
        (grepFlags + ["-c"]).joined(separator: " "), String(lines), JSONBenchmarks.milliseconds(grepSeconds),
        String(format: "%.1f×", seconds / grepSeconds), JSONBenchmarks.milliseconds(byteGrepSeconds),
        String(format: "%.1f×", seconds / byteGrepSeconds),
      ]))
  }

  // Moving between matches: the next and previous match from the middle of the document.
  if let search = try? JSONSearch("kraków"),
    let middle = document.child(at: document.childCount(of: document.root) / 2, of: document.root)
  {
    let next = BenchmarkClock.median(runs: 9) { _ = search.nextMatch(after: middle, in: document) }
    let previous = BenchmarkClock.median(runs: 9) { _ = search.previousMatch(before: middle, in: document) }
    let rare = try? JSONSearch("zzqx")
    let wrap = BenchmarkClock.median(runs: 3) { _ = rare?.nextMatch(after: middle, in: document) }
    print("")
    print(
      "next match from the middle: \(JSONBenchmarks.milliseconds(next)); previous: \(JSONBenchmarks.milliseconds(previous)); "
        + "no match anywhere (wraps the whole file): \(JSONBenchmarks.milliseconds(wrap))")
  }
}

/// Helpers of the search benchmark.
enum SearchBenchmarks {
  /// Runs grep; returns the count it prints (grep exits 1 when nothing matches).
  static func grepCount(_ arguments: [String], locale: String = "C.UTF-8") -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["grep"] + arguments
    process.environment = ["LC_ALL": locale, "PATH": "/usr/bin:/bin"]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  static func row(_ cells: [String]) -> String {
    let widths = [18, 19, 9, 11, 6, 9, 13, 8, 10, 7, 10, 7]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }
}
