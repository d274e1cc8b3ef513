import Foundation
import TGridAppBenchmarks
import TGridSystem

/// `tgrid-bench edit [--data DIR] [--file NAME]`: editing the 100 MB records file in the
/// app (key to screen for cut, paste, delete, undo of one record; a save after one edit
/// against `cp` of the same file in the same run; peak memory of the save against the
/// load's). The measurement runs in a child process so its peak memory is its own.
func runEditBenchmarks(arguments: [String]) {
  if let index = arguments.firstIndex(of: "--measure"), index + 2 < arguments.count {
    let figures = EditingBenchmark.run(path: arguments[index + 1], savePath: arguments[index + 2])
    print(figures.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    return
  }
  if let index = arguments.firstIndex(of: "--measure-engine"), index + 2 < arguments.count {
    let figures = EditEngineBenchmark.run(path: arguments[index + 1], savePath: arguments[index + 2])
    print(figures.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    return
  }
  var directory = JSONBenchmarks.defaultDataDirectory
  if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { directory = arguments[index + 1] }
  var name = "records-100MB.json"
  if let index = arguments.firstIndex(of: "--file"), index + 1 < arguments.count { name = arguments[index + 1] }
  mkdir(directory, 0o755)
  let path = directory + "/" + name
  if access(path, R_OK) != 0 {
    print("generating \(path)…")
    _ = JSONBenchmarks.spawn(["json", "--generate", directory, name])
  }
  let savePath = directory + "/edit-save-\(ProcessIdentity.processID).json"
  let copyPath = directory + "/edit-copy-\(ProcessIdentity.processID).json"
  defer {
    SystemFile.remove(savePath)
    SystemFile.remove(copyPath)
  }
  func measured(_ arguments: [String]) -> [String: Double] {
    guard let text = JSONBenchmarks.spawn(arguments), let line = text.split(separator: "\n").last else { return [:] }
    var figures: [String: Double] = [:]
    for pair in line.split(separator: " ") {
      let parts = pair.split(separator: "=")
      if parts.count == 2, let value = Double(parts[1]) { figures[String(parts[0])] = value }
    }
    return figures
  }
  let figures = measured(["edit", "--measure", path, savePath])
  SystemFile.remove(savePath)
  let engine = measured(["edit", "--measure-engine", path, savePath])
  // cp of the same file, same disk, same run (median of 5).
  var copies: [Double] = []
  for _ in 0..<5 {
    let start = ContinuousClock.now
    _ = runCommand("/bin/cp", [path, copyPath])
    let elapsed = ContinuousClock.now - start
    copies.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    SystemFile.remove(copyPath)
  }
  let copy = copies.sorted()[2]
  let size = Double(JSONBenchmarks.fileSize(path))
  func ms(_ key: String) -> String { JSONBenchmarks.milliseconds(figures[key] ?? .nan) }
  print("Editing benchmark — release build, \(name) (\(JSONBenchmarks.megabytes(size))), grid of 120×40, no animation")
  print(
    "key to screen (median of 7): cut \(ms("cut")), paste \(ms("paste")), delete \(ms("delete")), undo \(ms("undo"))")
  let save = figures["save"] ?? .nan
  print(
    "save after one edit: \(ms("save")); cp of the same file: \(JSONBenchmarks.milliseconds(copy)); ratio \(String(format: "%.2f×", save / copy))"
  )
  let load = figures["peakLoad"] ?? .nan
  let saving = figures["peakSave"] ?? .nan
  print(
    "peak RSS after loading \(JSONBenchmarks.megabytes(load * 1024)), after saving \(JSONBenchmarks.megabytes(saving * 1024)) (\(String(format: "+%.1f%%", (saving / load - 1) * 100)))"
  )
  print("load (parse) \(ms("load"))")
  func engineMS(_ key: String) -> String { JSONBenchmarks.milliseconds(engine[key] ?? .nan) }
  print(
    "engine alone (median of 7): cut \(engineMS("cut")), paste \(engineMS("paste")), delete \(engineMS("delete")), "
      + "undo \(engineMS("undo")); cut while a copy is alive \(engineMS("sharedCut")); first index \(engineMS("index"))"
  )
  let saveWrite: Double = engine["saveWrite"] ?? .nan
  let saveSync: Double = engine["saveSync"] ?? .nan
  let saveRename: Double = engine["saveRename"] ?? .nan
  let engineSave = saveWrite + saveSync + saveRename
  let parts = "write \(engineMS("saveWrite")) + fsync \(engineMS("saveSync")) + rename \(engineMS("saveRename"))"
  let ratios = String(format: "%.2f× cp, which does not fsync; write alone %.2f×", engineSave / copy, saveWrite / copy)
  print("engine save: \(parts) = \(JSONBenchmarks.milliseconds(engineSave)) (\(ratios))")
  let engineLoad = engine["peakLoad"] ?? .nan
  let engineSaving = engine["peakSave"] ?? .nan
  print(
    "engine peak RSS after loading \(JSONBenchmarks.megabytes(engineLoad * 1024)), after the edits and the save "
      + "\(JSONBenchmarks.megabytes(engineSaving * 1024)) (\(String(format: "+%.1f%%", (engineSaving / engineLoad - 1) * 100)))"
  )
}

/// Runs a command and waits; returns its exit status.
func runCommand(_ executable: String, _ arguments: [String]) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  do { try process.run() } catch { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}
