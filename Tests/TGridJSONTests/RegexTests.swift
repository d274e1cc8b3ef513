import TestSupport
import Testing

@testable import TGridJSON

/// The linear-time regular-expression engine, construct by construct.
@Suite struct RegexTests {
  // MARK: - Literals and classes

  @Test func literalsAndEscapesMatchThemselves() throws {
    #expect(try first("abc", in: "xxabcx") == "abc")
    #expect(try first(#"a\.c"#, in: "abc a.c") == "a.c")
    #expect(try first(#"\t\n\r\f\a\e\0"#, in: "-\t\n\r\u{0C}\u{07}\u{1B}\u{0}-") == "\t\n\r\u{0C}\u{07}\u{1B}\u{0}")
  }

  @Test func scalarEscapesNameScalarsByNumber() throws {
    #expect(
      try first(#"\x41\x{e9}\u00e9\u{1F600}\U0001F600\o{101}\N{U+41}\cA"#, in: "-Aéé😀😀AA\u{1}-") == "Aéé😀😀AA\u{1}")
    #expect(try first(#"\Q.*+\E+"#, in: ".*++++") == ".*++++")
    #expect(try first(#"a\Q\E"#, in: "a") == "a")
    #expect(try first(#"\{\}\[\]\(\)\|\^\$\\"#, in: #"{}[]()|^$\"#) == #"{}[]()|^$\"#)
    // A brace that does not start a quantifier is itself.
    #expect(try first("a{", in: "a{") == "a{")
    #expect(try first("a{1", in: "a{1") == "a{1")
    #expect(try first("a{x}", in: "a{x}") == "a{x}")
  }

  @Test func dotMatchesAnyScalarButALineBreakUnlessTheSFlagIsOn() throws {
    #expect(try first("a.c", in: "abc") == "abc")
    #expect(try first("a.c", in: "a日c") == "a日c")
    for lineBreak in ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
      #expect(try first("a.c", in: "a\(lineBreak)c") == nil)
      #expect(try first("(?s)a.c", in: "a\(lineBreak)c") == "a\(lineBreak)c")
      #expect(try first("a.c", in: "a\(lineBreak)c", options: .dotMatchesLineBreaks) == "a\(lineBreak)c")
    }
  }

  @Test func classesTakeRangesNegationEscapesNestingAndSetOperations() throws {
    #expect(try all("[a-c]+", in: "abcdcba") == ["abc", "cba"])
    #expect(try all("[^a-c]+", in: "abcdcba") == ["d"])
    #expect(try all(#"[\d.]+"#, in: "v1.25 x") == ["1.25"])
    #expect(try all("[]a]+", in: "x]a]x") == ["]a]"])
    #expect(try all("[a-]+", in: "b-a-") == ["-a-"])
    #expect(try all("[-a]+", in: "b-a-") == ["-a-"])
    #expect(try all(#"[\]\\]+"#, in: #"a]\b"#) == [#"]\"#])
    #expect(try all("[é-ë]", in: "eéêëì") == ["é", "ê", "ë"])
    #expect(try all("[a-z&&[^aeiou]]+", in: "strength") == ["str", "ngth"])
    #expect(try all(#"[\w--\d]+"#, in: "ab12cd") == ["ab", "cd"])
    #expect(try all("[a-c~~b-d]+", in: "abcde") == ["a", "d"])
    #expect(try all("[[:alpha:]]+", in: "été 42") == ["été"])
    #expect(try all("[[:^digit:][:space:]]+", in: "ab 12") == ["ab "])
    #expect(try all("[[:xdigit:]]+", in: "0x1F g") == ["0", "1F"])
  }

