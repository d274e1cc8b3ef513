import TermGridCore
import TermGridPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a clipboard command (`/bin/sh -c <command>`) with text on its standard input and
/// waits for it, so no child process is left behind.
///
/// The command's standard output goes to `/dev/null` and its standard error to a pipe (so
/// it never draws over the screen; its first line explains a failure). A command that
/// leaves a helper running (xclip keeps one to own the X selection) is fine: only the
/// command itself is waited for, and what the helper keeps open is not read to its end.
///
/// The command runs in a process group of its own. One that does not finish in time is
/// killed with its whole group (the shell and whatever it started: `sleep 30; true`
/// leaves no `sleep` behind) and reaped. Its own group also keeps it away from the
/// terminal: a tool that tries to read the terminal is stopped (and then killed at the
/// timeout) instead of taking keys from the app.
enum ClipboardCommand {
  /// How long a clipboard command may take by default, in milliseconds. Clipboard tools
  /// finish in milliseconds; the app waits for the command, so a short limit bounds how
  /// long a stuck one can hold the screen.
  static let defaultTimeoutMilliseconds = 2000

  /// Runs `command` with `input` on its standard input.
  static func run(
    _ command: String, input: [UInt8], timeoutMilliseconds: Int = defaultTimeoutMilliseconds
  ) throws(PasteboardError) {
    var inputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&inputPipe) == 0 else { throw .commandNotStarted(command: command, reason: errorText()) }
    guard pipe(&errorPipe) == 0 else {
      let reason = errorText()
      close(inputPipe[0])
      close(inputPipe[1])
      throw .commandNotStarted(command: command, reason: reason)
    }
    for descriptor in inputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

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
    close(inputPipe[0])
    close(errorPipe[1])
    guard spawned == 0 else {
      close(inputPipe[1])
      close(errorPipe[0])
      throw .commandNotStarted(command: command, reason: String(cString: strerror(spawned)))
    }
    let outcome = feed(input, to: inputPipe[1], readingErrorsFrom: errorPipe[0], child: child, timeout: timeoutMilliseconds)
    close(errorPipe[0])
    switch outcome {
    case .timedOut:
      throw .commandTimedOut(command: command, milliseconds: timeoutMilliseconds)
    case .exited(let status, let message):
      if status & 0x7F == 0 {
        let code = (status >> 8) & 0xFF
        if code == 0 { return }
        let explanation = code == 127 ? "command not found, exit status 127" : "exit status \(code)"
        throw .commandFailed(command: command, status: explanation, message: message)
      }
      throw .commandFailed(command: command, status: "killed by signal \(status & 0x7F)", message: message)
    }
  }

  private enum Outcome {
    case exited(status: Int32, message: String)
    case timedOut
  }

  /// Writes the input, gathers standard error and reaps the child, without blocking on
  /// any one of them (a child that fills its error pipe while we fill its input would
  /// otherwise deadlock both).
  private static func feed(
    _ input: [UInt8], to inputDescriptor: Int32, readingErrorsFrom errorDescriptor: Int32, child: pid_t, timeout: Int
  ) -> Outcome {
    _ = fcntl(inputDescriptor, F_SETFL, fcntl(inputDescriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(errorDescriptor, F_SETFL, fcntl(errorDescriptor, F_GETFL) | O_NONBLOCK)
    // A child that exits without reading makes our write fail with EPIPE; the signal
    // that would come with it must not end this process.
    var ignore = sigaction()
    TerminalSignals.setHandler(&ignore, SIG_IGN)
    sigemptyset(&ignore.sa_mask)
    var previousPipeAction = sigaction()
    sigaction(SIGPIPE, &ignore, &previousPipeAction)
    defer { sigaction(SIGPIPE, &previousPipeAction, nil) }

    let deadline = MonotonicClock.milliseconds() + timeout
    var written = 0
    var inputOpen = true
    var errors: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var status: Int32 = 0
    func closeInput() {
      if inputOpen {
        close(inputDescriptor)
        inputOpen = false
      }
    }
    if input.isEmpty { closeInput() }
    while true {
      if waitpid(child, &status, WNOHANG) == child {
        closeInput()
        // Whatever it wrote before exiting (a helper it left may keep the pipe open, so
        // read only what is there).
        while errors.count < 4096 {
          let count = buffer.withUnsafeMutableBytes { read(errorDescriptor, $0.baseAddress, $0.count) }
          guard count > 0 else { break }
          errors += buffer[0..<count]
        }
        return .exited(status: status, message: firstLine(of: errors))
      }
      let now = MonotonicClock.milliseconds()
      if now >= deadline {
        closeInput()
        // The whole group: the shell waits for what it started (`sleep 30; true`), and
        // killing only the shell would leave that running, adopted by init. The shell is
        // not reaped yet, so its pid (the group's id) cannot have been reused.
        if kill(-child, SIGKILL) != 0 { kill(child, SIGKILL) }
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        return .timedOut
      }
      var descriptors = [pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0)]
      if inputOpen { descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)) }
      // Short slices: the child's exit is noticed by waitpid, not by poll.
      _ = poll(&descriptors, nfds_t(descriptors.count), Int32(min(20, deadline - now)))
      if descriptors[0].revents & Int16(POLLIN) != 0 {
        let count = buffer.withUnsafeMutableBytes { read(errorDescriptor, $0.baseAddress, $0.count) }
        if count > 0, errors.count < 4096 { errors += buffer[0..<count] }
      }
      if inputOpen, descriptors.count > 1, descriptors[1].revents != 0 {
        let count = input.withUnsafeBytes { bytes in
          write(inputDescriptor, bytes.baseAddress.map { $0 + written }, input.count - written)
        }
        if count > 0 {
          written += count
          if written == input.count { closeInput() }
        } else if count < 0, errno != EAGAIN, errno != EINTR {
          closeInput()  // The child stopped reading (EPIPE): its exit status decides.
        }
      }
    }
  }

  private static func firstLine(of bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
    return TextWidth.truncated(line, toWidth: 200)
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
