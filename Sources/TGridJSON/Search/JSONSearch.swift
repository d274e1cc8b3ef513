/// A search over a whole document: which nodes match a pattern, in document order.
///
/// **What is searched.** Every member's key (decoded: `"\u00e9"` is `é`) and every scalar:
/// strings decoded, numbers by their source text (`1.50e3` is found by `1.50`, not by
/// `1500`), `true`, `false` and `null` by their text. A node matches when its key or its
/// value does; arrays and objects match only by their key. A node is one match however
/// often the pattern occurs in it.
///
/// **Patterns.** A literal pattern matches where its Unicode scalars occur in that order
/// (no normalisation: a precomposed `é` does not match `e` + U+0301). A regular expression
/// uses the common Perl/PCRE syntax (`\d`, `[a-z]+`, `(?i)`, `\p{L}`, `^`/`$` at the ends of
/// the text; see ``RegularExpression`` for all of it and what is refused), matches Unicode
/// scalars as a literal does, and is tried on each key and value on its own. It runs in time
/// linear in the text whatever the pattern (`(a+)+$` cannot freeze a search), and stops
/// within a fraction of a millisecond of its ``JSONCancellation``. An empty pattern matches
/// nothing.
///
/// **Case.** With ``CaseSensitivity/smart`` (the default) a pattern without upper-case
/// letters ignores case (for a regular expression, letters after a backslash do not
/// count: `\d\S` is still lower case). Ignoring case uses Unicode simple case folding: `k`
/// matches `K` and the Kelvin sign, `σ` matches `Σ` and `ς`, `straße` matches `STRAßE`
/// (but not `STRASSE`, which needs full folding).
///
/// **Speed.** A literal on an unedited document (or a preview of one still loading) is
/// found in the raw bytes: rare bytes of the pattern are looked for sixteen at a time, and
/// only hits are compared, mapped to their node through the tape, and decoded when their
/// string has escapes; strings with escapes are found by their backslashes. A regular
/// expression with a literal every match must contain (`Kra[ck]ów` needs `Kra`, `(?i)error`
/// needs `error` in any case) is run only on the keys and values where a raw scan finds
/// that literal; other expressions, and edited documents, look at every key and value.
///
/// **Threads.** A search and a document are values: count on a background thread while the
/// main thread moves between matches; pass a ``JSONCancellation`` to stop a count early.
public struct JSONSearch: Sendable {
  /// How the pattern is read.
  public enum Syntax: Sendable, Hashable {
    /// The characters of the pattern, as they are.
    case literal
    /// A regular expression (Perl/PCRE syntax, matched in linear time).
    case regularExpression
  }

  /// Whether letter case matters.
  public enum CaseSensitivity: Sendable, Hashable {
    /// Ignore case when the pattern has no upper-case letter.
    case smart
    /// Case matters.
    case sensitive
    /// Case never matters.
    case insensitive
  }

