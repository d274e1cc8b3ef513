/// An evaluation error inside the evaluator (internal); the element is added by the caller.
struct FilterFailure: Error {
  var message: String
}
