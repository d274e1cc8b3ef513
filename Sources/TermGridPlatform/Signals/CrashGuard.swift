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
/// interactive prompt the user cannot answer properly. ``NcursesTerminal`` installs the guard
/// when it opens (after start-up, so after the Swift runtime installed its own handlers)
/// and removes it in `shutdown()`. Its handlers write the precomputed restore sequence and
/// put back the shell's terminal modes, then hand the signal to whatever handled it before:
///
/// - A fault (a bad access, a stack overflow, a division by zero, a trap instruction)
///   happens again when the handler returns, now into the previous handler, which sees the
///   real fault: the backtrace still prints and the exit status stays honest.
/// - A crash signal that does not repeat (sent with `kill` or `raise`, `abort()`, SIGTRAP,
///   SIGSYS) is delivered to the previous handler from inside ours; if that handler returns
///   (the Swift backtracer does for a signal it did not cause), the process then ends by the
///   signal's default action. It never keeps running after the terminal was restored.
///
/// ## What it changes in a host process
///
/// While a terminal is open (between the first `install()` and the last `uninstall()`):
///
/// - **Dispositions.** SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE and SIGSYS get this
///   guard's handler (`SA_SIGINFO | SA_ONSTACK`). The handlers that were there before are
///   kept and chained to, so a crash reporter installed earlier still runs, after the
///   terminal is back. A handler installed later replaces ours; `uninstall()` then leaves
///   it alone (it only puts the previous handler back where ours is still the one in place).
/// - **The alternate signal stack of the thread that opens the terminal.** A handler for a
///   stack overflow cannot run on the stack that overflowed. If that thread has no
///   alternate stack, or one smaller than ``minimumUsableStackSize`` (the Swift runtime's
///   and the sanitizers' are smaller), it gets one of ``alternateStackSize`` bytes, mapped
///   with `mmap` with a guard page below it (an overflow of the handler itself faults
///   instead of writing over other memory). Each thread gets its own; none is shared.
///   `uninstall()` on that thread puts the previous stack back and unmaps ours; if the
///   thread ends first, a thread-exit destructor does the same. If someone else replaced
///   our stack meanwhile, theirs is kept and ours stays mapped (they may put it back).
///   Other threads are not touched: a stack overflow on a thread without an alternate stack
///   of its own ends the process without the terminal being restored.
///
/// ## Opting out
///
/// A program with crash handling of its own sets ``isEnabled`` to `false` before opening a
/// terminal: no disposition and no alternate stack is changed then, and restoring the
/// terminal on a crash is up to that program.
public enum CrashGuard {
  /// The signals a crash arrives as.
  static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS]
  /// Room for the previous actions, indexed by signal number.
  static let signalSlots = 65
  /// The size of an alternate stack the guard provides (the guard page comes on top).
  public static let alternateStackSize = 256 * 1024
  /// An existing alternate stack at least this large is used as it is.
  public static let minimumUsableStackSize = 64 * 1024

  /// Whether opening a terminal installs the guard (the default). Set it to `false` before
  /// opening a terminal to keep the process's signal handling and alternate stacks as they
  /// are.
  public static var isEnabled: Bool {
    get { enabled.load(ordering: .acquiring) }
    set { enabled.store(newValue, ordering: .releasing) }
  }

  /// A function that may take a fault as its own before the guard treats it as a crash:
  /// it gets the signal and its details and returns true when it handled the fault (the
  /// faulting access can go on). Async-signal-safe.
  package typealias FaultFilter = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?) -> Bool

  /// The fault filter's address (0: none); read by the handler.
  static let faultFilterAddress = Atomic<Int>(0)

  /// Sets the function that takes faults of its own before the guard (a bus error in a
  /// followed file's mapping that shrank, turned into zeros): such a fault is then no
  /// crash, whichever of the two handlers was installed first; every other fault still
  /// restores the terminal. Nil removes it.
  package static func setFaultFilter(_ filter: FaultFilter?) {
    faultFilterAddress.store(filter.map { unsafeBitCast($0, to: Int.self) } ?? 0, ordering: .releasing)
  }

  /// The actions that were installed before ours, by signal number; read by the handler.
  /// Allocated once and never freed, so a handler never sees it go away.
  nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
    actions.initialize(repeating: sigaction(), count: signalSlots)
    return actions
  }()
  private static let enabled = Atomic<Bool>(true)
  /// How many installs are not yet balanced by an uninstall, process-wide; the handlers are
  /// in place while it is above zero. Guarded by ``lock``.
  nonisolated(unsafe) private static var installCount = 0
  /// A pthread mutex rather than `Synchronization.Mutex`, whose contended hand-over (a
  /// priority-inheriting futex, on Linux) ThreadSanitizer cannot see: two threads
  /// installing at once would be reported as a data race that is not one.
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
    return lock
  }()

  private static func withLock<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return body()
  }

  /// Installs the crash handlers (for the first caller) and gives the calling thread an
  /// alternate signal stack if it needs one. Balance each call that returns `true` with
  /// `uninstall()`, preferably on the same thread.
  /// - Returns: `false` when ``isEnabled`` is `false` and nothing was installed.
  @discardableResult
  package static func install() -> Bool {
    guard isEnabled else { return false }
    withLock {
      installCount += 1
      if installCount == 1 { installHandlers() }
      // Inside the lock: `uninstall()` on this thread cannot come first.
      ThreadStack.acquire()
    }
    return true
  }

  /// Puts back the calling thread's previous alternate stack (if the guard gave it one) and,
  /// after the last install, the handlers that were there before `install()`.
  package static func uninstall() {
    withLock {
      guard installCount > 0 else { return }
      ThreadStack.release()
      installCount -= 1
      if installCount == 0 { uninstallHandlers() }
    }
  }

  private static func installHandlers() {
    let previous = previousActions
    // The handler reads the filter's address: a global's first use runs its lazy
    // initialiser (`swift_once`, which takes a lock), never safe inside a signal handler,
    // so it is first used here, before the handler can run.
    _ = faultFilterAddress.load(ordering: .relaxed)
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

  private static func uninstallHandlers() {
    let ours = unsafeBitCast(crashSignalHandler as SignalAction, to: Int.self)
    for signal in signals {
      var current = sigaction()
      sigaction(signal, nil, &current)
      // A handler installed after ours stays; it may chain to ours, which keeps working.
      guard handlerAddress(current) == ours else { continue }
      sigaction(signal, previousActions + Int(signal), nil)
    }
  }

  /// The handler of an action as a number: `SIG_DFL` is 0, `SIG_IGN` 1.
  static func handlerAddress(_ action: sigaction) -> Int {
    #if canImport(Glibc)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #else
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
  }

  /// The alternate signal stack the calling thread runs handlers on now, if any.
  static func currentAlternateStack() -> stack_t? {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0 else { return nil }
    return current
  }
}

