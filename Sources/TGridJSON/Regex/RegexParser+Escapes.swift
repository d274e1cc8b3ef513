/// Escapes (`\d`, `\b`, `\x{e9}`, `\p{Lu}`, and the refused `\1`) and bracketed classes
/// (`[a-z\d]`, `[^"]`, `[[:alpha:]]`, `[\w&&[^_]]`).
extension RegexParser {
  // MARK: - Escapes outside classes

  /// The escape at a backslash, outside a class; nil for a stray `\E`.
  mutating func escape() throws(JSONSearchError) -> RegexNode? {
    let start = position
    position += 1
    guard let letter = peek else { throw error("expected escape sequence", at: start) }
    if let set = try classEscape(letter, start: start) { return .set(set) }
    switch letter {
    case "b":
      position += 1
      return .assertion(.wordBoundary)
    case "B":
      position += 1
      return .assertion(.notWordBoundary)
    case "A":
      position += 1
      return .assertion(.startOfText)
    case "z":
      position += 1
      return .assertion(.endOfText)
    case "Z":
      position += 1
      return .assertion(.endOfTextBeforeNewline)
    case "E":
      position += 1
      return nil
    case "R":
      // A line break: `\r\n` as one, or any single one.
      position += 1
      return .alternation([.concatenation([.scalar(0x0D), .scalar(0x0A)]), .set(.lineBreak)])
    case "G": throw error("\\G (the end of the previous match) is not supported", at: start)
    case "K": throw error("\\K (resetting the start of the match) is not supported", at: start)
    case "X": throw error("\\X (a grapheme cluster) is not supported: patterns match Unicode scalars", at: start)
    case "y", "Y":
      throw error("\\\(letter) (a grapheme boundary) is not supported: patterns match Unicode scalars", at: start)
    case "1"..."9": throw unsupported("backreference '\\\(letter)'", at: start)
    case "k": throw unsupported("backreference '\\k'", at: start)
    case "g": throw unsupported("backreference or subroutine '\\g'", at: start)
    default:
      return literal(try scalarEscape(letter, start: start, inClass: false))
    }
  }

  /// A class escape (`\d \D \w \W \s \S \h \H \v \V`, `\p{…}`, `\P{…}`) at the letter
  /// after a backslash, consumed; nil (nothing consumed) for any other escape.
  private mutating func classEscape(_ letter: Unicode.Scalar, start: Int) throws(JSONSearchError) -> ScalarSet? {
    if let set = ScalarSet.perlClass(letter) {
      position += 1
      return set
    }
    guard letter == "p" || letter == "P" else { return nil }
    position += 1
    var name: String
    if peek == "{" {
      position += 1
      var text = String.UnicodeScalarView()
      while let scalar = peek, scalar != "}" {
        text.append(scalar)
        position += 1
      }
      guard peek == "}" else { throw error("expected '}' to end the property name") }
      position += 1
      name = String(text)
    } else {
      guard let single = peek, single.isASCII, single.properties.isAlphabetic else {
        throw error("expected a property name after '\\\(letter)', as in \\\(letter){L}")
      }
      position += 1
      name = String(single)
    }
    var isNegated = letter == "P"
    if name.hasPrefix("^") {
      name.removeFirst()
      isNegated.toggle()
    }
    guard let set = ScalarSet.property(named: name) else {
      throw error(
        "unknown Unicode property '\(name)': use a general category (L, Lu, Ll, N, Nd, P, S, Z, …) "
          + "or Alphabetic, White_Space, Uppercase, Lowercase, Any, ASCII, Assigned", at: start)
    }
    return isNegated ? set.inverted : set
  }

