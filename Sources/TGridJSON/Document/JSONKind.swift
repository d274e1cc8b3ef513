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