typealias SignalAction = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

/// The alternate signal stack the guard gave one thread, with the stack it replaced.
///
/// Kept per thread (thread-specific data), so threads never share a stack and each puts
/// back its own previous one.
struct ThreadStack {
  /// The whole mapping (guard page included), or nil when the thread's own stack was
  /// large enough and is used as it is.
  var mapping: UnsafeMutableRawPointer?
  var mappingSize: Int
  /// Where the usable stack starts (above the guard page).
  var stackBase: UnsafeMutableRawPointer?
  /// What `sigaltstack` reported before ours went in.
  var previous: stack_t
  /// Installs on this thread not yet balanced.
  var depth: Int

  /// The key of the per-thread record; its destructor cleans up after a thread that ends
  /// with the guard's stack still in place.
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, threadStackDestructor)
    return key
  }()

  /// The calling thread's record, if the guard has been installed on it.
  static var current: UnsafeMutablePointer<ThreadStack>? {
    pthread_getspecific(key)?.assumingMemoryBound(to: ThreadStack.self)
  }

  /// Gives the calling thread an alternate stack unless it has a usable one (nested
  /// installs on one thread share the first one's).
  static func acquire() {
    if let record = current {
      record.pointee.depth += 1
      return
    }
    var record = ThreadStack(mapping: nil, mappingSize: 0, stackBase: nil, previous: stack_t(), depth: 1)
    var existing = stack_t()
    let hasUsableStack =
      sigaltstack(nil, &existing) == 0 && existing.ss_flags & Int32(SS_DISABLE) == 0
      && existing.ss_size >= CrashGuard.minimumUsableStackSize
    // A thread already running on its alternate stack (inside a handler) keeps it.
    if !hasUsableStack, existing.ss_flags & Int32(SS_ONSTACK) == 0 {
      record.mapOwnStack()
    }
    let pointer = UnsafeMutablePointer<ThreadStack>.allocate(capacity: 1)
    pointer.initialize(to: record)
    pthread_setspecific(key, pointer)
  }

  /// Balances ``acquire()`` on the calling thread; the last one puts the previous stack back.
  /// A thread that never acquired has nothing to put back.
  static func release() {
    guard let record = current else { return }
    record.pointee.depth -= 1
    guard record.pointee.depth <= 0 else { return }
    pthread_setspecific(key, nil)
    record.pointee.restorePrevious()
    record.deinitialize(count: 1)
    record.deallocate()
  }

  /// Maps a stack with a guard page below it (stacks grow down) and makes it this
  /// thread's alternate stack.
  private mutating func mapOwnStack() {
    let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
    let size = CrashGuard.alternateStackSize + page
    guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0),
      memory != MAP_FAILED
    else { return }
    guard mprotect(memory, page, PROT_NONE) == 0 else {
      munmap(memory, size)
      return
    }
    var stack = stack_t()
    stack.ss_sp = memory + page
    stack.ss_size = CrashGuard.alternateStackSize
    stack.ss_flags = 0
    var replaced = stack_t()
    guard sigaltstack(&stack, &replaced) == 0 else {
      munmap(memory, size)
      return
    }
    mapping = memory
    mappingSize = size
    stackBase = memory + page
    previous = replaced
  }

  /// Puts back the stack ours replaced and unmaps ours, unless ours is no longer the one in
  /// place (then it stays mapped: whoever replaced it may put it back later) or is in use.
  func restorePrevious() {
    guard let mapping, let stackBase else { return }
    var now = stack_t()
    guard sigaltstack(nil, &now) == 0, now.ss_sp == stackBase, now.ss_flags & Int32(SS_ONSTACK) == 0 else { return }
    var previous = self.previous
    if previous.ss_flags & Int32(SS_DISABLE) != 0 {
      previous = stack_t()
      previous.ss_flags = Int32(SS_DISABLE)
    } else {
      previous.ss_flags = 0
    }
    guard sigaltstack(&previous, nil) == 0 else { return }
    munmap(mapping, mappingSize)
  }
}

