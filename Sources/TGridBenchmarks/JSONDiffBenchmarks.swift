import Foundation
import TGridAppBenchmarks
import TGridJSON

/// Runs the structural diff benchmark: `tgrid-bench jsondiff [--data DIR] [--quick]`.
///
/// (`diff` is the diffable data source's.) Takes the JSON suite's record files (1 MB and,
/// without `--quick`, 100 MB; generated first if missing) as A, and writes B beside each:
/// the same records with 1 % of them edited — a quarter changed (one field), a quarter
/// removed, a quarter added (new ids), a quarter moved elsewhere in the array. Each diff runs
/// in its own child process (`--measure A B`), so its peak memory is its own: open and index
/// both files, hash and compare, write the JSON Patch and the summary; median of 5 runs (3
/// for 100 MB). Where Python's `jsondiff` is installed (`pip install jsondiff`), it is timed
/// on the 1 MB files, once, stopped after a minute. Then `tgrid diff A B` opening the browser
/// on each pair (`--screen A B`, ``DiffScreenBenchmark``): the first screen, the screen with
/// the whole diff's marks, and the peak memory of the child.
func runJSONDiffBenchmarks(arguments: [String]) {
  if let index = arguments.firstIndex(of: "--measure"), index + 2 < arguments.count {
    JSONDiffBenchmark.measure(old: arguments[index + 1], new: arguments[index + 2])
    return
  }
  if let index = arguments.firstIndex(of: "--screen"), index + 2 < arguments.count {
    guard let result = DiffScreenBenchmark.run(old: arguments[index + 1], new: arguments[index + 2]) else {
      print("cannot read \(arguments[index + 1]) or \(arguments[index + 2])")
      exit(1)
    }
    print(
      "firstScreen=\(result.firstScreen) wholeDiff=\(result.wholeDiff) changes=\(result.changes)",
      "paired=\(result.paired) sideSwitch=\(result.sideSwitch)", "peakKB=\(BenchmarkClock.peakResidentKilobytes())")
    return
  }
  let quick = arguments.contains("--quick")
  let names = quick ? ["records-1MB.json"] : ["records-1MB.json", "records-100MB.json"]
  BenchmarkFiles.printHeader("Structural diff (tgrid diff)", path: "bench-data/records-*.json, 1 % edited", size: 0)
  print("")
  print(
    "file".padding(toLength: 20, withPad: " ", startingAt: 0),
    "A + B MB", "changes", "load ms", "diff ms", "patch ms", "summary ms", "total ms", "peak MB", "× A+B",
    "pairing ms", "(by value)", "jsondiff (Python)")
  for name in names {
    var dataArguments = arguments.filter { $0 != "--quick" }
    dataArguments += ["--file", name]
    let old = BenchmarkFiles.prepare(arguments: dataArguments, defaultName: name)
    let new = old.replacingOccurrences(of: ".json", with: "-edited.json")
    if access(new, R_OK) != 0 { JSONDiffBenchmark.writeEdited(from: old, to: new) }
    let runs = name.contains("100MB") ? 3 : 5
    let samples = JSONDiffBenchmark.samples(of: ["jsondiff", "--measure", old, new], runs: runs)
    guard !samples.isEmpty else { continue }
    /// The median of one figure over the runs.
    func median(_ key: String) -> Double { JSONDiffBenchmark.median(key, of: samples) }
    let bytes = median("bytes")
    let peak = median("peakKB") * 1024
    let python = JSONDiffBenchmark.timePythonJSONDiff(old: old, new: new, skip: bytes > 20_000_000)
    print(
      name.padding(toLength: 20, withPad: " ", startingAt: 0),
      String(format: "%8.1f", bytes / 1e6), String(format: "%7.0f", median("changes")),
      String(format: "%7.1f", median("load") * 1000), String(format: "%7.1f", median("diff") * 1000),
      String(format: "%8.1f", median("patch") * 1000), String(format: "%10.1f", median("summary") * 1000),
      String(format: "%8.1f", median("total") * 1000), String(format: "%7.1f", peak / 1e6),
      String(format: "%5.2f", peak / max(bytes, 1)), String(format: "%10.1f", median("pairing") * 1000),
      String(format: "%10.1f", median("pairingByValue") * 1000), python)
  }
  print("")
  print("load: open (mapped) and index both files; diff: hash both (two threads) and compare;")
  print("patch: the RFC 6902 JSON Patch; summary: the text summary; peak: ru_maxrss of the child.")
  print("pairing: A's values paired with B's for ` (not in the total); by value: the same pairing with")
  print("every unchanged value compared value by value, as before the byte comparison.")
  JSONDiffBenchmark.measureScreens(names: names, arguments: arguments)
}