  @Test func perlClassesAreUnicodeAware() throws {
    #expect(try all(#"\d+"#, in: "a12 ٣٤ ²") == ["12", "٣٤"])  // Arabic-Indic digits; ² is not decimal
    #expect(try all(#"\w+"#, in: "naïve_x e\u{301} ok!") == ["naïve_x", "e\u{301}", "ok"])
    #expect(try all(#"\s+"#, in: "a \u{A0}\u{2003}b\tc") == [" \u{A0}\u{2003}", "\t"])
    #expect(try all(#"\D+"#, in: "a1b") == ["a", "b"])
    #expect(try all(#"\W+"#, in: "a, b") == [", "])
    #expect(try all(#"\S+"#, in: " ab c") == ["ab", "c"])
    #expect(try all(#"\h+"#, in: "a \t\nb") == [" \t"])
    #expect(try all(#"\v+"#, in: "a \n\u{2028}b") == ["\n\u{2028}"])
    #expect(try all(#"\R"#, in: "a\r\nb\nc") == ["\r\n", "\n"])
  }

  @Test func unicodePropertiesNameGeneralCategoriesAndAFewBinaryProperties() throws {
    #expect(try all(#"\p{Lu}"#, in: "aBcÉ") == ["B", "É"])
    #expect(try all(#"\p{Uppercase_Letter}"#, in: "aBc") == ["B"])
    #expect(try all(#"\p{gc=Lu}"#, in: "aBc") == ["B"])
    #expect(try all(#"\p{L}+"#, in: "ab1日本") == ["ab", "日本"])
    #expect(try all(#"\pL+"#, in: "ab1c") == ["ab", "c"])
    #expect(try all(#"\P{L}+"#, in: "ab1-c") == ["1-"])
    #expect(try all(#"\p{^L}+"#, in: "ab1-c") == ["1-"])
    #expect(try all(#"\p{N}+"#, in: "a1²Ⅷ") == ["1²Ⅷ"])
    #expect(try all(#"\p{Sc}"#, in: "5€ 3$") == ["€", "$"])
    #expect(try all(#"\p{L&}+"#, in: "aB日") == ["aB"])
    #expect(try all(#"\p{Alphabetic}+"#, in: "aß1") == ["aß"])
    #expect(try all(#"[\p{Ll}\d]+"#, in: "aB1c") == ["a", "1c"])
    #expect(throws: JSONSearchError.self) { try RegularExpression(#"\p{Greek}"#) }
  }

  // MARK: - Anchors and boundaries

  @Test func anchorsMatchAtTheEndsOfTheTextAndOfLinesWithM() throws {
    #expect(try first("^b", in: "a\nb") == nil)
    #expect(try first("(?m)^b", in: "a\nb") == "b")
    #expect(try first("a$", in: "a\nb") == nil)
    #expect(try first("a$", in: "a\n") == nil)  // as Swift `Regex`: the very end only
    #expect(try first("(?m)a$", in: "a\nb") == "a")
    #expect(try first("a$", in: "a\nb", options: .anchorsMatchLineBreaks) == "a")
    #expect(try first(#"\Aa"#, in: "ba") == nil)
    #expect(try first(#"(?m)\Aa"#, in: "b\na") == nil)
    #expect(try first(#"a\z"#, in: "a\n") == nil)
    #expect(try first(#"a\Z"#, in: "a\n") == "a")
    #expect(try first(#"a\Z"#, in: "a\r\n") == "a")
    #expect(try first(#"a\Z"#, in: "a\n\n") == nil)
    #expect(try ranges("(?m)^", in: "a\r\nb") == [0..<0, 3..<3])  // not between \r and \n
    #expect(try ranges("(?m)$", in: "a\r\nb") == [1..<1, 4..<4])
    #expect(try ranges("^", in: "ab") == [0..<0])
  }

  @Test func wordBoundariesLieBetweenWordScalarsAndOthers() throws {
    #expect(try all(#"\bfo+\b"#, in: "foo afoo foo_ foo.") == ["foo", "foo"])
    #expect(try all(#"\Bo+\B"#, in: "foo afoox") == ["o", "oo"])
    #expect(try ranges(#"\b"#, in: "ab cd") == [0..<0, 2..<2, 3..<3, 5..<5])
    #expect(try ranges(#"\b"#, in: "") == [])
    #expect(try ranges(#"\B"#, in: "") == [0..<0])
    #expect(try all(#"\bété\b"#, in: "l'été, étés") == ["été"])
  }

