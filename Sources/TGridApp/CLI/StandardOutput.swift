import ArgumentParser
import TGridSystem
import TermGrid

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
      if code == SystemError.badDescriptor { return "tgrid: cannot write the output: standard output is closed" }
      return "tgrid: cannot write the output: \(SystemError(code: code))"
    }
  }

  /// Fails, with the message on standard error, when standard output is closed.
  static func requireOpen() throws {
    guard !StandardStreams.isOpen(StandardStreams.output) else { return }
    printError(WriteError(code: SystemError.badDescriptor).description)
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
    var failure: SystemError?
    bytes.withUnsafeBytes { buffer in
      do throws(SystemError) {
        try SystemFile.write(StandardStreams.output, buffer)
      } catch {
        failure = error
      }
    }
    if let failure { throw WriteError(code: failure.code) }
  }
}

/// Writes a message to standard error (unbuffered, so it shows even if we exit next).
/// Control characters in it (a file name can hold an escape sequence) are made visible.
func printError(_ message: String) {
  let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(terminalSafe)
  let text = lines.joined(separator: "\n") + (message.hasSuffix("\n") ? "" : "\n")
  Array(text.utf8).withUnsafeBytes { buffer in
    try? SystemFile.write(StandardStreams.error, buffer)
  }
}

/// One line of text with every control character drawn visibly, so that printing it can
/// never control the terminal.
func terminalSafe(_ line: some StringProtocol) -> String {
  TextWidth.visibleText(line)
}
