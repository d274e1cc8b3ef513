import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a spawned program did.
public struct SpawnResult: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public var status: Int32
  /// Its standard output.
  public var output: Data
  /// Its standard error.
  public var error: Data
}

public struct SpawnError: Error, CustomStringConvertible {
  public var description: String
}

/// Runs a program to completion with posix_spawn and waitpid.
///
/// Foundation's `Process` on Linux learns that a child ended through a descriptor the child
/// inherits; a daemon the child forks (the tmux server) keeps it open and `waitUntilExit()`
/// never returns. Here the child gets only standard input, output and error (every other
/// descriptor is closed), output goes to files (no pipe whose end a daemon could hold), and
/// the parent reaps the child itself.
public func spawnAndWait(
  _ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
  timeoutSeconds: Double = 60
) throws -> SpawnResult {
  let directory = NSTemporaryDirectory()
  let stem = directory + "tgrid-spawn-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
  let inputPath = stem + ".in"
  let outputPath = stem + ".out"
  let errorPath = stem + ".err"
  defer {
    for path in [inputPath, outputPath, errorPath] { unlink(path) }
  }
  // Not `FileManager.createFile`: it writes atomically, through a directory in /tmp that it
  // leaves behind, empty, on every call.
  do {
    try (input ?? Data()).write(to: URL(fileURLWithPath: inputPath))
  } catch {
    throw SpawnError(description: "cannot write \(inputPath)")
  }
  let inputDescriptor = open(inputPath, O_RDONLY | O_CLOEXEC)
  let outputDescriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  let errorDescriptor = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  defer {
    for descriptor in [inputDescriptor, outputDescriptor, errorDescriptor] where descriptor >= 0 { close(descriptor) }
  }
  guard inputDescriptor >= 0, outputDescriptor >= 0, errorDescriptor >= 0 else {
    throw SpawnError(description: "cannot open the temporary files for \(executable)")
  }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, inputDescriptor, 0)
  posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
  posix_spawn_file_actions_adddup2(&actions, errorDescriptor, 2)
  closeOtherDescriptors(in: &actions)

  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  var defaults = sigset_t()
  sigfillset(&defaults)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  var environmentStrings: [String]
  if let environment {
    environmentStrings = environment.map { "\($0.key)=\($0.value)" }
  } else {
    environmentStrings = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
  }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = environmentStrings.map { strdup($0) } + [nil]
  defer {
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  guard spawned == 0 else {
    throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
  }

  let deadline = Date().addingTimeInterval(timeoutSeconds)
  var status: Int32 = 0
  while true {
    let reaped = waitpid(pid, &status, WNOHANG)
    if reaped == pid { break }
    if reaped < 0, errno != EINTR { throw SpawnError(description: "waitpid failed for \(executable)") }
    if Date() > deadline {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      throw SpawnError(
        description: "\(executable) \(arguments.joined(separator: " ")) took longer than \(timeoutSeconds) s")
    }
    usleep(2_000)
  }
  // WIFEXITED / WEXITSTATUS / WTERMSIG are macros; decode the status word by hand.
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  // Not FileManager: it leaks a buffer on every empty file (see FileContents).
  return SpawnResult(
    status: exitStatus, output: Data(FileContents.bytes(atPath: outputPath) ?? []),
    error: Data(FileContents.bytes(atPath: errorPath) ?? []))
}

/// Adds "close everything from 3 up" to the file actions: glibc's closefrom action when it
/// exists (2.34 and later; not exported to Swift, so looked up), else one close per
/// descriptor open now.
private func closeOtherDescriptors(in actions: inout posix_spawn_file_actions_t) {
  typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  // RTLD_DEFAULT is the null handle on glibc.
  if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
    let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
    if closeFrom(&actions, 3) == 0 { return }
  }
  let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for name in open {
    if let descriptor = Int32(name), descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
  }
}
