/// A value in a ``JSONDocument``: its position on the document's tape.
///
/// Nodes are cheap, hashable identifiers. They stay valid while the document is not edited;
/// after an edit, ``JSONEdit/updatedNode(_:)`` maps a node from before the edit to the same
/// value after it. Nodes are ordered as their values appear in the text.
public struct JSONNode: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The tape index (0 is the synthetic list of top-level values).
  public let index: Int

  /// The node at a tape index.
  public init(index: Int) {
    self.index = index
  }

  /// Orders nodes by their position in the text (pre-order).
  public static func < (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.index < rhs.index }

  /// `#index`.
  public var description: String { "#\(index)" }
}
