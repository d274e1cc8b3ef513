import TGridJSON

/// Cuts a growing stream of bytes into records as they arrive (`--follow`): a line of JSON
/// Lines, a JSON value spread over several lines (a file of concatenated pretty-printed
/// values), or a line that is not JSON, which becomes a text record.
///
/// A record is complete only at the end of its last line: a partial last line waits for its
/// newline. A line longer than ``maximumLineByteCount`` is skipped as it streams by (never
/// held whole) and reported.
struct RecordSplitter {
  /// One thing the stream said.
  enum Record: Equatable {
    /// A JSON value, on one line (a value that spanned lines is written compactly).
    case json([UInt8])
    /// A line that is not JSON (without its line break), from line `line`.
    case text([UInt8], line: Int)
    /// A line of `byteCount` bytes or more, at line `line`, over the limit: skipped.
    case tooLong(line: Int, byteCount: Int)
    /// A JSON value on one line, whose bytes are at these stream positions (given instead
    /// of ``json(_:)`` when ``mapsLines``: the stream is a mapped file).
    case mapped(Range<Int>)
  }

  /// The longest line read unless `--max-line` says otherwise: 64 MiB.
  static let defaultMaximumLineByteCount = 64 << 20
  /// The longest line read (`--max-line`).
  let maximumLineByteCount: Int
  /// Whether a JSON value on one line is given as its position (``Record/mapped(_:)``),
  /// not its bytes.
  var mapsLines = false
  /// The position of the next byte fed (the caller sets it where the stream starts).
  var position = 0
  /// The position of the first byte of the record under way.
  private var currentStart = 0
  /// The bytes of the record under way.
  private var current: [UInt8] = []
  /// Where each of its lines starts in `current`.
  private var lineStarts: [Int] = []
  /// Its first line's number (1-based).
  private var firstLine = 1
  /// The number of the line the next byte is on.
  private var line = 1
  /// Nesting of brackets in a record that starts with one, outside strings.
  private var depth = 0
  private var isInString = false
  private var isEscaped = false
  /// Bytes of an over-long line skipped so far (0: none is being skipped).
  private var skipped = 0
  private var skippedLine = 0
  /// Whether the last byte ended a line (a bracket at the start of the next one may start
  /// a record of its own).
  private var atLineStart = true

  init(maximumLineByteCount: Int) {
    self.maximumLineByteCount = max(1, maximumLineByteCount)
  }

  /// Starts over (the file was truncated): a partial record is forgotten.
  mutating func reset() {
    let mapsLines = mapsLines
    self = RecordSplitter(maximumLineByteCount: maximumLineByteCount)
    self.mapsLines = mapsLines
  }

  /// The stream ended (a pipe's writer closed it): the record under way is complete as it
  /// is. A last line without its newline is a record like any other; a value that never
  /// closed gives its lines as text records; a line skipped as too long is reported.
  mutating func end(into records: inout [Record]) {
    if skipped > 0 {
      records.append(.tooLong(line: skippedLine, byteCount: skipped))
      skipped = 0
      return
    }
    guard !current.isEmpty else { return }
    if depth == 0 || !startsWithBracket {
      finish(into: &records)
    } else {
      giveUp(into: &records)
    }
  }

  /// Takes bytes that arrived, and gives the records they complete.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, into records: inout [Record]) {
    for byte in bytes { feed(byte, into: &records) }
  }

  private mutating func feed(_ byte: UInt8, into records: inout [Record]) {
    defer { position += 1 }
    if skipped > 0 {
      skipped += 1
      if byte == 0x0A {
        records.append(.tooLong(line: skippedLine, byteCount: skipped - 1))
        skipped = 0
        line += 1
        atLineStart = true
      }
      return
    }
    defer { atLineStart = byte == 0x0A }
    if current.isEmpty {
      // Blank space between records.
      if byte == 0x0A {
        line += 1
        return
      }
      if byte == 0x20 || byte == 0x09 || byte == 0x0D { return }
      firstLine = line
      lineStarts = [0]
      currentStart = position
      depth = 0
      isInString = false
      isEscaped = false
    } else if atLineStart, depth > 0, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
      // A value that never closed, and a new record at the start of a line (as every JSON
      // Lines record is): what was held was not JSON, and each of its lines is a text line.
      giveUp(into: &records)
      firstLine = line
      lineStarts = [0]
      currentStart = position
    }
    if byte == 0x0A {
      line += 1
      if depth == 0 || !startsWithBracket {
        finish(into: &records)
      } else {
        current.append(byte)
        lineStarts.append(current.count)
      }
      return
    }
    current.append(byte)
    if current.count > maximumLineByteCount, current.count - (lineStarts.last ?? 0) > maximumLineByteCount {
      // The earlier lines of a value under way are text lines: only this one is too long.
      let tooLongStart = lineStarts.last ?? 0
      let lineNumber = firstLine + lineStarts.count - 1
      if tooLongStart > 0 {
        current.removeSubrange(tooLongStart...)
        giveUp(into: &records)
      }
      current = []
      lineStarts = []
      skipped = maximumLineByteCount + 1
      skippedLine = lineNumber
      return
    }
    guard startsWithBracket else { return }
    if isInString {
      if isEscaped {
        isEscaped = false
      } else if byte == UInt8(ascii: "\\") {
        isEscaped = true
      } else if byte == UInt8(ascii: "\"") {
        isInString = false
      }
      return
    }
    switch byte {
    case UInt8(ascii: "\""): isInString = true
    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
    default: break
    }
  }

  private var startsWithBracket: Bool {
    current.first == UInt8(ascii: "{") || current.first == UInt8(ascii: "[")
  }

  /// The record under way is complete: a JSON value, or text lines.
  private mutating func finish(into records: inout [Record]) {
    var end = current.count
    while end > 0, current[end - 1] == 0x20 || current[end - 1] == 0x09 || current[end - 1] == 0x0D { end -= 1 }
    current.removeSubrange(end...)
    if lineStarts.count == 1 {
      if Self.isOneJSONValue(current) {
        records.append(mapsLines ? .mapped(currentStart..<(currentStart + current.count)) : .json(current))
      } else {
        records.append(.text(current, line: firstLine))
      }
    } else if let document = try? JSONDocument(bytes: JSONBytes(current), options: JSONParseOptions(mode: .json)) {
      var compact: [UInt8] = []
      _ = document.appendCompactText(of: document.root, to: &compact)
      records.append(.json(compact))
    } else {
      giveUp(into: &records)
    }
    current = []
    lineStarts = []
  }

  /// What was held is not one JSON value: each of its lines becomes a text record.
  private mutating func giveUp(into records: inout [Record]) {
    for (offset, start) in lineStarts.enumerated() {
      let end = offset + 1 < lineStarts.count ? lineStarts[offset + 1] - 1 : current.count
      guard start < end else { continue }
      var text = Array(current[start..<end])
      while let last = text.last, last == 0x0D || last == 0x20 || last == 0x09 { text.removeLast() }
      if !text.isEmpty { records.append(.text(text, line: firstLine + offset)) }
    }
    current = []
    lineStarts = []
    depth = 0
    isInString = false
    isEscaped = false
  }

  /// Whether a line is exactly one JSON value.
  static func isOneJSONValue(_ line: [UInt8]) -> Bool {
    (try? JSONDocument(bytes: JSONBytes(line), options: JSONParseOptions(mode: .json))) != nil
  }
}
