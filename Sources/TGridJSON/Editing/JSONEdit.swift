import Synchronization

/// What one edit of a ``JSONDocument`` changed, and how to undo it.
///
/// Keep the edits of a document on an undo stack: ``JSONDocument/revert(_:)`` undoes the
/// most recent one and returns the edit that redoes it. Nodes from before the edit map to
/// nodes after it with ``updatedNode(_:)``.
public struct JSONEdit: Sendable, CustomStringConvertible {
  /// The kind of change.
  public enum Kind: Sendable, Equatable {
    /// A value was replaced by another (``node`` is the new value).
    case replaced
    /// A child was removed from ``JSONEdit/parent``.
    case removed
    /// A child was inserted into ``JSONEdit/parent`` (``node`` is the new child).
    case inserted
  }

  /// The kind of change.
  public let kind: Kind
  /// The container whose children changed (the same node before and after the edit).
  public let parent: JSONNode
  /// The position of the changed child among the parent's children.
  public let position: Int
  /// The replaced or inserted value after the edit; nil for a removal.
  public let node: JSONNode?
  /// Tape range the edit replaced, and the number of words now in its place.
  let start: Int
  let removedCount: Int
  let insertedCount: Int
  /// The splice that undoes this edit.
  let undo: TapeSplice
  /// The document states before and after the edit (it can only be reverted on the
  /// latter, and reverting returns to the former).
  let stampBefore: UInt64
  let stamp: UInt64

  /// The node that `old` (a node from before the edit) is now, or nil if it was removed or
  /// replaced (for the replaced value itself, ``node``).
  public func updatedNode(_ old: JSONNode) -> JSONNode? {
    if old.index < start { return old }
    if old.index >= start + removedCount { return JSONNode(index: old.index - removedCount + insertedCount) }
    return kind == .replaced && old.index == start ? node : nil
  }

  /// `replaced #5 (position 2 of #3)` and the like.
  public var description: String {
    "\(kind) \(node.map { "\($0) " } ?? "")(position \(position) of \(parent))"
  }

  /// A new, unique document state stamp.
  static func nextStamp() -> UInt64 {
    stampCounter.add(1, ordering: .relaxed).newValue
  }

  private static let stampCounter = Atomic<UInt64>(0)
}
