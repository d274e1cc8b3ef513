/// The arithmetic operators, as jq's: `+` and `-` bind looser than `*`, `/` and `%`, and all
/// bind tighter than comparisons.
enum FilterArithmetic: String, Hashable, Sendable, CaseIterable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"

  /// The binding strength of the operator (see ``FilterExpression/precedence``).
  var precedence: Int {
    switch self {
    case .add, .subtract: 5
    case .multiply, .divide, .remainder: 6
    }
  }
}
