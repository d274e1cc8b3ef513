import TGridSystem

/// Standard input as tgrid found it at start-up.
///
/// A process started with standard input closed (`tgrid - <&-`) would hand descriptor 0 to
/// the next file it opens (the terminal, a clipboard pipe), and reading "standard input"
/// would then read that. So tgrid looks first: a closed descriptor 0 is noted and filled
/// with `/dev/null`, and reading standard input then says it is closed.
enum StandardInput {
  /// Whether standard input was closed when tgrid started.
  nonisolated(unsafe) private(set) static var wasClosed = false

  /// Looks at descriptor 0 before anything opens a file (first thing in `main`).
  static func reserveIfClosed() {
    if StandardStreams.reserveInputIfClosed() { wasClosed = true }
  }

  /// The message for reading a closed standard input.
  static let closedMessage = "tgrid: cannot read standard input: standard input is closed"
}
