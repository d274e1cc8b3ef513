/// Reads the filter language (internal; the grammar is in ``JSONFilter``).
///
/// Recursive descent over Unicode scalars. Nesting (parentheses, operators, brackets) is
/// limited to ``maximumDepth`` levels, so neither parsing nor evaluating a hostile filter
/// can run out of stack.
struct FilterParser {
  private let scalars: [Unicode.Scalar]
  private var position = 0
  private var depth = 0
  /// The compact JSON text of each array or object literal, in order.
  private(set) var containers: [String] = []

  /// Deepest nesting of the syntax tree accepted.
  static let maximumDepth = 200

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// Parses the whole text.
  mutating func parse() throws(JSONFilterError) -> FilterExpression {
    skipSpace()
    guard !isAtEnd else { throw error("expected a filter such as .name == \"x\"") }
    let expression = try pipe()
    skipSpace()
    guard isAtEnd else {
      throw error(
        "unexpected \(describeNext()): expected an operator (|, //, or, and, ==, !=, <, <=, >, >=, +, -, *, /, %) or the end"
      )
    }
    return expression
  }

  // MARK: - Operators

  private mutating func pipe() throws(JSONFilterError) -> FilterExpression {
    let left = try alternative()
    skipSpace()
    guard peek == "|" else { return left }
    if peek(1) == "=" { throw error("'|=' (update) is not supported: a filter only selects") }
    position += 1
    try enter()
    defer { depth -= 1 }
    return .pipe(left, try pipe())
  }

  /// `a // b`, right-associative, between `|` and `or` as in jq.
  private mutating func alternative() throws(JSONFilterError) -> FilterExpression {
    let left = try or()
    skipSpace()
    guard peek == "/" else { return left }
    guard peek(1) == "/" else { throw error("'/' (division) is not supported: '//' is the alternative operator") }
    if peek(2) == "=" { throw error("'//=' (update) is not supported: a filter only selects") }
    position += 2
    try enter()
    defer { depth -= 1 }
    return .alternative(left, try alternative())
  }

  private mutating func or() throws(JSONFilterError) -> FilterExpression {
    var expression = try and()
    let saved = depth
    defer { depth = saved }
    while takeKeyword("or") {
      try enter()
      expression = .or(expression, try and())
    }
    return expression
  }

  private mutating func and() throws(JSONFilterError) -> FilterExpression {
    var expression = try comparison()
    let saved = depth
    defer { depth = saved }
    while takeKeyword("and") {
      try enter()
      expression = .and(expression, try comparison())
    }
    return expression
  }

  private mutating func comparison() throws(JSONFilterError) -> FilterExpression {
    let left = try additive()
    skipSpace()
    let column = FilterColumn(position)
    guard let comparison = takeComparison() else { return left }
    try enter()
    defer { depth -= 1 }
    let right = try additive()
    skipSpace()
    let second = position
    if takeComparison() != nil {
      position = second
      throw error("comparisons cannot be chained: add parentheses, as in (a < b) == true")
    }
    return .compare(comparison, left, right, at: column)
  }

  /// `a + b - c`: left-associative, over products.
  private mutating func additive() throws(JSONFilterError) -> FilterExpression {
    try arithmetic(of: [.add, .subtract]) { parser throws(JSONFilterError) in try parser.multiplicative() }
  }

  /// `a * b / c % d`: left-associative, over terms.
  private mutating func multiplicative() throws(JSONFilterError) -> FilterExpression {
    try arithmetic(of: [.multiply, .divide, .remainder]) { parser throws(JSONFilterError) in try parser.postfix() }
  }

  private mutating func arithmetic(
    of operations: [FilterArithmetic], operand: (inout FilterParser) throws(JSONFilterError) -> FilterExpression
  ) throws(JSONFilterError) -> FilterExpression {
    var expression = try operand(&self)
    let saved = depth
    defer { depth = saved }
    while true {
      skipSpace()
      let column = FilterColumn(position)
      guard let operation = operations.first(where: { matches($0.rawValue) }),
        // `//` is the alternative, not a division.
        !(operation == .divide && matches("//"))
      else { return expression }
      position += 1
      try enter()
      expression = .arithmetic(operation, expression, try operand(&self), at: column)
    }
  }

