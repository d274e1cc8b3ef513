import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// swift-system opens, reads, writes, duplicates and closes descriptors; it has no `fcntl`
// and no `isatty`, which these wrap.
extension FileDescriptor {
  /// Makes reads and writes on the descriptor return at once instead of waiting
  /// (`O_NONBLOCK`); they then fail with ``Errno/wouldBlock`` when they would wait.
  package func setNonBlocking() {
    _ = fcntl(rawValue, F_SETFL, fcntl(rawValue, F_GETFL) | O_NONBLOCK)
  }

  /// Closes the descriptor in a child process when it starts another program (`FD_CLOEXEC`).
  package func setCloseOnExec() {
    _ = fcntl(rawValue, F_SETFD, FD_CLOEXEC)
  }

  /// Whether the descriptor is a terminal (`isatty`).
  package var isTerminal: Bool { isatty(rawValue) != 0 }

  /// The error of the last system call on this thread, as swift-system's ``Errno``.
  package static var lastError: Errno { Errno(rawValue: errno) }
}

extension FileDescriptor {
  /// Reads what is there into the start of `buffer`, once (an interruption is returned, not
  /// retried, so a caller waiting in a loop sees signals).
  /// - Returns: the number of bytes read (0 at the end of input), or the error.
  package func readOnce(into buffer: inout [UInt8]) -> Result<Int, Errno> {
    let count = buffer.withUnsafeMutableBytes { systemRead(rawValue, $0.baseAddress, $0.count) }
    return count >= 0 ? .success(count) : .failure(Errno(rawValue: errno))
  }
}

/// `read(2)`, named apart from ``FileDescriptor``'s own `read` methods.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
