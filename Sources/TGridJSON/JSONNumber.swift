/// Exact conversions of JSON number text (internal).
enum JSONNumber {
  /// The integer a number's text denotes, if it is one and fits in `Int`; computed from
  /// the decimal digits, never through `Double`.
  static func exactInteger(_ text: String) -> Int? {
    var digits: [UInt8] = []
    var isNegative = false
    var fractionDigits = 0
    var exponent = 0
    var inFraction = false
    var utf8 = text.utf8.makeIterator()
    while let byte = utf8.next() {
      switch byte {
      case 0x2D where digits.isEmpty: isNegative = true
      case 0x30...0x39:
        digits.append(byte - 0x30)
        if inFraction { fractionDigits += 1 }
      case 0x2E: inFraction = true
      case 0x65, 0x45:
        var exponentText = ""
        while let next = utf8.next() { exponentText.unicodeScalars.append(UnicodeScalar(next)) }
        guard let value = Int(exponentText.hasPrefix("+") ? String(exponentText.dropFirst()) : exponentText),
          abs(value) < 1000
        else { return nil }
        exponent = value
      default: return nil
      }
    }
    var shift = exponent - fractionDigits
    while shift < 0 {
      guard let last = digits.last, last == 0 else { return nil }
      digits.removeLast()
      shift += 1
    }
    if shift > 0 { digits.append(contentsOf: repeatElement(0, count: min(shift, 40))) }
    var value = 0
    for digit in digits {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) =
        isNegative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
      guard !overflow1 && !overflow2 else { return nil }
      value = sum
    }
    return value
  }
}

extension JSONNumber {
  /// A number's exact decimal value: sign, significant digits, exponent (internal).
  struct Decimal: Equatable {
    var isNegative: Bool
    /// Significant digits without leading or trailing zeros (empty for zero).
    var digits: [UInt8]
    /// The value is `0.digits × 10^exponent`... precisely `digits × 10^exponent`.
    var exponent: Int

    init(_ text: String) {
      var digits: [UInt8] = []
      var isNegative = false
      var fractionDigits = 0
      var inFraction = false
      var exponent = 0
      var exponentSign = 1
      var inExponent = false
      for byte in text.utf8 {
        switch byte {
        case 0x2D where inExponent: exponentSign = -1
        case 0x2D: isNegative = true
        case 0x2B: break
        case 0x2E: inFraction = true
        case 0x65, 0x45: inExponent = true
        case 0x30...0x39 where inExponent:
          // Saturate: beyond this, exponents only matter for their sign.
          exponent = min(exponent * 10 + Int(byte - 0x30), 1 << 40)
        case 0x30...0x39:
          digits.append(byte - 0x30)
          if inFraction { fractionDigits += 1 }
        default: break
        }
      }
      var scale = exponentSign * exponent - fractionDigits
      while digits.last == 0 {
        digits.removeLast()
        scale += 1
      }
      let leadingZeros = digits.prefix(while: { $0 == 0 }).count
      digits.removeFirst(leadingZeros)
      self.isNegative = isNegative && !digits.isEmpty
      self.digits = digits
      self.exponent = digits.isEmpty ? 0 : scale
    }
  }
}
