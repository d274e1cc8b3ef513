import TestSupport
import Testing

@testable import TermGrid
@testable import TermGridPlatform
@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The crash guard's alternate stacks and dispositions. In ``NcursesTerminalTests`` (an
/// extension), so they run one at a time with the other tests that change process-wide
/// signal handling.
extension NcursesTerminalTests {
  @Test func twoThreadsInstallingAtOnceGetAStackEachAndTheirOwnPreviousStackBack() throws {
    let segvBefore = signalHandlerAddress(SIGSEGV)
    let rounds = 40
    let barrier = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
    defer { barrier.deallocate() }
    pthread_barrier_init(barrier, nil, 2)
    defer { pthread_barrier_destroy(barrier) }
    let reports = UnsafeMutablePointer<StackReport>.allocate(capacity: 2)
    reports.initialize(repeating: StackReport(), count: 2)
    defer { reports.deallocate() }

    let threads = (0..<2).map { index in
      startThread {
        let report = reports + index
        // A stack of the thread's own, as a runtime or a crash reporter would have set.
        let ownSize = 16 * 1024
        let own = UnsafeMutableRawPointer.allocate(byteCount: ownSize, alignment: 16)
        var stack = stack_t()
        stack.ss_sp = own
        stack.ss_size = ownSize
        var original = stack_t()
        sigaltstack(&stack, &original)
        for _ in 0..<rounds {
          CrashGuard.install()
          let during = CrashGuard.currentAlternateStack()
          report.pointee.duringInstall = during.map { Int(bitPattern: $0.ss_sp) } ?? 0
          report.pointee.sizeDuringInstall = during?.ss_size ?? 0
          report.pointee.guardPageFaults = during.map { isInaccessible($0.ss_sp - 1) } ?? false
          report.pointee.handlerDuringInstall = signalHandlerAddress(SIGSEGV)
          // Both threads hold the guard here, so their stacks exist side by side.
          pthread_barrier_wait(barrier)
          let other = reports + (1 - index)
          if other.pointee.duringInstall == report.pointee.duringInstall { report.pointee.sharedStack = true }
          pthread_barrier_wait(barrier)
          CrashGuard.uninstall()
          let after = CrashGuard.currentAlternateStack()
          if after?.ss_sp != own || after?.ss_size != ownSize { report.pointee.previousStackLost = true }
        }
        // A nested install on one thread keeps one stack, and the outer uninstall puts back.
        CrashGuard.install()
        let outer = CrashGuard.currentAlternateStack()?.ss_sp
        CrashGuard.install()
        if CrashGuard.currentAlternateStack()?.ss_sp != outer { report.pointee.nestedStackChanged = true }
        CrashGuard.uninstall()
        if CrashGuard.currentAlternateStack()?.ss_sp != outer { report.pointee.nestedStackChanged = true }
        CrashGuard.uninstall()
        if CrashGuard.currentAlternateStack()?.ss_sp != own { report.pointee.previousStackLost = true }
        sigaltstack(&original, nil)
        own.deallocate()
      }
    }
    for thread in threads { pthread_join(thread, nil) }

    for index in 0..<2 {
      let report = reports[index]
      #expect(report.duringInstall != 0, "thread \(index) had no alternate stack")
      #expect(report.sizeDuringInstall == CrashGuard.alternateStackSize, "thread \(index)")
      #expect(report.guardPageFaults, "thread \(index): no guard page below the stack")
      #expect(report.handlerDuringInstall != segvBefore, "thread \(index): the handler was not in place")
      #expect(!report.sharedStack, "the threads shared one stack")
      #expect(!report.previousStackLost, "thread \(index) did not get its own stack back")
      #expect(!report.nestedStackChanged, "thread \(index)")
    }
    #expect(reports[0].duringInstall != reports[1].duringInstall)
    #expect(signalHandlerAddress(SIGSEGV) == segvBefore, "the dispositions from before are back")
  }