  // MARK: - Repetition and alternation

  @Test func quantifiersRepeatAndLazyOnesPreferFewer() throws {
    #expect(try first("ba*", in: "baaa") == "baaa")
    #expect(try first("ba+", in: "b") == nil)
    #expect(try first("ba+", in: "baa") == "baa")
    #expect(try first("ba?c", in: "bc") == "bc")
    #expect(try first("a{2}", in: "aaa") == "aa")
    #expect(try first("a{2,}", in: "aaaa") == "aaaa")
    #expect(try first("a{2,3}", in: "aaaa") == "aaa")
    #expect(try first("ba{,2}", in: "baaa") == "baa")
    #expect(try first("a{3}", in: "aa") == nil)
    #expect(try first("a{0}b", in: "ab") == "b")
    #expect(try first("ba*?", in: "baaa") == "b")
    #expect(try first("ba+?", in: "baaa") == "ba")
    #expect(try first("ba??", in: "baaa") == "b")
    #expect(try first("ba{2,3}?", in: "baaa") == "baa")
    #expect(try first("<.+?>", in: "<a><b>") == "<a>")
    #expect(try first("<.+>", in: "<a><b>") == "<a><b>")
    #expect(try first("(?U)ba+", in: "baaa") == "ba")
    #expect(try first("(?U)ba+?", in: "baaa") == "baaa")
    #expect(try first("(ab)+", in: "abababa") == "ababab")
    #expect(try first("(?:a|b)*c", in: "abbac") == "abbac")
  }

  @Test func alternationPrefersTheFirstBranchThatLeadsToAMatch() throws {
    #expect(try first("a|ab", in: "ab") == "a")
    #expect(try first("ab|a", in: "ab") == "ab")
    #expect(try first("(a|ab)(c|bcd)", in: "abcd") == "abcd")
    #expect(try first("(a|ab)c", in: "abc") == "abc")
    // The leftmost start wins over the order of branches.
    #expect(try first("b|ab", in: "xab") == "ab")
    #expect(try first("x*|b", in: "b") == "")
    #expect(try first("(|a)+", in: "aa") == "")
    #expect(try first("(a|)+", in: "aa") == "aa")
    #expect(try first("a|b|", in: "c") == "")
  }

  @Test func anIterationThatMatchesNothingEndsItsLoopAsInPerl() throws {
    #expect(try first("(a*?)*", in: "aa") == "")
    #expect(try first("(a*)*", in: "b") == "")
    #expect(try first("(a*)+b", in: "aab") == "aab")
    #expect(try first("(a|b?)*c", in: "abac") == "abac")
    #expect(try first("(?:$|a)*", in: "aa") == "aa")
  }

  @Test func groupsNamedGroupsCommentsAndExtendedSyntaxShapeThePattern() throws {
    #expect(try first("(?<year>[0-9]{4})-(?P<month>[0-9]{2})", in: "on 2024-03-01") == "2024-03")
    #expect(try first("(?'x'a)b", in: "ab") == "ab")
    #expect(try first("a(?#comment)b", in: "ab") == "ab")
    #expect(try first("(?x) a b  # a comment\n c", in: "abc") == "abc")
    #expect(try first(#"(?x) a\ b [ ]"#, in: "a b ") == "a b ")
    #expect(try first("a b", in: "a b", options: .isExtended) == nil)
    #expect(try first("a(?x: b )c", in: "abc") == "abc")
    #expect(try first("(?|a|b)c", in: "bc") == "bc")
  }

  // MARK: - Case

