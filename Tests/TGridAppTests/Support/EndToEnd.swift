import Foundation
import Testing

/// The built tgrid binary's path.
func tgridBinary() throws -> String {
  try #require(TmuxSession.tgridExecutable)
}

/// Starts tgrid in a fresh terminal, then `echo status=$?` after it, and waits for its first
/// screen. Standard error goes to a file (``TmuxSession/errorLog()``).
func launchTGrid(
  _ file: String?, arguments: [String] = [], columns: Int = 100, rows: Int = 30, environment: String = "",
  waitForApp: Bool = true
) throws -> TmuxSession {
  let tmux = try TmuxSession(columns: columns, rows: rows)
  // The runtime's crash report goes to standard error (not over the screen) and does not wait.
  let backtrace = "SWIFT_BACKTRACE=interactive=no,output-to=stderr,color=no,limit=200,top=200"
  let command = ([backtrace, environment, try tgridBinary()] + arguments + (file.map { [$0] } ?? [])).filter {
    !$0.isEmpty
  }
  try tmux.run("clear; " + command.joined(separator: " ") + " 2>" + tmux.errorLogPath + "; echo status=$?")
  if waitForApp { try tmux.waitFor(text: "? help") }
  return tmux
}

/// The app has ended with `status` (when given), and the terminal is as it was: main
/// screen, cursor visible, mouse off, echo and canonical input on.
func expectTerminalRestored(
  _ tmux: TmuxSession, status: Int32?, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let lines = try tmux.waitFor("the exit status", seconds: 30, sourceLocation: sourceLocation) {
    $0.contains { $0.hasPrefix("status=") }
  }
  let errors = tmux.errorLog()
  if let status {
    #expect(
      lines.contains("status=\(status)"), "\(lines.joined(separator: "\n"))\nstandard error:\n\(errors.prefix(3000))",
      sourceLocation: sourceLocation)
  }
  #expect(try tmux.paneValue("alternate_on") == "0", sourceLocation: sourceLocation)
  #expect(try tmux.paneValue("cursor_flag") == "1", sourceLocation: sourceLocation)
  #expect(try tmux.paneValue("mouse_any_flag") == "0", sourceLocation: sourceLocation)
  let modes = try tmux.terminalModes()
  #expect(modes.contains("echo ") && !modes.contains("-echo "), "\(modes)", sourceLocation: sourceLocation)
  #expect(modes.contains("icanon") && !modes.contains("-icanon"), "\(modes)", sourceLocation: sourceLocation)
}
