import Foundation
import TestSupport

@testable import TermGrid

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal whose output outlives the process using it: for exit tests, whose
/// child process dies (crashes) with the terminal open. A helper process (`cat`) holds the
/// master side and copies everything the program sends to a file; when the child dies,
/// the helper reads to the end and exits, and the parent reads the file.
enum RecordedTerminal {
  /// The file for `name`, for this test process (from the exit test's child, which is a
  /// child of the test process, pass `getppid()`).
  static func path(for name: String, testProcess: pid_t = getpid()) -> String {
    NSTemporaryDirectory() + "tgrid-recorded-\(testProcess)-\(name).out"
  }

  /// Opens a pseudo-terminal and starts the helper copying its output to `path`. Call it in
  /// the exit test's child.
  static func open(recordingTo path: String) throws -> NcursesTerminalTests.PseudoTerminal {
    let pty = try NcursesTerminalTests.PseudoTerminal(columns: 40, rows: 10)
    // The helper reads with blocking reads; the slave side must not reach it (the helper
    // would keep the terminal alive and never see its end).
    _ = fcntl(pty.master, F_SETFL, fcntl(pty.master, F_GETFL) & ~O_NONBLOCK)
    _ = fcntl(pty.slave, F_SETFD, FD_CLOEXEC)
    let output = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard output >= 0 else { throw TerminalError.noTerminal(reason: "cannot create \(path)") }
    defer { close(output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pty.master, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    closeDescriptorsFromThree(in: &actions)
    let arguments = ["/bin/cat"]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/cat", &actions, nil, argv, environ) == 0 else {
      throw TerminalError.noTerminal(reason: "cannot start cat")
    }
    return pty
  }

  /// What reached the terminal, once it contains `marker` or after `seconds` (times the
  /// sanitizer's slowdown).
  static func waitForOutput(at path: String, containing marker: String, seconds: Double = 10) -> String {
    let deadline = Date().addingTimeInterval(seconds * Double(SanitizerBuild.slowdown))
    var text = ""
    repeat {
      text = FileContents.text(atPath: path) ?? ""
      if text.contains(marker) { break }
      usleep(20_000)
    } while Date() < deadline
    return text
  }

  /// "Close everything from 3 up" for the helper: glibc's closefrom action (looked up, as
  /// it is not exported to Swift), else one close per descriptor open now.
  private static func closeDescriptorsFromThree(in actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      if closeFrom(&actions, 3) == 0 { return }
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
      if let descriptor = Int32(name), descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
  }
}
