/// The syntax tree of a filter (internal; see ``JSONFilter`` for the language).
indirect enum FilterExpression: Hashable, Sendable {
  /// `.`: the input itself.
  case identity
  /// Steps from a base: `.a.b[0]` (base `.`), `(…).a`; the column of the first step.
  case path(FilterExpression, [JSONPath.Component], at: FilterColumn)
  /// A constant.
  case literal(FilterLiteral)
  /// `A | B`: B applied to the output of A.
  case pipe(FilterExpression, FilterExpression)
  /// `A // B`: A unless it is `false`, `null` or nothing, then B.
  case alternative(FilterExpression, FilterExpression)
  /// `A or B`
  case or(FilterExpression, FilterExpression)
  /// `A and B`
  case and(FilterExpression, FilterExpression)
  /// `A == B`, `A < B`, …; the column of the operator.
  case compare(FilterComparison, FilterExpression, FilterExpression, at: FilterColumn)
  /// `A + B`, `A % B`, …; the column of the operator.
  case arithmetic(FilterArithmetic, FilterExpression, FilterExpression, at: FilterColumn)
  /// `not`, `length`, `contains(…)`, …; the column of the name.
  case call(FilterFunction, [FilterExpression], at: FilterColumn)
}

extension FilterExpression {
  /// Binding strength, as jq's: `|` binds loosest, then `//`, `or`, `and`, comparisons,
  /// `+` and `-`, `*`, `/` and `%`, then terms.
  var precedence: Int {
    switch self {
    case .pipe: 0
    case .alternative: 1
    case .or: 2
    case .and: 3
    case .compare: 4
    case .arithmetic(let operation, _, _, _): operation.precedence
    case .identity, .path, .literal, .call: 7
    }
  }

  /// The filter as jq text, parenthesised only where needed (reads back to the same tree).
  var text: String {
    switch self {
    case .identity:
      return "."
    case .path(let base, let steps, _):
      let prefix: String
      switch base {
      case .identity: prefix = ""
      default: prefix = "(" + base.text + ")"
      }
      let path = JSONPath(steps).jq
      // `.a` on a base is written `(base).a`; on the input, the path alone.
      return prefix.isEmpty
        ? path : prefix + (path == "." ? "" : path.hasPrefix(".[") ? String(path.dropFirst()) : path)
    case .literal(let literal):
      return literal.text
    case .pipe(let left, let right):
      // Right-associative: `a | b | c` is `a | (b | c)`.
      return operand(left, above: 0) + " | " + operand(right, atLeast: 0)
    case .alternative(let left, let right):
      // Right-associative, as jq's: `a // b // c` is `a // (b // c)`.
      return operand(left, above: 1) + " // " + operand(right, atLeast: 1)
    case .or(let left, let right):
      return operand(left, atLeast: 2) + " or " + operand(right, above: 2)
    case .and(let left, let right):
      return operand(left, atLeast: 3) + " and " + operand(right, above: 3)
    case .compare(let comparison, let left, let right, _):
      return operand(left, above: 4) + " " + comparison.rawValue + " " + operand(right, above: 4)
    case .arithmetic(let operation, let left, let right, _):
      // Left-associative: `a - b - c` is `(a - b) - c`.
      return operand(left, atLeast: operation.precedence) + " " + operation.rawValue + " "
        + operand(right, above: operation.precedence)
    case .call(let function, let arguments, _):
      guard !arguments.isEmpty else { return function.rawValue }
      return function.rawValue + "(" + arguments.map(\.text).joined(separator: "; ") + ")"
    }
  }

  private func operand(_ expression: FilterExpression, atLeast precedence: Int) -> String {
    expression.precedence >= precedence ? expression.text : "(" + expression.text + ")"
  }

  private func operand(_ expression: FilterExpression, above precedence: Int) -> String {
    expression.precedence > precedence ? expression.text : "(" + expression.text + ")"
  }
}
