/// Why a filter does not parse: where, and what was expected there.
public struct JSONFilterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position of the problem in the filter text, in Unicode scalars from 0.
  public let position: Int
  /// What is wrong or what was expected, e.g. `expected ')' to close the '(' at column 3`.
  public let message: String

  /// An error at a position.
  public init(position: Int, message: String) {
    self.position = position
    self.message = message
  }

  /// `column C: message` (columns from 1).
  public var description: String { "column \(position + 1): \(message)" }
}