  private mutating func takeComparison() -> FilterComparison? {
    skipSpace()
    for comparison in [FilterComparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
    where matches(comparison.rawValue) {
      // `=` alone is assignment in jq.
      position += comparison.rawValue.unicodeScalars.count
      return comparison
    }
    return nil
  }

  // MARK: - Terms

  private mutating func postfix() throws(JSONFilterError) -> FilterExpression {
    let term = try self.term()
    skipSpace()
    let column = FilterColumn(position)
    guard peek == "[" || (peek == "." && startsStep(at: position + 1)) else { return term }
    if case .literal = term { throw error("a literal has no fields or elements") }
    if case .call = term { throw error("put the function call in parentheses to index its result") }
    let steps = try pathSteps()
    if case .path(let base, let first, let start) = term { return .path(base, first + steps, at: start) }
    try enter()
    defer { depth -= 1 }
    return .path(term, steps, at: column)
  }

  private func startsStep(at index: Int) -> Bool {
    guard index < scalars.count else { return false }
    let next = scalars[index]
    return next == "\"" || next == "[" || next == "_" || (next.isASCII && (next.value | 0x20) &- 0x61 < 26)
  }

  private mutating func term() throws(JSONFilterError) -> FilterExpression {
    skipSpace()
    guard let next = peek else { throw error("expected a value: a path like .name, a literal, '(' or a function") }
    switch next {
    case ".":
      if peek(1) == "." { throw error("'..' (recursive descent) is not supported") }
      if let digit = peek(1), digit.value &- 0x30 < 10 { return .literal(try numberLiteral()) }
      guard startsStep(at: position + 1) else {
        position += 1
        return .identity
      }
      let column = FilterColumn(position)
      let steps = try pathSteps()
      return .path(.identity, steps, at: column)
    case "(":
      let open = position
      position += 1
      try enter()
      defer { depth -= 1 }
      let expression = try pipe()
      skipSpace()
      guard take(")") else {
        throw error("expected ')' to close the '(' at column \(open + 1), found \(describeNext())")
      }
      return expression
    case "\"":
      return .literal(.string(try stringLiteral()))
    case "-", "0"..."9":
      return .literal(try numberLiteral())
    case "[", "{":
      let text = try containerLiteral()
      containers.append(text)
      return .literal(.container(text: text, index: containers.count - 1))
    case "$":
      throw error("variables ($name) are not supported")
    default:
      guard isIdentifierStart(next) else {
        throw error("expected a value: a path like .name, a literal, '(' or a function, found \(describeNext())")
      }
      return try word()
    }
  }

  /// `.name`, `."key"`, `.["key"]`, `.[3]`, `[3]`, repeated.
  private mutating func pathSteps() throws(JSONFilterError) -> [JSONPath.Component] {
    var steps: [JSONPath.Component] = []
    while true {
      skipSpace()
      if take(".") {
        if peek == "[" { continue }
        if peek == "\"" {
          steps.append(.key(try stringLiteral()))
        } else {
          let name = identifier()
          guard !name.isEmpty else { throw error("expected a key name, '\"' or '[' after '.'") }
          steps.append(.key(name))
        }
      } else if take("[") {
        skipSpace()
        if peek == "]" { throw error("'[]' (iterating) is not supported: use contains(…) or has(…)") }
        if peek == "\"" {
          steps.append(.key(try stringLiteral()))
        } else if peek == "-" || peek.map({ $0.value &- 0x30 < 10 }) == true {
          let start = position
          guard case .number(let text, let value) = try numberLiteral(), let index = Int(exactly: value),
            !text.contains("."), !text.contains("e"), !text.contains("E")
          else {
            position = start
            throw error("expected a whole number or a string in '[…]'")
          }
          steps.append(.index(index))
        } else {
          throw error("expected a number or a string in '[…]', found \(describeNext())")
        }
        skipSpace()
        guard take("]") else { throw error("expected ']', found \(describeNext())") }
      } else {
        break
      }
      skipSpace()
      if peek == "?" { throw error("the '?' operator is not supported (a missing key is already null)") }
      guard peek == "[" || (peek == "." && startsStep(at: position + 1)) else { break }
    }
    return steps
  }

  /// A keyword or a function call.
  private mutating func word() throws(JSONFilterError) -> FilterExpression {
    let start = position
    let name = identifier()
    switch name {
    case "true": return .literal(.boolean(true))
    case "false": return .literal(.boolean(false))
    case "null": return .literal(.null)
    case "and", "or":
      position = start
      throw error("expected a value before '\(name)'")
    case "select":
      // jq's usual spelling, `select(f)`, as the whole filter is the predicate f (which
      // keeps an element `false` for `select(not)`, as `jq '.[] | select(not)'` does).
      let arguments = try callArguments(name: name)
      let end = position
      skipSpace()
      if start == firstNonSpace, isAtEnd, arguments.count == 1 { return arguments[0] }
      position = end
      guard arguments.count == 1 else {
        position = start
        throw error("select takes 1 argument, not \(arguments.count)")
      }
      return .call(.select, arguments, at: FilterColumn(start))
    default:
      break
    }
    guard let function = FilterFunction(rawValue: name) else {
      position = start
      let names = FilterFunction.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("unknown function '\(name)': the filter language has \(names)")
    }
    let arguments = try callArguments(name: name)
    guard function.arities.contains(arguments.count) else {
      position = start
      let arity = function.arities
      let expected =
        arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound) or \(arity.upperBound)"
      throw error("\(name) takes \(expected) argument\(arity.upperBound == 1 ? "" : "s"), not \(arguments.count)")
    }
    if function == .test {
      // The pattern and flags are compiled once, so they must be string literals.
      var texts: [String] = []
      for (offset, argument) in arguments.enumerated() {
        guard case .literal(.string(let text)) = argument else {
          position = start
          throw error("test takes a string literal as its \(offset == 0 ? "pattern" : "flags")")
        }
        texts.append(text)
      }
      let flags = texts.count > 1 ? texts[1] : ""
      do throws(JSONSearchError) {
        _ = try RegularExpression(texts[0], options: FilterEvaluator.regexOptions(flags: flags))
      } catch {
        // At the column of the pattern's mistake in the filter text, where it is known.
        guard let inPattern = error.position, let at = patternColumn(after: start, scalar: inPattern) else {
          position = start
          throw self.error("invalid regular expression in test: \(error.message)")
        }
        throw JSONFilterError(position: at, message: "invalid regular expression in test: \(error.message)")
      }
      if let flag = flags.unicodeScalars.first(where: { !"ixs".unicodeScalars.contains($0) }) {
        position = start
        throw self.error(
          "unsupported flag '\(flag)' in test: use i (ignore case), x (extended) or s (dot matches newlines)")
      }
    }
    return .call(function, arguments, at: FilterColumn(start))
  }

