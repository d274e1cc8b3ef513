import TermGridCore
import TermGridPlatform

/// Runs a clipboard command with text on its standard input (through the platform's
/// ``ShellCommand``: its own process group, no output on the screen, killed with everything
/// it started at the timeout) and turns how it ended into a ``PasteboardError``.
enum ClipboardCommand {
  /// How long a clipboard command may take by default, in milliseconds. Clipboard tools
  /// finish in milliseconds; the app waits for the command, so a short limit bounds how
  /// long a stuck one can hold the screen.
  static let defaultTimeoutMilliseconds = 2000

  /// Runs `command` with `input` on its standard input.
  static func run(
    _ command: String, input: [UInt8], timeoutMilliseconds: Int = defaultTimeoutMilliseconds
  ) throws(PasteboardError) {
    let result = ShellCommand.run(command, input: input, timeoutMilliseconds: timeoutMilliseconds)
    switch result.outcome {
    case .notStarted(let reason):
      throw .commandNotStarted(command: command, reason: reason)
    case .timedOut:
      throw .commandTimedOut(command: command, milliseconds: timeoutMilliseconds)
    case .exited(let status):
      if status == 0 { return }
      let explanation = status == 127 ? "command not found, exit status 127" : "exit status \(status)"
      throw .commandFailed(command: command, status: explanation, message: firstLine(of: result.errorOutput))
    case .killedBySignal(let signal):
      throw .commandFailed(
        command: command, status: "killed by signal \(signal)", message: firstLine(of: result.errorOutput))
    }
  }

  private static func firstLine(of bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
    return TextWidth.truncated(line, toWidth: 200)
  }
}
