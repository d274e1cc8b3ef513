/// The elements of a container that a filter keeps.
public struct JSONFilterResult: Sendable, Equatable {
  /// The matching elements, in order.
  public var matches: [JSONNode]
  /// Number of elements looked at.
  public var elementCount: Int
  /// Number of elements on which evaluation failed (counted as not matching).
  public var errorCount: Int
  /// The first evaluation error, if any.
  public var firstError: JSONFilterEvaluationError?

  /// A result of nothing looked at yet.
  public init() {
    self.init(matches: [], elementCount: 0, errorCount: 0, firstError: nil)
  }

  init(matches: [JSONNode], elementCount: Int, errorCount: Int, firstError: JSONFilterEvaluationError?) {
    self.matches = matches
    self.elementCount = elementCount
    self.errorCount = errorCount
    self.firstError = firstError
  }

  /// Adds what a filter kept of the positions after this result's (its later half).
  mutating func append(_ later: JSONFilterResult) {
    matches.append(contentsOf: later.matches)
    elementCount += later.elementCount
    errorCount += later.errorCount
    if firstError == nil { firstError = later.firstError }
  }
}
