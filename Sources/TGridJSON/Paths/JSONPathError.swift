/// Why a path could not be parsed.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position of the problem in the path text, in Unicode scalars from 0.
  public let position: Int
  /// What was expected.
  public let message: String

  /// `column C: message` (columns from 1).
  public var description: String { "column \(position + 1): \(message)" }
}