  /// The position in the filter text of scalar `index` of the pattern of the `test` call
  /// at `start` (its first string literal), through the literal's escapes.
  private func patternColumn(after start: Int, scalar index: Int) -> Int? {
    guard var source = scalars[start...].firstIndex(of: "\"") else { return nil }
    source += 1
    var decoded = 0
    while source < scalars.count, scalars[source] != "\"" {
      if decoded == index { return source }
      if scalars[source] == "\\" {
        let isUnicode = source + 1 < scalars.count && scalars[source + 1] == "u"
        source += isUnicode ? 6 : 2
        // A surrogate pair, `\uD83D\uDE00`, is one scalar.
        if isUnicode, source + 1 < scalars.count, scalars[source] == "\\", scalars[source + 1] == "u",
          let high = UInt32(String(String.UnicodeScalarView(scalars[(source - 4)..<source])), radix: 16),
          (0xD800..<0xDC00).contains(high)
        {
          source += 6
        }
      } else {
        source += 1
      }
      decoded += 1
    }
    return decoded == index ? source : nil
  }

  private var firstNonSpace: Int {
    scalars.firstIndex { !isSpace($0) } ?? 0
  }

  /// `(a; b)` after a function name, or nothing.
  private mutating func callArguments(name: String) throws(JSONFilterError) -> [FilterExpression] {
    guard peek == "(" else { return [] }
    let open = position
    position += 1
    try enter()
    defer { depth -= 1 }
    var arguments = [try pipe()]
    skipSpace()
    while take(";") { arguments.append(try pipe()) }
    skipSpace()
    guard take(")") else {
      throw error("expected ';' or ')' to close \(name)( at column \(open + 1), found \(describeNext())")
    }
    return arguments
  }

