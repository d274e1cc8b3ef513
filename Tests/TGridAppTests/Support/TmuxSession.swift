import Foundation
import TestSupport
import Testing

/// Drives a real terminal for end-to-end tests: a private tmux server running a shell in
/// a pane of a fixed size, with keys sent in and the screen read back.
final class TmuxSession {
  let socket: String
  let session = "tgrid-e2e"
  private(set) var isAlive = true

  /// Where tests send the app's standard error.
  var errorLogPath: String { NSTemporaryDirectory() + socket + ".stderr" }

  /// What the app wrote to standard error so far.
  func errorLog() -> String {
    FileContents.text(atPath: errorLogPath) ?? ""
  }

  /// Whether tmux is installed; end-to-end tests skip without it.
  static var isAvailable: Bool { which("tmux") != nil }

  /// The tgrid executable built next to the test bundle.
  static var tgridExecutable: String? {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("tgrid").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  /// Starts a shell in a new tmux server with a pane of `columns`×`rows`.
  init(columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) throws {
    socket = "tgrid-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    var command = ["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows)]
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) { command += ["-e", "\(name)=\(value)"] }
    command += ["env", "PS1=$ ", "TERM=xterm-256color", "bash", "--norc", "--noprofile"]
    try tmux(command)
    try tmux(["set-option", "-t", session, "history-limit", "0"])
  }

  deinit {
    close()
  }

  /// Kills the server.
  func close() {
    guard isAlive else { return }
    isAlive = false
    _ = try? tmux(["kill-server"])
    // TGRID_E2E_KEEP_LOGS=DIR keeps each app's standard error there, for debugging.
    if let keep = ProcessInfo.processInfo.environment["TGRID_E2E_KEEP_LOGS"], !keep.isEmpty {
      try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
      _ = rename(errorLogPath, keep + "/" + socket + ".stderr")
    }
    unlink(errorLogPath)
  }

  /// Closes the pane, as closing a terminal's tab or window does: the terminal hangs up on
  /// the shell and the app (the server ends with its last pane).
  func killPane() throws {
    try tmux(["kill-pane", "-t", session])
  }

  /// Types a line into the shell and presses Enter.
  func run(_ commandLine: String) throws {
    try tmux(["send-keys", "-t", session, "-l", commandLine])
    try tmux(["send-keys", "-t", session, "Enter"])
  }

  /// Runs a shell command in a new window of the session, in the background (the pane
  /// with the app stays the one shown and the one keys go to).
  func runInOtherWindow(_ commandLine: String) throws {
    try tmux(["new-window", "-d", "-t", session, commandLine])
  }

  /// Sends tmux key names (`Down`, `PageDown`, `q`, `C-c`, `Escape`…).
  func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", session] + keys)
  }

  /// Sends several tmux key names in one call.
  func sendKeyList(_ keys: [String]) throws {
    try tmux(["send-keys", "-t", session] + keys)
  }

  /// Sends literal text, byte for byte.
  func sendLiteral(_ text: String) throws {
    try tmux(["send-keys", "-t", session, "-l", text])
  }

  /// Sends raw bytes given as hex pairs (escape sequences tmux has no name for).
  func sendHex(_ bytes: [UInt8]) throws {
    try tmux(["send-keys", "-t", session, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// The visible screen, one string per row.
  func screen() throws -> [String] {
    let output = try tmux(["capture-pane", "-p", "-t", session])
    var lines = output.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// A tmux format value for the pane (`alternate_on`, `cursor_flag`, `pane_pid`…).
  func paneValue(_ name: String) throws -> String {
    try tmux(["display-message", "-p", "-t", session, "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The process running in the pane's foreground under the shell (the app), if any.
  func appProcessID() throws -> Int32? {
    let shell = try paneValue("pane_pid")
    let result = try spawnAndWait("/usr/bin/pgrep", ["-P", shell], timeoutSeconds: 10)
    return String(decoding: result.output, as: UTF8.self).split(separator: "\n").first.flatMap { Int32($0) }
  }

  /// Sends a mouse event in SGR form: `button` 0 left, 2 right, 64/65 wheel; 1-based cells.
  func sendMouse(button: Int, column: Int, row: Int, release: Bool = false) throws {
    try sendHex(Array("\u{1b}[<\(button);\(column);\(row)\(release ? "m" : "M")".utf8))
  }

  /// Pastes text the way a terminal does when the app asked for bracketed paste.
  func paste(_ text: String) throws {
    try tmux(["set-buffer", "-b", "e2e", text])
    try tmux(["paste-buffer", "-p", "-b", "e2e", "-t", session])
  }

  /// Resizes the pane's window.
  func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
  }

  /// Waits until the screen satisfies `condition`, up to `seconds` (times the sanitizer's
  /// slowdown: a limit for a failing test, never a wait for a passing one).
  @discardableResult
  func waitFor(
    _ description: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(seconds * Double(SanitizerBuild.slowdown))
    var last: [String] = []
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      usleep(50_000)
    }
    Issue.record(
      "Timed out waiting for \(description). Screen:\n\(last.joined(separator: "\n"))", sourceLocation: sourceLocation)
    return last
  }

  /// Waits until some row contains `text`.
  @discardableResult
  func waitFor(text: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String]
  {
    try waitFor("\"\(text)\"", seconds: seconds, sourceLocation: sourceLocation) { $0.contains { $0.contains(text) } }
  }

  /// Waits until the screen has stopped changing (the app has caught up with the keys sent),
  /// up to `seconds`: the same screen twice, `interval` seconds apart.
  func waitUntilStill(interval: Double = 0.5, seconds: Double = 60) throws {
    let deadline = Date().addingTimeInterval(seconds)
    var last = try screen()
    while Date() < deadline {
      usleep(useconds_t(interval * 1_000_000))
      let now = try screen()
      if now == last { return }
      last = now
    }
  }

  /// Runs `stty -a` in the shell and returns its output's flags once the prompt is back:
  /// proves the terminal was restored (echo and icanon on).
  func terminalModes() throws -> String {
    // The marker is spelled differently on the command line (`:mo""des`) than in the output
    // (`:modes`), so a wrapped command line is never taken for the answer.
    try run("clear; stty -a | tr ' ' '\\n' | grep -E '^-?(echo|icanon)$' | tr '\\n' ' '; echo :mo\"\"des")
    let lines = try waitFor("the stty output") { lines in lines.contains { $0.hasSuffix(":modes") } }
    return lines.first { $0.hasSuffix(":modes") } ?? ""
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    guard let executable = Self.which("tmux") else { throw TmuxError(message: "tmux is not installed") }
    let result = try spawnAndWait(executable, ["-L", socket, "-f", "/dev/null"] + arguments, timeoutSeconds: 20)
    guard result.status == 0 else {
      throw TmuxError(
        message:
          "tmux \(arguments.joined(separator: " ")) exited with \(result.status): \(String(decoding: result.error, as: UTF8.self))"
      )
    }
    return String(decoding: result.output, as: UTF8.self)
  }

  static func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}

struct TmuxError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Whether end-to-end tests can run here (tmux and the built tgrid binary present).
let canRunEndToEnd = TmuxSession.isAvailable && TmuxSession.tgridExecutable != nil
