import Foundation
import TGridAppBenchmarks
import TGridSystem

/// `tgrid-bench firstscreen [--data DIR]` (or `--measure PATH [--max-size BYTES]` for one file): time to the first screen of the 1, 10 and 100 MB
/// records files (median of 5, each in a fresh child process, the file in the page cache).
func runFirstScreenBenchmarks(arguments: [String]) {
  if let index = arguments.firstIndex(of: "--whole"), index + 1 < arguments.count {
    // `tgrid-bench firstscreen --whole PATH`: to the whole document in the app, for issue
    // 34's load figure against `tgrid check PATH` (farm-bench --vs, Scripts/key-to-whole.py).
    let result = FirstScreenBenchmark.runToWholeDocument(path: arguments[index + 1])
    print("first=\(result.firstFrame) whole=\(result.whole) wholeAt=\(result.wholeAt)")
    return
  }
  if let index = arguments.firstIndex(of: "--measure"), index + 1 < arguments.count {
    var maximum = 4 << 30  // the app's default limit
    if let limit = arguments.firstIndex(of: "--max-size"), limit + 1 < arguments.count,
      let bytes = Int(arguments[limit + 1])
    {
      maximum = bytes
    }
    let result = FirstScreenBenchmark.run(path: arguments[index + 1], maximumByteCount: maximum)
    print("seconds=\(result.seconds) loaded=\(result.wholeFileLoaded ? 1 : 0)")
    return
  }
  var directory = JSONBenchmarks.defaultDataDirectory
  if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { directory = arguments[index + 1] }
  print("First screen — release build, 120×40, median of 5 fresh processes (the file already in the page cache)")
  for name in ["records-1MB.json", "records-10MB.json", "records-100MB.json"] {
    let path = directory + "/" + name
    if access(path, R_OK) != 0 { _ = JSONBenchmarks.spawn(["json", "--generate", directory, name]) }
    _ = FileManager.default.contents(atPath: path)  // warm the page cache
    var times: [Double] = []
    var loaded = 0
    for _ in 0..<5 {
      guard let text = JSONBenchmarks.spawn(["firstscreen", "--measure", path]),
        let line = text.split(separator: "\n").last
      else { continue }
      for pair in line.split(separator: " ") {
        let parts = pair.split(separator: "=")
        guard parts.count == 2, let value = Double(parts[1]) else { continue }
        if parts[0] == "seconds" { times.append(value) } else if parts[0] == "loaded" { loaded += Int(value) }
      }
    }
    guard !times.isEmpty else { continue }
    let median = times.sorted()[times.count / 2]
    print(
      "\(name): \(JSONBenchmarks.milliseconds(median)) (whole file loaded first in \(loaded) of \(times.count) runs)")
  }
}