  // MARK: - Literals

  /// A JSON string literal.
  private mutating func stringLiteral() throws(JSONFilterError) -> String {
    var reader = PathReader(scalars: scalars, position: position)
    do throws(JSONPathError) {
      let value = try reader.doubleQuoted()
      position = reader.position
      return value
    } catch {
      if error.message.hasPrefix("unterminated") {
        throw JSONFilterError(position: error.position, message: "unterminated string: expected '\"'")
      }
      if peekText(2) == "\\(" {
        throw JSONFilterError(position: error.position, message: "string interpolation \\(…) is not supported")
      }
      throw JSONFilterError(position: error.position, message: error.message)
    }
  }

  /// A number: jq's syntax (`.5`, `1.`, `1e3`), with an optional `-`.
  private mutating func numberLiteral() throws(JSONFilterError) -> FilterLiteral {
    let start = position
    var text = ""
    if take("-") { text = "-" }
    var digits = 0
    while let next = peek, next.value &- 0x30 < 10 {
      text.unicodeScalars.append(next)
      position += 1
      digits += 1
    }
    if peek == ".", peek(1).map({ $0.value &- 0x30 < 10 }) == true || digits > 0 && !startsStep(at: position + 1) {
      text += "."
      position += 1
      while let next = peek, next.value &- 0x30 < 10 {
        text.unicodeScalars.append(next)
        position += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      position = start
      throw error(text == "-" ? "'-' is only allowed before a number" : "expected a number")
    }
    if let next = peek, next == "e" || next == "E" {
      var exponent = String(next)
      var lookahead = position + 1
      if lookahead < scalars.count, scalars[lookahead] == "+" || scalars[lookahead] == "-" {
        exponent.unicodeScalars.append(scalars[lookahead])
        lookahead += 1
      }
      let exponentStart = lookahead
      while lookahead < scalars.count, scalars[lookahead].value &- 0x30 < 10 {
        exponent.unicodeScalars.append(scalars[lookahead])
        lookahead += 1
      }
      guard lookahead > exponentStart else {
        position = lookahead
        throw error("expected a digit in the exponent")
      }
      text += exponent
      position = lookahead
    }
    guard let value = Double(FilterParser.jsonNumber(text)) else {
      position = start
      throw error("invalid number \(text)")
    }
    // jq reads numbers as doubles; beyond their range it clamps to the largest one.
    let clamped =
      value.isInfinite ? (value < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude) : value
    return .number(text: text, value: clamped)
  }

  /// jq's number text in JSON syntax: `.5` → `0.5`, `1.` → `1.0`, leading zeros dropped.
  static func jsonNumber(_ text: String) -> String {
    var sign = ""
    var body = Substring(text)
    if body.hasPrefix("-") {
      sign = "-"
      body = body.dropFirst()
    }
    var mantissa = body.prefix { $0 != "e" && $0 != "E" }
    let exponent = body.dropFirst(mantissa.count)
    while mantissa.count > 1 && mantissa.hasPrefix("0") && !mantissa.dropFirst().hasPrefix(".") {
      mantissa = mantissa.dropFirst()
    }
    var result = String(mantissa)
    if result.hasPrefix(".") { result = "0" + result }
    if result.hasSuffix(".") { result += "0" }
    return sign + result + exponent
  }

  /// An array or object of constants (as in JSON; object keys may also be bare names, as
  /// in jq), returned as compact JSON.
  private mutating func containerLiteral() throws(JSONFilterError) -> String {
    let open = peek == "[" ? "[" : "{"
    let close: Unicode.Scalar = open == "[" ? "]" : "}"
    let start = position
    position += 1
    try enter()
    defer { depth -= 1 }
    var parts: [String] = []
    skipSpace()
    if take(close) { return open + String(close) }
    while true {
      skipSpace()
      var part = ""
      if open == "{" {
        if peek == "\"" {
          part = JSONStringEncoder.quoted(try stringLiteral())
        } else if let next = peek, isIdentifierStart(next) {
          part = JSONStringEncoder.quoted(identifier())
        } else {
          throw error("expected a key (a string or a name) in the object, found \(describeNext())")
        }
        skipSpace()
        guard take(":") else { throw error("expected ':' after the key, found \(describeNext())") }
        part += ":"
        skipSpace()
      }
      part += try constant()
      parts.append(part)
      skipSpace()
      if take(close) { break }
      guard take(",") else {
        throw error("expected ',' or '\(close)' to close the '\(open)' at column \(start + 1), found \(describeNext())")
      }
    }
    return open + parts.joined(separator: ",") + String(close)
  }

  /// One constant inside an array or object literal, as JSON text.
  private mutating func constant() throws(JSONFilterError) -> String {
    guard let next = peek else { throw error("expected a constant, found the end") }
    switch next {
    case "\"": return JSONStringEncoder.quoted(try stringLiteral())
    case "-", "0"..."9":
      guard case .number(let text, _) = try numberLiteral() else { return "0" }
      return FilterParser.jsonNumber(text)
    case "[", "{": return try containerLiteral()
    default:
      let start = position
      let name = identifier()
      if ["true", "false", "null"].contains(name) { return name }
      position = start
      throw error(
        "array and object literals hold only constants (strings, numbers, true, false, null, arrays, objects), found \(describeNext())"
      )
    }
  }

  // MARK: - Reading

  private var isAtEnd: Bool { position >= scalars.count }
  private var peek: Unicode.Scalar? { isAtEnd ? nil : scalars[position] }
  private func peek(_ offset: Int) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  private func peekText(_ count: Int) -> String {
    String(String.UnicodeScalarView(scalars[position..<min(position + count, scalars.count)]))
  }

  private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    guard peek == scalar else { return false }
    position += 1
    return true
  }

