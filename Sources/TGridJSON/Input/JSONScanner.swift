/// Where and why parsing stopped (internal; turned into a ``JSONSyntaxError`` with line and
/// column by whoever holds the whole text).
struct ParseFailure: Error {
  /// Byte offset of the offending byte (or the end of the input).
  var offset: Int
  var message: String
}

/// The byte-level scanners of the parser (internal): whitespace, strings, numbers.
///
/// Strings are scanned eight bytes at a time (SWAR): one 64-bit load tells whether the next
/// eight bytes hold a quote, a backslash, a control byte or a non-ASCII byte; only then does
/// the scanner look at single bytes. Every function takes the buffer's base, an index and
/// the end index, and never reads at or past the end.
enum JSONScanner {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  /// High bit set in each byte of `word` that is `"`, `\`, below 0x20 or above 0x7F. The
  /// lowest flagged byte is exact (higher ones may be false alarms, never used).
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let quotes = word ^ 0x2222_2222_2222_2222
    let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
    let quoteZero = (quotes &- ones) & ~quotes
    let backslashZero = (backslashes &- ones) & ~backslashes
    let control = (word &- 0x2020_2020_2020_2020) & ~word
    return (quoteZero | backslashZero | control | word) & highBits
  }

  /// High bit set in each byte that is `"` or `\` (lowest exact).
  @inline(__always)
  static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
    let quotes = word ^ 0x2222_2222_2222_2222
    let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
    return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highBits
  }

  @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
  }

  @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Index of the first byte at or after `index` that is not JSON whitespace.
  @inline(__always)
  static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int) -> Int {
    var index = index
    while index < end {
      let byte = base[index]
      if byte > 0x20 { return index }
      if byte == 0x20 {
        // Indentation comes in runs of spaces: skip them eight at a time.
        if end &- index >= 8 && load(base + index) == 0x2020_2020_2020_2020 {
          index &+= 8
          continue
        }
      } else if byte != 0x0A && byte != 0x0D && byte != 0x09 {
        return index
      }
      index &+= 1
    }
    return index
  }

  /// Scans a string whose opening quote is at `index - 1`; returns the index just past the
  /// closing quote. Validates UTF-8 and escapes; sets `escaped` when there is a backslash.
  @inline(__always)
  static func scanString(
    _ base: UnsafePointer<UInt8>, from index: Int, end: Int, escaped: inout Bool
  ) throws(ParseFailure) -> Int {
    var index = index
    while true {
      while end &- index >= 8 {
        let special = specialBytes(load(base + index))
        if special != 0 {
          index &+= special.trailingZeroBitCount >> 3
          break
        }
        index &+= 8
      }
      guard index < end else {
        throw ParseFailure(offset: end, message: "unterminated string: expected '\"' before the end of the input")
      }
      let byte = base[index]
      if byte == 0x22 { return index &+ 1 }
      if byte == 0x5C {
        escaped = true
        index = try scanEscape(base, at: index, end: end)
      } else if byte >= 0x80 {
        index = try validateUTF8(base, at: index, end: end)
      } else if byte < 0x20 {
        throw ParseFailure(
          offset: index,
          message: "control character \(unicodeName(byte)) must be escaped in a string"
            + (byte == 0x0A ? " (or the string is missing its closing '\"')" : ""))
      } else {
        index &+= 1
      }
    }
  }

  /// Validates the escape whose backslash is at `index`; returns the index after it.
  static func scanEscape(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) throws(ParseFailure) -> Int {
    guard index &+ 1 < end else {
      throw ParseFailure(offset: end, message: "unterminated string: expected '\"' before the end of the input")
    }
    switch base[index &+ 1] {
    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
      return index &+ 2
    case 0x75:
      var digit = index &+ 2
      while digit < index &+ 6 {
        guard digit < end, isHexDigit(base[digit]) else {
          throw ParseFailure(offset: min(digit, end), message: "expected four hexadecimal digits after '\\u'")
        }
        digit &+= 1
      }
      return digit
    default:
      throw ParseFailure(
        offset: index &+ 1,
        message: "invalid escape '\\\(describe(base, at: index &+ 1, end: end))': expected one of "
          + "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    }
  }

  /// Validates one multi-byte UTF-8 sequence whose lead byte is at `index` (RFC 3629: no
  /// overlong forms, no surrogates, nothing above U+10FFFF); returns the index after it.
  static func validateUTF8(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) throws(ParseFailure) -> Int {
    let lead = base[index]
    var length = 0
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xE1...0xEF: length = 3
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF4:
      length = 4
      upper = 0x8F
    case 0xF1...0xF3: length = 4
    default:
      throw ParseFailure(offset: index, message: "invalid UTF-8: byte 0x\(hex(lead)) cannot start a character")
    }
    guard end &- index >= length else {
      throw ParseFailure(offset: index, message: "invalid UTF-8: character cut off by the end of the input")
    }
    let second = base[index &+ 1]
    guard second >= lower && second <= upper else {
      throw ParseFailure(offset: index, message: "invalid UTF-8: byte 0x\(hex(second)) after 0x\(hex(lead))")
    }
    var next = index &+ 2
    while next < index &+ length {
      guard base[next] & 0xC0 == 0x80 else {
        throw ParseFailure(offset: index, message: "invalid UTF-8: byte 0x\(hex(base[next])) inside a character")
      }
      next &+= 1
    }
    return next
  }

  /// What is wrong with the UTF-8 sequence at `index`, or nil if it is a valid character.
  static func invalidUTF8Message(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> String? {
    do throws(ParseFailure) {
      _ = try validateUTF8(base, at: index, end: end)
      return nil
    } catch {
      return error.message
    }
  }

  /// Scans a number starting at `index` (a digit or `-`); returns the index after it.
  @inline(__always)
  static func scanNumber(_ base: UnsafePointer<UInt8>, from index: Int, end: Int) throws(ParseFailure) -> Int {
    var next = index
    if base[next] == 0x2D {
      next &+= 1
      guard next < end, isDigit(base[next]) else {
        if next < end && base[next] == 0x49 {
          throw ParseFailure(offset: index, message: "-Infinity is not valid JSON (RFC 8259 has no infinities)")
        }
        throw ParseFailure(offset: next, message: "expected a digit after '-'")
      }
    }
    if base[next] == 0x30 {
      next &+= 1
      if next < end && isDigit(base[next]) {
        throw ParseFailure(offset: next &- 1, message: "numbers cannot have leading zeros")
      }
    } else {
      next &+= 1
      while next < end && isDigit(base[next]) { next &+= 1 }
    }
    if next < end && base[next] == 0x2E {
      next &+= 1
      guard next < end, isDigit(base[next]) else {
        throw ParseFailure(offset: next, message: "expected a digit after the decimal point")
      }
      while next < end && isDigit(base[next]) { next &+= 1 }
    }
    if next < end && base[next] | 0x20 == 0x65 {
      next &+= 1
      if next < end && (base[next] == 0x2B || base[next] == 0x2D) { next &+= 1 }
      guard next < end, isDigit(base[next]) else {
        throw ParseFailure(offset: next, message: "expected a digit in the exponent")
      }
      while next < end && isDigit(base[next]) { next &+= 1 }
    }
    return next
  }

  /// Length in bytes of an already validated scalar's text (strings with their quotes).
  static func scalarLength(at pointer: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, kind: UInt64) -> Int {
    switch kind {
    case TapeWord.null, TapeWord.true: return 4
    case TapeWord.false: return 5
    case TapeWord.number:
      var next = pointer
      while next < end {
        let byte = next.pointee
        guard isDigit(byte) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte | 0x20 == 0x65 else { break }
        next += 1
      }
      return next - pointer
    default:
      return stringLength(at: pointer, end: end)
    }
  }

  /// Length of a validated string token starting at its opening quote.
  ///
  /// A control byte cannot be in a valid string: meeting one means the bytes changed
  /// under the document (a truncated mapping reads as zeros), and the token ends there
  /// rather than at the far end of the buffer.
  static func stringLength(at pointer: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int {
    var next = pointer + 1
    while next < end {
      if end - next >= 8 {
        let word = load(next)
        let special = quoteOrBackslash(word) | ((word &- 0x2020_2020_2020_2020) & ~word & highBits)
        if special == 0 {
          next += 8
          continue
        }
        next += special.trailingZeroBitCount >> 3
      }
      let byte = next.pointee
      if byte == 0x22 { return next + 1 - pointer }
      if byte < 0x20 { return next - pointer }
      next += byte == 0x5C ? 2 : 1
    }
    return end - pointer
  }

  // MARK: - Describing bytes in messages

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  static func unicodeName(_ byte: UInt8) -> String {
    "U+00" + hex(byte)
  }

  /// `'x'` for a printable byte, `U+000A` for a control byte, the character for UTF-8,
  /// `byte 0xFF (invalid UTF-8)` for a byte that starts no character.
  static func describe(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> String {
    guard index < end else { return "end of input" }
    let byte = base[index]
    if byte < 0x20 || byte == 0x7F { return unicodeName(byte) }
    if byte < 0x80 { return String(UnicodeScalar(byte)) }
    if invalidUTF8Message(base, at: index, end: end) != nil { return "byte 0x\(hex(byte)) (invalid UTF-8)" }
    var length = 1
    while length < 4 && index + length < end && base[index + length] & 0xC0 == 0x80 { length += 1 }
    let text = String(decoding: UnsafeBufferPointer(start: base + index, count: length), as: UTF8.self)
    return text.unicodeScalars.first.map { String($0) } ?? "0x" + hex(byte)
  }
}
