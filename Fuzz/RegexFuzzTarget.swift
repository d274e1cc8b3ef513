// libFuzzer target for the regular-expression engine. Built by `Scripts/fuzz-json.sh SECONDS
// regex` together with Sources/TGridJSON/**/*.swift as one module.
//
// The input, read as UTF-8 text, is a pattern, a line break, and a text (the pattern alone
// when there is no line break; the text is also matched as raw bytes, invalid UTF-8 and
// all). A pattern either compiles or is refused with an error that points inside it. A
// compiled one matches in steps linear in the text; its first match lies in the text on
// scalar boundaries and contains the literal the expression says every match contains;
// `matches` agrees with `firstMatch`; all matches come in order without overlapping.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegularExpressions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let lineBreak = bytes.firstIndex(of: 0x0A) ?? size
  let pattern = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<lineBreak]), as: UTF8.self)
  let rawText =
    lineBreak < size
    ? UnsafeBufferPointer(rebasing: bytes[(lineBreak + 1)...]) : UnsafeBufferPointer(start: data, count: 0)
  let options: RegularExpression.Options = size % 3 == 0 ? [.ignoresCase] : (size % 3 == 1 ? [.isExtended] : [])
  let regex: RegularExpression
  do throws(JSONSearchError) {
    regex = try RegularExpression(pattern, options: options)
  } catch {
    guard let position = error.position, position >= 0, position <= pattern.unicodeScalars.count, !error.message.isEmpty
    else {
      fatalError("error \(error) outside a pattern of \(pattern.unicodeScalars.count) scalars")
    }
    return 0
  }
  let instructions = regex.program.instructions.count
  guard instructions <= RegexParser.maximumInstructions + 1 else {
    fatalError("\(instructions) instructions for \(pattern.debugDescription)")
  }

  // Raw bytes, invalid UTF-8 included.
  check(regex, rawText, pattern: pattern)
  // The same as a string (invalid bytes replaced).
  var text = String(decoding: rawText, as: UTF8.self)
  text.withUTF8 { check(regex, $0, pattern: pattern) }
  var previousEnd = text.startIndex
  for range in regex.ranges(in: text) {
    guard range.lowerBound >= previousEnd else {
      fatalError("overlapping or unordered ranges for \(pattern.debugDescription)")
    }
    previousEnd = range.upperBound
  }
  return 0
}

private func check(_ regex: RegularExpression, _ text: UnsafeBufferPointer<UInt8>, pattern: String) {
  let matcher = regex.makeMatcher()
  let bound = 3 * regex.program.instructions.count * (text.count + 1) + RegexMatcher.stepsPerCheck
  let found: Range<Int>?
  let any: Bool
  do throws(CancellationError) {
    found = try matcher.firstMatch(in: text)
    guard matcher.steps <= bound else {
      fatalError("\(matcher.steps) steps for \(text.count) bytes: \(pattern.debugDescription)")
    }
    any = try matcher.matches(text)
  } catch {
    fatalError("cancelled without a cancellation")
  }
  guard any == (found != nil) else { fatalError("matches and firstMatch disagree for \(pattern.debugDescription)") }
  guard let found else { return }
  guard found.lowerBound >= 0, found.upperBound <= text.count, found.lowerBound <= found.upperBound else {
    fatalError("\(found) outside \(text.count) bytes")
  }
  for edge in [found.lowerBound, found.upperBound] where edge < text.count && text[edge] & 0xC0 == 0x80 {
    // Inside a sequence that decodes: an invalid byte on its own is its own scalar.
    var lead = edge
    while lead > 0 && edge - lead < 3 && text[lead] & 0xC0 == 0x80 { lead -= 1 }
    if let base = text.baseAddress, lead < edge, lead + RegexMatcher.scalar(at: lead, base, text.count).1 > edge {
      fatalError("a match edge at \(edge) inside a scalar for \(pattern.debugDescription)")
    }
  }
  // (U+FFFD in the literal could stand for an invalid byte that decoding the string
  // replaces differently.)
  if let literal = regex.requiredLiteral, !literal.text.unicodeScalars.contains("\u{FFFD}") {
    let matched = String(decoding: UnsafeBufferPointer(rebasing: text[found]), as: UTF8.self).unicodeScalars.map(
      \.value)
    let wanted = literal.text.unicodeScalars.map(\.value)
    let fold = { (value: UInt32) in literal.ignoresCase ? SimpleCaseFolding.fold(value) : value }
    let haystack = matched.map(fold)
    let needle = wanted.map(fold)
    let contains =
      haystack.count >= needle.count
      && (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    guard contains else {
      fatalError("a match of \(pattern.debugDescription) lacks its required literal \(literal.text.debugDescription)")
    }
  }
}
