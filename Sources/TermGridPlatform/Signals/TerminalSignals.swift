import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals a full-screen program must handle so the terminal is never left broken.
///
/// - SIGINT, SIGTERM, SIGHUP become ``InputEvent/signal(_:)`` events: the handler records
///   the signal and writes a byte to a pipe the terminal polls, and the run loop restores the
///   terminal with ordinary code and ends; the app then calls
///   ``terminateProcess(bySignal:)`` so the exit status says which signal it was. If the
///   program does not take the first signal (it is busy), a second one restores the terminal
///   from the handler and ends the process at once, unless the program has unsaved work
///   (`setHasUnsavedWork(_:)`): then repeated signals only wait for it (a closed terminal
///   sends SIGHUP twice, from the kernel and from the shell), and ``TerminationWatchdog``
///   rescues the work if the program does not get to it. SIGQUIT ends the process at once
///   when there is no unsaved work, and is taken like SIGTERM when there is. (The keys
///   Ctrl-C, Ctrl-Z and Ctrl-\\ send no signals: the terminal runs with `ISIG` off, so
///   they arrive as keys, pasted or typed.)
/// - Once the program ends by a signal (``beginTermination()``), further terminating
///   signals are ignored until ``terminateProcess(bySignal:)``: nothing cuts short the
///   writing of what must be kept.
/// - Every other signal whose default action ends the process (SIGUSR1, SIGUSR2, SIGALRM,
///   SIGVTALRM, SIGPROF, SIGXCPU, SIGIO/SIGPOLL, SIGPWR, SIGSTKFLT and the real-time signals)
///   ends it the same way as SIGTERM, with its own exit status, but only while its
///   disposition is the default one: a handler the host program installed, or an ignored
///   signal, is left alone, and so is a signal handed over to another part of the program
///   (`handOver(_:to:)`: SIGIO once a file is held under a lease).
/// - SIGPIPE and SIGXFSZ are ignored while the terminal runs (again only where they had the
///   default action): they come from the program's own writes (to a clipboard command that
///   exited, past the file size limit), which then fail with `EPIPE` or `EFBIG` and are
///   reported as errors instead of killing the program with the terminal in raw mode.
/// - SIGTSTP (Ctrl-Z) leaves full-screen mode and puts back the shell's terminal modes from
///   the handler, then stops the process for real; when it continues (`fg`), the handler
///   re-enters full-screen mode and the terminal reports a resize so everything is redrawn.
/// - SIGCONT after a stop we did not see (SIGSTOP) re-enters full-screen mode the same way.
/// - SIGWINCH wakes the terminal to read the new size.
/// - Crash signals (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGSYS), whether a
///   real crash or sent with `kill`, are ``CrashGuard``'s: the terminal is restored and the
///   process ends by that signal.
///
/// Handlers only touch atomics, `write`, `tcsetattr`, `sigaction` and `raise`: all
/// async-signal-safe. A signal that was ignored when we started (`nohup`, a background job
/// of a non-interactive shell) stays ignored. `uninstall()` puts back every disposition it
/// changed.
public enum TerminalSignals {
  static let pendingTermination = Atomic<Int32>(0)
  static let pendingResize = Atomic<Bool>(false)
  static let pendingResume = Atomic<Bool>(false)
  /// Whether the program has work a forced end would lose (``setHasUnsavedWork(_:)``).
  static let hasUnsavedWork = Atomic<Bool>(false)
  /// Set by ``beginTermination()``: the program is ending by a signal.
  static let isTerminating = Atomic<Bool>(false)
  /// The semaphore ``TerminationWatchdog`` waits on, posted by the termination handler;
  /// allocated and initialised once, before any handler can post it, and never freed.
  nonisolated(unsafe) static let terminationSemaphore: UnsafeMutablePointer<sem_t> = {
    let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    sem_init(semaphore, 0, 0)
    return semaphore
  }()
  /// Whether ``terminationSemaphore`` exists (handlers must not be the first to touch it).
  static let hasTerminationSemaphore = Atomic<Bool>(false)
  /// The wake pipe's read end in the high 32 bits and write end in the low ones; -1 when closed.
  static let pipeDescriptors = Atomic<Int64>(-1)
  private static let installCount = Mutex<Int>(0)
  /// Signals another part of the program handles for good (`handOver(_:to:)`): no
  /// terminal takes them over, puts them back or restores them. Guarded by `installCount`.
  nonisolated(unsafe) private static var handedOver: Set<Int32> = []
  /// What each signal we changed did before the first terminal started; put back at the end.
  private static let savedDispositions = Mutex<[Int32: sigaction]>([:])

