/// Reads the text of a regular expression into a ``RegexNode`` (internal).
///
/// The syntax is the common Perl/PCRE one that Swift `Regex` also reads (see
/// ``RegularExpression`` for the list). What cannot be matched in time linear in the text
/// (backreferences, lookaround, atomic groups, possessive quantifiers, recursion,
/// conditionals) is refused with an error that names the construct and its position, as is
/// anything unknown; errors are ``JSONSearchError``s whose position counts Unicode scalars
/// of the pattern from 0.
struct RegexParser {
  /// The flags in effect at a point of the pattern (`(?i)` and the like change them until
  /// the end of the enclosing group).
  struct Flags: Sendable, Hashable {
    /// `i`: letters match their case variants (Unicode simple case folding).
    var ignoresCase = false
    /// `s`: `.` matches line breaks too.
    var dotMatchesLineBreaks = false
    /// `m`: `^` and `$` match at line breaks too.
    var anchorsMatchLineBreaks = false
    /// `x`: white space and `#` comments in the pattern are ignored (outside classes).
    var isExtended = false
    /// `xx`: as `x`, and inside classes too.
    var isExtendedInClasses = false
    /// `U`: quantifiers are lazy unless followed by `?`.
    var swapsGreed = false
  }

  /// The most a counted repetition (`{n}`, `{n,m}`) may ask for.
  static let maximumRepetition = 1000
  /// The most instructions a pattern may compile to.
  static let maximumInstructions = 100_000
  /// The deepest nesting of groups and classes.
  static let maximumDepth = 200

  let scalars: [Unicode.Scalar]
  var position = 0
  var flags: Flags
  /// Groups and classes open at the position.
  var depth = 0

  /// A parser at the start of `pattern`, with the flags the caller gives (a search that
  /// ignores case, a filter's `"ix"`).
  init(_ pattern: String, flags: Flags) {
    scalars = Array(pattern.unicodeScalars)
    self.flags = flags
  }

  /// The syntax tree of the whole pattern.
  mutating func parse() throws(JSONSearchError) -> RegexNode {
    let node = try alternation()
    if position < scalars.count {
      // `alternation` stops only at the end or at a `)` that closes nothing.
      throw error("unbalanced ')': no group is open here")
    }
    guard node.instructionCount <= RegexParser.maximumInstructions else {
      throw JSONSearchError(position: 0, message: RegexParser.tooLargeMessage)
    }
    return node
  }

  static let tooLargeMessage =
    "the pattern is too large: it would compile to more than \(maximumInstructions) instructions (lower the repetition counts)"

  // MARK: - Reading

  var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  func peek(at offset: Int) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  func error(_ message: String, at position: Int? = nil) -> JSONSearchError {
    JSONSearchError(position: position ?? self.position, message: message)
  }

  /// An error for a construct that needs backtracking.
  func unsupported(_ construct: String, at position: Int) -> JSONSearchError {
    JSONSearchError(position: position, message: "\(construct) is not supported: it cannot be matched in linear time")
  }

  /// Skips white space and `#` comments in extended mode.
  mutating func skipIgnoredText(inClass: Bool = false) {
    guard inClass ? flags.isExtendedInClasses : flags.isExtended else { return }
    while let scalar = peek {
      if scalar.properties.isPatternWhitespace {
        position += 1
      } else if scalar == "#" && !inClass {
        while let next = peek, next != "\n" { position += 1 }
      } else {
        return
      }
    }
  }

  // MARK: - Structure

