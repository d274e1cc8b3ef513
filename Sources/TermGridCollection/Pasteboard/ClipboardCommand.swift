import TermGridCore
import TermGridPlatform

/// Runs a clipboard command with text on its standard input (through the platform's
/// ``ShellCommand``: its own process group, no output on the screen, killed with everything
/// it started at the timeout) and turns how it ended into a ``PasteboardError``.
enum ClipboardCommand {
  /// How long a clipboard command may take by default, in milliseconds. Clipboard tools
  /// finish in milliseconds; a stuck one is stopped at this limit.
  static let defaultTimeoutMilliseconds = 2000

  /// How a run ended.
  struct Outcome: Sendable {
    /// Why the text did not get there, or `nil` when it did.
    var error: PasteboardError?
    /// The command's process group, when what it started was still running after it
    /// exited (xclip's selection owner).
    var leftProcessGroup: Int32?
  }

  /// Runs `command` with `input` on its standard input and waits for it. Safe on any thread.
  static func run(_ command: String, input: [UInt8], timeoutMilliseconds: Int = defaultTimeoutMilliseconds) -> Outcome {
    let result = ShellCommand.run(command, input: input, timeoutMilliseconds: timeoutMilliseconds)
    let error: PasteboardError?
    switch result.outcome {
    case .notStarted(let reason):
      error = .commandNotStarted(command: command, reason: reason)
    case .timedOut:
      error = .commandTimedOut(command: command, milliseconds: timeoutMilliseconds)
    case .exited(let status):
      if status == 0 {
        error = nil
      } else {
        let explanation = status == 127 ? "command not found, exit status 127" : "exit status \(status)"
        error = .commandFailed(command: command, status: explanation, message: message(from: result.errorOutput))
      }
    case .killedBySignal(let signal):
      error = .commandFailed(
        command: command, status: "killed by signal \(signal)", message: message(from: result.errorOutput))
    }
    return Outcome(error: error, leftProcessGroup: result.leftProcessGroup)
  }

  /// What the command wrote to its standard error, whole (up to the 4 KiB kept), its lines
  /// joined with spaces: a message that explains a failure is never cut to fit.
  static func message(from bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      .map { $0.trimmingCharacters(in: " \t") }
      .filter { !$0.isEmpty }
    return TextWidth.visibleText(lines.joined(separator: " "))
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in blanks: String) -> String {
    String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
  }
}
