import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The seeded key fuzz (issue 13, "Keep it fixed"): thousands of keys with resizes and
/// pastes interleaved, sent to the real binary in tmux, fail on a crash, on a terminal left
/// dirty, and on an app that burns CPU while idle.
///
/// CI runs one seed within a minute. `Scripts/fuzz-keys.sh` runs longer for releases,
/// through the same test: `TGRID_KEY_FUZZ_SEED` picks the seed, `TGRID_KEY_FUZZ_KEYS` the
/// number of keys, `TGRID_KEY_FUZZ_FILE` the JSON file (a copy is opened).
extension EndToEndTests {
  /// Every key the app knows and some it does not; none that quits (`q`, Ctrl-C, `:q`) or
  /// suspends (Ctrl-Z).
  static let fuzzKeys = [
    "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Space", "Enter", "Escape", "Tab", "BTab",
    "S-Up", "S-Down", "S-Left", "S-Right", "C-Up", "C-Down", "M-Up", "M-Down", "M-Left", "M-Right", "a", "v", "m",
    "c", "y", "p", "P", "x", "d", "e", "E", "i", "u", "C-r", "t", "o", "h", "j", "k", "l", "g", "G", "?", "K", "V",
    "z", "r", "n", "F1", "F2", "F5", "F10", "S-F10", "BSpace", "DC", "IC", "C-a", "C-e", "C-y", "C-f", "C-b", "C-l",
    "C-k", "C-u", "C-w", "M-x", "é", "日", "1", "3", "-", "+", "/", "\"", "{", "[",
  ]

  /// What gets pasted: JSON that can be inserted, text that is not JSON, controls, a
  /// large value.
  static let fuzzPastes = [
    #"{"pasted": [1, 2, {"deep": null}]}"#, "42", #""a string""#, "not json at all", "\u{1B}[31mred\u{1B}[0m\u{7}",
    "[" + (0..<2000).map(String.init).joined(separator: ",") + "]", "{\"k\": \"日本語 👨‍👩‍👧 \u{200B}\"}", "",
  ]

  @Test func aSeededKeyFuzzWithResizesAndPastesNeverCrashesLeavesNoMessAndIdlesQuietly() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["TGRID_KEY_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_124
    let keyCount = environment["TGRID_KEY_FUZZ_KEYS"].flatMap(Int.init) ?? 3_000 / SanitizerBuild.slowdown
    var file = demoDataCopy("photo-albums.json")
    if let chosen = environment["TGRID_KEY_FUZZ_FILE"], !chosen.isEmpty {
      // Keys edit and save: work on a copy.
      file = NSTemporaryDirectory() + "tgrid-fuzz-\(getpid())-" + URL(fileURLWithPath: chosen).lastPathComponent
      try? FileManager.default.removeItem(atPath: file)
      try FileManager.default.copyItem(atPath: chosen, toPath: file)
    }
    let tmux = try launch(file)
    defer { tmux.close() }
    let pid = try #require(try tmux.appProcessID())
    var random = SeededRandom(seed: seed)
    let slowdown = Double(SanitizerBuild.slowdown)
    let context = "seed \(seed)"
    // Idle CPU is measured a few times along the way, in whatever state the keys left.
    let checkpoints = Set(stride(from: keyCount / 4, to: keyCount, by: max(1, keyCount / 4)))
    var sent = 0
    var nextCheckpoint = checkpoints.sorted().makeIterator()
    var checkpoint = nextCheckpoint.next()
    while sent < keyCount {
      let batch = (0..<40).map { _ in Self.fuzzKeys[random.next(below: Self.fuzzKeys.count)] }
      try tmux.sendKeyList(batch)
      sent += batch.count
      switch random.next(below: 12) {
      case 0, 1: try tmux.resize(columns: 1 + random.next(below: 140), rows: 1 + random.next(below: 45))
      case 2: try tmux.paste(Self.fuzzPastes[random.next(below: Self.fuzzPastes.count)])
      default: break
      }
      try expectAlive(tmux, pid: pid, context: "\(context), after \(sent) keys")
      if let point = checkpoint, sent >= point {
        checkpoint = nextCheckpoint.next()
        try expectIdle(tmux, pid: pid, context: "\(context), after \(sent) keys", slowdown: slowdown)
      }
    }
    try tmux.resize(columns: 100, rows: 30)
    try expectIdle(tmux, pid: pid, context: "\(context), at the end", slowdown: slowdown)
    // Close whatever is open (menu, help, a prompt), then quit; each key only once the app
    // has caught up (an Esc read together with the q after it would be Alt-q).
    let still = min(2, 0.5 * slowdown)
    for _ in 0..<2 {
      try tmux.send("Escape")
      usleep(200_000)
      try tmux.waitUntilStill(interval: still, seconds: 30 * slowdown)
    }
    try tmux.send("q")
    let answer = try tmux.waitFor("the app to quit or ask (\(context))", seconds: 30 * slowdown) {
      $0.contains { $0.hasPrefix("status=") || $0.contains("Save the changes") || $0.contains("unsaved") }
    }
    if !answer.contains(where: { $0.hasPrefix("status=") }) { try tmux.send("n") }
    try tmux.waitFor("the app to quit (\(context))", seconds: 30 * slowdown) { $0.contains { $0.hasPrefix("status=") } }
    try expectRestored(tmux, status: 0)
  }

  /// The app is still running: not ended by a crash (the shell would print its status).
  func expectAlive(_ tmux: TmuxSession, pid: Int32, context: String) throws {
    guard kill(pid, 0) != 0 else { return }
    let screen = try tmux.screen().joined(separator: "\n")
    Issue.record("the app ended (\(context)):\n\(screen)\nstandard error:\n\(tmux.errorLog().prefix(4000))")
    throw TmuxError(message: "the app ended")
  }

  /// Once the screen is still, the app uses (almost) no CPU: at most 5 % of a core over
  /// two seconds (a busy loop takes 100 %).
  func expectIdle(_ tmux: TmuxSession, pid: Int32, context: String, slowdown: Double) throws {
    try tmux.waitUntilStill(interval: min(2, 0.5 * slowdown), seconds: 30 * slowdown)
    try expectAlive(tmux, pid: pid, context: context)
    guard let before = Self.cpuTicks(of: pid) else { return }
    let start = MonotonicTime.now
    usleep(2_000_000)
    guard let after = Self.cpuTicks(of: pid) else { return }
    let seconds = MonotonicTime.now - start
    let share = Double(after - before) / Double(sysconf(Int32(_SC_CLK_TCK))) / seconds
    let screen = (try? tmux.screen().joined(separator: "\n")) ?? ""
    #expect(share <= 0.05, "idle CPU \(Int(share * 100)) % (\(context)):\n\(screen)")
  }

  /// The user and system CPU time a process has used, in clock ticks.
  static func cpuTicks(of pid: Int32) -> Int? {
    guard let stat = FileContents.text(atPath: "/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else {
      return nil
    }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state (3), …, utime (14), stime (15): indices 11 and 12 here.
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
  }
}

/// Seconds on a monotonic clock.
enum MonotonicTime {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
