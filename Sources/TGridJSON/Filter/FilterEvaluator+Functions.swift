/// jq's ordering and the functions of the filter language.
extension FilterEvaluator {
  // MARK: - Ordering

  /// jq's order: by kind (null < false < true < numbers < strings < arrays < objects),
  /// then numbers by value, strings by their UTF-8 bytes (code point order), arrays element
  /// by element then by length, objects first by their sorted key lists, then by the values
  /// of those keys in key order. Returns -1, 0 or 1.
  func compare(_ left: FilterValue, _ right: FilterValue, depth: Int) throws(FilterFailure) -> Int {
    guard depth < FilterEvaluator.maximumDepth else {
      throw FilterFailure(message: "values nested more than \(FilterEvaluator.maximumDepth) deep cannot be compared")
    }
    let leftKind = kind(left)
    let rightKind = kind(right)
    if leftKind != rightKind { return leftKind < rightKind ? -1 : 1 }
    switch leftKind {
    case .null, .false, .true:
      return 0
    case .number:
      let (a, b) = (number(left), number(right))
      return a < b ? -1 : a > b ? 1 : 0
    case .string:
      return withBytes(of: left) { a in withBytes(of: right) { b in FilterEvaluator.compareBytes(a, b) } }
    case .array:
      let (a, b) = (children(of: left), children(of: right))
      for (x, y) in zip(a, b) {
        let order = try compare(x, y, depth: depth + 1)
        if order != 0 { return order }
      }
      return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
    case .object:
      let (a, b) = (members(of: left), members(of: right))
      for (x, y) in zip(a, b) {
        let order = FilterEvaluator.compareBytes(x.key, y.key)
        if order != 0 { return order }
      }
      if a.count != b.count { return a.count < b.count ? -1 : 1 }
      for (x, y) in zip(a, b) {
        let order = try compare(x.value, y.value, depth: depth + 1)
        if order != 0 { return order }
      }
      return 0
    }
  }

  static func compareBytes(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
  }

  // MARK: - Functions

  mutating func call(_ function: FilterFunction, _ arguments: [FilterExpression], on input: FilterValue)
    throws(FilterFailure) -> FilterValue
  {
    switch function {
    case .not:
      return .boolean(!isTruthy(input))
    case .select:
      guard isTruthy(try evaluate(arguments[0], on: input)) else { throw FilterFailure.empty }
      return input
    case .empty:
      throw FilterFailure.empty
    case .type:
      return .string(Array(kind(input).typeName.utf8))
    case .length:
      return .number(try length(input))
    case .contains:
      let element = try evaluate(arguments[0], on: input)
      guard kind(input) == kind(element) else {
        throw FilterFailure(
          message: "\(describe(input)) and \(describe(element)) cannot have their containment checked")
      }
      return .boolean(try contains(input, element, depth: 0))
    case .startswith, .endswith:
      let affix = try evaluate(arguments[0], on: input)
      guard kind(input) == .string, kind(affix) == .string else {
        throw FilterFailure(
          message: "\(function.rawValue)() requires string inputs, not \(describe(input)) and \(describe(affix))")
      }
      let result = withBytes(of: input) { text in
        withBytes(of: affix) { affix in
          function == .startswith ? text.starts(with: affix) : text.reversed().starts(with: affix.reversed())
        }
      }
      return .boolean(result)
    case .test:
      guard case .literal(.string(let pattern)) = arguments[0] else {
        throw FilterFailure(message: "test needs a string literal")
      }
      var flags = ""
      if arguments.count > 1, case .literal(.string(let given)) = arguments[1] { flags = given }
      guard kind(input) == .string else {
        throw FilterFailure(message: "\(describe(input)) cannot be matched, as it is not a string")
      }
      let (matcher, prefilter) = try self.regex(pattern, flags: flags)
      if let prefilter, !withBytes(of: input, { prefilter.occurs(in: $0) }) { return .boolean(false) }
      let cancellation = self.cancellation
      let found = withBytes(of: input) { text -> Bool? in try? matcher.matches(text, cancellation: cancellation) }
      guard let found else { throw FilterFailure(message: "cancelled", isCancellation: true) }
      return .boolean(found)
    case .tonumber:
      switch kind(input) {
      case .number: return input
      case .string:
        let text = String(decoding: bytes(of: input), as: UTF8.self)
        guard let number = FilterEvaluator.jsonNumber(text) else {
          throw FilterFailure(message: "\(describe(input)) cannot be parsed as a number")
        }
        return .number(number)
      default:
        throw FilterFailure(message: "\(describe(input)) cannot be parsed as a number")
      }
    case .tostring:
      switch input {
      case .node(let node, let isConstant):
        let document = source(isConstant)
        if kind(input) == .string { return input }
        if document.isContainer(node) { return .string(Array(document.formattedText(of: node, style: .compact).utf8)) }
        return .string(Array(document.rawText(of: node).utf8))
      case .null: return .string(Array("null".utf8))
      case .boolean(let flag): return .string(Array((flag ? "true" : "false").utf8))
      case .number(let number): return .string(Array(FilterEvaluator.format(number).utf8))
      case .string, .text: return input
      }
    case .asciiDowncase, .asciiUpcase:
      guard kind(input) == .string else {
        throw FilterFailure(message: "\(function.rawValue) needs a string, not \(describe(input))")
      }
      let lower = function == .asciiDowncase
      return .string(
        bytes(of: input).map { byte in
          if lower, byte >= 0x41, byte <= 0x5A { return byte + 32 }
          if !lower, byte >= 0x61, byte <= 0x7A { return byte - 32 }
          return byte
        })
    case .has:
      let key = try evaluate(arguments[0], on: input)
      switch (kind(input), kind(key)) {
      case (.object, .string):
        return .boolean(member(String(decoding: bytes(of: key), as: UTF8.self), of: input) != nil)
      case (.array, .number):
        let position = number(key)
        return .boolean(position >= 0 && position < Double(children(of: input).count))
      default:
        throw FilterFailure(message: "cannot check whether \(describe(input)) has \(describe(key)) as a key")
      }
    }
  }

