/// A regular expression that matches in time linear in the text whatever the pattern
/// (internal): the engine behind regular-expression search and the filter's `test`.
///
/// In the manner of RE2 and Rust's `regex`: the pattern is parsed to a syntax tree
/// (``RegexParser``), compiled to an automaton (``RegexCompiler``), and run over the UTF-8
/// bytes of a text as a Pike VM (``RegexMatcher``), which advances every way of matching at
/// once. `(a+)+$` on thirty `a`s and a `!` costs what `a+$` costs; no pattern can freeze a
/// search or a filter, and a long match stops when its ``JSONCancellation`` is cancelled.
///
/// **Syntax** (the common Perl/PCRE one, which Swift `Regex` also reads):
/// - literals, escapes of punctuation (`\.`), `\t \n \r \f \a \e \0`, `\x41`, `\x{e9}`,
///   `\u00e9`, `\u{1F600}`, `\U0001F600`, `\o{101}`, `\cA`, `\N{U+E9}`, `\Q…\E`;
/// - `.` (any scalar but a line break; any with `s`), classes `[a-z]`, `[^"]`, with escapes,
///   nested classes, `&&`, `--`, `~~` and POSIX classes (`[[:alpha:]]`);
/// - `\d \w \s \h \v` and their negations `\D \W \S \H \V`, Unicode-aware (`\d` is any decimal
///   digit, `\p{Nd}`), `\R` (a line break, `\r\n` as one), `\p{L}`, `\p{Lu}`, `\pN`,
///   `\P{…}`: general categories by short or long name, and `Alphabetic`, `White_Space`,
///   `Uppercase`, `Lowercase`, `Any`, `ASCII`, `Assigned`;
/// - anchors `^ $` (the start and end of the text; of lines with `m`), `\A \z \Z`, word
///   boundaries `\b \B` (between a `\w` scalar and another);
/// - groups `( )`, `(?: )`, named groups `(?<name> )`, `(?P<name> )`, comments `(?# )`,
///   alternation `|`, quantifiers `* + ? {n} {n,} {n,m} {,m}` and their lazy forms `*? +?
///   ?? {n,m}?`;
/// - flags `(?i)`, `(?s)`, `(?m)`, `(?x)` (white space and `#` comments ignored), `(?U)`
///   (lazy by default), turned off with `-` (`(?-i)`), or for a group only (`(?i:…)`).
///
/// Matching is by Unicode scalar (`.` is one scalar, and `e` matches the `e` of `e` + U+0301),
/// as the literal search compares. Ignoring case uses Unicode simple case folding
/// (``SimpleCaseFolding``) for letters and ranges; named classes (`\p{Lu}`) keep their case.
///
/// **Refused**, with an error naming the construct and its position: backreferences (`\1`,
/// `\k<name>`), lookahead and lookbehind (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`), atomic
/// groups (`(?>…)`), possessive quantifiers (`a*+`), recursion and conditionals, which no
/// linear-time engine can match; `\G`, `\K`, `\X`; counted repetitions over 1,000; and
/// patterns that would compile to over 100,000 instructions.
struct RegularExpression: Sendable {
  /// Flags that apply to the whole pattern (the pattern's own `(?…)` can change them).
  struct Options: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    let rawValue: Int
    /// `i`: letters match their case variants.
    static let ignoresCase = Options(rawValue: 1)
    /// `s`: `.` matches line breaks too.
    static let dotMatchesLineBreaks = Options(rawValue: 2)
    /// `m`: `^` and `$` match at line breaks too.
    static let anchorsMatchLineBreaks = Options(rawValue: 4)
    /// `x`: white space and `#` comments in the pattern are ignored.
    static let isExtended = Options(rawValue: 8)
  }

  /// The pattern as given.
  let pattern: String
  /// The compiled program.
  let program: RegexProgram
  /// A literal every match contains (two scalars or more), and whether to compare it
  /// ignoring case: a search looks for it in the raw bytes first (see
  /// ``RegexNode/requiredLiteral``).
  let requiredLiteral: (text: String, ignoresCase: Bool)?

  /// Compiles a pattern.
  ///
  /// - Throws: ``JSONSearchError`` with the position (in Unicode scalars from 0) and what
  ///   is wrong: a syntax error, or a construct that cannot be matched in linear time.
  init(_ pattern: String, options: Options = []) throws(JSONSearchError) {
    var flags = RegexParser.Flags()
    flags.ignoresCase = options.contains(.ignoresCase)
    flags.dotMatchesLineBreaks = options.contains(.dotMatchesLineBreaks)
    flags.anchorsMatchLineBreaks = options.contains(.anchorsMatchLineBreaks)
    flags.isExtended = options.contains(.isExtended)
    var parser = RegexParser(pattern, flags: flags)
    let node = try parser.parse()
    self.pattern = pattern
    program = RegexCompiler.compile(node)
    requiredLiteral = node.requiredLiteral.map { literal in
      (String(String.UnicodeScalarView(literal.scalars.compactMap(Unicode.Scalar.init))), literal.ignoresCase)
    }
  }

  /// A needle for ``requiredLiteral``, to find candidates in raw bytes.
  var prefilter: SearchNeedle? {
    requiredLiteral.map { SearchNeedle($0.text, ignoresCase: $0.ignoresCase) }
  }

  /// A matcher, with the working memory for matching many texts on one thread.
  func makeMatcher() -> RegexMatcher {
    RegexMatcher(program: program)
  }

  /// Whether the expression matches anywhere in `text`.
  func matches(_ text: String) -> Bool {
    let matcher = makeMatcher()
    var copy = text
    return copy.withUTF8 { (try? matcher.matches($0)) ?? false }
  }

  /// The leftmost-first match in `text`, as Perl and Swift `Regex` would find it.
  func firstMatch(in text: String) -> Range<String.Index>? {
    ranges(in: text, limit: 1).first
  }

  /// Every match in `text`, in order and not overlapping: each search starts where the
  /// last match ended, or one scalar further after an empty match (so `x*` in `ab` is the
  /// empty matches at 0, 1 and 2). At most `limit` of them; with a `stepLimit`, those found
  /// before the matcher has taken that many steps (see ``RegexMatcher/stepLimit``).
  func ranges(in text: String, limit: Int = .max, stepLimit: Int = .max) -> [Range<String.Index>] {
    let matcher = RegexMatcher(program: program, stepLimit: stepLimit)
    var copy = text
    let offsets: [Range<Int>] = copy.withUTF8 { bytes in
      var result: [Range<Int>] = []
      var start = 0
      while start <= bytes.count, result.count < limit, let match = try? matcher.firstMatch(in: bytes, from: start) {
        result.append(match)
        if match.isEmpty {
          guard match.upperBound < bytes.count, let base = bytes.baseAddress else { break }
          start = match.upperBound + RegexMatcher.scalar(at: match.upperBound, base, bytes.count).1
        } else {
          start = match.upperBound
        }
      }
      return result
    }
    let utf8 = text.utf8
    return offsets.map {
      utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound)
    }
  }
}
