/// Why a JSON text is not valid, and where: `line L, column C: message`.
///
/// Lines and columns count from 1; columns count characters (Unicode scalars), not bytes,
/// and a tab counts as one. ``excerpt`` shows the offending line (a window around the
/// column when the line is long) with a caret under the column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Line of the error, from 1.
  public let line: Int
  /// Column of the error, from 1, in characters.
  public let column: Int
  /// Byte offset of the error in the input (the input's length at an unexpected end).
  public let byteOffset: Int
  /// What was found and what was expected, e.g. `expected ',' or ']', found '}'`.
  public let message: String
  /// The offending line, or a window of it around the column (marked with `…`).
  public let sourceLine: String
  /// Blanks (tabs where the line has tabs) and a `^` under the column of ``sourceLine``.
  public let caretLine: String

  /// Widest excerpt shown in full; longer lines are cut to a window around the column.
  static let excerptLimit = 120
  /// Characters shown on each side of the column in a window.
  static let windowRadius = 50

  /// `line L, column C: message`.
  public var description: String { "line \(line), column \(column): \(message)" }

  /// The offending line and the caret line, separated by a newline.
  public var excerpt: String { sourceLine + "\n" + caretLine }

  /// `name:L:C: message` followed by the indented excerpt, as compilers print errors.
  public func rendered(fileName: String) -> String {
    "\(fileName):\(line):\(column): \(message)\n    \(sourceLine)\n    \(caretLine)"
  }

  /// Locates a parse failure in the text it came from.
  ///
  /// A text that is not UTF-8 but UTF-16 or UTF-32 is reported as such, at its start.
  init(_ failure: ParseFailure, in bytes: JSONBytes) {
    self.init(failure, in: bytes, from: TextPosition.Counter(start: bytes), floor: 0)
  }

  /// Locates a parse failure in a text whose bytes before `floor` are gone (a parser that
  /// gives back what it parsed): `counter` holds the line and column at `floor`, and the
  /// failure lies far enough past it (more than a line excerpt's width) that the excerpt
  /// and the position are the ones the whole text gives.
  /// With `releasingPages` (a mapped text whose parsed pages were released), the pages
  /// counted over leave the process's memory as the count goes (see
  /// ``TextPosition/locate(_:in:from:releasingPages:)``), and the excerpt reads at most
  /// ``JSONParser/retainedInputByteCount`` bytes either side of the failure: a line longer
  /// than that shows as a window either way.
  init(
    _ failure: ParseFailure, in bytes: JSONBytes, from counter: TextPosition.Counter, floor: Int,
    releasingPages: Bool = false
  ) {
    var failure = failure
    if let encoding = TextEncodingSniffer.foreignEncoding(bytes.base, count: bytes.count) {
      failure = ParseFailure(
        offset: 0,
        message:
          "this looks like \(encoding.name); tgrid reads UTF-8 (convert it with iconv -f \(encoding.iconvName) -t UTF-8)"
      )
    }
    let offset = min(max(failure.offset, 0), bytes.count)
    let position = TextPosition.locate([offset], in: bytes, from: counter, releasingPages: releasingPages)[0]
    line = position.line
    column = position.column
    byteOffset = offset
    message = failure.message
    let reach = releasingPages ? JSONParser.retainedInputByteCount : Int.max
    (sourceLine, caretLine) = JSONSyntaxError.excerpt(
      bytes, offset: offset, floor: offset > reach ? max(floor, offset - reach) : floor,
      ceiling: bytes.count - offset > reach ? offset + reach : bytes.count)
  }

  /// An error at an explicit position (for errors found outside the parser).
  init(line: Int, column: Int, byteOffset: Int, message: String, sourceLine: String, caretLine: String) {
    self.line = line
    self.column = column
    self.byteOffset = byteOffset
    self.message = message
    self.sourceLine = sourceLine
    self.caretLine = caretLine
  }

  private static func excerpt(_ bytes: JSONBytes, offset: Int, floor: Int, ceiling: Int) -> (String, String) {
    let base = bytes.base
    // Bytes from `ceiling` on are not read (a line reaching past it is windowed either way).
    let count = min(bytes.count, ceiling)
    // Bytes before `floor` are gone: a line reaching back past it is longer than the
    // excerpt's limit either way, so only its window is shown.
    var lineStart = offset
    while lineStart > floor && base[lineStart - 1] != 0x0A && base[lineStart - 1] != 0x0D { lineStart -= 1 }
    if lineStart == 0 && count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
      lineStart = min(3, offset)
    }
    var lineEnd = offset
    while lineEnd < count && base[lineEnd] != 0x0A && base[lineEnd] != 0x0D { lineEnd += 1 }

    // Cut long lines to a window of whole characters around the offset.
    var windowStart = lineStart
    var windowEnd = lineEnd
    if lineEnd - lineStart > excerptLimit {
      windowStart = offset
      var characters = 0
      while windowStart > lineStart && characters < windowRadius {
        windowStart -= 1
        if base[windowStart] & 0xC0 != 0x80 { characters += 1 }
      }
      windowEnd = offset
      characters = 0
      while windowEnd < lineEnd && characters <= windowRadius {
        windowEnd += 1
        while windowEnd < lineEnd && base[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
        characters += 1
      }
    }
    let before = visible(UnsafeBufferPointer(start: base + windowStart, count: offset - windowStart))
    let after = visible(UnsafeBufferPointer(start: base + offset, count: windowEnd - offset))
    let prefix = windowStart > lineStart ? "…" : ""
    let suffix = windowEnd < lineEnd ? "…" : ""
    var caret = prefix.isEmpty ? "" : " "
    for scalar in before.unicodeScalars {
      caret += scalar == "\t" ? "\t" : String(repeating: " ", count: TerminalWidth.of(scalar))
    }
    return (prefix + before + after + suffix, caret + "^")
  }

  /// The text with control characters other than tab shown as `�`.
  private static func visible(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
      text = String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
    }
    return text
  }
}
