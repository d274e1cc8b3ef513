/// Turns a validated JSON string token into its UTF-8 value (internal).
///
/// A surrogate escape without its partner (`"\uD800"`) has no UTF-8 form; instead of the
/// replacement character it decodes to its own escape text, so it stays visible and
/// distinct.
enum JSONStringDecoder {
  /// The value of the string token at `pointer` (opening quote) of `count` bytes (closing
  /// quote included).
  static func decodedBytes(_ pointer: UnsafePointer<UInt8>, count: Int) -> [UInt8] {
    var result: [UInt8] = []
    decode(pointer, count: count, into: &result)
    return result
  }

  /// Decodes into `result`, replacing its contents (reuses its storage: no allocation once
  /// it is large enough).
  static func decode(_ pointer: UnsafePointer<UInt8>, count: Int, into result: inout [UInt8]) {
    result.removeAll(keepingCapacity: true)
    result.reserveCapacity(max(count - 2, 0))
    let end = count - 1
    var index = 1
    while index < end {
      // Copy the run up to the next backslash in one go.
      var runEnd = index
      while runEnd < end && pointer[runEnd] != 0x5C { runEnd += 1 }
      if runEnd > index {
        result.append(contentsOf: UnsafeBufferPointer(start: pointer + index, count: runEnd - index))
        index = runEnd
        continue
      }
      let byte = pointer[index]
      guard index + 1 < end else {
        result.append(byte)
        index += 1
        continue
      }
      let escape = pointer[index + 1]
      switch escape {
      case 0x62: result.append(0x08)
      case 0x66: result.append(0x0C)
      case 0x6E: result.append(0x0A)
      case 0x72: result.append(0x0D)
      case 0x74: result.append(0x09)
      case 0x75:
        guard let unit = hexValue(pointer + index + 2, available: end - index - 2) else {
          result.append(byte)
          index += 1
          continue
        }
        if unit >= 0xD800 && unit < 0xDC00, index + 12 <= end, pointer[index + 6] == 0x5C,
          pointer[index + 7] == 0x75, let low = hexValue(pointer + index + 8, available: end - index - 8),
          low >= 0xDC00 && low < 0xE000
        {
          appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &result)
          index += 12
          continue
        }
        if unit >= 0xD800 && unit < 0xE000 {
          // A lone surrogate: keep its escape text.
          result.append(contentsOf: UnsafeBufferPointer(start: pointer + index, count: 6))
        } else {
          appendUTF8(unit, to: &result)
        }
        index += 6
        continue
      default: result.append(escape)
      }
      index += 2
    }
  }

  /// The value of a string token as a Swift string.
  static func decodedString(_ pointer: UnsafePointer<UInt8>, count: Int) -> String {
    String(decoding: decodedBytes(pointer, count: count), as: UTF8.self)
  }

  private static func hexValue(_ pointer: UnsafePointer<UInt8>, available: Int) -> UInt32? {
    guard available >= 4 else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = pointer[offset]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private static func appendUTF8(_ scalar: UInt32, to result: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      result.append(UInt8(scalar))
    case 0x80..<0x800:
      result.append(UInt8(0xC0 | scalar >> 6))
      result.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      result.append(UInt8(0xE0 | scalar >> 12))
      result.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      result.append(UInt8(0x80 | scalar & 0x3F))
    default:
      result.append(UInt8(0xF0 | scalar >> 18))
      result.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
      result.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      result.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
