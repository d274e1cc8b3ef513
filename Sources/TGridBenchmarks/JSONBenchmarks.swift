import Foundation
import TGridJSON

#if canImport(Glibc)
  import Glibc
#endif

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

  var uts = utsname()
  uname(&uts)
  let machine = withUnsafeBytes(of: &uts.machine) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
  print("JSON engine benchmark — release build, \(machine), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores")
  print("MB = 10^6 bytes. engine = open (mmap) + index, median wall time of 5–9 runs; MB/s by wall time and by")
  print("CPU time (the difference is time the process waited for a core); peak RSS = getrusage ru_maxrss of a")
  print("fresh child process (VmHWM from /proc agrees within a page); Foundation = JSONSerialization.jsonObject.")
  print("")
  print(JSONBenchmarks.row(["file", "size", "engine", "MB/s", "CPU MB/s", "peak RSS", "RSS/size", "Foundation", "MB/s", "RSS", "speed-up"]))
  var details: [String] = []
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
    details.append(
      "\(name): \(Int(engine["values"] ?? 0)) values; best \(JSONBenchmarks.milliseconds(engine["best"] ?? .nan)); "
        + "RSS before parsing \(JSONBenchmarks.megabytes((engine["baseline"] ?? .nan) * 1024)), "
        + "VmHWM \(JSONBenchmarks.megabytes((engine["hwm"] ?? .nan) * 1024)); "
        + "walk all nodes \(JSONBenchmarks.milliseconds(engine["walk"] ?? .nan)); "
        + "write back \(JSONBenchmarks.milliseconds(engine["write"] ?? .nan)); "
        + "parent index \(JSONBenchmarks.milliseconds(engine["parents"] ?? .nan)); "
        + "first preview (progressive) \(JSONBenchmarks.milliseconds(engine["preview"] ?? .nan)); "
        + "edit + undo \(JSONBenchmarks.milliseconds(engine["edit"] ?? .nan))")
  }
  print("")
  details.forEach { print($0) }
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

  static func fileSize(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }

  static func megabytes(_ bytes: Double) -> String { bytes.isNaN ? "–" : String(format: "%.1f MB", bytes / 1e6) }

  static func milliseconds(_ seconds: Double) -> String { seconds.isNaN ? "–" : String(format: "%.1f ms", seconds * 1000) }

  static func row(_ cells: [String]) -> String {
    let widths = [20, 10, 10, 6, 9, 10, 9, 11, 6, 10, 9]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }
}

/// The child process: one kind of measurement of one file.
enum JSONBenchmarkChild {
  static func run(kind: String, path: String) {
    let baseline = peakResidentKilobytes()
    switch kind {
    case "engine": engine(path: path, baseline: baseline)
    case "foundation": foundation(path: path, baseline: baseline)
    default: print("unknown measurement \(kind)")
    }
  }

  /// Indexes the file several times (one document alive at a time), then measures the
  /// operations the app does on the last document.
  private static func engine(path: String, baseline: Double) {
    let runs = fileSize(path) > 50_000_000 ? 5 : 9
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var document: JSONDocument?
    for _ in 0..<runs {
      document = nil
      let start = ContinuousClock.now
      let cpuStart = cpuSeconds()
      do {
        document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path))
      } catch {
        print("error: \(error)")
        exit(1)
      }
      times.append(seconds(since: start))
      cpuTimes.append(cpuSeconds() - cpuStart)
    }
    let peak = peakResidentKilobytes()
    let highWater = highWaterKilobytes()
    guard var document else { return }
    times.sort()
    cpuTimes.sort()

    var start = ContinuousClock.now
    var visited = 0
    for _ in document.descendants(of: document.root) { visited += 1 }
    let walk = seconds(since: start)

    start = ContinuousClock.now
    let written = document.serializedBytes().count
    let write = seconds(since: start)
    precondition(written == fileSize(path), "an unedited document writes back every byte")

    start = ContinuousClock.now
    let last = JSONNode(index: document.children(of: document.root).reduce(document.root.index) { max($0, $1.index) })
    _ = document.parent(of: last)
    let parents = seconds(since: start)

    start = ContinuousClock.now
    var edit: Double = .nan
    if let target = document.child(at: document.childCount(of: document.root) / 2, of: document.root) {
      if let change = try? document.replace(target, withJSON: "{\"edited\": true}") {
        document.revert(change)
        edit = seconds(since: start)
      }
    }

    start = ContinuousClock.now
    var preview: Double = .nan
    if let bytes = try? JSONBytes.contentsOfFile(path) {
      let parser = JSONProgressiveParser(bytes: bytes)
      while (try? parser.advance(byteBudget: 1 << 18)) == false {
        if parser.preview(maximumChildren: 100) != nil { break }
      }
      preview = seconds(since: start)
    }

    print(
      "seconds=\(times[times.count / 2]) best=\(times[0]) cpu=\(cpuTimes[cpuTimes.count / 2]) peak=\(peak) "
        + "hwm=\(highWater) baseline=\(baseline) "
        + "values=\(document.valueCount) walk=\(walk) write=\(write) parents=\(parents) edit=\(edit) preview=\(preview) "
        + "visited=\(visited)")
  }

  private static func foundation(path: String, baseline: Double) {
    let start = ContinuousClock.now
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
      let object = try JSONSerialization.jsonObject(with: data)
      let time = seconds(since: start)
      let peak = peakResidentKilobytes()
      withExtendedLifetime(object) {}
      print("seconds=\(time) peak=\(peak) baseline=\(baseline)")
    } catch {
      print("error: \(error)")
      exit(1)
    }
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func fileSize(_ path: String) -> Int { JSONBenchmarks.fileSize(path) }

  /// CPU time (user + system) of this process.
  private static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// `VmHWM` from `/proc/self/status`: this process image's peak resident set, in KiB.
  static func highWaterKilobytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return .nan }
    return Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
  }

  /// Peak resident set size of this process so far, in KiB (Linux `ru_maxrss`).
  static func peakResidentKilobytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss)
  }
}
