import TGridSystem

/// The two ways through a document: the raw bytes (literals on unedited text) or node by
/// node (regular expressions, edited documents).
extension JSONSearch {
  /// Bytes scanned between cancellation checks, and nodes visited between them.
  static let bytesPerCheck = 1 << 20
  static let nodesPerCheck = 4096

  /// Calls `body` with the tape index of each matching node in `range` (tape indices, the
  /// lower bound a node), in order, until it returns false.
  func scan(
    _ document: JSONDocument, range: Range<Int>, cancellation: JSONCancellation?, _ body: (Int) -> Bool
  ) throws(CancellationError) {
    guard !isEmpty, !range.isEmpty else { return }
    let storage = document.storage
    let isInByteOrder = storage.isUnedited || storage.isPartial
    if let needle, needle.canScanBytes, isInByteOrder {
      try scanBytes(storage, needle: needle, range: range, cancellation: cancellation, body)
    } else if let prefilter, prefilter.canScanBytes, isInByteOrder, let matcher = makeMatcher() {
      // Candidates hold the literal; the expression decides (and a long match stops when
      // the search is cancelled).
      var stopped: CancellationError?
      try scanBytes(storage, needle: prefilter, range: range, cancellation: cancellation) { node in
        do throws(CancellationError) {
          let parts = try matchedParts(
            of: JSONNode(index: node), in: document, matcher: matcher, cancellation: cancellation)
          guard !parts.isEmpty else { return true }
        } catch {
          stopped = error
          return false
        }
        return body(node)
      }
      if let stopped { throw stopped }
    } else {
      try scanNodes(document, range: range, cancellation: cancellation, body)
    }
  }

  /// The first match in a range of tape indices.
  func firstMatch(in document: JSONDocument, range: Range<Int>, cancellation: JSONCancellation? = nil)
    throws(CancellationError) -> Int?
  {
    var found: Int?
    try scan(document, range: range, cancellation: cancellation) { node in
      found = node
      return false
    }
    return found
  }

  /// The last match in a range of tape indices: stretches of growing size scanned from the
  /// end backwards, each forwards.
  func lastMatch(in document: JSONDocument, range: Range<Int>, cancellation: JSONCancellation? = nil)
    throws(CancellationError) -> Int?
  {
    let storage = document.storage
    var upper = range.upperBound
    var span = 4096
    while upper > range.lowerBound {
      let lower = nodeBoundary(atOrBefore: max(range.lowerBound, upper - span), in: storage, floor: range.lowerBound)
      var found: Int?
      try scan(document, range: lower..<upper, cancellation: cancellation) { node in
        found = node
        return true
      }
      if let found { return found }
      upper = lower
      span = min(span * 4, Int.max / 8)
    }
    return nil
  }

  /// `index` if a node starts there, else the container whose info word it is.
  private func nodeBoundary(atOrBefore index: Int, in storage: JSONStorage, floor: Int) -> Int {
    guard index > floor else { return floor }
    return storage.containerIndex().isContainer(at: index - 1) ? index - 1 : index
  }

  // MARK: - Node by node

  private func scanNodes(
    _ document: JSONDocument, range: Range<Int>, cancellation: JSONCancellation?, _ body: (Int) -> Bool
  ) throws(CancellationError) {
    let storage = document.storage
    let matcher = makeMatcher()
    var index = range.lowerBound
    var visited = 0
    while index < range.upperBound {
      visited += 1
      if visited % JSONSearch.nodesPerCheck == 0, cancellation?.isCancelled == true { throw CancellationError() }
      let parts = try matchedParts(
        of: JSONNode(index: index), in: document, matcher: matcher, cancellation: cancellation)
      if !parts.isEmpty, !body(index) { return }
      index += storage.isContainer(index) ? 2 : 1
    }
  }

  /// Whether a key or scalar token matches: its content for strings (decoded when it has
  /// escapes), its whole text otherwise.
  func test(
    token: UnsafeBufferPointer<UInt8>, isString: Bool, isEscaped: Bool, matcher: RegexMatcher?,
    cancellation: JSONCancellation?
  ) throws(CancellationError) -> Bool {
    guard let base = token.baseAddress else { return false }
    if isEscaped {
      let decoded = JSONStringDecoder.decodedBytes(base, count: token.count)
      return try decoded.withUnsafeBufferPointer { content throws(CancellationError) in
        try test(content: content, matcher: matcher, cancellation: cancellation)
      }
    }
    let content = isString ? UnsafeBufferPointer(start: base + 1, count: max(token.count - 2, 0)) : token
    return try test(content: content, matcher: matcher, cancellation: cancellation)
  }

  private func test(content: UnsafeBufferPointer<UInt8>, matcher: RegexMatcher?, cancellation: JSONCancellation?)
    throws(CancellationError) -> Bool
  {
    if let needle { return needle.occurs(in: content) }
    guard let matcher else { return false }
    return try matcher.matches(content, cancellation: cancellation)
  }