  /// The scalar of an escape that stands for one (`\n`, `\x41`, `\u{e9}`, `\.`), the
  /// letter after the backslash at the position.
  private mutating func scalarEscape(_ letter: Unicode.Scalar, start: Int, inClass: Bool) throws(JSONSearchError)
    -> UInt32
  {
    position += 1
    switch letter {
    case "t": return 0x09
    case "n": return 0x0A
    case "r": return 0x0D
    case "f": return 0x0C
    case "a": return 0x07
    case "e": return 0x1B
    case "b" where inClass: return 0x08
    case "0":
      // `\0` and up to two more octal digits.
      var value: UInt32 = 0
      var digits = 0
      while digits < 2, let next = peek, next.value &- 0x30 < 8 {
        value = value * 8 + next.value - 0x30
        position += 1
        digits += 1
      }
      return value
    case "o":
      guard peek == "{" else { throw error("expected '{' after \\o, as in \\o{101}") }
      return try bracedNumber(radix: 8, start: start)
    case "x":
      if peek == "{" { return try bracedNumber(radix: 16, start: start) }
      return try fixedNumber(digits: 2, allowsFewer: true, start: start)
    case "u":
      if peek == "{" { return try bracedNumber(radix: 16, start: start) }
      return try fixedNumber(digits: 4, allowsFewer: false, start: start)
    case "U":
      return try fixedNumber(digits: 8, allowsFewer: false, start: start)
    case "N":
      guard peek == "{", peek(at: 1) == "U", peek(at: 2) == "+" else {
        throw error("\\N is supported only as \\N{U+hex}: use \\u{…} for a scalar", at: start)
      }
      return try bracedNumber(radix: 16, start: start, skipping: 2)
    case "c":
      guard let control = peek, control.isASCII, control.properties.isAlphabetic else {
        throw error("expected a letter after \\c", at: start)
      }
      position += 1
      return control.value & 0x1F
    default:
      if letter.isASCII && (letter.properties.isAlphabetic || letter.value &- 0x30 < 10) {
        throw error("invalid escape sequence '\\\(letter)'", at: start)
      }
      return letter.value
    }
  }

  /// `{digits}` at the position (after `skipping` more scalars), as a scalar value.
  private mutating func bracedNumber(radix: UInt32, start: Int, skipping: Int = 0) throws(JSONSearchError) -> UInt32 {
    position += 1 + skipping
    var value: UInt32 = 0
    var digits = 0
    while let next = peek, next != "}" {
      guard let digit = RegexParser.digit(next, radix: radix) else { throw error("expected a digit or '}'") }
      value = min(value * radix + digit, 0x110000)
      digits += 1
      position += 1
    }
    guard peek == "}", digits > 0 else { throw error("expected digits and '}'") }
    position += 1
    return try validScalar(value, start: start)
  }

  /// Exactly `digits` hexadecimal digits (or at least one, with `allowsFewer`).
  private mutating func fixedNumber(digits: Int, allowsFewer: Bool, start: Int) throws(JSONSearchError) -> UInt32 {
    var value: UInt32 = 0
    var count = 0
    while count < digits, let next = peek, let digit = RegexParser.digit(next, radix: 16) {
      value = value * 16 + digit
      count += 1
      position += 1
    }
    guard count == digits || (allowsFewer && count > 0) else {
      throw error("expected \(digits) hexadecimal digits")
    }
    return try validScalar(value, start: start)
  }

  private func validScalar(_ value: UInt32, start: Int) throws(JSONSearchError) -> UInt32 {
    guard Unicode.Scalar(value) != nil else {
      throw error("U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value", at: start)
    }
    return value
  }

