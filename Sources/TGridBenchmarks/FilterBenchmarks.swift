import Foundation
import TGridAppBenchmarks
import TGridJSON
import TGridSystem

/// `tgrid-bench filter [--data DIR] [--file NAME] [--no-jq]`: runs predicates over the
/// elements of the 100 MB records file with ``JSONFilter``, and the same predicates with
/// `jq -c '.[] | select(…)'` on the same file in the same run.
///
/// The engine's time is the median of 5 runs on the indexed document (the figure the app
/// sees: its document is already open); "with index" adds the one-time indexing, to compare
/// with jq, which parses the file on every run. jq runs once per filter (it takes seconds).
func runFilterBenchmarks(arguments: [String]) {
  let path = BenchmarkFiles.prepare(arguments: arguments, defaultName: "records-100MB.json")
  let size = Double(JSONBenchmarks.fileSize(path))
  let indexStart = BenchmarkClock.now()
  guard let bytes = try? JSONBytes.contentsOfFile(path), let document = try? JSONDocument(bytes: bytes) else {
    print("cannot read \(path)")
    return
  }
  let indexSeconds = BenchmarkClock.now() - indexStart
  let jq = arguments.contains("--no-jq") ? nil : FilterBenchmarks.jqPath
  BenchmarkFiles.printHeader("filter benchmark", path: path, size: size)
  print(
    "index (mmap + parse, once): \(JSONBenchmarks.milliseconds(indexSeconds)); "
      + "\(document.childCount(of: document.root)) records; jq: \(jq.map(FilterBenchmarks.version) ?? "not run (apt-get install jq)")"
  )
  print("")
  print(FilterBenchmarks.row(["filter", "kept", "engine", "CPU", "with index", "jq", "kept", "ratio", "with index"]))
  let filters = [
    ".age > 30",
    #".address.city == "Paris""#,
    #".name | startswith("Zo")"#,
    #".tags | contains(["beta"])"#,
    ".active and .balance > 50000",
    #".note | test("quoted")"#,
    #".note | test("LOREM"; "i")"#,
    #".email | test("^\\d+@example\\.com$")"#,
    #".name | test("\\p{Lu}\\p{Ll}+ N")"#,
    #".note | test("(a+)+$")"#,
    #"has("manager") and .manager == null"#,
    "(.tags | length) >= 2",
  ]
  for text in filters {
    guard let filter = try? JSONFilter(text) else {
      print("\(text): does not parse")
      continue
    }
    var kept = 0
    let cpuStart = BenchmarkClock.cpuTime()
    let seconds = BenchmarkClock.median(runs: 5) {
      kept = (try? filter.filter(elementsOf: document.root, in: document))?.matches.count ?? -1
    }
    let cpuSeconds = (BenchmarkClock.cpuTime() - cpuStart) / 5
    var jqKept = "–"
    var jqSeconds = Double.nan
    if let jq {
      let start = BenchmarkClock.now()
      if let lines = FilterBenchmarks.countLines(jq, ["-c", ".[] | select(\(text))", path]) { jqKept = String(lines) }
      jqSeconds = BenchmarkClock.now() - start
    }
    print(
      FilterBenchmarks.row([
        text, String(kept), JSONBenchmarks.milliseconds(seconds), JSONBenchmarks.milliseconds(cpuSeconds),
        JSONBenchmarks.milliseconds(seconds + indexSeconds), JSONBenchmarks.milliseconds(jqSeconds), jqKept,
        String(format: "%.3f×", seconds / jqSeconds), String(format: "%.2f×", (seconds + indexSeconds) / jqSeconds),
      ]))
  }
}

/// Helpers of the filter benchmark.
enum FilterBenchmarks {
  static var jqPath: String? {
    ["/usr/bin/jq", "/usr/local/bin/jq"].first { access($0, X_OK) == 0 }
  }

  /// What `jq --version` prints.
  static func version(_ jq: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: jq)
    process.arguments = ["--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return "?" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs a command and counts the lines it prints (the output is read, not kept).
  static func countLines(_ executable: String, _ arguments: [String]) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      return nil
    }
    var lines = 0
    let handle = pipe.fileHandleForReading
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? lines : nil
  }

  static func row(_ cells: [String]) -> String {
    let widths = [38, 8, 10, 10, 12, 11, 8, 8, 10]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }
}
