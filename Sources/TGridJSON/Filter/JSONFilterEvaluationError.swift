/// Why a filter could not be evaluated on one value, such as a field of a number
/// (`cannot index a number with "name"`) or `test` on something that is not a string.
///
/// jq stops at such an error; a filter view counts the value as not matching and reports
/// the first error instead.
public struct JSONFilterEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The value the filter was evaluated on (an element of the filtered container).
  public let element: JSONNode
  /// What went wrong.
  public let message: String

  /// The message.
  public var description: String { message }
}