  /// Which parts of a node match.
  public struct Parts: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int
    /// Makes a set from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The member's key.
    public static let key = Parts(rawValue: 1)
    /// The scalar value.
    public static let value = Parts(rawValue: 2)
  }

  /// The pattern as given.
  public let pattern: String
  /// How the pattern is read.
  public let syntax: Syntax
  /// Whether case is ignored (resolved from the case sensitivity and the pattern).
  public let ignoresCase: Bool

  let needle: SearchNeedle?
  /// For a regular expression: the compiled expression.
  let regex: RegularExpression?
  /// For a regular expression: a literal every match contains, to find candidates fast.
  let prefilter: SearchNeedle?

  /// Compiles a search.
  ///
  /// - Throws: ``JSONSearchError`` for a regular expression that does not parse or uses a
  ///   construct that cannot be matched in linear time (a backreference, lookaround), with
  ///   the position of the problem.
  public init(_ pattern: String, syntax: Syntax = .literal, caseSensitivity: CaseSensitivity = .smart)
    throws(JSONSearchError)
  {
    self.pattern = pattern
    self.syntax = syntax
    switch caseSensitivity {
    case .sensitive: ignoresCase = false
    case .insensitive: ignoresCase = true
    case .smart:
      ignoresCase = SimpleCaseFolding.isLowerCase(syntax == .literal ? pattern : JSONSearch.unescapedLetters(pattern))
    }
    switch syntax {
    case .literal:
      needle = SearchNeedle(pattern, ignoresCase: ignoresCase)
      regex = nil
      prefilter = nil
    case .regularExpression:
      needle = nil
      let regex = try RegularExpression(pattern, options: ignoresCase ? .ignoresCase : [])
      self.regex = regex
      prefilter = regex.prefilter
    }
  }

  /// The most steps ``ranges(in:)`` takes for one text.
  static let highlightStepLimit = 1 << 20

  /// A matcher for the regular expression (its working memory, for one run on one thread).
  func makeMatcher() -> RegexMatcher? {
    regex?.makeMatcher()
  }

  /// Whether the pattern can match anything (it is not empty).
  public var isEmpty: Bool { pattern.isEmpty }

  // MARK: - One node

  /// Which parts of a node match: its key, its value, both or none (for highlighting).
  public func matchedParts(of node: JSONNode, in document: JSONDocument) -> Parts {
    // Without a cancellation nothing stops the match, so it never throws.
    (try? matchedParts(of: node, in: document, matcher: makeMatcher(), cancellation: nil)) ?? []
  }

  /// ``matchedParts(of:in:)`` with a regular expression's matcher (nil for a literal),
  /// stopping when `cancellation` is cancelled.
  func matchedParts(
    of node: JSONNode, in document: JSONDocument, matcher: RegexMatcher?, cancellation: JSONCancellation?
  )
    throws(CancellationError) -> Parts
  {
    guard !isEmpty else { return [] }
    var parts: Parts = []
    let index = document.valid(node)
    if let (pointer, count) = document.keyToken(node),
      try test(
        token: UnsafeBufferPointer(start: pointer, count: count), isString: true,
        isEscaped: TapeWord.isKeyEscaped(document.storage.word(index)), matcher: matcher, cancellation: cancellation)
    {
      parts.insert(.key)
    }
    if let (pointer, count) = document.scalarToken(node) {
      let kind = TapeWord.kind(document.storage.word(index))
      let isString = kind == TapeWord.string || kind == TapeWord.escapedString
      let token = UnsafeBufferPointer(start: pointer, count: count)
      if try test(
        token: token, isString: isString, isEscaped: kind == TapeWord.escapedString, matcher: matcher,
        cancellation: cancellation)
      {
        parts.insert(.value)
      }
    }
    return parts
  }

  /// Whether a node's key or value matches.
  public func matches(_ node: JSONNode, in document: JSONDocument) -> Bool {
    !matchedParts(of: node, in: document).isEmpty
  }

  /// Where the pattern occurs in a text (a key or value as shown), for highlighting the
  /// matched characters; ranges do not overlap, and empty matches are left out. Ranges lie
  /// on Unicode scalar boundaries (not always on character ones).
  ///
  /// A regular expression looks for about a million steps at most (a few milliseconds):
  /// highlights are drawn with every frame, and an expression that compiles to a very large
  /// program could otherwise make each frame slow. What it found by then is returned.
  public func ranges(in text: String) -> [Range<String.Index>] {
    guard !isEmpty else { return [] }
    if let regex {
      return regex.ranges(in: text, stepLimit: JSONSearch.highlightStepLimit).filter { !$0.isEmpty }
    }
    guard let needle else { return [] }
    let scalars = text.unicodeScalars
    var result: [Range<String.Index>] = []
    var start = scalars.startIndex
    outer: while start < scalars.endIndex {
      var position = start
      for wanted in needle.scalars {
        guard position < scalars.endIndex else { break outer }
        let value = scalars[position].value
        guard (ignoresCase ? SimpleCaseFolding.fold(value) : value) == wanted else {
          start = scalars.index(after: start)
          continue outer
        }
        position = scalars.index(after: position)
      }
      result.append(start..<position)
      start = position
    }
    return result
  }

  // MARK: - Moving between matches

  /// The first match after `node` in document order (pre-order: a container before its
  /// children), or the first match of the document when `node` is nil. With `wrapping`, the
  /// search goes on from the start of the document (and may come back to `node` itself).
  public func nextMatch(after node: JSONNode?, in document: JSONDocument, wrapping: Bool = true) -> JSONNode? {
    try? nextMatch(after: node, in: document, wrapping: wrapping, cancellation: nil)
  }

  /// ``nextMatch(after:in:wrapping:)`` that stops when `cancellation` is cancelled (or its
  /// time is up): a search as the pattern is typed in a file of gigabytes.
  /// - Throws: `CancellationError` when stopped before it found a match or the end.
  public func nextMatch(
    after node: JSONNode?, in document: JSONDocument, wrapping: Bool = true, cancellation: JSONCancellation?
  ) throws(CancellationError) -> JSONNode? {
    let first = document.root.index
    let end = document.storage.words.count
    let start =
      node.map { document.storage.subtreeEnd(document.valid($0)) == $0.index + 1 ? $0.index + 1 : $0.index + 2 }
      ?? first
    if let found = try firstMatch(in: document, range: start..<end, cancellation: cancellation) {
      return JSONNode(index: found)
    }
    guard wrapping, node != nil else { return nil }
    return try firstMatch(in: document, range: first..<start, cancellation: cancellation).map(JSONNode.init(index:))
  }

  /// The last match before `node` in document order, or the last match of the document when
  /// `node` is nil. With `wrapping`, the search goes on from the end of the document.
  public func previousMatch(before node: JSONNode?, in document: JSONDocument, wrapping: Bool = true) -> JSONNode? {
    try? previousMatch(before: node, in: document, wrapping: wrapping, cancellation: nil)
  }

  /// ``previousMatch(before:in:wrapping:)`` that stops when `cancellation` is cancelled.
  /// - Throws: `CancellationError` when stopped before it found a match or the start.
  public func previousMatch(
    before node: JSONNode?, in document: JSONDocument, wrapping: Bool = true, cancellation: JSONCancellation?
  ) throws(CancellationError) -> JSONNode? {
    let first = document.root.index
    let end = document.storage.words.count
    let limit = node.map { document.valid($0) } ?? end
    if let found = try lastMatch(in: document, range: first..<limit, cancellation: cancellation) {
      return JSONNode(index: found)
    }
    guard wrapping, let node else { return nil }
    return try lastMatch(in: document, range: node.index..<end, cancellation: cancellation).map(JSONNode.init(index:))
  }

  // MARK: - Counting

  /// The number of matching nodes in the document.
  ///
  /// - Throws: `CancellationError` once `cancellation` is cancelled (checked between
  ///   stretches of about a megabyte, or a few thousand nodes).
  public func matchCount(in document: JSONDocument, cancellation: JSONCancellation? = nil) throws(CancellationError)
    -> Int
  {
    var count = 0
    try scan(document, range: document.root.index..<document.storage.words.count, cancellation: cancellation) { _ in
      count += 1
      return true
    }
    return count
  }

  /// The number of matching nodes before `node` in document order (so a match's number in
  /// `match 3/1,204` is this plus one).
  public func matchCount(in document: JSONDocument, before node: JSONNode, cancellation: JSONCancellation? = nil)
    throws(CancellationError) -> Int
  {
    var count = 0
    try scan(document, range: document.root.index..<document.valid(node), cancellation: cancellation) { _ in
      count += 1
      return true
    }
    return count
  }

  /// Calls `body` with each matching node in document order, starting at `start` (the
  /// whole document when nil), until it returns false.
  public func forEachMatch(
    in document: JSONDocument, from start: JSONNode? = nil, cancellation: JSONCancellation? = nil,
    _ body: (JSONNode) -> Bool
  ) throws(CancellationError) {
    let lower = start.map { document.valid($0) } ?? document.root.index
    try scan(document, range: lower..<document.storage.words.count, cancellation: cancellation) {
      body(JSONNode(index: $0))
    }
  }

  // MARK: - Helpers

  /// The pattern without each character that follows a backslash.
  private static func unescapedLetters(_ pattern: String) -> String {
    var result = String.UnicodeScalarView()
    var isEscaped = false
    for scalar in pattern.unicodeScalars {
      if !isEscaped && scalar != "\\" { result.append(scalar) }
      isEscaped = !isEscaped && scalar == "\\"
    }
    return String(result)
  }
}
