/// An evaluation error inside the evaluator (internal); the element is added by the caller.
struct FilterFailure: Error {
  var message: String
  /// The evaluation was stopped by its ``JSONCancellation`` (in a long regular-expression
  /// match): not an error of the element, and the whole filter stops.
  var isCancellation = false
}
