/// Evaluates a filter's syntax tree on values of one document (internal).
///
/// Values of the document are read in place: a field is found by comparing key bytes, a
/// number is parsed from its text, a string is compared as bytes (decoded only when it has
/// escapes). Nothing is materialised except where jq's rules need it (the sorted keys of
/// two objects being compared). Compiled regular expressions and their matchers (working
/// memory for one thread) are kept for the evaluator's life, so each evaluation run makes
/// its own. A long match stops when `cancellation` is cancelled.
struct FilterEvaluator {
  let document: JSONDocument
  let constants: JSONDocument?
  /// Stops a regular expression's match on a long string (a failure with
  /// ``FilterFailure/isCancellation`` set).
  var cancellation: JSONCancellation?
  private var regexes: [String: (matcher: RegexMatcher, prefilter: SearchNeedle?)] = [:]

  /// Deepest nesting of values that comparisons and `contains` descend into.
  static let maximumDepth = 512

  init(document: JSONDocument, constants: JSONDocument?, cancellation: JSONCancellation? = nil) {
    self.document = document
    self.constants = constants
    self.cancellation = cancellation
  }

  /// The filter's value on an input.
  mutating func evaluate(_ expression: FilterExpression, on input: FilterValue) throws(FilterFailure) -> FilterValue {
    switch expression {
    case .identity:
      return input
    case .path(let base, let steps, let column):
      var value = try evaluate(base, on: input)
      do throws(FilterFailure) {
        for step in steps { value = try index(value, step) }
      } catch {
        throw FilterEvaluator.placed(error, at: column)
      }
      return value
    case .literal(let literal):
      switch literal {
      case .null: return .null
      case .boolean(let value): return .boolean(value)
      case .number(_, let value): return .number(value)
      case .string(let text): return .text(text)
      case .container(_, let position):
        guard let constants, let node = constants.child(at: position, of: constants.root) else {
          throw FilterFailure(message: "missing constant")
        }
        return .node(node, isConstant: true)
      }
    case .pipe(let left, let right):
      return try evaluate(right, on: try evaluate(left, on: input))
    case .alternative(let left, let right):
      // jq's `//`: the left value unless it is false, null or nothing (an error still stops,
      // as in jq 1.6 and 1.7).
      do throws(FilterFailure) {
        let value = try evaluate(left, on: input)
        if isTruthy(value) { return value }
      } catch {
        guard error.isEmpty else { throw error }
      }
      return try evaluate(right, on: input)
    case .or(let left, let right):
      if isTruthy(try evaluate(left, on: input)) { return .boolean(true) }
      return .boolean(isTruthy(try evaluate(right, on: input)))
    case .and(let left, let right):
      guard isTruthy(try evaluate(left, on: input)) else { return .boolean(false) }
      return .boolean(isTruthy(try evaluate(right, on: input)))
    case .compare(let comparison, let left, let right, let column):
      let leftValue = try evaluate(left, on: input)
      let rightValue = try evaluate(right, on: input)
      let order: Int
      do throws(FilterFailure) {
        if comparison.isOrdering {
          try refuseMixedOrdering(comparison, leftValue, rightValue, left, right)
        }
        order = try compare(leftValue, rightValue, depth: 0)
      } catch {
        throw FilterEvaluator.placed(error, at: column)
      }
      switch comparison {
      case .equal: return .boolean(order == 0)
      case .notEqual: return .boolean(order != 0)
      case .less: return .boolean(order < 0)
      case .lessOrEqual: return .boolean(order <= 0)
      case .greater: return .boolean(order > 0)
      case .greaterOrEqual: return .boolean(order >= 0)
      }
    case .arithmetic(let operation, let left, let right, let column):
      let leftValue = try evaluate(left, on: input)
      let rightValue = try evaluate(right, on: input)
      do throws(FilterFailure) {
        return try arithmetic(operation, leftValue, rightValue)
      } catch {
        throw FilterEvaluator.placed(error, at: column)
      }
    case .call(let function, let arguments, let column):
      do throws(FilterFailure) {
        return try call(function, arguments, on: input)
      } catch {
        throw FilterEvaluator.placed(error, at: column)
      }
    }
  }

  /// A failure with the column of the part that failed (the innermost part keeps its own).
  static func placed(_ failure: FilterFailure, at column: FilterColumn) -> FilterFailure {
    guard failure.position == nil, !failure.isEmpty, !failure.isCancellation else { return failure }
    var placed = failure
    placed.position = column.position
    return placed
  }

