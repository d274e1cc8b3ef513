/// Finds, in bytes arriving chunk by chunk, where the last complete token ends (internal):
/// after the last structural character (`, : [ ] { }`) outside strings. A parser of a stream
/// can parse up to there without meeting a token cut off by the chunk's end.
struct StructuralScan {
  private var inString = false
  private var escaped = false

  /// Scans `base[start..<end]`, which follow the bytes scanned before; returns the position
  /// after the last structural character among them outside strings, or nil if none.
  mutating func lastSafeEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var index = start
    var inString = self.inString
    var escaped = self.escaped
    var safe: Int?
    while index < end {
      let byte = base[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x22 {
          inString = false
        }
      } else {
        switch byte {
        case 0x22: inString = true
        case 0x2C, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D: safe = index + 1
        default: break
        }
      }
      index += 1
    }
    self.inString = inString
    self.escaped = escaped
    return safe
  }
}