  /// Signals that end the program through the run loop.
  static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// The other signals whose default action ends the process (without a core dump, or with
  /// one for SIGXCPU): they end it through the run loop too, when their action is the default.
  static let otherTerminatingSignals: [Int32] =
    [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT] + realTimeSignals
  /// Signals the program's own writes cause: ignored while the terminal runs, so the write
  /// fails with an error instead, when their action is the default.
  static let writeErrorSignals: [Int32] = [SIGPIPE, SIGXFSZ]
  /// Every signal these handlers take over.
  static let handledSignals: [Int32] =
    [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH] + otherTerminatingSignals + writeErrorSignals

  /// SIGRTMIN through SIGRTMAX (those the C library leaves to programs): their default
  /// action ends the process.
  static let realTimeSignals: [Int32] = {
    #if canImport(Glibc)
      let first = __libc_current_sigrtmin()
      let last = __libc_current_sigrtmax()
      return first <= last ? Array(first...last) : []
    #else
      return []
    #endif
  }()

  /// Signals taken over only while their action is the default one.
  private static let takenOnlyFromDefault: Set<Int32> = Set(otherTerminatingSignals + writeErrorSignals)

  /// Ends the process with the default action of `signal` (terminate, or core dump for
  /// SIGQUIT), so the parent sees the honest reason. Restore the terminal first.
  public static func terminateProcess(bySignal signal: Int32) -> Never {
    var action = sigaction()
    setHandler(&action, SIG_DFL)
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    // Only reached if the signal does not end a process by default.
    _exit(128 + signal)
  }

  /// Tells the handlers whether the program has unsaved work (edits): while it has, a
  /// repeated terminating signal or SIGQUIT does not end the process from the handler, and
  /// the program is trusted to take the signal (``TerminationWatchdog`` steps in when it
  /// does not). A terminal calls this with what its run loop's root says.
  package static func setHasUnsavedWork(_ value: Bool) {
    hasUnsavedWork.store(value, ordering: .sequentiallyConsistent)
  }

  /// The program is ending by a signal it took: from now on terminating signals are
  /// ignored (a closed terminal's second SIGHUP, an impatient second SIGTERM), also after
  /// `uninstall()`, until ``terminateProcess(bySignal:)`` ends the process. Call it before
  /// writing what must be kept.
  ///
  /// - Returns: `false` when the ending is already under way on another thread
  ///   (``TerminationWatchdog`` rescuing the work of a program that did not take the
  ///   signal): that thread writes what is kept and ends the process; the caller must not.
  @discardableResult
  public static func beginTermination() -> Bool {
    isTerminating.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
  }

  /// Makes sure the semaphore the watchdog waits on exists before a handler may post it.
  package static func prepareTerminationSemaphore() {
    _ = terminationSemaphore
    hasTerminationSemaphore.store(true, ordering: .sequentiallyConsistent)
  }

  /// The signals whose handler ends the process: ignored once the program is terminating.
  static var endingSignals: Set<Int32> { Set(terminationSignals + [SIGQUIT] + otherTerminatingSignals) }

  /// The end of the pipe that becomes readable when a signal arrives; -1 when not installed.
  package static var wakeDescriptor: Int32 {
    let packed = pipeDescriptors.load(ordering: .acquiring)
    return packed < 0 ? -1 : Int32(truncatingIfNeeded: packed >> 32)
  }

  /// What the handled signals do now, to pass to `install(restoringLater:)`; read it
  /// before ncurses starts, which installs handlers of its own.
  package static func currentDispositions() -> [Int32: sigaction] {
    var dispositions: [Int32: sigaction] = [:]
    for signal in handledSignals {
      var action = sigaction()
      sigaction(signal, nil, &action)
      dispositions[signal] = action
    }
    return dispositions
  }