  // MARK: - Raw bytes

  /// Where the text of a range of tape indices lies, and where the text that can be
  /// searched ends (a preview holds only complete values).
  private func byteRange(of range: Range<Int>, in storage: JSONStorage, locator: OffsetLocator) -> Range<Int> {
    let lower = range.lowerBound == 0 ? 0 : locator.memberStart(range.lowerBound)
    if range.upperBound < storage.words.count { return lower..<max(lower, locator.memberStart(range.upperBound)) }
    guard storage.isPartial else { return lower..<storage.original.count }
    // The end of the last token on the tape: down the chain of last children.
    var node = 0
    while storage.childCount(node) > 0 { node = storage.lastChild(of: node) }
    let value = Int(storage.valueOffset(of: node))
    let end: Int
    if storage.isContainer(node) {
      end = value + 1
    } else {
      end = value + storage.scalarToken(node).count
    }
    return lower..<max(lower, min(end, storage.original.count))
  }

  @_optimize(speed)
  private func scanBytes(
    _ storage: JSONStorage, needle: SearchNeedle, range: Range<Int>, cancellation: JSONCancellation?,
    _ body: (Int) -> Bool
  ) throws(CancellationError) {
    let locator = OffsetLocator(storage: storage)
    let bytes = byteRange(of: range, in: storage, locator: locator)
    let base = storage.original.base
    let upper = bytes.upperBound
    var position = bytes.lowerBound
    // The next backslash at or after `position` (`upper`: none), which marks a string with
    // escapes; the next raw match, and how far raw matches have been looked for.
    var backslash = -1
    var pending: Range<Int>?
    var searched = position
    var lastNode = -1
    var scratch: [UInt8] = []

    func report(_ token: OffsetLocator.Token) -> Bool {
      guard token.node != lastNode, range.contains(token.node) else { return true }
      lastNode = token.node
      return body(token.node)
    }

    while position < upper {
      if cancellation?.isCancelled == true { throw CancellationError() }
      if backslash < position {
        backslash = ByteScanning.firstOffset(of: 0x5C, in: base, from: position, to: upper) ?? upper
      }
      if let match = pending, match.lowerBound < position { pending = nil }
      if pending == nil && needle.canMatchRaw && searched < upper {
        let limit = min(upper, searched + JSONSearch.bytesPerCheck)
        if let (match, resume) = needle.firstMatch(
          base, from: searched, lower: bytes.lowerBound, limit: limit, upper: upper)
        {
          pending = match
          searched = resume
        } else {
          searched = limit
        }
      }
      let rawSearchDone = !needle.canMatchRaw || searched >= upper
      let nextRaw = pending?.lowerBound ?? (rawSearchDone ? upper : searched)
      if backslash < nextRaw {
        // A string with escapes (a key or a value): decode it and look in the text; only a
        // match needs the tape, to find the node.
        guard let token = JSONSearch.stringToken(holding: backslash, base, lower: bytes.lowerBound, upper: upper) else {
          position = backslash + 1
          continue
        }
        JSONStringDecoder.decode(base + token.lowerBound, count: token.count, into: &scratch)
        if scratch.withUnsafeBufferPointer({ needle.occurs(in: $0) }), let located = locator.token(at: backslash),
          !report(located)
        {
          return
        }
        position = token.upperBound
        continue
      }
      guard let match = pending else {
        if rawSearchDone { return }
        continue  // nothing in this stretch: look further
      }
      guard let token = locator.token(at: match.lowerBound) else {
        position = match.lowerBound + 1
        continue
      }
      if token.isEscaped {
        JSONStringDecoder.decode(base + token.range.lowerBound, count: token.range.count, into: &scratch)
        if scratch.withUnsafeBufferPointer({ needle.occurs(in: $0) }), !report(token) { return }
        position = token.range.upperBound
      } else if token.content.lowerBound <= match.lowerBound && match.upperBound <= token.content.upperBound {
        if !report(token) { return }
        position = token.range.upperBound
      } else {
        position = match.lowerBound + 1
      }
    }
  }

  /// The string token (key or value) holding the byte at `offset`, quotes included: back to
  /// the quote that no backslash escapes (inside a string every quote is escaped), then
  /// forwards past the closing one.
  static func stringToken(holding offset: Int, _ base: UnsafePointer<UInt8>, lower: Int, upper: Int) -> Range<Int>? {
    var quote = offset - 1
    while quote >= lower {
      if base[quote] == 0x22 {
        var before = quote - 1
        while before >= lower && base[before] == 0x5C { before -= 1 }
        if (quote - 1 - before) % 2 == 0 { break }
      }
      quote -= 1
    }
    guard quote >= lower else { return nil }
    let length = JSONScanner.stringLength(at: base + quote, end: base + upper)
    return quote..<(quote + length)
  }
}
