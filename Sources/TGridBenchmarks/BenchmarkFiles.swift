#if canImport(Glibc)
  import Glibc
#endif

/// The benchmark inputs shared by the search and filter suites.
enum BenchmarkFiles {
  /// The path of the file named by `--file` (default `defaultName`) in `--data DIR`,
  /// generated first if missing.
  static func prepare(arguments: [String], defaultName: String) -> String {
    var directory = JSONBenchmarks.defaultDataDirectory
    if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { directory = arguments[index + 1] }
    var name = defaultName
    if let index = arguments.firstIndex(of: "--file"), index + 1 < arguments.count { name = arguments[index + 1] }
    mkdir(directory, 0o755)
    let path = directory + "/" + name
    if access(path, R_OK) != 0 {
      print("generating \(path)…")
      _ = JSONBenchmarks.spawn(["json", "--generate", directory, name])
    }
    return path
  }

  static func printHeader(_ title: String, path: String, size: Double) {
    var uts = utsname()
    uname(&uts)
    let machine = withUnsafeBytes(of: &uts.machine) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    print("\(title) — release build, \(machine), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores, load \(loadAverage())")
    print("\(path): \(JSONBenchmarks.megabytes(size)) (MB = 10^6 bytes)")
  }

  /// The one-minute load average (other work on the machine slows every figure).
  static func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? String(format: "%.1f", loads[0]) : "?"
  }
}
