/// A constant in a filter.
enum FilterLiteral: Hashable, Sendable {
  case null
  case boolean(Bool)
  /// A number: its text as written and its value (jq compares numbers as doubles).
  case number(text: String, value: Double)
  case string(String)
  /// An array or object written as JSON (its compact text), and its position among the
  /// filter's container constants.
  case container(text: String, index: Int)
}

extension FilterLiteral {
  /// The literal as jq text.
  var text: String {
    switch self {
    case .null: "null"
    case .boolean(let value): value ? "true" : "false"
    case .number(let text, _): text
    case .string(let value): JSONStringEncoder.quoted(value)
    case .container(let text, _): text
    }
  }
}