/// The diff benchmark's pieces.
enum JSONDiffBenchmark {
  /// Runs this executable `runs` times with `arguments` (one child process each); the
  /// `name=value` figures of each run's last line.
  static func samples(of arguments: [String], runs: Int) -> [[String: Double]] {
    var samples: [[String: Double]] = []
    for _ in 0..<runs {
      guard let text = JSONBenchmarks.spawn(arguments), let line = text.split(separator: "\n").last else { continue }
      var values: [String: Double] = [:]
      for pair in line.split(separator: " ") {
        let parts = pair.split(separator: "=")
        if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
      }
      samples.append(values)
    }
    return samples
  }

  /// The median of one figure over the runs (0 when no run gave it).
  static func median(_ key: String, of samples: [[String: Double]]) -> Double {
    let values = samples.compactMap { $0[key] }.sorted()
    return values.isEmpty ? 0 : values[values.count / 2]
  }

  /// Measures one diff in this (child) process and prints `key=value …`.
  static func measure(old: String, new: String) {
    let start = BenchmarkClock.now()
    let cpuStart = BenchmarkClock.cpuTime()
    guard let oldBytes = try? JSONBytes.contentsOfFile(old), let newBytes = try? JSONBytes.contentsOfFile(new),
      let oldDocument = try? JSONDocument(bytes: oldBytes), let newDocument = try? JSONDocument(bytes: newBytes)
    else {
      print("cannot read \(old) or \(new)")
      exit(1)
    }
    let loaded = BenchmarkClock.now()
    let loadCPU = BenchmarkClock.cpuTime()
    let diff = JSONDiff(old: oldDocument, new: newDocument)
    let compared = BenchmarkClock.now()
    let diffCPU = BenchmarkClock.cpuTime()
    let patch = diff.jsonPatch()
    let patched = BenchmarkClock.now()
    let lines = diff.summaryLines()
    let summarised = BenchmarkClock.now()
    let cpu = BenchmarkClock.cpuTime() - cpuStart
    // What `` ` `` needs (not in the total): the pairing as made now, and as it was made
    // before values written with the same bytes were paired by one comparison.
    let pairingStart = BenchmarkClock.now()
    let pairingCPUStart = BenchmarkClock.cpuTime()
    let runs = diff.counterpartRuns()
    let paired = BenchmarkClock.now()
    let pairingCPU = BenchmarkClock.cpuTime() - pairingCPUStart
    let slowRuns = diff.counterpartRuns(comparingTextFirst: false)
    let pairedSlowly = BenchmarkClock.now()
    let slowPairingCPU = BenchmarkClock.cpuTime() - pairingCPUStart - pairingCPU
    guard runs == slowRuns else {
      print("the two pairings differ: \(runs.count) runs against \(slowRuns.count)")
      exit(1)
    }
    let figures = [
      "bytes=\(oldBytes.count + newBytes.count)", "changes=\(diff.changes.count)", "load=\(loaded - start)",
      "diff=\(compared - loaded)", "patch=\(patched - compared)", "summary=\(summarised - patched)",
      "total=\(summarised - start)", "cpu=\(cpu)", "diffCPU=\(diffCPU - loadCPU)",
      "patchBytes=\(patch.count)", "lines=\(lines.count)", "pairing=\(paired - pairingStart)",
      "pairingByValue=\(pairedSlowly - paired)", "pairingCPU=\(pairingCPU)", "pairingByValueCPU=\(slowPairingCPU)",
      "peakKB=\(BenchmarkClock.peakResidentKilobytes())",
    ]
    print(figures.joined(separator: " "))
  }

