import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into events for the run loop.
///
/// A signal handler may do almost nothing safely, so it records the signal and writes one
/// byte to a pipe; the run loop, sleeping in `poll` on the terminal and that pipe, wakes up,
/// restores the terminal with ordinary code and exits.
enum TerminalSignals {
  private static let pendingSignal = Atomic<Int32>(0)
  private static let pipeDescriptors = Atomic<Int64>(-1)
  private static let installCount = Mutex<Int>(0)
  private static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The end of the pipe that becomes readable when a signal arrives.
  static var wakeDescriptor: Int32 {
    let packed = pipeDescriptors.load(ordering: .acquiring)
    return packed < 0 ? -1 : Int32(truncatingIfNeeded: packed >> 32)
  }

  static func install() {
    installCount.withLock { count in
      count += 1
      guard count == 1 else { return }
      var descriptors: [Int32] = [-1, -1]
      if pipe(&descriptors) == 0 {
        for descriptor in descriptors {
          _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
          _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        pipeDescriptors.store(Int64(descriptors[0]) << 32 | Int64(descriptors[1]), ordering: .releasing)
      }
      for signal in handled {
        var action = sigaction()
        #if canImport(Glibc)
          action.__sigaction_handler.sa_handler = terminalSignalHandler
        #else
          action.__sigaction_u.__sa_handler = terminalSignalHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
      }
    }
  }

  static func uninstall() {
    installCount.withLock { count in
      count -= 1
      guard count == 0 else { return }
      for signal in handled { Glibc.signal(signal, SIG_DFL) }
      let packed = pipeDescriptors.exchange(-1, ordering: .acquiringAndReleasing)
      if packed >= 0 {
        close(Int32(truncatingIfNeeded: packed >> 32))
        close(Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF))
      }
    }
  }

  /// The terminating signal that arrived, if any; clears it.
  static func takePendingTermination() -> Int32? {
    let signal = pendingSignal.exchange(0, ordering: .acquiringAndReleasing)
    return signal == 0 ? nil : signal
  }

  static func drainWakeDescriptor() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
  }

  fileprivate static func record(_ signal: Int32) {
    pendingSignal.store(signal, ordering: .releasing)
    let packed = pipeDescriptors.load(ordering: .acquiring)
    guard packed >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF), &byte, 1)
  }
}

private func terminalSignalHandler(_ signal: Int32) {
  TerminalSignals.record(signal)
}