  @Test func ignoringCaseUsesUnicodeSimpleCaseFolding() throws {
    #expect(try first("(?i)k", in: "\u{212A}") == "\u{212A}")  // the Kelvin sign
    #expect(try first("(?i)σ", in: "ς") == "ς")
    #expect(try first("(?i)ΣΑΣ", in: "σας") == "σας")
    #expect(try first("(?i)ß", in: "ẞ") == "ẞ")
    #expect(try first("(?i)ss", in: "ß") == nil)  // full folding is not used
    #expect(try all("(?i)[a-z]+", in: "Ab\u{212A}1") == ["Ab\u{212A}"])
    #expect(try first("(?i)[^a]", in: "A") == nil)
    #expect(try first("(?i)é", in: "É") == "É")
    #expect(try first("(?i:a)b", in: "AB") == nil)
    #expect(try first("(?i:a)b", in: "Ab") == "Ab")
    #expect(try first("a(?-i)b", in: "AB", options: .ignoresCase) == nil)
    #expect(try first("a(?-i)b", in: "Ab", options: .ignoresCase) == "Ab")
    #expect(try first("(?i)a|b", in: "B") == "B")  // the flag holds to the end of its group
    // Named classes keep their case, as in Swift `Regex`.
    #expect(try first(#"(?i)\p{Lu}"#, in: "a") == nil)
  }

  // MARK: - Scalars and bytes

  @Test func matchesAreUnicodeScalarsNotCharacters() throws {
    let decomposed = "e\u{301}"
    #expect(try ranges("e", in: decomposed) == [0..<1])
    #expect(try ranges(".", in: decomposed) == [0..<1, 1..<2])
    #expect(try ranges("^.$", in: decomposed) == [])
    #expect(try ranges("é", in: decomposed) == [])  // no normalisation, as the literal search
    #expect(try ranges("😀+", in: "a😀😀b") == [1..<3])
  }

  @Test func emptyMatchesAdvanceOneScalarAtATime() throws {
    #expect(try ranges("x*", in: "ab") == [0..<0, 1..<1, 2..<2])
    #expect(try ranges("x*", in: "日😀") == [0..<0, 1..<1, 2..<2])
    // After a match, the next search starts where it ended, so an empty match may follow.
    #expect(try ranges("a*", in: "baa") == [0..<0, 1..<3, 3..<3])
    #expect(try ranges("a*", in: "aab") == [0..<2, 2..<2, 3..<3])
    #expect(try ranges("", in: "") == [0..<0])
    #expect(try ranges("a|", in: "ab") == [0..<1, 1..<1, 2..<2])
  }

  @Test func invalidUTF8MatchesAsReplacementCharacters() throws {
    let matcher = try RegularExpression(#"a.b"#).makeMatcher()
    let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0x61, 0xE2, 0x82, 0x62]
    let found = try bytes.withUnsafeBufferPointer { try matcher.firstMatch(in: $0) }
    #expect(found == 0..<3)
    // Each invalid byte is one U+FFFD (an incomplete sequence too, byte by byte).
    let replacement = try RegularExpression("\u{FFFD}b").makeMatcher()
    #expect(try bytes.withUnsafeBufferPointer { try replacement.firstMatch(in: $0) } == 1..<3)
    #expect(try bytes.withUnsafeBufferPointer { try replacement.firstMatch(in: $0, from: 3) } == 5..<7)
  }

