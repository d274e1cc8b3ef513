/// The comparison operators.
enum FilterComparison: String, Hashable, Sendable, CaseIterable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
}

extension FilterComparison {
  /// `<`, `<=`, `>`, `>=`: the operators that order rather than test equality.
  var isOrdering: Bool { self != .equal && self != .notEqual }
}
