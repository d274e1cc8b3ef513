import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a signal handler needs to put the terminal back, prepared before any handler can
/// run: the terminal's descriptor, the modes it had before we started (shell mode) and the
/// ones we run in (program mode), and the exact bytes that leave and re-enter full-screen
/// mode.
///
/// Signal handlers may only call async-signal-safe functions: they must not allocate, lock,
/// or build strings. So everything here lives in memory allocated once, written only while
/// no handler is armed, and read by handlers with `write` and `tcsetattr` alone.
package enum TerminalRestore {
  /// Room for each precomputed sequence; terminfo strings for these are a few dozen bytes.
  static let sequenceCapacity = 1024

  /// The storage handlers read. Allocated on first use (at arming, never in a handler) and
  /// never freed, so a handler can never see it go away.
  nonisolated(unsafe) static let storage: UnsafeMutablePointer<Storage> = {
    let storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
    storage.initialize(
      to: Storage(
        descriptor: -1, shellMode: termios(), programMode: termios(),
        leave: .allocate(capacity: sequenceCapacity), leaveCount: 0,
        enterWithMouse: .allocate(capacity: sequenceCapacity), enterWithMouseCount: 0,
        enterWithoutMouse: .allocate(capacity: sequenceCapacity), enterWithoutMouseCount: 0))
    return storage
  }()

  /// True while the storage describes a terminal in full-screen mode.
  static let isArmed = Atomic<Bool>(false)
  /// Whether mouse reporting is on (so re-entering turns it back on).
  package static let isMouseEnabled = Atomic<Bool>(false)
  /// True between leaving for a suspend and coming back.
  static let isSuspended = Atomic<Bool>(false)

  struct Storage {
    var descriptor: Int32
    var shellMode: termios
    var programMode: termios
    var leave: UnsafeMutablePointer<UInt8>
    var leaveCount: Int
    var enterWithMouse: UnsafeMutablePointer<UInt8>
    var enterWithMouseCount: Int
    var enterWithoutMouse: UnsafeMutablePointer<UInt8>
    var enterWithoutMouseCount: Int
  }

  /// Records the terminal and its sequences, then arms the handlers' access to them.
  /// Called from ordinary code, with no handler using the storage.
  package static func arm(
    descriptor: Int32, shellMode: TerminalModes, programMode: TerminalModes, leave: [UInt8], enterWithMouse: [UInt8],
    enterWithoutMouse: [UInt8], mouseEnabled: Bool
  ) {
    isArmed.store(false, ordering: .sequentiallyConsistent)
    let target = storage
    target.pointee.descriptor = descriptor
    target.pointee.shellMode = shellMode.settings
    target.pointee.programMode = programMode.settings
    target.pointee.leaveCount = copy(leave, into: target.pointee.leave)
    target.pointee.enterWithMouseCount = copy(enterWithMouse, into: target.pointee.enterWithMouse)
    target.pointee.enterWithoutMouseCount = copy(enterWithoutMouse, into: target.pointee.enterWithoutMouse)
    isMouseEnabled.store(mouseEnabled, ordering: .sequentiallyConsistent)
    isSuspended.store(false, ordering: .sequentiallyConsistent)
    isArmed.store(true, ordering: .sequentiallyConsistent)
  }

  /// Stops handlers from touching the terminal (it has been restored in the ordinary way).
  package static func disarm() {
    isArmed.store(false, ordering: .sequentiallyConsistent)
  }

  private static func copy(_ bytes: [UInt8], into buffer: UnsafeMutablePointer<UInt8>) -> Int {
    let count = min(bytes.count, sequenceCapacity)
    for index in 0..<count { buffer[index] = bytes[index] }
    return count
  }

  // MARK: - Async-signal-safe: called from handlers

  /// Leaves full-screen mode and puts back the shell's terminal modes. Async-signal-safe.
  static func leaveFromSignalHandler() {
    guard isArmed.load(ordering: .sequentiallyConsistent) else { return }
    let state = storage
    writeAll(state.pointee.descriptor, state.pointee.leave, state.pointee.leaveCount)
    _ = withUnsafePointer(to: &state.pointee.shellMode) { tcsetattr(state.pointee.descriptor, TCSANOW, $0) }
  }

  /// Enters full-screen mode again after a suspend. Async-signal-safe.
  static func enterFromSignalHandler() {
    guard isArmed.load(ordering: .sequentiallyConsistent) else { return }
    let state = storage
    _ = withUnsafePointer(to: &state.pointee.programMode) { tcsetattr(state.pointee.descriptor, TCSANOW, $0) }
    if isMouseEnabled.load(ordering: .sequentiallyConsistent) {
      writeAll(state.pointee.descriptor, state.pointee.enterWithMouse, state.pointee.enterWithMouseCount)
    } else {
      writeAll(state.pointee.descriptor, state.pointee.enterWithoutMouse, state.pointee.enterWithoutMouseCount)
    }
  }

  /// Writes every byte, retrying after interruptions. Async-signal-safe.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var written = 0
    while written < count {
      let result = write(descriptor, bytes + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
