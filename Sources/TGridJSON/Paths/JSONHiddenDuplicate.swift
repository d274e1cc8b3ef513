/// A member hidden by a later member with the same key, on the way to a node: jq, Python
/// and JavaScript keep only the last member with a key, so they never see this one.
public struct JSONHiddenDuplicate: Sendable, Hashable, CustomStringConvertible {
  /// The hidden member (the node itself or one of its ancestors).
  public let member: JSONNode
  /// Its key.
  public let key: String
  /// Its position among the members with that key, from 0.
  public let occurrence: Int
  /// How many members of its object have that key.
  public let count: Int
  /// The last member with that key: the one other tools see.
  public let visibleMember: JSONNode

  /// A line for the status bar, e.g. `key "id" 1 of 2 in its object: jq sees only the last one`.
  public var description: String {
    "key \(JSONStringEncoder.quoted(key)) \(occurrence + 1) of \(count) in its object: jq sees only the last one"
  }
}
