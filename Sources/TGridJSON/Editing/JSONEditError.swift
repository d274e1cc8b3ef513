/// Why an edit was refused; the document is unchanged.
public enum JSONEditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text given for the new value is not exactly one JSON value.
  case invalidValue(JSONSyntaxError)
  /// The node is not an array or object (or not the list of JSON Lines records).
  case notAContainer(JSONNode)
  /// Inserting into an object needs a key.
  case keyRequired
  /// Array elements have no key.
  case keyNotAllowed
  /// The position is outside `0...childCount`.
  case positionOutOfRange(position: Int, childCount: Int)
  /// The root of a JSON text cannot be removed (replace it instead).
  case cannotRemoveRoot
  /// The node does not belong to this document.
  case invalidNode(JSONNode)
  /// A preview of a document still loading cannot be edited.
  case partialDocument

  /// A sentence describing the problem.
  public var description: String {
    switch self {
    case .invalidValue(let error): "not a valid JSON value: \(error)"
    case .notAContainer(let node): "\(node) is not an array or an object"
    case .keyRequired: "a member of an object needs a key"
    case .keyNotAllowed: "an array element has no key"
    case .positionOutOfRange(let position, let count): "position \(position) is outside 0...\(count)"
    case .cannotRemoveRoot: "the root value cannot be removed; replace it instead"
    case .invalidNode(let node): "\(node) is not a node of this document"
    case .partialDocument: "the document is still loading"
    }
  }
}
