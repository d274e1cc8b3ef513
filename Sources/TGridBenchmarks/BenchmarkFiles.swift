import TGridSystem

/// The benchmark inputs shared by the search and filter suites.
enum BenchmarkFiles {
  /// The path of the file named by `--file` (default `defaultName`) in `--data DIR`,
  /// generated first if missing.
  static func prepare(arguments: [String], defaultName: String) -> String {
    var directory = JSONBenchmarks.defaultDataDirectory
    if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { directory = arguments[index + 1] }
    var name = defaultName
    if let index = arguments.firstIndex(of: "--file"), index + 1 < arguments.count { name = arguments[index + 1] }
    try? SystemFile.makeDirectory(directory, permissions: 0o755)
    let path = directory + "/" + name
    if !SystemFile.isReadable(path) {
      print("generating \(path)…")
      _ = JSONBenchmarks.spawn(["json", "--generate", directory, name])
    }
    return path
  }

  static func printHeader(_ title: String, path: String, size: Double) {
    let machine = Machine.hardwareName
    print("\(title) — release build, \(machine), \(ProcessIdentity.processorCount) cores, load \(loadAverage())")
    print("\(path): \(JSONBenchmarks.megabytes(size)) (MB = 10^6 bytes)")
  }

  /// The one-minute load average (other work on the machine slows every figure).
  static func loadAverage() -> String {
    Machine.loadAverage.map { String(format: "%.1f", $0) } ?? "?"
  }
}
