import Synchronization
import TestSupport
import Testing

@testable import TGridJSON

@Suite struct SearchTests {
  // MARK: - What matches

  @Test func keysAndValuesMatchAndContainersOnlyByTheirKey() throws {
    let document = try JSONDocument(parsing: #"{"lorem": [1, "ipsum lorem"], "x": {"y": "LOREM"}, "z": "dolor"}"#)
    let search = try JSONSearch("lorem")
    let matches = try allMatches(search, document)
    #expect(matches.map { document.path(of: $0).jq } == [".lorem", ".lorem[1]", ".x.y"])
    let lorem = try #require(document[document.root, "lorem"])
    #expect(search.matchedParts(of: lorem, in: document) == .key)
    #expect(search.matchedParts(of: try #require(document[lorem, 1]), in: document) == .value)
    #expect(search.matchedParts(of: document.root, in: document) == [])
    #expect(try search.matchCount(in: document) == 3)
  }

  @Test func aNodeWhoseKeyAndValueBothMatchIsOneMatch() throws {
    let document = try JSONDocument(parsing: #"{"lorem": "lorem lorem"}"#)
    let search = try JSONSearch("lorem")
    let member = try #require(document[document.root, "lorem"])
    #expect(search.matchedParts(of: member, in: document) == [.key, .value])
    #expect(try search.matchCount(in: document) == 1)
  }

  @Test func numbersMatchByTheirSourceTextAndLiteralsByTheirName() throws {
    let document = try JSONDocument(parsing: #"[1.50e3, 1500, true, null, "nullable", -0]"#)
    #expect(try allMatches(try JSONSearch("1.50"), document).map { document.rawText(of: $0) } == ["1.50e3"])
    #expect(try allMatches(try JSONSearch("1500"), document).map { document.rawText(of: $0) } == ["1500"])
    #expect(try allMatches(try JSONSearch("E3"), document).map { document.rawText(of: $0) } == [])
    #expect(try allMatches(try JSONSearch("e3"), document).map { document.rawText(of: $0) } == ["1.50e3"])
    #expect(
      try allMatches(try JSONSearch("null"), document).map { document.rawText(of: $0) } == ["null", #""nullable""#])
    #expect(try allMatches(try JSONSearch("-0"), document).map { document.rawText(of: $0) } == ["-0"])
    #expect(try allMatches(try JSONSearch("true"), document).count == 1)
  }

  @Test func stringsAreSearchedDecoded() throws {
    let document = try JSONDocument(
      parsing: #"["caf\u00e9", "say \"hi\"", "a\nb", "back\\slash", "tab\there", "\ud83d\ude00", "plain n"]"#)
    func found(_ pattern: String) throws -> [String] {
      try allMatches(try JSONSearch(pattern), document).compactMap { document.string(of: $0) }
    }
    #expect(try found("é") == ["café"])
    #expect(try found("\"hi\"") == ["say \"hi\""])
    #expect(try found("a\nb") == ["a\nb"])
    #expect(try found("\\") == ["back\\slash"])
    #expect(try found("\t") == ["tab\there"])
    #expect(try found("😀") == ["😀"])
    // The letter of an escape is not text: `\n` holds no "n", `\t` no "t".
    #expect(try found("n") == ["plain n"])
    #expect(try found("u00") == [])
  }

  @Test func aPatternSpanningStructureMatchesNothing() throws {
    let document = try JSONDocument(parsing: #"{"a": 1, "b": [2, 3], "c": "d"}"#)
    for pattern in [": 1", "1, ", "2, 3", "[2", "\"c\"", "c\": \"d", "a\":"] {
      #expect(try JSONSearch(pattern).matchCount(in: document) == 0, "\(pattern)")
    }
  }

  @Test func anEmptyPatternMatchesNothing() throws {
    let document = try JSONDocument(parsing: #"["", {"": 1}]"#)
    let search = try JSONSearch("")
    #expect(search.isEmpty)
    #expect(try search.matchCount(in: document) == 0)
    #expect(search.nextMatch(after: nil, in: document) == nil)
    #expect(search.ranges(in: "abc").isEmpty)
  }

  // MARK: - Case

  @Test func aLowerCasePatternIgnoresCaseAndAnUpperCaseOneDoesNot() throws {
    let document = try JSONDocument(parsing: #"["Lorem", "LOREM", "lorem", "LoReM ipsum"]"#)
    #expect(try JSONSearch("lorem").matchCount(in: document) == 4)
    #expect(try JSONSearch("lorem").ignoresCase)
    #expect(try JSONSearch("Lorem").matchCount(in: document) == 1)
    #expect(try !JSONSearch("Lorem").ignoresCase)
    #expect(try JSONSearch("Lorem", caseSensitivity: .insensitive).matchCount(in: document) == 4)
    #expect(try JSONSearch("lorem", caseSensitivity: .sensitive).matchCount(in: document) == 1)
    // Digits and punctuation are not upper case.
    #expect(try JSONSearch("m ipsum-1").ignoresCase)
  }

  @Test func ignoringCaseUsesUnicodeSimpleCaseFolding() throws {
    func matches(_ pattern: String, _ text: String) throws -> Bool {
      let document = try JSONDocument(parsing: "[" + JSONStringEncoder.quoted(text) + "]")
      return try JSONSearch(pattern).matchCount(in: document) == 1
    }
    #expect(try matches("kelvin", "\u{212A}ELVIN"))  // Kelvin sign, three bytes
    #expect(try matches("kk", "\u{212A}k"))
    #expect(try matches("star", "ſtar"))  // long s
    #expect(try matches("σίσυφοσ", "ΣΊΣΥΦΟΣ"))
    #expect(try matches("σ", "ς"))
    #expect(try matches("straße", "STRAßE"))
    #expect(try matches("straße", "STRAẞE"))  // capital sharp s folds to ß
    #expect(try !matches("straße", "STRASSE"))  // full folding only
    #expect(try matches("zoë", "ZOË"))
    #expect(try matches("kraków", "KRAKÓW"))
    #expect(try matches("ꭰ", "Ꭰ"))  // Cherokee folds to capitals
    #expect(try !matches("i", "ı"))  // dotless i is its own letter
    #expect(try !matches("i", "İ"))
    #expect(try matches("東京", "東京"))
  }

  @Test func theFoldingTableCoversEveryScalarThatChangesWhenFolded() {
    var outside: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseFolded else { continue }
      if !SimpleCaseFolding.caseRanges.contains(where: { $0.contains(value) }) { outside.append(value) }
    }
    #expect(outside.isEmpty)
    // Folding is idempotent, and a few entries of CaseFolding.txt.
    for (from, to) in SimpleCaseFolding.table {
      #expect(SimpleCaseFolding.fold(to) == to, "\(from) → \(to)")
    }
    let known: [(UInt32, UInt32)] = [
      (0x41, 0x61), (0x3A3, 0x3C3), (0x3C2, 0x3C3), (0x17F, 0x73), (0x212A, 0x6B), (0x1E9E, 0xDF), (0x1F88, 0x1F80),
      (0x345, 0x3B9), (0xAB70, 0x13A0), (0x1C90, 0x10D0), (0x130, 0x130), (0x131, 0x131), (0xDF, 0xDF),
      (0x10400, 0x10428),
    ]
    for (from, to) in known { #expect(SimpleCaseFolding.fold(from) == to, "U+\(String(from, radix: 16))") }
  }

  // MARK: - Regular expressions

  @Test func regularExpressionsRunOnEachKeyAndValue() throws {
    let document = try JSONDocument(parsing: #"{"id": "A-12", "name": "a-7b", "n": 42, "ok": true}"#)
    let search = try JSONSearch(#"^a-\d+$"#, syntax: .regularExpression)
    #expect(search.ignoresCase)
    #expect(try allMatches(search, document).compactMap { document.key(of: $0) } == ["id"])
    let upper = try JSONSearch(#"^A-\d"#, syntax: .regularExpression)
    #expect(!upper.ignoresCase)
    #expect(try allMatches(upper, document).compactMap { document.key(of: $0) } == ["id"])
    // `\S` and `\D` are escapes, not upper-case letters.
    #expect(try JSONSearch(#"\D\S"#, syntax: .regularExpression).ignoresCase)
    #expect(try JSONSearch("^4", syntax: .regularExpression).matchCount(in: document) == 1)
    #expect(try JSONSearch("^(na|i)", syntax: .regularExpression).matchCount(in: document) == 2)
  }

  @Test func anInvalidRegularExpressionSaysWhereAndWhy() {
    #expect(throws: JSONSearchError(position: 3, message: "expected ')'")) {
      try JSONSearch("a(b", syntax: .regularExpression)
    }
    #expect(throws: JSONSearchError(position: 3, message: "character 'z' must compare less than or equal to 'a'")) {
      try JSONSearch("x[z-a]", syntax: .regularExpression)
    }
    #expect(JSONSearchError(position: 3, message: "expected ')'").description == "column 4: expected ')'")
    // As a literal, the same text is fine.
    #expect(throws: Never.self) { try JSONSearch("a(b") }
  }

  @Test func highlightRangesCoverEachOccurrence() throws {
    let search = try JSONSearch("ab")
    let text = "xAbyaBab"
    #expect(search.ranges(in: text).map { String(text[$0]) } == ["Ab", "aB", "ab"])
    let kelvin = "\u{212A}k"
    #expect(try JSONSearch("kk").ranges(in: kelvin).map { String(kelvin[$0]) } == [kelvin])
    let regex = try JSONSearch("b+", syntax: .regularExpression)
    #expect(regex.ranges(in: "abbcb").count == 2)
  }

  @Test func aCatastrophicRegularExpressionFindsNothingQuickly() throws {
    let strings = Array(repeating: JSONStringEncoder.quoted(String(repeating: "a", count: 30) + "!"), count: 20)
    let document = try JSONDocument(parsing: "[" + (strings + [#""aaa""#]).joined(separator: ",") + "]")
    let search = try JSONSearch("(a+)+$", syntax: .regularExpression)
    #expect(try search.matchCount(in: document) == 1)
    #expect(try allMatches(search, document).map { document.position(of: $0) } == [20])
    #expect(search.ranges(in: String(repeating: "a", count: 30) + "!").isEmpty)
    #expect(search.ranges(in: "baaa").count == 1)
  }

  @Test func aLongRegularExpressionMatchStopsWhenTheSearchIsCancelled() throws {
    // One long string: the node loop looks at its cancellation only every few thousand
    // nodes, so what stops here is the match itself. With `xy` in the pattern the raw
    // bytes are scanned for it first (the prefilter), then the expression runs.
    let long = String(repeating: "a", count: 1 << 20) + "!"
    let document = try JSONDocument(parsing: #"["xy\#(long)", "b"]"#)
    for pattern in ["(a+)+$", "xy(a+)+$"] {
      let search = try JSONSearch(pattern, syntax: .regularExpression)
      let cancelled = JSONCancellation()
      cancelled.cancel()
      #expect(throws: CancellationError.self, "\(pattern)") {
        try search.nextMatch(after: nil, in: document, wrapping: true, cancellation: cancelled)
      }
      #expect(throws: CancellationError.self, "\(pattern)") {
        try search.matchCount(in: document, cancellation: cancelled)
      }
      #expect(try search.matchCount(in: document) == 0)
    }
  }

  @Test func constructsThatNeedBacktrackingAreRefusedWithTheirPosition() {
    #expect(
      throws: JSONSearchError(
        position: 1, message: "lookahead '(?=…)' is not supported: it cannot be matched in linear time")
    ) {
      try JSONSearch("a(?=b)", syntax: .regularExpression)
    }
    #expect(
      throws: JSONSearchError(
        position: 3, message: #"backreference '\1' is not supported: it cannot be matched in linear time"#)
    ) {
      try JSONSearch(#"(a)\1"#, syntax: .regularExpression)
    }
  }

  // MARK: - Moving between matches

  @Test func nextAndPreviousWrapAroundTheDocument() throws {
    let document = try JSONDocument(parsing: #"[{"hit": 1}, 2, ["x", "hit"], {"a": {"b": "hit"}}]"#)
    let search = try JSONSearch("hit")
    let all = try allMatches(search, document)
    #expect(all.count == 3)
    #expect(search.nextMatch(after: nil, in: document) == all[0])
    #expect(search.nextMatch(after: all[0], in: document) == all[1])
    #expect(search.nextMatch(after: all[2], in: document) == all[0])
    #expect(search.nextMatch(after: all[2], in: document, wrapping: false) == nil)
    #expect(search.previousMatch(before: nil, in: document) == all[2])
    #expect(search.previousMatch(before: all[1], in: document) == all[0])
    #expect(search.previousMatch(before: all[0], in: document) == all[2])
    #expect(search.previousMatch(before: all[0], in: document, wrapping: false) == nil)
    // From a container, the next match may be inside it.
    let container = try #require(document.parent(of: all[2]))
    #expect(search.nextMatch(after: container, in: document) == all[2])
    #expect(try search.matchCount(in: document, before: all[2]) == 2)
  }

  @Test func previousFindsAMatchFarBehind() throws {
    // Far more nodes between the matches than the first stretch searched backwards.
    let text = #"["hit", "# + Array(repeating: "[1, {\"a\": 2}]", count: 20_000).joined(separator: ",") + #", "hit"]"#
    let document = try JSONDocument(parsing: text)
    let search = try JSONSearch("hit")
    let last = try #require(search.previousMatch(before: nil, in: document))
    #expect(document.position(of: last) == 20_001)
    let first = try #require(search.previousMatch(before: last, in: document))
    #expect(document.position(of: first) == 0)
    #expect(search.previousMatch(before: first, in: document) == last)
    #expect(search.nextMatch(after: first, in: document) == last)
  }

  @Test func theOnlyMatchIsItsOwnNextAndPrevious() throws {
    let document = try JSONDocument(parsing: #"[1, "only", 3]"#)
    let search = try JSONSearch("only")
    let only = try #require(search.nextMatch(after: nil, in: document))
    #expect(search.nextMatch(after: only, in: document) == only)
    #expect(search.previousMatch(before: only, in: document) == only)
  }

  // MARK: - Properties

  @Test func countsEqualABruteForceCountOverDecodedValues() throws {
    var generator = RandomJSON(seed: 0x5EA7C4)
    var checked = 0
    var matched = 0
    let rounds = SanitizerBuild.isActive ? 30 : 60
    for round in 0..<rounds {
      let text = generator.document()
      let document = try JSONDocument(parsing: text)
      for _ in 0..<5 {
        let pattern = SearchTests.pattern(from: document, using: &generator)
        let search = try JSONSearch(pattern)
        let expected = SearchTests.bruteForce(search, document)
        #expect(try allMatches(search, document) == expected, "round \(round): \(pattern.debugDescription) in \(text)")
        #expect(try search.matchCount(in: document) == expected.count)
        checked += 1
        matched += expected.count
        // Moving forwards and backwards from any node finds the neighbouring matches.
        let nodes = Array(document.descendants(of: document.root).map(\.node))
        for _ in 0..<3 {
          let node = nodes[generator.random.next(below: nodes.count)]
          let after = expected.first { $0 > node } ?? expected.first
          let before = expected.last { $0 < node } ?? expected.last
          #expect(search.nextMatch(after: node, in: document) == after, "round \(round): \(pattern.debugDescription)")
          #expect(
            search.previousMatch(before: node, in: document) == before, "round \(round): \(pattern.debugDescription)")
          #expect(try search.matchCount(in: document, before: node) == expected.filter { $0 < node }.count)
        }
        #expect(search.previousMatch(before: nil, in: document) == expected.last)
      }
    }
    #expect(checked == rounds * 5)
    #expect(matched > rounds * 10)
  }

  @Test func largeContainersOfScalarsAreSearchedByPositionLikeOthers() throws {
    // Arrays and objects of more than 32 scalars have no child table: the search finds
    // their children by arithmetic, and must find what decoding every value finds.
    let array = "[" + (0..<2000).map { $0 % 3 == 0 ? "\"lorem \($0)\"" : String($0) }.joined(separator: ", ") + "]"
    let object = "{" + (0..<500).map { "\"k\($0)\": \($0 * 7)" }.joined(separator: ", ") + "}"
    let nested = #"{"a": "# + array + #", "b": "# + object + "}"
    for text in [array, object, nested] {
      let document = try JSONDocument(parsing: text)
      for pattern in ["lorem 1", "77", "k4", "9"] {
        let search = try JSONSearch(pattern)
        let expected = SearchTests.bruteForce(search, document)
        #expect(try allMatches(search, document) == expected, "\(pattern)")
        #expect(try search.matchCount(in: document) == expected.count)
        let middle = Array(document.descendants(of: document.root).map(\.node))[text.count / 20]
        #expect(search.nextMatch(after: middle, in: document) == (expected.first { $0 > middle } ?? expected.first))
        #expect(try search.matchCount(in: document, before: middle) == expected.filter { $0 < middle }.count)
      }
      #expect(document.storage.caches.withLock { $0.childTables.isEmpty })
    }
  }

  @Test func anEditedDocumentIsSearchedNodeByNodeWithTheSameResult() throws {
    var generator = RandomJSON(seed: 0xED17)
    for _ in 0..<SanitizerBuild.samples(40, address: 40, thread: 15) {
      var document = try JSONDocument(parsing: generator.document())
      let last = document.descendants(of: document.root).reduce(document.root) { $1.node }
      if last != document.root && last.index != 0 {
        try document.replace(last, withJSON: #"{"Lorem \u00e9": ["kraków", 1.5e3]}"#)
      }
      #expect(document.isEdited || last == document.root || last.index == 0)
      for pattern in ["lorem", "é", "KRAKÓW", "kraków", "1.5", "a b"] {
        let search = try JSONSearch(pattern)
        #expect(try allMatches(search, document) == SearchTests.bruteForce(search, document), "\(pattern)")
      }
    }
  }

  @Test func aLongKeyFarFromItsValueIsFound() throws {
    // More than a megabyte between key and value: the key's offset is kept outside the tape.
    let text = #"{"short": 1, "needle key":"# + String(repeating: " ", count: 1_100_000) + #""needle value"}"#
    let document = try JSONDocument(parsing: text)
    let search = try JSONSearch("needle")
    let member = try #require(document[document.root, "needle key"])
    #expect(try allMatches(search, document) == [member])
    #expect(search.matchedParts(of: member, in: document) == [.key, .value])
    #expect(try JSONSearch("key").matchCount(in: document) == 1)
  }

  // MARK: - Growing documents, threads

  @Test func aCounterFollowsADocumentAsItLoads() throws {
    var generator = RandomJSON(seed: 77)
    let records = (0..<80).map { _ in generator.value(depth: 1) }
    let text = "[" + records.joined(separator: ",\n") + "]"
    let search = try JSONSearch("lorem")
    let expected = try search.matchCount(in: try JSONDocument(parsing: text))
    #expect(expected > 20)
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    let counter = JSONMatchCounter(search: search)
    var counts: [Int] = []
    while try !parser.advance(byteBudget: text.utf8.count / 15) {
      guard let preview = parser.preview(maximumChildren: .max) else { continue }
      let counted = try counter.count(in: preview)
      // What has loaded is counted, and only that.
      #expect(counted == SearchTests.bruteForce(search, preview).count)
      counts.append(counted)
    }
    #expect(try counter.count(in: try parser.document()) == expected)
    #expect(counts.count > 8)
    #expect(counts == counts.sorted())
  }

  @Test func aCountOnAnotherThreadStopsWhenCancelled() async throws {
    let text =
      "[" + Array(repeating: #"{"note": "lorem ipsum dolor", "n": 1}"#, count: 60_000).joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: text)
    let search = try JSONSearch("ipsum")
    let cancellation = JSONCancellation()
    cancellation.cancel()
    #expect(throws: CancellationError.self) { try search.matchCount(in: document, cancellation: cancellation) }

    // Counts on two threads while this one moves between matches; one of them is cancelled.
    let running = JSONCancellation()
    let stopped = JSONCancellation()
    async let full = Task.detached { try search.matchCount(in: document, cancellation: running) }.value
    async let cut = Task.detached { () -> Int? in
      stopped.cancel()
      return try? search.matchCount(in: document, cancellation: stopped)
    }.value
    var node: JSONNode?
    for _ in 0..<100 { node = search.nextMatch(after: node, in: document) }
    #expect(node.map { search.matches($0, in: document) } == true)
    #expect(try await full == 60_000)
    #expect(await cut == nil)
  }

  @Test func previewsAndEditedCopiesCountFromTheStartWhenTheyDoNotContinue() throws {
    let search = try JSONSearch("a")
    let counter = JSONMatchCounter(search: search)
    var document = try JSONDocument(parsing: #"["a", "b", "a"]"#)
    #expect(try counter.count(in: document) == 2)
    try document.remove(try #require(document[document.root, 0]))
    #expect(try counter.count(in: document) == 1)
    #expect(try counter.count(in: try JSONDocument(parsing: #"["a"]"#)) == 1)
  }
}

// MARK: - Helpers

/// Every match, in order, through `forEachMatch`.
private func allMatches(_ search: JSONSearch, _ document: JSONDocument) throws -> [JSONNode] {
  var result: [JSONNode] = []
  try search.forEachMatch(in: document) { node in
    result.append(node)
    return true
  }
  return result
}

extension SearchTests {
  /// The matches found by decoding every key and value and comparing folded scalars.
  static func bruteForce(_ search: JSONSearch, _ document: JSONDocument) -> [JSONNode] {
    guard !search.pattern.isEmpty else { return [] }
    func fold(_ text: String) -> [UInt32] {
      text.unicodeScalars.map { search.ignoresCase ? SimpleCaseFolding.fold($0.value) : $0.value }
    }
    let wanted = fold(search.pattern)
    func contains(_ text: String?) -> Bool {
      guard let text else { return false }
      let scalars = fold(text)
      guard scalars.count >= wanted.count else { return false }
      return (0...(scalars.count - wanted.count)).contains { scalars[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }
    return document.descendants(of: document.root).map(\.node).filter { node in
      let value: String? =
        switch document.kind(of: node) {
        case .string: document.string(of: node)
        case .number: document.numberText(of: node)
        case .true: "true"
        case .false: "false"
        case .null: "null"
        case .object, .array: nil
        }
      return contains(document.key(of: node)) || contains(value)
    }
  }

  /// A pattern that often matches: a piece of some key or value, its case sometimes changed,
  /// sometimes with structure around it.
  static func pattern(from document: JSONDocument, using generator: inout RandomJSON) -> String {
    let nodes = Array(document.descendants(of: document.root).map(\.node))
    let node = nodes[generator.random.next(below: nodes.count)]
    var text =
      generator.random.next(below: 2) == 0
      ? document.key(of: node) ?? "" : document.string(of: node) ?? document.rawText(of: node)
    if text.isEmpty || generator.random.next(below: 10) == 0 {
      text = generator.pick(RandomJSON.words + ["\":", ", \"", "\\", "\"", "e3"])
    }
    let scalars = Array(text.unicodeScalars)
    let start = generator.random.next(below: max(scalars.count, 1))
    let length = 1 + generator.random.next(below: 6)
    var piece = String(
      String.UnicodeScalarView(scalars[min(start, scalars.count)..<min(start + length, scalars.count)]))
    switch generator.random.next(below: 4) {
    case 0: piece = piece.lowercased()
    case 1: piece = piece.uppercased()
    default: break
    }
    return piece.isEmpty ? "lorem" : piece
  }

  @Test func aSearchWithATimeLimitStopsAtItsFirstCheckOnceTheTimeIsUp() throws {
    let filler = (0..<40_000).map { #"{"name": "record \#($0)"}"# }
    let document = try JSONDocument(parsing: "[" + (filler + [#""needle""#]).joined(separator: ",") + "]")
    let search = try JSONSearch("needle", syntax: .literal)
    let expired = JSONCancellation(afterMilliseconds: 0)
    #expect(expired.isCancelled)
    #expect(throws: CancellationError.self) {
      try search.nextMatch(after: nil, in: document, wrapping: true, cancellation: expired)
    }
    let roomy = JSONCancellation(afterMilliseconds: 60_000)
    #expect(!roomy.isCancelled)
    let found = try search.nextMatch(after: nil, in: document, wrapping: true, cancellation: roomy)
    #expect(found == search.nextMatch(after: nil, in: document))
    #expect(found.map { document.string(of: $0) } == "needle")
  }
}
