/// A terminal's answer to "where is the cursor?" (`CSI 6n`): `ESC [ row ; column R`, both
/// counted from 1.
public enum CursorReport {
  /// The first cursor position report in `bytes` and the bytes it takes, or `nil` when
  /// there is none (yet). Bytes around it are other input (keys typed meanwhile).
  public static func find(in bytes: [UInt8]) -> (report: (row: Int, column: Int), range: Range<Int>)? {
    var start = 0
    while start < bytes.count {
      guard let escape = bytes[start...].firstIndex(of: 0x1B) else { return nil }
      var index = escape + 1
      guard index < bytes.count else { return nil }
      guard bytes[index] == UInt8(ascii: "[") else {
        start = escape + 1
        continue
      }
      index += 1
      var numbers = [0]
      var digits = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
          digits += 1
        } else if byte == UInt8(ascii: ";"), digits > 0, numbers.count == 1 {
          numbers.append(0)
          digits = 0
        } else {
          break
        }
        index += 1
      }
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "R"), numbers.count == 2, digits > 0 {
        return ((numbers[0], numbers[1]), escape..<(index + 1))
      }
      start = escape + 1
    }
    return nil
  }
}
