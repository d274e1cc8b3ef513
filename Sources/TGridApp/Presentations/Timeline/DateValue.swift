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
    var index = 0
    func digits(_ count: Int) -> Int? {
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
    func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    var sign = 0
    if take(45) { sign = -1 } else if take(43) { sign = 1 }
    // Four digits, or six after a sign (ISO 8601's expanded years, which JavaScript's
    // `Date` writes beyond 9999: `+275760-09-13`).
    var run = 0
    while index + run < bytes.count, bytes[index + run] >= 48, bytes[index + run] <= 57 { run += 1 }
    guard run == 4 || (sign != 0 && run == 6), let yearDigits = digits(run) else { return nil }
    let year = (sign == 0 ? 1 : sign) * yearDigits
    guard take(45), let month = digits(2), (1...12).contains(month) else { return nil }
    var day = 1
    if take(45) {
      guard let parsed = digits(2), (1...31).contains(parsed) else { return nil }
      day = parsed
    }
    var seconds = Double(TimelineCalendar.days(year: year, month: month, day: day)) * 86_400
    guard index < bytes.count else { return seconds }
    guard take(84) || take(116) || take(32) else { return nil }  // T, t or a space
    guard let hour = digits(2), hour <= 24, take(58), let minute = digits(2), minute < 60 else { return nil }
    var second = 0.0
    if take(58) {
      guard let whole = digits(2), whole <= 60 else { return nil }
      second = Double(whole)
      if take(46) || take(44) {
        var scale = 0.1
        var any = false
        while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
          second += Double(bytes[index] - 48) * scale
          scale /= 10
          index += 1
          any = true
        }
        guard any else { return nil }
      }
    }
    seconds += Double(hour * 3600 + minute * 60) + second
    guard index < bytes.count else { return seconds }
    if take(90) || take(122) { return index == bytes.count ? seconds : nil }
    let offsetSign: Double
    if take(43) { offsetSign = 1 } else if take(45) { offsetSign = -1 } else { return nil }
    guard let offsetHours = digits(2) else { return nil }
    _ = take(58)
    let offsetMinutes = digits(2) ?? 0
    guard index == bytes.count else { return nil }
    return seconds - offsetSign * Double(offsetHours * 3600 + offsetMinutes * 60)
  }
}
