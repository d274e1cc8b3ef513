/// Why a filter could not be evaluated on one value, such as a field of a number
/// (`cannot index a number with "name"`), `test` on something that is not a string, or an
/// order comparison of a string with a number.
///
/// jq stops at such an error; a filter view counts the value as not matching and reports
/// the first error instead.
public struct JSONFilterEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The value the filter was evaluated on (an element of the filtered container).
  public let element: JSONNode
  /// What went wrong.
  public let message: String
  /// Where the part of the filter that failed begins in the filter's text (in Unicode
  /// scalars from 0), when known.
  public let position: Int?

  init(element: JSONNode, message: String, position: Int? = nil) {
    self.element = element
    self.message = message
    self.position = position
  }

  /// `column C: message` (columns from 1), or the message alone.
  public var description: String { position.map { "column \($0 + 1): \(message)" } ?? message }
}
