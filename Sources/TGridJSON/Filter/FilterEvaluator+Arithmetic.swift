/// `+`, `-`, `*`, `/` and `%`, as jq computes them on numbers, with jq's `null` identity and
/// string joining for `+`; what jq does with arrays and objects is said not to be supported
/// rather than guessed.
extension FilterEvaluator {
  func arithmetic(_ operation: FilterArithmetic, _ left: FilterValue, _ right: FilterValue) throws(FilterFailure)
    -> FilterValue
  {
    let leftKind = kind(left)
    let rightKind = kind(right)
    if operation == .add {
      // jq: null is the identity of addition.
      if leftKind == .null { return right }
      if rightKind == .null { return left }
      if leftKind == .string, rightKind == .string { return .string(bytes(of: left) + bytes(of: right)) }
    }
    guard leftKind == .number, rightKind == .number else {
      let which = leftKind == rightKind && (leftKind == .array || leftKind == .object)
      throw FilterFailure(
        message: which
          ? "'\(operation.rawValue)' on \(leftKind.typeName)s is not supported by this filter (only numbers, and strings for +)"
          : "\(describe(left)) and \(describe(right)) cannot be \(operation.pastParticiple)")
    }
    let a = number(left)
    let b = number(right)
    switch operation {
    case .add: return .number(a + b)
    case .subtract: return .number(a - b)
    case .multiply: return .number(a * b)
    case .divide:
      guard b != 0 else {
        throw FilterFailure(
          message: "\(describe(left)) and \(describe(right)) cannot be divided because the divisor is zero")
      }
      return .number(a / b)
    case .remainder:
      // jq truncates both to integers; the sign follows the dividend.
      let dividend = Self.integer(a)
      let divisor = Self.integer(b)
      guard divisor != 0 else {
        throw FilterFailure(
          message: "\(describe(left)) and \(describe(right)) cannot be divided because the divisor is zero")
      }
      return .number(Double(dividend % divisor))
    }
  }

  /// A number truncated to an integer, clamped to the range of one.
  static func integer(_ value: Double) -> Int {
    guard value.isFinite else { return value < 0 ? Int.min + 1 : Int.max }
    return Int(max(min(value.rounded(.towardZero), 9.2e18), -9.2e18))
  }
}

extension FilterArithmetic {
  /// `added`, `subtracted` …, for messages.
  var pastParticiple: String {
    switch self {
    case .add: "added"
    case .subtract: "subtracted"
    case .multiply: "multiplied"
    case .divide: "divided"
    case .remainder: "divided (remainder)"
    }
  }
}
