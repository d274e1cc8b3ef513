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

/// The kind of a JSON value.
public enum JSONKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `{…}`
  case object
  /// `[…]`
  case array
  /// `"…"`
  case string
  /// `-1.5e3` and the like.
  case number
  /// `true`
  case `true`
  /// `false`
  case `false`
  /// `null`
  case null

  /// Whether values of this kind have children.
  public var isContainer: Bool { self == .object || self == .array }

  /// The kind's name as used in messages: `object`, `array`, `string`, `number`, `true`,
  /// `false`, `null`.
  public var description: String {
    switch self {
    case .object: "object"
    case .array: "array"
    case .string: "string"
    case .number: "number"
    case .true: "true"
    case .false: "false"
    case .null: "null"
    }
  }

  init(tapeKind: UInt64) {
    switch tapeKind {
    case TapeWord.null: self = .null
    case TapeWord.false: self = .false
    case TapeWord.true: self = .true
    case TapeWord.number: self = .number
    case TapeWord.string, TapeWord.escapedString: self = .string
    case TapeWord.array: self = .array
    default: self = .object
    }
  }
}