  /// Installs the handlers (once for any number of terminals; balanced by `uninstall()`).
  /// - Parameter dispositions: what the signals did before the program started using the
  ///   terminal; a signal ignored then stays ignored, and `uninstall()` puts these back.
  package static func install(restoringLater dispositions: [Int32: sigaction]) {
    installCount.withLock { count in
      count += 1
      guard count == 1 else { return }
      pendingTermination.store(0, ordering: .sequentiallyConsistent)
      pendingResize.store(false, ordering: .sequentiallyConsistent)
      pendingResume.store(false, ordering: .sequentiallyConsistent)
      prepareTerminationSemaphore()
      var descriptors: [Int32] = [-1, -1]
      if pipe(&descriptors) == 0 {
        for descriptor in descriptors {
          _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
          _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        pipeDescriptors.store(Int64(descriptors[0]) << 32 | Int64(descriptors[1]), ordering: .releasing)
      }
      var changed: [Int32: sigaction] = [:]
      for signal in handledSignals where !handedOver.contains(signal) {
        var previous = dispositions[signal] ?? sigaction()
        if dispositions[signal] == nil { sigaction(signal, nil, &previous) }
        if takenOnlyFromDefault.contains(signal), !isDefault(previous) {
          // The host program's handler, or ignored: not ours to change.
          continue
        }
        changed[signal] = previous
        if isIgnored(previous), signal != SIGCONT, signal != SIGWINCH {
          sigaction(signal, &previous, nil)
          continue
        }
        var action = sigaction()
        if writeErrorSignals.contains(signal) {
          setHandler(&action, SIG_IGN)
        } else {
          setHandler(&action, handler(for: signal))
        }
        sigemptyset(&action.sa_mask)
        // Restart reads and writes the signal interrupts; poll still wakes through the pipe.
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
      }
      savedDispositions.withLock { $0 = changed }
    }
  }

  /// Gives `signal` to another part of the program for the rest of the process, with
  /// `action` as its handler: from now on no terminal takes it over (`install(restoringLater:)`),
  /// puts back what it did before (`uninstall()`) or restores it (`restore(_:)`), also
  /// while a terminal runs now. Only a signal whose action was the default one before any
  /// terminal took it over can be handed over (a handler of the host program's, or an
  /// ignored signal, is left alone): returns false then, having changed nothing. Handing the
  /// same signal over again installs `action` again.
  ///
  /// For SIGIO, by which the kernel tells a holder of a file lease that another process
  /// wants to write the file: its default action ends the process, and a terminal would
  /// take it as a request to end.
  package static func handOver(_ signal: Int32, to action: sigaction) -> Bool {
    installCount.withLock { _ in
      if !handedOver.contains(signal) {
        var before = sigaction()
        if let saved = savedDispositions.withLock({ $0[signal] }) {
          before = saved
        } else {
          sigaction(signal, nil, &before)
        }
        guard isDefault(before) else { return false }
        _ = savedDispositions.withLock { $0.removeValue(forKey: signal) }
        handedOver.insert(signal)
      }
      var action = action
      sigaction(signal, &action, nil)
      return true
    }
  }

  /// Whether `signal` was handed over with `handOver(_:to:)`.
  static func isHandedOver(_ signal: Int32) -> Bool {
    installCount.withLock { _ in handedOver.contains(signal) }
  }

  /// Puts back what the signals did before, and closes the pipe, after the last terminal
  /// is gone.
  package static func uninstall() {
    installCount.withLock { count in
      count -= 1
      guard count == 0 else { return }
      let dispositions = savedDispositions.withLock { saved in
        defer { saved = [:] }
        return saved
      }
      let terminating = isTerminating.load(ordering: .sequentiallyConsistent)
      let ending = endingSignals
      for (signal, saved) in dispositions {
        var action = saved
        if terminating, ending.contains(signal) {
          // Ending by a signal: nothing may cut short what is written before the end.
          action = sigaction()
          setHandler(&action, SIG_IGN)
          sigemptyset(&action.sa_mask)
        }
        sigaction(signal, &action, nil)
      }
      let packed = pipeDescriptors.exchange(-1, ordering: .acquiringAndReleasing)
      if packed >= 0 {
        close(Int32(truncatingIfNeeded: packed >> 32))
        close(Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF))
      }
    }
  }

  /// Blocks the handled signals on this thread, so set-up and tear-down are not cut in
  /// half; returns the mask to put back with ``restoreSignalMask(_:)``.
  package static func blockHandledSignals() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in handledSignals { sigaddset(&set, signal) }
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    return previous
  }

  /// Puts back a mask from ``blockHandledSignals()``; pending signals arrive now.
  package static func restoreSignalMask(_ mask: sigset_t) {
    var mask = mask
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }

  /// Stops the process as Ctrl-Z does under a shell with job control: raises SIGTSTP, whose
  /// handler leaves full-screen mode, stops, and comes back on `fg` with a resume that
  /// redraws. Does nothing when SIGTSTP was ignored when the terminal started (no job
  /// control to come back from).
  package static func suspendProcess() {
    var action = sigaction()
    sigaction(SIGTSTP, nil, &action)
    guard !isIgnored(action), !isDefault(action) else { return }
    raise(SIGTSTP)
  }

  /// Whether a terminating signal arrived that the run loop has not taken yet.
  package static var hasPendingTermination: Bool {
    pendingTermination.load(ordering: .acquiring) != 0
  }

  /// The terminating signal that arrived, if any; clears it.
  package static func takePendingTermination() -> Int32? {
    let signal = pendingTermination.exchange(0, ordering: .acquiringAndReleasing)
    return signal == 0 ? nil : signal
  }

  /// Whether the window changed size since the last call.
  package static func takePendingResize() -> Bool {
    pendingResize.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Whether the program came back from a stop since the last call.
  package static func takePendingResume() -> Bool {
    pendingResume.exchange(false, ordering: .acquiringAndReleasing)
  }

  package static func drainWakeDescriptor() {
    let descriptor = wakeDescriptor
    guard descriptor >= 0 else { return }
    var buffer = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
    while withUnsafeMutableBytes(of: &buffer, { read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }

  // MARK: - Async-signal-safe: called from handlers

  /// Makes the poll in `nextEvent` return. Async-signal-safe.
  static func wake() {
    let packed = pipeDescriptors.load(ordering: .acquiring)
    guard packed >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF), &byte, 1)
  }

  /// Tells ``TerminationWatchdog`` that a terminating signal arrived. Async-signal-safe.
  static func notifyWatchdog() {
    guard hasTerminationSemaphore.load(ordering: .sequentiallyConsistent) else { return }
    sem_post(terminationSemaphore)
  }

  /// Restores the terminal and ends the process by `signal` now, from its handler.
  static func terminateFromSignalHandler(_ signal: Int32) {
    TerminalRestore.leaveFromSignalHandler()
    TerminalRestore.disarm()
    var action = sigaction()
    setHandler(&action, SIG_DFL)
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    // Blocked while its handler runs: delivered, with the default action, on return.
    raise(signal)
  }

  package static func setHandler(_ action: inout sigaction, _ handler: (@convention(c) (Int32) -> Void)?) {
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
  }

  static func isDefault(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
  }

  static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func handler(for signal: Int32) -> @convention(c) (Int32) -> Void {
    switch signal {
    case SIGTSTP: return suspendSignalHandler
    case SIGCONT: return continueSignalHandler
    case SIGWINCH: return resizeSignalHandler
    case SIGQUIT: return quitSignalHandler
    // SIGINT, SIGTERM, SIGHUP and the other terminating signals.
    default: return terminationSignalHandler
    }
  }
}

