import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a shell command (`/bin/sh -c <command>`) with bytes on its standard input and waits
/// for it, so no child process is left behind.
///
/// The command's standard output goes to `/dev/null` and its standard error to a pipe,
/// whose first few kilobytes come back (so it never draws over the screen). A command that
/// leaves a helper running (xclip keeps one to own the X selection) is fine: only the
/// command itself is waited for, and what the helper keeps open is not read to its end.
/// Whether anything it started is still running is in the result
/// (``Result/leftProcessGroup``), so the caller can end it later with
/// ``endProcessGroup(_:)``.
///
/// It may run on any thread: a write to a command that stopped reading raises SIGPIPE on
/// the calling thread only, where it is blocked and taken back, so the process's signal
/// dispositions are never touched.
///
/// The command runs in a process group of its own. One that does not finish in time is
/// killed with its whole group (the shell and whatever it started: `sleep 30; true` leaves
/// no `sleep` behind) and reaped. Its own group also keeps it away from the terminal: a tool
/// that tries to read the terminal is stopped (and then killed at the timeout) instead of
/// taking keys from the program.
///
/// swift-system has no process spawning; swift-subprocess does, but only as `async`
/// functions, and the callers run it on a plain worker thread: this is `posix_spawn`,
/// `poll` and `waitpid` directly.
package enum ShellCommand {
  /// How a command ended.
  package enum Outcome: Hashable, Sendable {
    /// It could not be started; `reason` says why.
    case notStarted(reason: String)
    /// It exited with a status (0 is success; 127 is the shell's "command not found").
    case exited(status: Int32)
    /// A signal ended it.
    case killedBySignal(Int32)
    /// It did not finish in time and was killed with its process group.
    case timedOut
  }

  /// What a run gives back.
  package struct Result: Hashable, Sendable {
    /// How it ended.
    package var outcome: Outcome
    /// The start of what it wrote to its standard error (at most about 4 KiB).
    package var errorOutput: [UInt8]
    /// The command's process group when processes it started were still running after it
    /// exited (a selection owner, or `sleep 10 &`); `nil` when nothing was left.
    package var leftProcessGroup: Int32? = nil
  }

  /// Ends a process group a command left running: SIGTERM, then SIGKILL to whatever is
  /// still there after `graceMilliseconds`. A group that is already gone is left alone.
  package static func endProcessGroup(_ group: Int32, graceMilliseconds: Int = 100) {
    guard group > 1, kill(-group, 0) == 0 else { return }
    kill(-group, SIGTERM)
    let deadline = MonotonicClock.milliseconds() + graceMilliseconds
    while MonotonicClock.milliseconds() < deadline {
      if kill(-group, 0) != 0 { return }
      usleep(5_000)
    }
    kill(-group, SIGKILL)
  }

  /// Whether any process of a group is alive.
  package static func isProcessGroupRunning(_ group: Int32) -> Bool {
    group > 1 && kill(-group, 0) == 0
  }

  /// Runs `command` with `input` on its standard input, for at most `timeoutMilliseconds`.
  package static func run(_ command: String, input: [UInt8], timeoutMilliseconds: Int) -> Result {
    let inputPipe: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    let errorPipe: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    do {
      inputPipe = try FileDescriptor.pipe()
    } catch {
      return Result(outcome: .notStarted(reason: "\(error)"), errorOutput: [])
    }
    do {
      errorPipe = try FileDescriptor.pipe()
    } catch {
      try? inputPipe.readEnd.close()
      try? inputPipe.writeEnd.close()
      return Result(outcome: .notStarted(reason: "\(error)"), errorOutput: [])
    }
    for descriptor in [inputPipe.readEnd, inputPipe.writeEnd, errorPipe.readEnd, errorPipe.writeEnd] {
      descriptor.setCloseOnExec()
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputPipe.readEnd.rawValue, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errorPipe.writeEnd.rawValue, 2)

    // The child starts with default signal actions and nothing blocked, whatever the
    // terminal's handlers did here.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var noneBlocked = sigset_t()
    sigemptyset(&noneBlocked)
    posix_spawnattr_setsigmask(&attributes, &noneBlocked)
    // A group of its own (pgid = the shell's pid), so a timeout can kill everything the
    // command started.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, environ)
    try? inputPipe.readEnd.close()
    try? errorPipe.writeEnd.close()
    guard spawned == 0 else {
      try? inputPipe.writeEnd.close()
      try? errorPipe.readEnd.close()
      return Result(outcome: .notStarted(reason: Errno(rawValue: spawned).description), errorOutput: [])
    }
    let result = feed(
      input, to: inputPipe.writeEnd, readingErrorsFrom: errorPipe.readEnd, child: child, timeout: timeoutMilliseconds)
    try? errorPipe.readEnd.close()
    return result
  }

  /// Writes the input, gathers standard error and reaps the child, without blocking on
  /// any one of them (a child that fills its error pipe while we fill its input would
  /// otherwise deadlock both).
  private static func feed(
    _ input: [UInt8], to inputDescriptor: FileDescriptor, readingErrorsFrom errorDescriptor: FileDescriptor,
    child: pid_t, timeout: Int
  ) -> Result {
    inputDescriptor.setNonBlocking()
    errorDescriptor.setNonBlocking()
    // A child that exits without reading makes our write fail with EPIPE; the signal that
    // comes with it goes to this thread, which blocks it meanwhile and takes it back
    // before unblocking, so it never ends the process (and no other thread's signal
    // handling changes, as a process-wide SIG_IGN would).
    var pipeOnly = sigset_t()
    sigemptyset(&pipeOnly)
    sigaddset(&pipeOnly, SIGPIPE)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeOnly, &previousMask)
    defer {
      var pending = sigset_t()
      sigpending(&pending)
      if sigismember(&pending, SIGPIPE) == 1, sigismember(&previousMask, SIGPIPE) == 0 {
        var now = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&pipeOnly, nil, &now)
      }
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    let deadline = MonotonicClock.milliseconds() + timeout
    var written = 0
    var inputOpen = true
    var errors: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var status: Int32 = 0
    func closeInput() {
      if inputOpen {
        try? inputDescriptor.close()
        inputOpen = false
      }
    }
    func readErrors() -> Int {
      (try? errorDescriptor.readOnce(into: &buffer).get()) ?? -1
    }
    if input.isEmpty { closeInput() }
    while true {
      if waitpid(child, &status, WNOHANG) == child {
        closeInput()
        // Whatever it wrote before exiting (a helper it left may keep the pipe open, so
        // read only what is there).
        while errors.count < 4096 {
          let count = readErrors()
          guard count > 0 else { break }
          errors += buffer[0..<count]
        }
        let outcome: Outcome =
          status & 0x7F == 0 ? .exited(status: (status >> 8) & 0xFF) : .killedBySignal(status & 0x7F)
        // The shell is reaped, but its group lives on while anything it started does (the
        // group's id cannot be reused until then).
        let left = isProcessGroupRunning(child) ? child : nil
        return Result(outcome: outcome, errorOutput: errors, leftProcessGroup: left)
      }
      let now = MonotonicClock.milliseconds()
      if now >= deadline {
        closeInput()
        // The whole group: the shell waits for what it started (`sleep 30; true`), and
        // killing only the shell would leave that running, adopted by init. The shell is
        // not reaped yet, so its pid (the group's id) cannot have been reused.
        if kill(-child, SIGKILL) != 0 { kill(child, SIGKILL) }
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        return Result(outcome: .timedOut, errorOutput: errors)
      }
      var requests = [Poll.Request(errorDescriptor)]
      if inputOpen { requests.append(Poll.Request(inputDescriptor, read: false, write: true)) }
      // Short slices: the child's exit is noticed by waitpid, not by poll.
      _ = Poll.wait(for: &requests, timeoutMilliseconds: min(20, deadline - now))
      if requests[0].isReadable {
        let count = readErrors()
        if count > 0, errors.count < 4096 { errors += buffer[0..<count] }
      }
      if inputOpen, requests.count > 1, requests[1].isReady {
        do {
          let count = try input.withUnsafeBytes { bytes in
            try inputDescriptor.write(UnsafeRawBufferPointer(rebasing: bytes[written...]), retryOnInterrupt: false)
          }
          written += count
          if written == input.count { closeInput() }
        } catch Errno.wouldBlock, Errno.interrupted {
          // Try again on the next round.
        } catch {
          closeInput()  // The child stopped reading (EPIPE): its exit status decides.
        }
      }
    }
  }
}
