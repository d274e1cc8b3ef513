#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Descriptors 0, 1 and 2, and what the app asks of them at start-up.
package enum StandardStreams {
  /// Standard input's descriptor.
  package static let input = STDIN_FILENO
  /// Standard output's descriptor.
  package static let output = STDOUT_FILENO
  /// Standard error's descriptor.
  package static let error = STDERR_FILENO

  /// Whether `descriptor` is open (only `EBADF` says it is not).
  package static func isOpen(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_GETFD) != -1 || errno != EBADF
  }

  /// Whether `descriptor` is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) != 0
  }

  /// Fills a closed descriptor 0 with `/dev/null` (the lowest free descriptor is 0), so the
  /// next file opened does not become standard input; returns whether it was closed.
  package static func reserveInputIfClosed() -> Bool {
    guard !isOpen(input) else { return false }
    let descriptor = Glibc.open("/dev/null", O_RDONLY)
    if descriptor > input { Glibc.close(descriptor) }
    return true
  }
}
