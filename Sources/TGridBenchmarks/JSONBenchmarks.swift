import Foundation
import TGridJSON
import TGridSystem

/// `tgrid-bench json [--data DIR] [--quick]`: indexes the generated files with the JSON
/// engine and with Foundation's `JSONSerialization`, each measurement in a fresh child
/// process so its peak memory (getrusage `ru_maxrss`) is its own.
///
/// `--quick` skips the 100 MB file. The child mode is `--measure engine|foundation FILE`.
func runJSONBenchmarks(arguments: [String]) {
  if let index = arguments.firstIndex(of: "--measure"), index + 2 < arguments.count {
    JSONBenchmarkChild.run(kind: arguments[index + 1], path: arguments[index + 2])
    return
  }
  if let index = arguments.firstIndex(of: "--generate"), index + 2 < arguments.count {
    JSONBenchmarkData.generate(name: arguments[index + 2], in: arguments[index + 1])
    return
  }
  var directory = JSONBenchmarks.defaultDataDirectory
  if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count {
    directory = arguments[index + 1]
  }
  var names = JSONBenchmarkData.files.map(\.name)
  if arguments.contains("--quick") { names.removeAll { $0.contains("100MB") } }
  // Generating holds a whole file in memory: a child process does it, so this process stays
  // small (a spawned child's ru_maxrss starts from its parent's peak).
  mkdir(directory, 0o755)
  let paths = names.map { directory + "/" + $0 }
  for (name, path) in zip(names, paths) where access(path, R_OK) != 0 {
    print("generating \(path)…")
    _ = JSONBenchmarks.spawn(["json", "--generate", directory, name])
  }

  let machine = Machine.hardwareName
  print("JSON engine benchmark — release build, \(machine), \(ProcessIdentity.processorCount) cores")
  print("MB = 10^6 bytes. engine = open (mmap) + index, median wall time of 5–9 runs; MB/s by wall time and by")
  print("CPU time (the difference is time the process waited for a core); peak RSS = getrusage ru_maxrss of a")
  print("fresh child process (VmHWM from /proc agrees within a page); Foundation = JSONSerialization.jsonObject.")
  print("")
  print(
    JSONBenchmarks.row([
      "file", "size", "engine", "MB/s", "CPU MB/s", "peak RSS", "RSS/size", "Foundation", "MB/s", "RSS", "speed-up",
    ]))
  var details: [String] = []
  var comparisons: [String] = []
  for path in paths {
    let size = Double(JSONBenchmarks.fileSize(path))
    guard let engine = JSONBenchmarks.measure("engine", path), let engineSeconds = engine["seconds"],
      let engineRSS = engine["peak"]
    else { continue }
    let foundation = JSONBenchmarks.measure("foundation", path)
    let foundationSeconds = foundation?["seconds"] ?? .nan
    let name = String(path.split(separator: "/").last ?? "")
    print(
      JSONBenchmarks.row([
        name, JSONBenchmarks.megabytes(size), JSONBenchmarks.milliseconds(engineSeconds),
        String(format: "%.0f", size / 1e6 / engineSeconds),
        String(format: "%.0f", size / 1e6 / (engine["cpu"] ?? .nan)), JSONBenchmarks.megabytes(engineRSS * 1024),
        String(format: "%.2f×", engineRSS * 1024 / size), JSONBenchmarks.milliseconds(foundationSeconds),
        String(format: "%.1f", size / 1e6 / foundationSeconds),
        JSONBenchmarks.megabytes((foundation?["peak"] ?? .nan) * 1024),
        String(format: "%.0f×", foundationSeconds / engineSeconds),
      ]))
    // The same index on one thread, and simdjson's DOM parse of the same file (its own
    // process, built by Scripts/simdjson-bench.sh when libsimdjson-dev is installed).
    let serial = JSONBenchmarks.measure("engine-serial", path)
    let serialSeconds = serial?["seconds"] ?? .nan
    let simdjson = JSONBenchmarks.simdjson(path)
    let simdjsonSeconds = simdjson?["seconds"] ?? .nan
    comparisons.append(
      JSONBenchmarks.comparisonRow([
        name, JSONBenchmarks.milliseconds(engineSeconds), String(format: "%.0f", size / 1e6 / engineSeconds),
        JSONBenchmarks.milliseconds(engine["read"] ?? .nan),
        JSONBenchmarks.milliseconds(serialSeconds), String(format: "%.0f", size / 1e6 / serialSeconds),
        JSONBenchmarks.milliseconds(simdjsonSeconds), JSONBenchmarks.milliseconds(simdjson?["parse"] ?? .nan),
        String(format: "%.2f×", engineSeconds / simdjsonSeconds),
        String(format: "%.2f×", serialSeconds / simdjsonSeconds),
        String(format: "%.2f×", (simdjson?["peak"] ?? .nan) * 1024 / size),
      ]))
    comparisons.append(
      "  \(name): read \(JSONBenchmarks.milliseconds(engine["read"] ?? .nan)); index CPU, 2 threads: "
        + "\(JSONBenchmarks.milliseconds(engine["indexcpu"] ?? .nan)) of which the calling thread "
        + "\(JSONBenchmarks.milliseconds(engine["indexmain"] ?? .nan)); 1 thread: "
        + "\(JSONBenchmarks.milliseconds(serial?["indexcpu"] ?? .nan)); peak RSS 2 threads "
        + "\(JSONBenchmarks.megabytes((engine["peak"] ?? .nan) * 1024)), 1 thread "
        + "\(JSONBenchmarks.megabytes((serial?["peak"] ?? .nan) * 1024)), simdjson "
        + "\(JSONBenchmarks.megabytes((simdjson?["peak"] ?? .nan) * 1024))")
    details.append(
      "\(name): \(Int(engine["values"] ?? 0)) values; best \(JSONBenchmarks.milliseconds(engine["best"] ?? .nan)); "
        + "RSS before parsing \(JSONBenchmarks.megabytes((engine["baseline"] ?? .nan) * 1024)), "
        + "VmHWM \(JSONBenchmarks.megabytes((engine["hwm"] ?? .nan) * 1024)); "
        + "walk all nodes \(JSONBenchmarks.milliseconds(engine["walk"] ?? .nan)); "
        + "write back \(JSONBenchmarks.milliseconds(engine["write"] ?? .nan)); "
        + "parent index \(JSONBenchmarks.milliseconds(engine["parents"] ?? .nan)); "
        + "parent of each top-level element \(String(format: "%.2f", (engine["eachparent"] ?? .nan) * 1e6)) µs; "
        + "first preview (progressive) \(JSONBenchmarks.milliseconds(engine["preview"] ?? .nan)); "
        + "edit + undo \(JSONBenchmarks.milliseconds(engine["edit"] ?? .nan))")
  }
  print("")
  for line in details { print(line) }
  print("")
  print("Two threads against one and against simdjson's DOM parser (same run; each a fresh process; simdjson")
  print("= padded_string::load + dom::parser::parse, median of 5; ratio = our time ÷ simdjson's, lower is faster):")
  print(
    JSONBenchmarks.comparisonRow([
      "file", "2 threads", "MB/s", "of it read", "1 thread", "MB/s", "simdjson", "its parse", "2 thr ÷ sj",
      "1 thr ÷ sj", "sj RSS/size",
    ]))
  for line in comparisons { print(line) }
}

