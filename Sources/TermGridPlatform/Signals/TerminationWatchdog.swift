#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last resort of a program with unsaved work: when a terminating signal arrives and the
/// run loop does not take it within a grace period (the program is busy in one long
/// computation, or stuck), a thread of its own rescues the work, restores the terminal and
/// ends the process by the signal.
///
/// The run loop takes a signal within a frame when it is free, and then the program itself
/// ends as usual (writing what it keeps after ``TerminalSignals/beginTermination()``). The
/// watchdog only acts when that did not happen in time; whichever comes first claims the
/// ending, so the work is written once.
///
/// ```swift
/// TerminationWatchdog.start { signal in
///   // Called on the watchdog's thread: read only what is safe to read from here.
///   return writeRecoveryFile()   // a message for standard error, or nil
/// }
/// ```
public enum TerminationWatchdog {
  /// How long the run loop has to take a terminating signal before the watchdog acts.
  public static let defaultGraceMilliseconds = 1500

  private static let started = Locked(false)

  /// Starts the watchdog (once per process; later calls do nothing).
  /// - Parameters:
  ///   - graceMilliseconds: how long the run loop has to take a signal.
  ///   - rescue: called on the watchdog's thread with the signal, when the run loop did not
  ///     take it in time; returns a message to print on standard error once the terminal
  ///     is restored, or `nil`.
  public static func start(
    graceMilliseconds: Int = defaultGraceMilliseconds, rescue: @escaping @Sendable (Int32) -> String?
  ) {
    let isFirst = started.withLock { started in
      defer { started = true }
      return !started
    }
    guard isFirst else { return }
    TerminalSignals.prepareTerminationSemaphore()
    // The watchdog's thread takes no signals: their handlers run on the others.
    let mask = TerminalSignals.blockHandledSignals()
    _ = PlatformThread.startDetached { watch(graceMilliseconds: graceMilliseconds, rescue: rescue) }
    TerminalSignals.restoreSignalMask(mask)
  }

  /// Waits, without end, while the watchdog ends the process: for the caller that found the
  /// ending already claimed (``TerminalSignals/beginTermination()`` returned `false`), which
  /// must neither write nor exit itself.
  public static func waitUntilTheProcessEnds() -> Never {
    while true { pause() }
  }

  private static func watch(graceMilliseconds: Int, rescue: @Sendable (Int32) -> String?) {
    while true {
      while sem_wait(TerminalSignals.terminationSemaphore) != 0 {}
      let deadline = MonotonicClock.milliseconds() + graceMilliseconds
      var signal: Int32 = 0
      while MonotonicClock.milliseconds() < deadline {
        signal = TerminalSignals.pendingTermination.load(ordering: .acquiring)
        // Taken by the run loop, or the ending is under way: not the watchdog's to do.
        if signal == 0 || TerminalSignals.isTerminating.load(ordering: .sequentiallyConsistent) { break }
        usleep(10_000)
      }
      guard signal != 0, TerminalSignals.beginTermination() else { continue }
      let message = rescue(signal)
      TerminalRestore.leaveFromSignalHandler()
      TerminalRestore.disarm()
      if let message {
        let line = Array((message + "\n").utf8)
        line.withUnsafeBufferPointer { buffer in
          if let base = buffer.baseAddress { TerminalRestore.writeAll(STDERR_FILENO, base, buffer.count) }
        }
      }
      TerminalSignals.terminateProcess(bySignal: signal)
    }
  }
}
