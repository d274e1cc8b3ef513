import SystemPackage

/// A self-pipe: any thread writes a byte to make the read end readable, so a thread waiting
/// in `poll` on that end (with the terminal's descriptor beside it) wakes up.
///
/// Both ends are non-blocking and closed in child processes. A write to a full pipe is
/// dropped (the read end is readable already), and the reader drains every byte at once,
/// so any number of signals costs one wake-up.
package final class WakePipe: Sendable {
  /// The end to wait on.
  package let readEnd: FileDescriptor
  private let writeEnd: FileDescriptor

  /// A new pipe, or `nil` when the process is out of descriptors.
  package init?() {
    guard let ends = try? FileDescriptor.pipe() else { return nil }
    for end in [ends.readEnd, ends.writeEnd] {
      end.setNonBlocking()
      end.setCloseOnExec()
    }
    readEnd = ends.readEnd
    writeEnd = ends.writeEnd
  }

  deinit {
    try? readEnd.close()
    try? writeEnd.close()
  }

  /// Makes the read end readable. Safe from any thread.
  package func signal() {
    let byte: [UInt8] = [1]
    _ = try? byte.withUnsafeBytes { try writeEnd.write($0) }
  }

  /// Reads every byte written so far (the read end is then not readable until the next
  /// ``signal()``).
  package func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while case .success(let count) = readEnd.readOnce(into: &buffer), count > 0 {}
  }

  /// Waits up to `timeoutMilliseconds` for the read end to become readable.
  /// - Returns: whether it did.
  package func waitUntilSignalled(timeoutMilliseconds: Int) -> Bool {
    var requests = [Poll.Request(readEnd)]
    while true {
      switch Poll.wait(for: &requests, timeoutMilliseconds: timeoutMilliseconds) {
      case .success(let ready): return ready > 0
      case .failure(.interrupted): continue
      case .failure: return false
      }
    }
  }
}