  private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
    let value = scalar.value
    let digit: UInt32
    switch value {
    case 0x30...0x39: digit = value - 0x30
    case 0x41...0x46: digit = value - 0x41 + 10
    case 0x61...0x66: digit = value - 0x61 + 10
    default: return nil
    }
    return digit < radix ? digit : nil
  }

  // MARK: - Bracketed classes

  /// A class at `[`: its members, with set operations (`&&`, `--`, `~~`) and negation.
  mutating func bracketClass() throws(JSONSearchError) -> ScalarSet {
    let open = position
    position += 1
    depth += 1
    defer { depth -= 1 }
    guard depth <= RegexParser.maximumDepth else {
      throw error("groups and classes nested more than \(RegexParser.maximumDepth) deep", at: open)
    }
    var isNegated = false
    if peek == "^" {
      isNegated = true
      position += 1
    }
    var result = try classMembers(isFirst: true)
    while true {
      skipIgnoredText(inClass: true)
      if atOperator("&&") {
        position += 2
        result = result.intersection(try classMembers(isFirst: false))
      } else if atOperator("--") {
        position += 2
        result = result.subtracting(try classMembers(isFirst: false))
      } else if atOperator("~~") {
        position += 2
        result = result.symmetricDifference(try classMembers(isFirst: false))
      } else {
        break
      }
    }
    guard peek == "]" else { throw error("expected ']'") }
    position += 1
    return isNegated ? result.inverted : result
  }

  /// Whether a set operator is at the position (one followed by `]` is not: `[a--]`).
  private func atOperator(_ text: String) -> Bool {
    let operators = Array(text.unicodeScalars)
    return peek == operators[0] && peek(at: 1) == operators[1] && peek(at: 2) != "]" && peek(at: 2) != nil
  }

  /// The members of a class up to its `]` or a set operator: scalars and ranges (which
  /// take their case variants when ignoring case), named classes, nested classes.
  private mutating func classMembers(isFirst: Bool) throws(JSONSearchError) -> ScalarSet {
    var literals: [ClosedRange<UInt32>] = []
    var others: [ScalarSet] = []
    var isAtStart = isFirst
    while true {
      skipIgnoredText(inClass: true)
      guard let scalar = peek else { throw error("expected ']'") }
      if scalar == "]" && !isAtStart { break }
      if atOperator("&&") || atOperator("--") || atOperator("~~") {
        if isAtStart && !isFirst { throw error("expected class members after the operator") }
        break
      }
      isAtStart = false
      let start = position
      if scalar == "[" {
        if let posix = try posixClass() {
          others.append(posix)
        } else {
          others.append(try bracketClass())
        }
        continue
      }
      if scalar == "\\" {
        position += 1
        guard let letter = peek else { throw error("expected escape sequence", at: start) }
        if let set = try classEscape(letter, start: start) {
          others.append(set)
          try refuseRange(after: start)
          continue
        }
        if letter == "Q" {
          position += 1
          while let next = peek, !(next == "\\" && peek(at: 1) == "E") {
            literals.append(next.value...next.value)
            position += 1
          }
          if peek != nil { position += 2 }
          continue
        }
        if letter == "E" {
          position += 1
          continue
        }
        literals.append(try rangeOrScalar(from: try classScalarEscape(letter, start: start)))
        continue
      }
      position += 1
      literals.append(try rangeOrScalar(from: scalar.value))
    }
    let literalSet = ScalarSet(ranges: flags.ignoresCase ? SimpleCaseFolding.closure(of: literals) : literals)
    return others.reduce(literalSet) { $0.union($1) }
  }

  private mutating func classScalarEscape(_ letter: Unicode.Scalar, start: Int) throws(JSONSearchError) -> UInt32 {
    switch letter {
    case "1"..."9": throw unsupported("backreference '\\\(letter)'", at: start)
    default: return try scalarEscape(letter, start: start, inClass: true)
    }
  }

  /// `lower` alone, or the range `lower-upper` when a `-` and a scalar follow.
  private mutating func rangeOrScalar(from lower: UInt32) throws(JSONSearchError) -> ClosedRange<UInt32> {
    skipIgnoredText(inClass: true)
    guard peek == "-", let after = peek(at: 1), after != "]", !atOperator("--") else { return lower...lower }
    let dash = position
    position += 1
    skipIgnoredText(inClass: true)
    let upper: UInt32
    if after == "\\" {
      let escapeStart = position
      position += 1
      guard let letter = peek else { throw error("expected escape sequence", at: escapeStart) }
      if ScalarSet.perlClass(letter) != nil || letter == "p" || letter == "P" {
        throw error("a class cannot end a range", at: escapeStart)
      }
      upper = try classScalarEscape(letter, start: escapeStart)
    } else if after == "[" {
      throw error("a class cannot end a range", at: position)
    } else {
      guard let scalar = peek else { throw error("expected ']'") }
      upper = scalar.value
      position += 1
    }
    guard lower <= upper else {
      let describe = { (value: UInt32) in Unicode.Scalar(value).map { String(Character($0)) } ?? "?" }
      throw error("character '\(describe(lower))' must compare less than or equal to '\(describe(upper))'", at: dash)
    }
    return lower...upper
  }

  /// A named class must not start a range (`[\d-z]` is refused, as Swift refuses it).
  private func refuseRange(after start: Int) throws(JSONSearchError) {
    if peek == "-", let after = peek(at: 1), after != "]", !atOperator("--") {
      throw error("a class cannot start a range", at: start)
    }
  }

  /// `[:name:]` or `[:^name:]` at the position, consumed; nil (nothing consumed) when the
  /// bracket opens a nested class instead.
  private mutating func posixClass() throws(JSONSearchError) -> ScalarSet? {
    guard peek(at: 1) == ":" else { return nil }
    var index = position + 2
    var name = String.UnicodeScalarView()
    while index < scalars.count, scalars[index] != ":" {
      guard scalars[index] != "]" else { return nil }
      name.append(scalars[index])
      index += 1
    }
    guard index + 1 < scalars.count, scalars[index + 1] == "]" else { return nil }
    var text = String(name)
    let isNegated = text.hasPrefix("^")
    if isNegated { text.removeFirst() }
    guard let set = ScalarSet.posixClass(named: text) else {
      throw error("unknown POSIX class '[:\(String(name)):]'")
    }
    position = index + 2
    return isNegated ? set.inverted : set
  }
}
