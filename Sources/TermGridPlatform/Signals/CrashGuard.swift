import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal back when the program crashes.
///
/// A Swift runtime trap arrives as SIGILL (or SIGTRAP, SIGABRT, SIGSEGV…). Without this,
/// the Swift backtracer prints over the raw full-screen terminal and, on a tty, waits at an
/// interactive prompt the user cannot answer properly. Installed after start-up (after the
/// Swift runtime installed its own handlers), the handlers run on an alternate signal stack
/// (so a stack overflow is caught too), write the precomputed restore sequence, put back
/// the shell's terminal modes, then put back the previous handler and send the signal again,
/// so the backtrace still prints and the exit status stays honest.
package enum CrashGuard {
  /// The signals a crash arrives as.
  static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
  /// Room for the previous actions, indexed by signal number.
  static let signalSlots = 65
  /// The alternate stack's size when we have to provide one.
  static let alternateStackSize = 256 * 1024

  /// The actions that were installed before ours, by signal number; read by the handler.
  nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
    actions.initialize(repeating: sigaction(), count: signalSlots)
    return actions
  }()
  private static let isInstalled = Mutex<Bool>(false)
  private static let alternateStack = Mutex<Int>(0)

  /// Installs the crash handlers on this thread's alternate signal stack.
  package static func install() {
    isInstalled.withLock { installed in
      guard !installed else { return }
      installed = true
      installAlternateStackIfNeeded()
      let previous = previousActions
      for signal in signals {
        var action = sigaction()
        #if canImport(Glibc)
          action.__sigaction_handler.sa_sigaction = crashSignalHandler
        #else
          action.__sigaction_u.__sa_sigaction = crashSignalHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigaction(signal, &action, previous + Int(signal))
      }
    }
  }

  /// Puts back the handlers that were there before ``install()``.
  package static func uninstall() {
    isInstalled.withLock { installed in
      guard installed else { return }
      installed = false
      for signal in signals {
        sigaction(signal, previousActions + Int(signal), nil)
      }
    }
  }

  /// Gives this thread an alternate signal stack unless it already has one (the Swift
  /// runtime may have set one up); a handler for a stack overflow cannot run on the stack
  /// that overflowed.
  private static func installAlternateStackIfNeeded() {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0 else { return }
    if current.ss_flags & Int32(SS_DISABLE) == 0, current.ss_size >= 64 * 1024 { return }
    alternateStack.withLock { address in
      if address == 0 {
        guard let memory = malloc(alternateStackSize) else { return }
        address = Int(bitPattern: memory)
      }
      var stack = stack_t()
      stack.ss_sp = UnsafeMutableRawPointer(bitPattern: address)
      stack.ss_size = alternateStackSize
      stack.ss_flags = 0
      sigaltstack(&stack, nil)
    }
  }
}

/// Restores the terminal, then hands the signal to the previous handler. Async-signal-safe.
private func crashSignalHandler(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  TerminalRestore.leaveFromSignalHandler()
  TerminalRestore.disarm()
  guard signal > 0, signal < Int32(CrashGuard.signalSlots) else { return }
  sigaction(signal, CrashGuard.previousActions + Int(signal), nil)
  let code = info?.pointee.si_code ?? 0
  if signal == SIGTRAP || signal == SIGABRT || code <= 0 {
    // Sent by kill, raise or abort (or a breakpoint, which does not repeat): send it again.
    // It is blocked while this handler runs, so the previous handler gets it on return.
    raise(signal)
  }
  // Otherwise it is a fault: returning runs the faulting instruction again, which faults
  // into the previous handler with the real fault address.
}