  /// The number a string holds in JSON's number syntax (`tonumber`, as jq 1.7 reads it:
  /// no spaces around it, no `nan` or hexadecimal), or nil.
  static func jsonNumber(_ text: String) -> Double? {
    var bytes = Substring(text).utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == 0x2D { bytes = bytes.dropFirst() }
    guard digits() > 0 else { return nil }
    if bytes.first == 0x2E {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return nil }
    }
    if bytes.first == 0x65 || bytes.first == 0x45 {
      bytes = bytes.dropFirst()
      if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// jq's `length`: code points of a string, elements of an array, keys of an object, the
  /// absolute value of a number, 0 for null.
  private func length(_ value: FilterValue) throws(FilterFailure) -> Double {
    switch kind(value) {
    case .null: return 0
    case .true, .false: throw FilterFailure(message: "\(describe(value)) has no length")
    case .number: return abs(number(value))
    case .string: return Double(withBytes(of: value) { $0.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } })
    case .array: return Double(children(of: value).count)
    case .object:
      guard case .node(let node, let isConstant) = value else { return 0 }
      let document = source(isConstant)
      // Duplicate keys count once, as jq keeps one member per key.
      if document.storage.warningCount == 0 && !document.isEdited && !document.isPartial {
        return Double(document.childCount(of: node))
      }
      return Double(Set(document.children(of: node).map { document.keyBytes(of: $0) ?? [] }).count)
    }
  }

  /// jq's `contains`: a substring for strings; for arrays, each element of `element` is
  /// contained in some element of `container`; for objects, each key of `element` is in
  /// `container` with a value that contains its value; equality otherwise. Kinds that
  /// differ below the top level simply do not contain each other.
  private func contains(_ container: FilterValue, _ element: FilterValue, depth: Int) throws(FilterFailure) -> Bool {
    guard depth < FilterEvaluator.maximumDepth else {
      throw FilterFailure(
        message: "values nested more than \(FilterEvaluator.maximumDepth) deep cannot be checked for containment")
    }
    let kind = kind(container)
    guard kind == self.kind(element) else { return false }
    switch kind {
    case .object:
      for (key, value) in members(of: element) {
        guard let inner = member(String(decoding: key, as: UTF8.self), of: container),
          try contains(inner, value, depth: depth + 1)
        else { return false }
      }
      return true
    case .array:
      let candidates = children(of: container)
      for wanted in children(of: element) {
        var found = false
        for candidate in candidates where try contains(candidate, wanted, depth: depth + 1) {
          found = true
          break
        }
        if !found { return false }
      }
      return true
    case .string:
      return withBytes(of: container) { text in
        withBytes(of: element) { wanted in FilterEvaluator.occurs(wanted, in: text) }
      }
    default:
      return try compare(container, element, depth: depth + 1) == 0
    }
  }

  private static func occurs(_ wanted: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !wanted.isEmpty else { return true }
    guard text.count >= wanted.count else { return false }
    for start in 0...(text.count - wanted.count) where text[start] == wanted[0] {
      if text[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
    }
    return false
  }
}