private func terminationSignalHandler(_ signal: Int32) {
  let savedErrno = errno
  defer { errno = savedErrno }
  // Ending already: the program is writing what it keeps; it ends by its own signal.
  if TerminalSignals.isTerminating.load(ordering: .sequentiallyConsistent) { return }
  let (isFirst, _) = TerminalSignals.pendingTermination.compareExchange(
    expected: 0, desired: signal, ordering: .acquiringAndReleasing)
  if !isFirst, !TerminalSignals.hasUnsavedWork.load(ordering: .sequentiallyConsistent) {
    // The program did not take the first one: it is stuck or busy, and loses nothing. End now.
    TerminalSignals.terminateFromSignalHandler(signal)
    return
  }
  TerminalSignals.wake()
  TerminalSignals.notifyWatchdog()
}

private func quitSignalHandler(_ signal: Int32) {
  if TerminalSignals.hasUnsavedWork.load(ordering: .sequentiallyConsistent)
    || TerminalSignals.isTerminating.load(ordering: .sequentiallyConsistent)
  {
    // Edits to keep: the program writes them first, as for SIGTERM.
    terminationSignalHandler(signal)
  } else {
    TerminalSignals.terminateFromSignalHandler(signal)
  }
}

private func resizeSignalHandler(_ signal: Int32) {
  let savedErrno = errno
  TerminalSignals.pendingResize.store(true, ordering: .releasing)
  TerminalSignals.wake()
  errno = savedErrno
}

private func suspendSignalHandler(_ signal: Int32) {
  let savedErrno = errno
  TerminalRestore.isSuspended.store(true, ordering: .sequentiallyConsistent)
  TerminalRestore.leaveFromSignalHandler()
  // Stop for real: the default action, with the signal unblocked for this one raise.
  var action = sigaction()
  TerminalSignals.setHandler(&action, SIG_DFL)
  sigemptyset(&action.sa_mask)
  sigaction(SIGTSTP, &action, nil)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, SIGTSTP)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  raise(SIGTSTP)
  // Continued (`fg`), or never stopped (an orphaned process group discards the stop).
  pthread_sigmask(SIG_BLOCK, &set, nil)
  TerminalSignals.setHandler(&action, suspendSignalHandler)
  action.sa_flags = SA_RESTART
  sigaction(SIGTSTP, &action, nil)
  TerminalRestore.enterFromSignalHandler()
  TerminalRestore.isSuspended.store(false, ordering: .sequentiallyConsistent)
  TerminalSignals.pendingResume.store(true, ordering: .releasing)
  TerminalSignals.wake()
  errno = savedErrno
}

private func continueSignalHandler(_ signal: Int32) {
  let savedErrno = errno
  // After our own suspend, the suspend handler re-enters when `raise` returns. After a stop
  // we did not see (SIGSTOP), the shell may have reset the terminal meanwhile.
  if !TerminalRestore.isSuspended.load(ordering: .sequentiallyConsistent) {
    TerminalRestore.enterFromSignalHandler()
    TerminalSignals.pendingResume.store(true, ordering: .releasing)
    TerminalSignals.wake()
  }
  errno = savedErrno
}