  /// Branches separated by `|`, up to the end or a `)`.
  private mutating func alternation() throws(JSONSearchError) -> RegexNode {
    var branches = [try concatenation()]
    while peek == "|" {
      position += 1
      branches.append(try concatenation())
    }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  /// Atoms, each maybe quantified, up to the end, a `|` or a `)`.
  private mutating func concatenation() throws(JSONSearchError) -> RegexNode {
    var items: [RegexNode] = []
    while true {
      skipIgnoredText()
      guard let scalar = peek, scalar != "|", scalar != ")" else { break }
      if scalar == "\\" && peek(at: 1) == "Q" {
        // `\Q…\E`: quoted text; a quantifier after it applies to its last scalar.
        position += 2
        var quoted: [Unicode.Scalar] = []
        while let next = peek, !(next == "\\" && peek(at: 1) == "E") {
          quoted.append(next)
          position += 1
        }
        if peek != nil { position += 2 }
        guard let last = quoted.popLast() else { continue }
        items += quoted.map { literal($0.value) }
        items.append(try quantified(literal(last.value)))
        continue
      }
      guard let atom = try atom() else { continue }
      items.append(try quantified(atom))
    }
    switch items.count {
    case 0: return .empty
    case 1: return items[0]
    default: return .concatenation(items)
    }
  }

  /// The atom at the position, or nil for what matches nothing and is not an atom (a
  /// comment, a flag setting, a stray `\E`).
  private mutating func atom() throws(JSONSearchError) -> RegexNode? {
    guard let scalar = peek else { return nil }
    switch scalar {
    case "(":
      return try group()
    case "[":
      return .set(try bracketClass())
    case ".":
      position += 1
      return .set(flags.dotMatchesLineBreaks ? .all : .notLineBreak)
    case "^":
      position += 1
      return .assertion(flags.anchorsMatchLineBreaks ? .startOfLine : .startOfText)
    case "$":
      position += 1
      return .assertion(flags.anchorsMatchLineBreaks ? .endOfLine : .endOfText)
    case "\\":
      return try escape()
    case "*", "+", "?":
      throw error("quantifier '\(scalar)' must appear after expression")
    case "{":
      if let (_, _, length) = countedRepetition() {
        let text = String(String.UnicodeScalarView(scalars[position..<(position + length)]))
        throw error("quantifier '\(text)' must appear after expression")
      }
      position += 1
      return literal(scalar.value)
    default:
      position += 1
      return literal(scalar.value)
    }
  }

  /// A scalar of the pattern as a node: itself, or the set of its case variants when
  /// ignoring case.
  func literal(_ value: UInt32) -> RegexNode {
    guard flags.ignoresCase else { return .scalar(value) }
    let variants = SimpleCaseFolding.variants(of: value)
    return variants.count > 1 ? .set(ScalarSet(scalars: variants)) : .scalar(value)
  }

  // MARK: - Quantifiers

  /// `atom` with the quantifier that follows it, if any.
  private mutating func quantified(_ atom: RegexNode) throws(JSONSearchError) -> RegexNode {
    skipIgnoredText()
    let start = position
    let minimum: Int
    let maximum: Int?
    switch peek {
    case "*":
      (minimum, maximum) = (0, nil)
      position += 1
    case "+":
      (minimum, maximum) = (1, nil)
      position += 1
    case "?":
      (minimum, maximum) = (0, 1)
      position += 1
    case "{":
      guard let (lower, upper, length) = countedRepetition() else { return atom }
      position += length
      for count in [lower, upper ?? 0] where count > RegexParser.maximumRepetition {
        throw error("repetition count \(count) is over the limit of \(RegexParser.maximumRepetition)", at: start)
      }
      if let upper, upper < lower {
        throw error("repetition {\(lower),\(upper)}: the lower bound is above the upper bound", at: start)
      }
      (minimum, maximum) = (lower, upper)
    default:
      return atom
    }
    var isLazy = false
    if peek == "?" {
      isLazy = true
      position += 1
    } else if peek == "+" {
      let text = String(String.UnicodeScalarView(scalars[start...position]))
      throw unsupported("possessive quantifier '\(text)'", at: start)
    }
    skipIgnoredText()
    if let next = peek, next == "*" || next == "+" || next == "?" || (next == "{" && countedRepetition() != nil) {
      throw error("quantifier '\(next)' must appear after expression")
    }
    let node: RegexNode
    switch (minimum, maximum) {
    case (1, 1): node = atom
    case (0, 0): node = .empty
    default: node = .repetition(atom, minimum: minimum, maximum: maximum, isGreedy: isLazy == flags.swapsGreed)
    }
    guard node.instructionCount <= RegexParser.maximumInstructions else {
      throw error(RegexParser.tooLargeMessage, at: start)
    }
    return node
  }

  /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the position: the bounds and the length of the
  /// text; nil when the brace does not start one (it is then a literal `{`).
  private func countedRepetition() -> (Int, Int?, Int)? {
    var index = position + 1
    func number() -> Int? {
      var value: Int?
      while index < scalars.count, scalars[index].value &- 0x30 < 10 {
        value = min((value ?? 0) * 10 + Int(scalars[index].value - 0x30), 1_000_000)
        index += 1
      }
      return value
    }
    let lower = number()
    var upper = lower
    if index < scalars.count && scalars[index] == "," {
      index += 1
      upper = number()
      guard lower != nil || upper != nil else { return nil }
    } else if lower == nil {
      return nil
    }
    guard index < scalars.count && scalars[index] == "}" else { return nil }
    return (lower ?? 0, upper, index + 1 - position)
  }

  // MARK: - Groups

  /// A group at `(`: its content, or nil for a comment or a flag setting.
  private mutating func group() throws(JSONSearchError) -> RegexNode? {
    let open = position
    // A group's own flags (`(?i:…)`) and those set inside it end with it.
    let outerFlags = flags
    position += 1
    if peek == "*" {
      throw unsupported("a backtracking verb or '(*…)' group", at: open)
    }
    if peek == "?" {
      position += 1
      guard let kind = peek else { throw error("expected a group specifier after '(?'") }
      switch kind {
      case ":", "|":
        position += 1
      case "#":
        while let scalar = peek, scalar != ")" { position += 1 }
        guard peek == ")" else { throw error("expected ')' to end the comment") }
        position += 1
        return nil
      case "=": throw unsupported("lookahead '(?=…)'", at: open)
      case "!": throw unsupported("negative lookahead '(?!…)'", at: open)
      case ">": throw unsupported("atomic group '(?>…)'", at: open)
      case "(": throw unsupported("conditional '(?(…)…)'", at: open)
      case "~": throw unsupported("absent function '(?~…)'", at: open)
      case "R", "&", "0"..."9":
        throw unsupported("recursion '(?\(kind)…)'", at: open)
      case "<" where peek(at: 1) == "=": throw unsupported("lookbehind '(?<=…)'", at: open)
      case "<" where peek(at: 1) == "!": throw unsupported("negative lookbehind '(?<!…)'", at: open)
      case "P" where peek(at: 1) == "=": throw unsupported("backreference '(?P=name)'", at: open)
      case "P" where peek(at: 1) == ">": throw unsupported("recursion '(?P>name)'", at: open)
      case "<", "'", "P":
        if kind == "P" {
          position += 1
          guard peek == "<" else { throw error("expected '<', '=' or '>' after '(?P'") }
        }
        try groupName(closing: peek == "'" ? "'" : ">")
      case "+" where peek(at: 1).map({ $0.value &- 0x30 < 10 }) == true,
        "-" where peek(at: 1).map({ $0.value &- 0x30 < 10 }) == true:
        throw unsupported("recursion '(?\(kind)…)'", at: open)
      default:
        // Flags: `(?i)` for the rest of the enclosing group, `(?i:…)` for this one.
        let appliesToGroup = try flagSettings()
        if !appliesToGroup { return nil }
      }
    }
    depth += 1
    guard depth <= RegexParser.maximumDepth else {
      throw error("groups and classes nested more than \(RegexParser.maximumDepth) deep", at: open)
    }
    let node = try alternation()
    flags = outerFlags
    depth -= 1
    guard peek == ")" else { throw error("expected ')'") }
    position += 1
    return node
  }

  /// The name of a named group, `<name>` or `'name'` (the opening mark at the position).
  private mutating func groupName(closing: Unicode.Scalar) throws(JSONSearchError) {
    position += 1
    let start = position
    while let scalar = peek,
      scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
        || (position > start && scalar.value &- 0x30 < 10)
    {
      position += 1
    }
    guard position > start else { throw error("expected a group name") }
    guard peek == closing else { throw error("expected '\(closing)' to end the group name") }
    position += 1
  }

  /// Flag letters after `(?` (`i`, `s`, `m`, `x`, `xx`, `U`, `n`; `-` turns the next off,
  /// `^` starts from none): applied to `flags`. Returns whether a group follows (`:`)
  /// rather than the end of the setting (`)`).
  private mutating func flagSettings() throws(JSONSearchError) -> Bool {
    var isOn = true
    if peek == "^" {
      flags = Flags(isExtended: false)
      position += 1
    }
    while let letter = peek {
      position += 1
      switch letter {
      case "i": flags.ignoresCase = isOn
      case "s": flags.dotMatchesLineBreaks = isOn
      case "m": flags.anchorsMatchLineBreaks = isOn
      case "U": flags.swapsGreed = isOn
      case "n": break  // no automatic captures: nothing reads captures anyway
      case "x":
        if isOn && peek == "x" {
          position += 1
          flags.isExtendedInClasses = true
        } else {
          flags.isExtendedInClasses = false
        }
        flags.isExtended = isOn
      case "-":
        guard isOn else { throw error("a second '-' in the options", at: position - 1) }
        isOn = false
      case ":": return true
      case ")": return false
      default:
        throw error("unknown or unsupported option '\(letter)'", at: position - 1)
      }
    }
    throw error("expected ')' or ':' after the options")
  }
}