  @Test func aSearchFromAnOffsetSeesTheTextBeforeIt() throws {
    let matcher = try RegularExpression(#"\bb"#).makeMatcher()
    let text = Array("ab b".utf8)
    #expect(try text.withUnsafeBufferPointer { try matcher.firstMatch(in: $0, from: 1) } == 3..<4)
    let anchored = try RegularExpression("^b").makeMatcher()
    #expect(try text.withUnsafeBufferPointer { try anchored.firstMatch(in: $0, from: 1) } == nil)
  }

  @Test func aLiteralEveryMatchContainsIsReadFromTheSyntaxTree() throws {
    func literal(_ pattern: String) throws -> String? {
      try RegularExpression(pattern).requiredLiteral.map { ($0.ignoresCase ? "any case " : "") + $0.text.lowercased() }
    }
    #expect(try literal("Kra[ck]ów") == "kra")
    #expect(try literal("^2024-03-0[1-3]") == "2024-03-0")
    #expect(try literal("(?i)error") == "any case error")
    #expect(try literal("(?i)straße") == "any case straße")
    #expect(try literal(#"x\.com"#) == "x.com")
    #expect(try literal("(?:ab)+c") == "ab")
    #expect(try literal(#"\bab\b"#) == "ab")
    #expect(try literal("(?x) a b c") == "abc")
    #expect(try literal("(?i:ab)cd") == "any case abcd")
    #expect(try literal("a|bc") == nil)
    #expect(try literal("(abc)?d") == nil)
    #expect(try literal("ab*c") == nil)
    #expect(try literal(#"\d+"#) == nil)
  }

  // MARK: - Errors

  @Test func constructsThatNeedBacktrackingAreRefusedWithTheirPosition() {
    let cases: [(String, Int, String)] = [
      (#"(a)\1"#, 3, #"backreference '\1'"#),
      (#"(?<n>a)\k<n>"#, 7, #"backreference '\k'"#),
      ("(?P<n>a)(?P=n)", 8, "backreference '(?P=name)'"),
      ("a(?=b)", 1, "lookahead '(?=…)'"),
      ("a(?!b)", 1, "negative lookahead '(?!…)'"),
      ("(?<=a)b", 0, "lookbehind '(?<=…)'"),
      ("(?<!a)b", 0, "negative lookbehind '(?<!…)'"),
      ("x(?>a+)", 1, "atomic group '(?>…)'"),
      ("xa*+", 2, "possessive quantifier '*+'"),
      ("xa{2,3}+", 2, "possessive quantifier '{2,3}+'"),
      ("a(?R)", 1, "recursion '(?R…)'"),
      ("(a)(?1)", 3, "recursion '(?1…)'"),
      ("(?(1)a|b)", 0, "conditional '(?(…)…)'"),
      ("(*ACCEPT)", 0, "a backtracking verb or '(*…)' group"),
    ]
    for (pattern, position, construct) in cases {
      let expected = JSONSearchError(
        position: position, message: "\(construct) is not supported: it cannot be matched in linear time")
      #expect(throws: expected, "\(pattern)") { try RegularExpression(pattern) }
    }
  }

  @Test func syntaxErrorsSayWhereAndWhy() {
    let cases: [(String, Int, String)] = [
      ("a(b", 3, "expected ')'"),
      ("x[z-a]", 3, "character 'z' must compare less than or equal to 'a'"),
      ("a)", 1, "unbalanced ')': no group is open here"),
      ("*a", 0, "quantifier '*' must appear after expression"),
      ("a**", 2, "quantifier '*' must appear after expression"),
      ("a|+", 2, "quantifier '+' must appear after expression"),
      ("{2}", 0, "quantifier '{2}' must appear after expression"),
      ("[a", 2, "expected ']'"),
      (#"\"#, 0, "expected escape sequence"),
      (#"a\q"#, 1, #"invalid escape sequence '\q'"#),
      ("(?q)", 2, "unknown or unsupported option 'q'"),
      ("a{1001}", 1, "repetition count 1001 is over the limit of 1000"),
      ("a{3,2}", 1, "repetition {3,2}: the lower bound is above the upper bound"),
      ("(a{1000}){1000}", 9, RegexParser.tooLargeMessage),
      (#"[\d-z]"#, 1, "a class cannot start a range"),
      (#"[a-\d]"#, 3, "a class cannot end a range"),
      ("[[:foo:]]", 1, "unknown POSIX class '[:foo:]'"),
      ("((?P", 4, "expected '<', '=' or '>' after '(?P'"),
      ("(?<1a>x)", 3, "expected a group name"),
      ("(?<a", 4, "expected '>' to end the group name"),
      (#"\G"#, 0, #"\G (the end of the previous match) is not supported"#),
      (#"\X"#, 0, #"\X (a grapheme cluster) is not supported: patterns match Unicode scalars"#),
      (#"\x{110000}"#, 0, "U+110000 is not a Unicode scalar value"),
      (#"\u{D800}"#, 0, "U+D800 is not a Unicode scalar value"),
      (String(repeating: "(", count: 300), 200, "groups and classes nested more than 200 deep"),
    ]
    for (pattern, position, message) in cases {
      #expect(throws: JSONSearchError(position: position, message: message), "\(pattern)") {
        try RegularExpression(pattern)
      }
    }
  }

  // MARK: - Linear time and cancellation

  @Test func catastrophicPatternsTakeStepsLinearInTheText() throws {
    let cases: [(pattern: String, letter: String, end: String)] = [
      ("(a+)+$", "a", "!"), ("(a|aa)*b", "a", "!"), ("(x+x+)+y", "x", "!"), ("(.*)*x", "a", "!"),
      ("(a|a)*c", "a", "!"), ("^(\\w+\\s?)*$", "a", "!"),
    ]
    for (pattern, letter, end) in cases {
      let regex = try RegularExpression(pattern)
      for length in [30, 1000, 10_000] {
        let matcher = regex.makeMatcher()
        var text = String(repeating: letter, count: length) + end
        let found = try text.withUTF8 { try matcher.firstMatch(in: $0) }
        #expect(found == nil, "\(pattern) on \(length)")
        // Each byte steps at most every instruction, plus what reaching them takes.
        let bound = 3 * regex.program.instructions.count * (text.utf8.count + 1)
        #expect(matcher.steps <= bound, "\(pattern) on \(length): \(matcher.steps) steps")
        #expect(matcher.steps >= length, "\(pattern) on \(length): every byte is looked at")
      }
    }
    #expect(try first("(a+)+$", in: String(repeating: "a", count: 10_000)) == String(repeating: "a", count: 10_000))
  }

  @Test func aMatchOverMegabytesStopsOnceCancelled() async throws {
    let regex = try RegularExpression("(a+)+$")
    let text = String(repeating: "a", count: 32 << 20) + "!"
    // Already cancelled: it stops at its first look.
    let cancelled = JSONCancellation()
    cancelled.cancel()
    let matcher = regex.makeMatcher()
    var copy = text
    #expect(throws: CancellationError.self) {
      try copy.withUTF8 { try matcher.firstMatch(in: $0, cancellation: cancelled) }
    }
    #expect(matcher.steps <= 2 * RegexMatcher.stepsPerCheck)

    // Cancelled from this thread while another runs the match.
    let running = JSONCancellation()
    let task = Task.detached { () -> Bool in
      var text = text
      return (try? text.withUTF8 { try regex.makeMatcher().matches($0, cancellation: running) }) == nil
    }
    try await Task.sleep(nanoseconds: 20_000_000)
    running.cancel()
    #expect(await task.value, "the match threw CancellationError")
  }

  @Test func rangesWithAStepLimitReturnWhatTheyFoundWithinIt() throws {
    // Every position of the text keeps hundreds of threads running.
    let regex = try RegularExpression("(?:.{0,20}){10}x")
    let text = String(repeating: "a", count: 500) + "x"
    #expect(regex.ranges(in: text).count == 1)
    #expect(regex.ranges(in: text, stepLimit: 20_000).isEmpty)
    #expect(regex.ranges(in: "ax", stepLimit: 20_000).count == 1)
  }

  // MARK: - Helpers

  private func first(_ pattern: String, in text: String, options: RegularExpression.Options = []) throws -> String? {
    try RegularExpression(pattern, options: options).firstMatch(in: text).map { String(text.unicodeScalars[$0]) }
  }

  private func all(_ pattern: String, in text: String) throws -> [String] {
    try RegularExpression(pattern).ranges(in: text).map { String(text.unicodeScalars[$0]) }
  }

  /// Matches as ranges of scalar offsets.
  private func ranges(_ pattern: String, in text: String) throws -> [Range<Int>] {
    let scalars = text.unicodeScalars
    return try RegularExpression(pattern).ranges(in: text).map {
      scalars.distance(
        from: scalars.startIndex, to: $0.lowerBound)..<scalars.distance(from: scalars.startIndex, to: $0.upperBound)
    }
  }
}
