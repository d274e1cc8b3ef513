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
    _ = DetachedThread.start { watch(graceMilliseconds: graceMilliseconds, rescue: rescue) }
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

/// A thread that runs one closure and is never joined.
enum DetachedThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a detached thread running `body`; false when the system refuses one.
  static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}
