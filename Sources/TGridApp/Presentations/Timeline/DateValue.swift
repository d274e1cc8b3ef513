import TGridJSON
import TermGrid

/// Reads a JSON value as a moment in time, in seconds since 1970 (UTC): ISO 8601 and RFC
/// 3339 strings (`2024-03-05`, `2024-03-05T14:30:00Z`, `2024-03-05 14:30:00.250+01:00`,
/// `2024-03`, `+275760-09-13`), and numbers as epoch seconds, or milliseconds when they are too large to be
/// seconds of any plausible date (above 10¹¹, about the year 5138).
enum DateValue {
  /// Epoch numbers above this are milliseconds.
  static let millisecondThreshold = 1e11

  /// The time a value stands for, or `nil` when it is not a date.
  static func seconds(of node: JSONNode, in document: JSONDocument) -> Double? {
    switch document.kind(of: node) {
    case .number:
      guard let value = document.double(of: node), value.isFinite else { return nil }
      return abs(value) >= millisecondThreshold ? value / 1000 : value
    case .string:
      // The bytes as they are in the text: no string made for each of millions of dates.
      return document.withStringBytes(of: node) { parse(bytes: $0) } ?? nil
    default:
      return nil
    }
  }

  /// Parses an ISO 8601 / RFC 3339 date or date-time.
  static func parse(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0) }
  }

  /// ``parse(_:)`` of a date's UTF-8 bytes.
  static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard bytes.count >= 7, bytes.count <= 40 else { return nil }
    // A cursor of its own, not functions nested here that change a captured index: those
    // check exclusive access at run time on every call (a tenth of reading a million dates).
    var cursor = DateCursor(bytes: bytes)
    var sign = 0
    if cursor.take(45) { sign = -1 } else if cursor.take(43) { sign = 1 }
    // Four digits, or six after a sign (ISO 8601's expanded years, which JavaScript's
    // `Date` writes beyond 9999: `+275760-09-13`).
    let run = cursor.digitRun()
    guard run == 4 || (sign != 0 && run == 6), let yearDigits = cursor.digits(run) else { return nil }
    let year = (sign == 0 ? 1 : sign) * yearDigits
    guard cursor.take(45), let month = cursor.digits(2), (1...12).contains(month) else { return nil }
    var day = 1
    if cursor.take(45) {
      guard let parsed = cursor.digits(2), (1...31).contains(parsed) else { return nil }
      day = parsed
    }
    var seconds = Double(TimelineCalendar.days(year: year, month: month, day: day)) * 86_400
    guard !cursor.isAtEnd else { return seconds }
    guard cursor.take(84) || cursor.take(116) || cursor.take(32) else { return nil }  // T, t or a space
    guard let hour = cursor.digits(2), hour <= 24, cursor.take(58), let minute = cursor.digits(2), minute < 60 else {
      return nil
    }
    var second = 0.0
    if cursor.take(58) {
      guard let whole = cursor.digits(2), whole <= 60 else { return nil }
      second = Double(whole)
      if cursor.take(46) || cursor.take(44) {
        guard let withFraction = cursor.fraction(after: second) else { return nil }
        second = withFraction
      }
    }
    seconds += Double(hour * 3600 + minute * 60) + second
    guard !cursor.isAtEnd else { return seconds }
    if cursor.take(90) || cursor.take(122) { return cursor.isAtEnd ? seconds : nil }
    let offsetSign: Double
    if cursor.take(43) { offsetSign = 1 } else if cursor.take(45) { offsetSign = -1 } else { return nil }
    guard let offsetHours = cursor.digits(2) else { return nil }
    _ = cursor.take(58)
    let offsetMinutes = cursor.digits(2) ?? 0
    guard cursor.isAtEnd else { return nil }
    return seconds - offsetSign * Double(offsetHours * 3600 + offsetMinutes * 60)
  }
}

/// A place in a date's bytes (``DateValue/parse(bytes:)``), moved on by what it reads.
private struct DateCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  var isAtEnd: Bool { index >= bytes.count }

  /// Steps over `byte` if it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// The value of the next `count` bytes, if they are all digits (else nil, staying put).
  mutating func digits(_ count: Int) -> Int? {
    guard index + count <= bytes.count else { return nil }
    var value = 0
    for offset in 0..<count {
      let byte = bytes[index + offset]
      guard byte >= 48 && byte <= 57 else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    index += count
    return value
  }

  /// How many digits follow, without moving.
  func digitRun() -> Int {
    var run = 0
    while index + run < bytes.count, bytes[index + run] >= 48, bytes[index + run] <= 57 { run += 1 }
    return run
  }

  /// `whole` with the fraction that follows its separator: tenths, hundredths…, added to it
  /// one digit at a time (the rounding the seconds have always had); nil without a digit.
  mutating func fraction(after whole: Double) -> Double? {
    var value = whole
    var scale = 0.1
    var any = false
    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
      value += Double(bytes[index] - 48) * scale
      scale /= 10
      index += 1
      any = true
    }
    return any ? value : nil
  }
}
