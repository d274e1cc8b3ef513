/// Why copied text did not reach the system clipboard. The in-app pasteboard still holds
/// it; only other programs cannot see it.
public enum PasteboardError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is larger than the clipboard route accepts.
  case tooLarge(byteCount: Int, limit: Int)
  /// The clipboard command could not be started.
  case commandNotStarted(command: String, reason: String)
  /// The clipboard command ended with a failure status or a signal; `message` is the start
  /// of what it wrote to its standard error.
  case commandFailed(command: String, status: String, message: String)
  /// The clipboard command did not finish in time and was stopped.
  case commandTimedOut(command: String, milliseconds: Int)

  public var description: String {
    switch self {
    case .tooLarge(let byteCount, let limit):
      return
        "copied inside the app only: \(Self.size(byteCount)) is more than the system clipboard limit of \(Self.size(limit))"
    case .commandNotStarted(let command, let reason):
      return "the clipboard command `\(command)` could not be started: \(reason)"
    case .commandFailed(let command, let status, let message):
      let detail = message.isEmpty ? "" : ": \(message)"
      return "the clipboard command `\(command)` failed (\(status))\(detail)"
    case .commandTimedOut(let command, let milliseconds):
      let limit = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
      return "the clipboard command `\(command)` did not finish within \(limit) and was stopped"
    }
  }

  private static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20 { return "\(bytes / (1 << 20)) MiB" }
    if bytes >= 1024 { return "\(bytes / 1024) KiB" }
    return "\(bytes) bytes"
  }
}
