import TermGridPlatform

/// Where copied text goes besides the in-app pasteboard, so other programs can paste it.
public enum SystemClipboard: Hashable, Sendable {
  /// Nowhere: copies stay inside the app.
  case none
  /// The terminal's clipboard, through OSC 52 (works over ssh). Inside tmux the sequence
  /// is sent twice: wrapped for tmux's passthrough, and plain for tmux's own
  /// `set-clipboard on`; whichever the tmux setup allows gets through.
  case osc52(insideTmux: Bool)
  /// A shell command the user named, given the text on standard input
  /// (`xclip -selection clipboard`, `wl-copy`, `pbcopy`).
  case command(String)

  /// The most text OSC 52 carries: many terminals drop longer sequences.
  public static let maximumOSC52Bytes = 100_000
  /// The most text given to a clipboard command.
  public static let maximumCommandBytes = 64 << 20

  /// The route the user asked for: a command given as an option first, then the command
  /// the app's environment variable names, otherwise OSC 52 (wrapped for tmux when `TMUX`
  /// is set).
  /// - Parameters:
  ///   - commandOption: a clipboard command from the command line, if any.
  ///   - environmentVariable: the app's variable naming a clipboard command
  ///     (`MYAPP_CLIPBOARD_COMMAND`), or `nil` to read none.
  ///   - environment: reads a variable; by default this process's environment.
  public static func chosen(
    commandOption: String?, environmentVariable: String?,
    environment: (String) -> String? = SystemClipboard.environment
  ) -> SystemClipboard {
    if let command = commandOption?.trimmingBlanks, !command.isEmpty { return .command(command) }
    if let environmentVariable, let command = environment(environmentVariable)?.trimmingBlanks, !command.isEmpty {
      return .command(command)
    }
    let tmux = environment("TMUX") ?? ""
    return .osc52(insideTmux: !tmux.isEmpty)
  }

  /// Reads this process's environment.
  public static func environment(_ name: String) -> String? {
    Environment.value(of: name)
  }

  /// The bytes to send to the terminal for `text` with OSC 52.
  public static func osc52Bytes(for text: String, insideTmux: Bool) -> [UInt8] {
    let sequence = OSC52.sequence(for: text)
    return insideTmux ? OSC52.tmuxPassthrough(sequence) + sequence : sequence
  }
}

extension String {
  fileprivate var trimmingBlanks: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
