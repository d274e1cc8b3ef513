import ArgumentParser
import TermGrid

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output for `dump` and `check`, written with `write` so that every failure is
/// seen: a full disk (`> /dev/full`), a closed descriptor (`>&-`), a pipe whose reader has
/// gone while SIGPIPE is ignored. Buffered `print` would lose such an error at exit and
/// leave the status 0.
enum StandardOutput {
  /// The exit status when standard output cannot be written (as for a file that cannot be read).
  static let failureExitCode: Int32 = 2

  /// Why standard output could not be written.
  struct WriteError: Error, CustomStringConvertible {
    var code: Int32

    var description: String {
      if code == EBADF { return "tgrid: cannot write the output: standard output is closed" }
      return "tgrid: cannot write the output: \(String(cString: strerror(code)))"
    }
  }

  /// Fails, with the message on standard error, when standard output is closed.
  static func requireOpen() throws {
    guard fcntl(STDOUT_FILENO, F_GETFL) < 0, errno == EBADF else { return }
    printError(WriteError(code: EBADF).description)
    throw ExitCode(failureExitCode)
  }

  /// Writes all of `text`, or fails with the message on standard error.
  static func writeText(_ text: String) throws {
    do throws(WriteError) {
      try writeBytes(Array(text.utf8))
    } catch {
      printError(error.description)
      throw ExitCode(failureExitCode)
    }
  }

  /// Writes `line` and a line break.
  static func writeLine(_ line: String) throws(WriteError) {
    try writeBytes(Array((line + "\n").utf8))
  }

  private static func writeBytes(_ bytes: [UInt8]) throws(WriteError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(STDOUT_FILENO, base + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw WriteError(code: written < 0 ? errno : EIO)
      }
    }
  }
}

/// Writes a message to standard error (unbuffered, so it shows even if we exit next).
/// Control characters in it (a file name can hold an escape sequence) are made visible.
func printError(_ message: String) {
  let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(terminalSafe)
  let text = lines.joined(separator: "\n") + (message.hasSuffix("\n") ? "" : "\n")
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return -1 }
      return write(STDERR_FILENO, base + offset, buffer.count - offset)
    }
    if written <= 0 { break }
    offset += written
  }
}

/// One line of text with every control character drawn visibly, so that printing it can
/// never control the terminal.
func terminalSafe(_ line: some StringProtocol) -> String {
  TextWidth.visibleText(line)
}
