/// Why a search pattern cannot be used: a regular expression that does not parse, or uses
/// a construct that cannot be matched in linear time (a backreference, lookaround).
public struct JSONSearchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position of the problem in the pattern, in Unicode scalars from 0, when known.
  public let position: Int?
  /// What is wrong, e.g. `expected ')'` or `lookahead '(?=…)' is not supported: it cannot
  /// be matched in linear time`.
  public let message: String

  /// `column C: message` (columns from 1), or the message alone.
  public var description: String { position.map { "column \($0 + 1): \(message)" } ?? message }

  /// An error at a position.
  public init(position: Int?, message: String) {
    self.position = position
    self.message = message
  }
}