  private func matches(_ text: String) -> Bool {
    var index = position
    for scalar in text.unicodeScalars {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
    }
    return true
  }

  /// A keyword followed by something that cannot continue a name.
  private mutating func takeKeyword(_ keyword: String) -> Bool {
    skipSpace()
    let end = position + keyword.unicodeScalars.count
    guard matches(keyword), end >= scalars.count || !isIdentifierPart(scalars[end]) else { return false }
    position = end
    return true
  }

  private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  private mutating func skipSpace() {
    while let next = peek, isSpace(next) { position += 1 }
    // jq comments run to the end of the line.
    if peek == "#" {
      while let next = peek, next != "\n" { position += 1 }
      skipSpace()
    }
  }

  private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || (scalar.isASCII && (scalar.value | 0x20) &- 0x61 < 26)
  }

  private func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierStart(scalar) || scalar.value &- 0x30 < 10
  }

  private mutating func identifier() -> String {
    var name = ""
    while let next = peek, isIdentifierPart(next), !name.isEmpty || isIdentifierStart(next) {
      name.unicodeScalars.append(next)
      position += 1
    }
    return name
  }

  private mutating func enter() throws(JSONFilterError) {
    depth += 1
    if depth > FilterParser.maximumDepth {
      throw error("the filter is nested more than \(FilterParser.maximumDepth) levels deep")
    }
  }

  private func describeNext() -> String {
    guard let next = peek else { return "the end" }
    if next.value < 0x20 { return "U+" + String(next.value, radix: 16, uppercase: true) }
    return "'\(next)'"
  }

  private func error(_ message: String) -> JSONFilterError {
    JSONFilterError(position: min(position, scalars.count), message: message)
  }
}