/// Helpers of the parent process.
enum JSONBenchmarks {
  /// `<package>/bench-data`, found from this source file's location.
  static var defaultDataDirectory: String {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(3)
    return components.joined(separator: "/") + "/bench-data"
  }

  /// Runs this executable with `arguments`; returns its output, or nil if it failed.
  static func spawn(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      print("cannot start \(arguments): \(error)")
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      print("\(arguments.joined(separator: " ")) failed: \(text)")
      return nil
    }
    return text
  }

  /// Runs one measurement in a child process; its last output line is `key=value …`.
  static func measure(_ kind: String, _ path: String) -> [String: Double]? {
    guard let text = spawn(["json", "--measure", kind, path]), let line = text.split(separator: "\n").last else {
      return nil
    }
    var values: [String: Double] = [:]
    for pair in line.split(separator: " ") {
      let parts = pair.split(separator: "=")
      if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
    }
    return values
  }

  /// Runs `Scripts/simdjson-bench.sh` on a file; nil when simdjson is not installed.
  static func simdjson(_ path: String) -> [String: Double]? {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(3)
    let script = components.joined(separator: "/") + "/Scripts/simdjson-bench.sh"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script, path, "5"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last
    else {
      return nil
    }
    var values: [String: Double] = [:]
    for pair in line.split(separator: " ") {
      let parts = pair.split(separator: "=")
      if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
    }
    return values
  }

  static func comparisonRow(_ cells: [String]) -> String {
    let widths = [20, 11, 6, 11, 10, 6, 10, 10, 11, 11, 11]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }

  static func fileSize(_ path: String) -> Int {
    ((try? SystemFile.status(ofPath: path)) ?? nil)?.size ?? 0
  }

  static func megabytes(_ bytes: Double) -> String { bytes.isNaN ? "–" : String(format: "%.1f MB", bytes / 1e6) }

  static func milliseconds(_ seconds: Double) -> String {
    seconds.isNaN ? "–" : String(format: "%.1f ms", seconds * 1000)
  }

  static func row(_ cells: [String]) -> String {
    let widths = [20, 10, 10, 6, 9, 10, 9, 11, 6, 10, 9]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }
}