  /// `<`, `<=`, `>`, `>=` between a string and a number is an error, not jq's silent
  /// order (every string above every number, so `.year > 2000` on years written as strings
  /// would keep them all): the message names both sides and how to convert.
  private func refuseMixedOrdering(
    _ comparison: FilterComparison, _ left: FilterValue, _ right: FilterValue, _ leftExpression: FilterExpression,
    _ rightExpression: FilterExpression
  ) throws(FilterFailure) {
    let leftKind = kind(left)
    let rightKind = kind(right)
    guard leftKind != rightKind, leftKind == .string || leftKind == .number,
      rightKind == .string || rightKind == .number
    else { return }
    let stringSide = leftKind == .string ? leftExpression : rightExpression
    let stringValue = leftKind == .string ? left : right
    let numberSide = leftKind == .number ? leftExpression : rightExpression
    let converted = "(" + stringSide.text + " | tonumber)"
    let suggestion =
      leftKind == .string
      ? converted + " \(comparison.rawValue) " + operandText(rightExpression)
      : operandText(leftExpression) + " \(comparison.rawValue) " + converted
    throw FilterFailure(
      message:
        "\(operandText(stringSide)) is \(describe(stringValue)) and \(operandText(numberSide)) a number: '\(comparison.rawValue)' "
        + "does not order a string and a number; convert it, as in \(suggestion)")
  }

  private func operandText(_ expression: FilterExpression) -> String {
    expression.precedence > 4 ? expression.text : "(" + expression.text + ")"
  }

  /// jq's truthiness: everything but `false` and `null`.
  func isTruthy(_ value: FilterValue) -> Bool {
    switch kind(value) {
    case .null, .false: false
    default: true
    }
  }

  // MARK: - Reading values

  func source(_ isConstant: Bool) -> JSONDocument {
    isConstant ? (constants ?? document) : document
  }

  func kind(_ value: FilterValue) -> FilterKind {
    switch value {
    case .null: return .null
    case .boolean(let flag): return flag ? .true : .false
    case .number: return .number
    case .string, .text: return .string
    case .node(let node, let isConstant):
      switch source(isConstant).kind(of: node) {
      case .null: return .null
      case .false: return .false
      case .true: return .true
      case .number: return .number
      case .string: return .string
      case .array: return .array
      case .object: return .object
      }
    }
  }

  /// The number of a number value (jq's doubles).
  func number(_ value: FilterValue) -> Double {
    switch value {
    case .number(let number): return number
    case .node(let node, let isConstant):
      let document = source(isConstant)
      guard let (pointer, count) = document.scalarToken(node) else { return 0 }
      return FilterEvaluator.parseNumber(pointer, count: count)
    default: return 0
    }
  }

  /// Parses number text: exactly for integers of up to 15 digits, else through `strtod`.
  static func parseNumber(_ pointer: UnsafePointer<UInt8>, count: Int) -> Double {
    var index = 0
    let isNegative = count > 0 && pointer[0] == 0x2D
    if isNegative { index = 1 }
    if count - index <= 15 {
      var value: Int64 = 0
      var simple = index < count
      while index < count {
        let digit = pointer[index] &- 0x30
        guard digit < 10 else {
          simple = false
          break
        }
        value = value * 10 + Int64(digit)
        index += 1
      }
      if simple { return isNegative ? -Double(value) : Double(value) }
    }
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    let value = Double(text) ?? 0
    // jq clamps numbers beyond a double's range to the largest one.
    return value.isInfinite ? (value < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude) : value
  }