  /// `tgrid diff A B` opening the browser on each pair (``DiffScreenBenchmark``), each run a
  /// child process (`--screen A B`): median of 5 runs (3 for 100 MB).
  static func measureScreens(names: [String], arguments: [String]) {
    print("")
    print("tgrid diff A B in the browser (120×40, headless), from the command's start:")
    print(
      "file".padding(toLength: 20, withPad: " ", startingAt: 0), "first screen ms", "whole diff ms", "changes",
      "paired ms", "` ms", "peak MB", "× A+B")
    for name in names {
      let old = BenchmarkFiles.prepare(
        arguments: arguments.filter { $0 != "--quick" } + ["--file", name], defaultName: name)
      let new = old.replacingOccurrences(of: ".json", with: "-edited.json")
      let bytes = Double(fileSize(old) + fileSize(new))
      let samples = JSONDiffBenchmark.samples(
        of: ["jsondiff", "--screen", old, new], runs: name.contains("100MB") ? 3 : 5)
      guard !samples.isEmpty else { continue }
      func median(_ key: String) -> Double { JSONDiffBenchmark.median(key, of: samples) }
      let peak = median("peakKB") * 1024
      print(
        name.padding(toLength: 20, withPad: " ", startingAt: 0),
        String(format: "%15.1f", median("firstScreen") * 1000), String(format: "%13.1f", median("wholeDiff") * 1000),
        String(format: "%7.0f", median("changes")), String(format: "%9.1f", median("paired") * 1000),
        String(format: "%5.1f", median("sideSwitch") * 1000), String(format: "%7.1f", peak / 1e6),
        String(format: "%5.2f", peak / max(bytes, 1)))
    }
  }

  /// A file's size in bytes (0 when it cannot be read).
  private static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// Writes B: A's records (one a line) with 1 % edited, a quarter each way.
  static func writeEdited(from old: String, to new: String) {
    guard let data = FileManager.default.contents(atPath: old) else { return }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    var records = lines.filter { $0.hasPrefix("{") }.map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
    var random = BenchmarkRandom(seed: 31)
    let edits = max(4, records.count / 100)
    var nextID = records.count + 1_000_000
    for edit in 0..<edits {
      let index = random.below(records.count)
      switch edit % 4 {
      case 0:
        records[index] = records[index].replacingOccurrences(of: "\"email\":\"", with: "\"email\":\"changed.")
      case 1:
        records.remove(at: index)
      case 2:
        records.insert(
          "{\"id\":\(nextID),\"name\":\"New Record\",\"email\":\"\(nextID)@example.com\",\"tags\":[\"new\"]}",
          at: index)
        nextID += 1
      default:
        let moved = records.remove(at: index)
        records.insert(moved, at: random.below(records.count))
      }
    }
    let text = "[\n" + records.joined(separator: ",\n") + "\n]\n"
    _ = FileManager.default.createFile(atPath: new, contents: Data(text.utf8))
  }

  /// Python's `jsondiff` on the same files, when installed: wall time, or why not.
  static func timePythonJSONDiff(old: String, new: String, skip: Bool) -> String {
    let script = """
      import json, sys, time
      try:
          import jsondiff
      except ImportError:
          print("not installed"); sys.exit(0)
      a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
      start = time.time(); jsondiff.diff(a, b, syntax="symmetric"); print("%.0f ms" % ((time.time() - start) * 1000))
      """
    guard !skip else { return "(not run: minutes on 100 MB)" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // It aligns lists by a quadratic LCS: stopped after a minute.
    process.arguments = ["timeout", "60", "python3", "-c", script, old, new]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return "no python3" }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationStatus == 124 { return "> 60 s (stopped)" }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