  @Test func aThreadWithALargeEnoughStackKeepsItAndAThreadWithoutOneEndsWithoutOne() throws {
    // What the thread saw, checked here (expectations belong to the test's own task).
    let seen = UnsafeMutablePointer<Int>.allocate(capacity: 5)
    seen.initialize(repeating: -1, count: 5)
    defer { seen.deallocate() }
    let largeSize = CrashGuard.minimumUsableStackSize
    let large = UnsafeMutableRawPointer.allocate(byteCount: largeSize, alignment: 16)
    defer { large.deallocate() }
    let thread = startThread {
      var none = stack_t()
      none.ss_flags = Int32(SS_DISABLE)
      sigaltstack(&none, nil)
      CrashGuard.install()
      seen[0] = CrashGuard.currentAlternateStack()?.ss_size ?? 0
      CrashGuard.uninstall()
      seen[1] = CrashGuard.currentAlternateStack() == nil ? 1 : 0

      var stack = stack_t()
      stack.ss_sp = large
      stack.ss_size = largeSize
      sigaltstack(&stack, nil)
      CrashGuard.install()
      seen[2] = CrashGuard.currentAlternateStack()?.ss_sp == large ? 1 : 0
      CrashGuard.uninstall()
      seen[3] = CrashGuard.currentAlternateStack()?.ss_sp == large ? 1 : 0
      sigaltstack(&none, nil)
    }
    pthread_join(thread, nil)
    #expect(seen[0] == CrashGuard.alternateStackSize, "a thread without a stack gets one")
    #expect(seen[1] == 1, "no stack before, none after")
    #expect(seen[2] == 1, "a large enough stack is used as it is")
    #expect(seen[3] == 1, "and is still there after")
  }

  @Test func aThreadThatEndsWithTheGuardsStackGetsItsPreviousOneBackFirst() throws {
    // Opened on one thread, shut down on another: the first thread ends with the guard's
    // stack in place. Its destructor must put the previous one back (a sanitizer's runtime
    // unmaps what it believes is its own when the thread ends).
    let segvBefore = signalHandlerAddress(SIGSEGV)
    let seen = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    seen.initialize(repeating: 0, count: 2)
    defer { seen.deallocate() }
    let thread = startThread {
      CrashGuard.install()
      seen[0] = CrashGuard.currentAlternateStack().map { Int(bitPattern: $0.ss_sp) } ?? 0
    }
    pthread_join(thread, nil)
    CrashGuard.uninstall()
    #expect(seen[0] != 0)
    #expect(signalHandlerAddress(SIGSEGV) == segvBefore)
    // The mapping is gone: the destructor put the previous stack back and unmapped it.
    #expect(!hasGuardPage(below: UInt(bitPattern: seen[0])))
  }

  @Test func theGuardCanBeTurnedOff() throws {
    let segvBefore = signalHandlerAddress(SIGSEGV)
    CrashGuard.isEnabled = false
    defer { CrashGuard.isEnabled = true }
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    #expect(signalHandlerAddress(SIGSEGV) == segvBefore)
    terminal.shutdown()
    #expect(signalHandlerAddress(SIGSEGV) == segvBefore)
  }

  @Test func aTerminalOpenedWithTheGuardOffDoesNotRemoveAnotherTerminalsGuard() throws {
    let segvBefore = signalHandlerAddress(SIGSEGV)
    let first = try PseudoTerminal(columns: 20, rows: 5)
    let guarded = try first.openTerminal()
    let guardedHandler = signalHandlerAddress(SIGSEGV)
    CrashGuard.isEnabled = false
    let second = try PseudoTerminal(columns: 20, rows: 5)
    let unguarded = try second.openTerminal()
    CrashGuard.isEnabled = true
    unguarded.shutdown()
    #expect(signalHandlerAddress(SIGSEGV) == guardedHandler, "the first terminal is still guarded")
    guarded.shutdown()
    #expect(signalHandlerAddress(SIGSEGV) == segvBefore)
  }

  @Test func aStackOverflowOnTheThreadRunningTheTerminalRestoresItThenEndsTheProcess() async throws {
    let record = RecordedTerminal.path(for: "overflow")
    defer { unlink(record) }
    // Under a sanitizer its runtime reports the overflow and exits with its own status.
    let ending: ExitTest.Condition = SanitizerBuild.isActive ? .failure : .signal(SIGSEGV)
    await #expect(processExitsWith: ending) { [record = record as String] in
      let pty = try RecordedTerminal.open(recordingTo: record)
      // Not the main thread: a thread of the program's own, with an ordinary stack.
      let thread = startThread(stackSize: 512 * 1024) {
        guard let terminal = try? pty.openTerminal() else { exit(3) }
        TerminalRunLoop(terminal: terminal, root: TerminalRunLoopTests.RecordingRoot(), debugCrash: .overflow).run()
        exit(4)
      }
      pthread_join(thread, nil)
    }
    let output = RecordedTerminal.waitForOutput(at: record, containing: "\u{1B}[?1049l")
    let entered = output.range(of: "\u{1B}[?1049h")
    let left = output.range(of: "\u{1B}[?1049l", options: .backwards)
    #expect(entered != nil, "\(output.debugDescription)")
    #expect(left != nil, "the alternate screen was not left: \(output.debugDescription)")
    if let entered, let left { #expect(entered.upperBound <= left.lowerBound) }
    #expect(output.contains("\u{1B}[?25h"), "the cursor was not shown again")
    #expect(output.contains("\u{1B}[?1000l"), "mouse reporting was not turned off")
  }

