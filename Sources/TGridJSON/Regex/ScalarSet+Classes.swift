/// The named sets of the pattern syntax: `\d \w \s \h \v`, `.`, POSIX classes
/// (`[[:alpha:]]`) and Unicode properties (`\p{Lu}`).
///
/// Unicode-aware, as in Unicode Technical Standard #18 (annex C): `\d` is a decimal digit
/// (`\p{Nd}`), `\w` a letter or mark or decimal digit or connector (`_`), `\s` white space.
extension ScalarSet {
  /// One scalar, or any of several.
  init(scalars: [UInt32]) {
    self.init(.ranges(ScalarPredicate.merged(scalars.map { $0...$0 })))
  }

  /// Scalars in ranges (any order, overlapping or not).
  init(ranges: [ClosedRange<UInt32>]) {
    self.init(.ranges(ScalarPredicate.merged(ranges)))
  }

  // Computed, not `static let`: a predicate held by a global stays alive to the end of the
  // process behind pointers whose spare bits carry the enum's case, which LeakSanitizer
  // does not recognise as pointers (and reports as leaks). Building one is cheap.

  /// `\d`: decimal digits of every script (`\p{Nd}`).
  static var decimalDigit: ScalarSet { ScalarSet(.categories(ScalarPredicate.categoryBit(.decimalNumber))) }

  /// `\w`: letters (Alphabetic), marks, decimal digits, connector punctuation and the
  /// joiners (U+200C, U+200D).
  static var word: ScalarSet { ScalarSet(.property(.word)) }

  /// `\s`: White_Space.
  static var whiteSpace: ScalarSet { ScalarSet(.property(.whiteSpace)) }

  /// `\h`: a tab or a space separator.
  static var horizontalSpace: ScalarSet {
    ScalarSet(.union([.ranges([0x09...0x09]), .categories(ScalarPredicate.categoryBit(.spaceSeparator))]))
  }

  /// `\v`: a line break: `\n`, vertical tab, form feed, `\r`, NEL, and the line and
  /// paragraph separators.
  static var lineBreak: ScalarSet { ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029]) }

  /// `.` without the `s` flag: anything but a line break.
  static var notLineBreak: ScalarSet { lineBreak.inverted }

  /// Whether a scalar is a line break (what ``lineBreak`` holds).
  @inline(__always)
  static func isLineBreak(_ value: UInt32) -> Bool {
    (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
  }

  /// The set of `\d \D \w \W \s \S \h \H \v \V`, by its letter.
  static func perlClass(_ letter: Unicode.Scalar) -> ScalarSet? {
    switch letter {
    case "d": decimalDigit
    case "D": decimalDigit.inverted
    case "w": word
    case "W": word.inverted
    case "s": whiteSpace
    case "S": whiteSpace.inverted
    case "h": horizontalSpace
    case "H": horizontalSpace.inverted
    case "v": lineBreak
    case "V": lineBreak.inverted
    default: nil
    }
  }

  // MARK: - POSIX classes

  /// A POSIX class (`alpha` of `[[:alpha:]]`), Unicode-aware as in UTS #18 annex C.
  static func posixClass(named name: String) -> ScalarSet? {
    let category = { (categories: [Unicode.GeneralCategory]) in
      ScalarPredicate.categories(categories.reduce(0) { $0 | ScalarPredicate.categoryBit($1) })
    }
    let punctuation = category([
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation,
    ])
    let graph = ScalarPredicate.not(.union([.property(.whiteSpace), category([.control, .surrogate, .unassigned])]))
    let blank = ScalarPredicate.union([.ranges([0x09...0x09]), category([.spaceSeparator])])
    switch name {
    case "alpha": return ScalarSet(.property(.alphabetic))
    case "digit": return decimalDigit
    case "alnum": return ScalarSet(.union([.property(.alphabetic), category([.decimalNumber])]))
    case "upper": return ScalarSet(.property(.uppercase))
    case "lower": return ScalarSet(.property(.lowercase))
    case "space": return whiteSpace
    case "blank": return ScalarSet(blank)
    case "punct": return ScalarSet(punctuation)
    case "cntrl": return ScalarSet(category([.control]))
    case "xdigit": return ScalarSet(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66])
    case "word": return word
    case "graph": return ScalarSet(graph)
    case "print": return ScalarSet(.intersection([.union([graph, blank]), .not(category([.control]))]))
    case "ascii": return ScalarSet(ranges: [0...0x7F])
    default: return nil
    }
  }

  // MARK: - Unicode properties

  /// The set `\p{name}` names: a general category (`L`, `Lu`, `Letter`,
  /// `Uppercase_Letter`, `gc=Lu`, `L&`), or `Alphabetic`, `White_Space`, `Uppercase`,
  /// `Lowercase`, `Any`, `ASCII`, `Assigned`. Names match loosely (case, spaces, `_` and `-`
  /// do not count), as UTS #18 asks.
  static func property(named name: String) -> ScalarSet? {
    var loose = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" }))
      .lowercased()
    for prefix in ["gc=", "generalcategory=", "gc:", "generalcategory:"] where loose.hasPrefix(prefix) {
      loose.removeFirst(prefix.count)
    }
    let names = ScalarPredicate.categoryNames
    func mask(_ shortNames: [String]) -> ScalarSet {
      var mask: UInt32 = 0
      for (bit, entry) in names.enumerated() where shortNames.contains(entry.short) { mask |= 1 << UInt32(bit) }
      return ScalarSet(.categories(mask))
    }
    func group(_ letter: Character) -> ScalarSet { mask(names.map(\.short).filter { $0.first == letter }) }
    switch loose {
    case "l", "letter": return group("L")
    case "lc", "l&", "casedletter": return mask(["Lu", "Ll", "Lt"])
    case "m", "mark", "combiningmark": return group("M")
    case "n", "number": return group("N")
    case "p", "punctuation", "punct": return group("P")
    case "s", "symbol": return group("S")
    case "z", "separator": return group("Z")
    case "c", "other": return group("C")
    case "any": return .all
    case "ascii": return ScalarSet(ranges: [0...0x7F])
    case "assigned": return mask(["Cn"]).inverted
    case "alphabetic", "alpha": return ScalarSet(.property(.alphabetic))
    case "whitespace", "wspace", "space": return whiteSpace
    case "uppercase", "upper": return ScalarSet(.property(.uppercase))
    case "lowercase", "lower": return ScalarSet(.property(.lowercase))
    default: break
    }
    for entry in names where loose == entry.short.lowercased() || loose == entry.long.replacingUnderscores.lowercased()
    {
      return mask([entry.short])
    }
    return nil
  }
}

extension String {
  /// The text without its underscores (long property names compared loosely).
  fileprivate var replacingUnderscores: String {
    String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "_" }))
  }
}