  /// Calls `body` with the UTF-8 bytes of a string value (in place when it has no escapes).
  func withBytes<Result>(of value: FilterValue, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    switch value {
    case .string(let bytes):
      return bytes.withUnsafeBufferPointer(body)
    case .text(let text):
      // A literal's native string: its UTF-8 in place, nothing copied.
      var text = text
      return text.withUTF8(body)
    case .node(let node, let isConstant):
      let document = source(isConstant)
      guard let (pointer, count) = document.scalarToken(node), count >= 2 else {
        return body(UnsafeBufferPointer(start: nil, count: 0))
      }
      if TapeWord.kind(document.storage.word(node.index)) == TapeWord.escapedString {
        return JSONStringDecoder.decodedBytes(pointer, count: count).withUnsafeBufferPointer(body)
      }
      return body(UnsafeBufferPointer(start: pointer + 1, count: count - 2))
    default:
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
  }

  /// The bytes of a string value, copied.
  func bytes(of value: FilterValue) -> [UInt8] {
    withBytes(of: value) { Array($0) }
  }

  /// Children of an array or object value.
  func children(of value: FilterValue) -> [FilterValue] {
    guard case .node(let node, let isConstant) = value else { return [] }
    return source(isConstant).children(of: node).map { .node($0, isConstant: isConstant) }
  }

  /// An object's members as jq sees them: one per key (the last), sorted by key bytes.
  func members(of value: FilterValue) -> [(key: [UInt8], value: FilterValue)] {
    guard case .node(let node, let isConstant) = value else { return [] }
    let document = source(isConstant)
    var byKey: [[UInt8]: JSONNode] = [:]
    for child in document.children(of: node) {
      byKey[document.keyBytes(of: child) ?? []] = child
    }
    return byKey.sorted { FilterEvaluator.compareBytes($0.key, $1.key) < 0 }.map {
      ($0.key, .node($0.value, isConstant: isConstant))
    }
  }

  /// The last member of an object value with a key, if any.
  func member(_ key: String, of value: FilterValue) -> FilterValue? {
    guard case .node(let node, let isConstant) = value else { return nil }
    let document = source(isConstant)
    let storage = document.storage
    let found: Int? =
      key.utf8.withContiguousStorageIfAvailable { wanted -> Int? in
        let count = storage.childCount(node.index)
        if storage.usesChildTable(node.index) {
          let table = storage.childTable(of: node.index)
          for position in stride(from: count - 1, through: 0, by: -1)
          where hasKey(node.index + Int(table[position]), wanted, storage) {
            return node.index + Int(table[position])
          }
          return nil
        }
        var found: Int?
        var child = storage.firstChild(node.index)
        let end = storage.subtreeEnd(node.index)
        while child < end {
          if hasKey(child, wanted, storage) { found = child }
          child = storage.subtreeEnd(child)
        }
        return found
      } ?? document.child(forKey: key, of: node)?.index
    return found.map { .node(JSONNode(index: $0), isConstant: isConstant) }
  }

  /// Whether a member's key is `wanted`: compared in place, decoded only with escapes.
  private func hasKey(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>, _ storage: JSONStorage) -> Bool {
    guard let offset = storage.keyOffset(of: index) else { return false }
    let pointer = storage.bytes(at: offset).pointer
    if TapeWord.isKeyEscaped(storage.word(index)) {
      let end = storage.bytes(at: offset).end
      let decoded = JSONStringDecoder.decodedBytes(pointer, count: JSONScanner.stringLength(at: pointer, end: end))
      return decoded.elementsEqual(wanted)
    }
    // An unescaped key has no quote inside: stop at the first one.
    for position in 0..<wanted.count {
      let byte = pointer[position + 1]
      if byte == 0x22 || byte != wanted[position] { return false }
    }
    return pointer[wanted.count + 1] == 0x22
  }

  // MARK: - Indexing

  private func index(_ value: FilterValue, _ step: JSONPath.Component) throws(FilterFailure) -> FilterValue {
    let kind = kind(value)
    switch step {
    case .key(let key), .duplicate(let key, _):
      if kind == .null { return .null }
      guard kind == .object else {
        throw FilterFailure(message: "cannot index \(describe(value)) with \(JSONStringEncoder.quoted(key))")
      }
      return member(key, of: value) ?? .null
    case .index(let position):
      if kind == .null { return .null }
      guard kind == .array, case .node(let node, let isConstant) = value else {
        throw FilterFailure(message: "cannot index \(describe(value)) with a number")
      }
      let document = source(isConstant)
      let count = document.childCount(of: node)
      let resolved = position < 0 ? count + position : position
      return document.child(at: resolved, of: node).map { .node($0, isConstant: isConstant) } ?? .null
    }
  }

  /// `a string ("abc…")` and the like, for messages.
  func describe(_ value: FilterValue) -> String {
    let kind = kind(value)
    let article = kind == .array || kind == .object ? "an" : "a"
    var text: String
    switch value {
    case .node(let node, let isConstant): text = source(isConstant).rawText(of: node)
    case .null: text = "null"
    case .boolean(let flag): text = flag ? "true" : "false"
    case .number(let number): text = FilterEvaluator.format(number)
    case .string(let bytes): text = JSONStringEncoder.quoted(String(decoding: bytes, as: UTF8.self))
    case .text(let literal): text = JSONStringEncoder.quoted(literal)
    }
    if text.unicodeScalars.count > 24 { text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(23))) + "…" }
    switch kind {
    case .null: return "null"
    case .true, .false: return "a boolean (\(text))"
    default: return "\(article) \(kind.typeName) (\(text))"
    }
  }

  /// A number as jq prints it: integers without a fraction.
  static func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e17 { return String(Int64(number)) }
    return String(number)
  }

  // MARK: - Regular expressions

  /// The matcher of the regular expression for a pattern and jq flags, and a literal every
  /// match contains (see ``RegularExpression/requiredLiteral``), to rule most strings out
  /// without running it.
  mutating func regex(_ pattern: String, flags: String) throws(FilterFailure)
    -> (matcher: RegexMatcher, prefilter: SearchNeedle?)
  {
    let key = flags + "\u{0}" + pattern
    if let compiled = regexes[key] { return compiled }
    do throws(JSONSearchError) {
      let regex = try RegularExpression(pattern, options: FilterEvaluator.regexOptions(flags: flags))
      let compiled = (matcher: regex.makeMatcher(), prefilter: regex.prefilter)
      regexes[key] = compiled
      return compiled
    } catch {
      throw FilterFailure(message: "invalid regular expression: \(error)")
    }
  }

  /// The options of jq's flags for `test`: `i` ignores case, `x` ignores white space and
  /// comments in the pattern, `s` lets `.` match line breaks (other letters are refused
  /// when the filter is parsed).
  static func regexOptions(flags: String) -> RegularExpression.Options {
    var options: RegularExpression.Options = []
    if flags.contains("i") { options.insert(.ignoresCase) }
    if flags.contains("x") { options.insert(.isExtended) }
    if flags.contains("s") { options.insert(.dotMatchesLineBreaks) }
    return options
  }
}