/// Runs when a thread ends with a guard record still set: puts its previous stack back
/// before the thread's own teardown (a sanitizer's, for one) unmaps what it believes is
/// its own.
private func threadStackDestructor(_ value: UnsafeMutableRawPointer?) {
  guard let record = value?.assumingMemoryBound(to: ThreadStack.self) else { return }
  record.pointee.restorePrevious()
  record.deinitialize(count: 1)
  record.deallocate()
}

/// Restores the terminal, then hands the signal to the previous handler, and makes sure
/// the process does not outlive it. Async-signal-safe.
private func crashSignalHandler(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  guard signal > 0, signal < Int32(CrashGuard.signalSlots) else { return }
  let previous = CrashGuard.previousActions + Int(signal)
  let code = info?.pointee.si_code ?? 0
  let filter = CrashGuard.faultFilterAddress.load(ordering: .acquiring)
  if code > 0, filter != 0, unsafeBitCast(filter, to: CrashGuard.FaultFilter.self)(signal, info) {
    // A fault another handler takes as its own (see `setFaultFilter`): no crash.
    return
  }
  let sentByAnotherProcess = code <= 0 && info?.pointee._sifields._kill.si_pid != getpid()
  if sentByAnotherProcess, CrashGuard.handlerAddress(previous.pointee) == unsafeBitCast(SIG_IGN, to: Int.self) {
    // Ignored before the terminal started, so nothing happens (`abort()` and `raise` from
    // this process still end it, ignored or not).
    return
  }
  TerminalRestore.leaveFromSignalHandler()
  TerminalRestore.disarm()
  sigaction(signal, previous, nil)
  if code > 0, signal != SIGTRAP, signal != SIGABRT, signal != SIGSYS {
    // A fault: returning runs the faulting instruction again, which faults into the
    // previous handler with the real fault address.
    return
  }
  // Sent by kill, raise or abort, or a trap that does not repeat. Blocked while this
  // handler runs: raised, it is pending, and delivered (to the previous handler, or by
  // the default action) the moment it is unblocked.
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, signal)
  raise(signal)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  // The previous handler returned (or ignores it): end by the default action.
  var action = sigaction()
  TerminalSignals.setHandler(&action, SIG_DFL)
  sigemptyset(&action.sa_mask)
  sigaction(signal, &action, nil)
  raise(signal)
  _exit(128 + signal)
}