  @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE])
  func aCrashSignalSentWithKillRestoresTheTerminalThenEndsTheProcessByIt(_ signal: Int32) async throws {
    let record = RecordedTerminal.path(for: "kill-\(signal)")
    defer { unlink(record) }
    let ending: ExitTest.Condition = SanitizerBuild.isActive ? .failure : .signal(signal)
    let result = await #expect(
      processExitsWith: ending, observing: [\.standardOutputContent], "signal \(signal)"
    ) { [signal = signal as Int32, record = record as String] in
      // A handler from before the terminal that returns, as the Swift backtracer does for a
      // signal it did not cause (a crash reporter's, in a host program).
      setDisposition(signal, reportingHandler)
      let pty = try RecordedTerminal.open(recordingTo: record)
      let terminal = try pty.openTerminal()
      kill(getpid(), signal)
      // Before the fix the process stayed here, alive without its screen, waiting in poll.
      for _ in 0..<20 { _ = terminal.nextEvent(timeoutMilliseconds: 250) }
      exit(0)
    }
    if !SanitizerBuild.isActive {
      #expect(String(decoding: result?.standardOutputContent ?? [], as: UTF8.self) == "reported\n", "signal \(signal)")
    }
    let output = RecordedTerminal.waitForOutput(at: record, containing: "\u{1B}[?1049l")
    #expect(output.contains("\u{1B}[?1049l"), "signal \(signal): \(output.debugDescription)")
    #expect(output.contains("\u{1B}[?25h"), "signal \(signal)")
  }
}

/// Stands for a crash reporter's handler that reports and returns.
private func reportingHandler(_ signal: Int32) {
  let message: StaticString = "reported\n"
  _ = write(STDOUT_FILENO, message.utf8Start, message.utf8CodeUnitCount)
}

/// What one thread of the two-thread test saw.
struct StackReport {
  var duringInstall = 0
  var sizeDuringInstall = 0
  var guardPageFaults = false
  var handlerDuringInstall = 0
  var sharedStack = false
  var previousStackLost = false
  var nestedStackChanged = false
}

/// Starts a thread running `body`; join it with `pthread_join`.
func startThread(stackSize: Int = 0, _ body: @escaping () -> Void) -> pthread_t {
  final class Box {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
  var thread = pthread_t()
  let context = Unmanaged.passRetained(Box(body)).toOpaque()
  let created = pthread_create(
    &thread, &attributes,
    { context in
      guard let context else { return nil }
      let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
      box.body()
      return nil
    }, context)
  precondition(created == 0, "pthread_create failed: \(created)")
  return thread
}

/// Whether the page holding `address` is mapped but neither readable nor writable (a guard
/// page), as `/proc/self/maps` says.
func isInaccessible(_ address: UnsafeMutableRawPointer) -> Bool {
  mapping(containing: address)?.permissions.hasPrefix("---") ?? false
}

/// Whether an inaccessible mapping ends exactly at `address` (the guard page of a stack
/// that starts there).
func hasGuardPage(below address: UInt) -> Bool {
  guard address > 0, let below = UnsafeMutableRawPointer(bitPattern: address - 1),
    let found = mapping(containing: below)
  else { return false }
  return found.end == address && found.permissions.hasPrefix("---")
}

/// The line of `/proc/self/maps` whose range holds `address`.
func mapping(containing address: UnsafeMutableRawPointer) -> (start: UInt, end: UInt, permissions: String)? {
  guard let maps = FileContents.text(atPath: "/proc/self/maps") else { return nil }
  let target = UInt(bitPattern: address)
  for line in maps.split(separator: "\n") {
    let fields = line.split(separator: " ", maxSplits: 2)
    guard fields.count >= 2 else { continue }
    let bounds = fields[0].split(separator: "-")
    guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else {
      continue
    }
    if start <= target, target < end { return (start, end, String(fields[1])) }
  }
  return nil
}
