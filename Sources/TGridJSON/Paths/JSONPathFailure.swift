/// Why a path leads nowhere in a document: which step failed, where it started from, and
/// why, e.g. `.a.b: no key "c" in object with 12 keys`.
public struct JSONPathFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position of the failing step in the path's components.
  public let stepIndex: Int
  /// The node reached by the steps before it (where the failing step starts).
  public let node: JSONNode
  /// The path of `node`: the steps before the failing one.
  public let reachedPath: JSONPath
  /// What is wrong with the step, e.g. `index 40 out of range (array of 12)`.
  public let reason: String

  /// `reached path: reason`, the path in jq form (`.` for the root).
  public var description: String { "\(reachedPath.jq): \(reason)" }
}
