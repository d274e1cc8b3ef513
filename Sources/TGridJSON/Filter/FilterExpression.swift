/// The syntax tree of a filter (internal; see ``JSONFilter`` for the language).
indirect enum FilterExpression: Hashable, Sendable {
  /// `.`: the input itself.
  case identity
  /// Steps from a base: `.a.b[0]` (base `.`), `(…).a`.
  case path(FilterExpression, [JSONPath.Component])
  /// A constant.
  case literal(FilterLiteral)
  /// `A | B`: B applied to the output of A.
  case pipe(FilterExpression, FilterExpression)
  /// `A or B`
  case or(FilterExpression, FilterExpression)
  /// `A and B`
  case and(FilterExpression, FilterExpression)
  /// `A == B`, `A < B`, …
  case compare(FilterComparison, FilterExpression, FilterExpression)
  /// `not`, `length`, `contains(…)`, …
  case call(FilterFunction, [FilterExpression])
}

extension FilterExpression {
  /// Binding strength: `|` binds loosest, then `or`, `and`, comparisons, then terms.
  var precedence: Int {
    switch self {
    case .pipe: 0
    case .or: 1
    case .and: 2
    case .compare: 3
    case .identity, .path, .literal, .call: 4
    }
  }

  /// The filter as jq text, parenthesised only where needed (reads back to the same tree).
  var text: String {
    switch self {
    case .identity:
      return "."
    case .path(let base, let steps):
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
    case .or(let left, let right):
      return operand(left, atLeast: 1) + " or " + operand(right, above: 1)
    case .and(let left, let right):
      return operand(left, atLeast: 2) + " and " + operand(right, above: 2)
    case .compare(let comparison, let left, let right):
      return operand(left, above: 3) + " " + comparison.rawValue + " " + operand(right, above: 3)
    case .call(let function, let arguments):
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
