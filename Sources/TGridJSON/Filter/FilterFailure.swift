/// An evaluation error inside the evaluator (internal); the element is added by the caller.
struct FilterFailure: Error {
  var message: String
  /// The evaluation was stopped by its ``JSONCancellation`` (in a long regular-expression
  /// match): not an error of the element, and the whole filter stops.
  var isCancellation = false
  /// Not an error: the filter gave no value (`select` of a false condition, `empty`), as
  /// jq's `empty`. The element is not kept; `a // b` goes on with `b`.
  var isEmpty = false
  /// Where in the filter text the failing part begins, once known.
  var position: Int?

  init(message: String, isCancellation: Bool = false, position: Int? = nil) {
    self.message = message
    self.isCancellation = isCancellation
    self.position = position
  }

  /// No value (jq's `empty`).
  static var empty: FilterFailure {
    var failure = FilterFailure(message: "")
    failure.isEmpty = true
    return failure
  }
}
