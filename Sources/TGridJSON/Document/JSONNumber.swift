/// Exact arithmetic on JSON number text (internal): never through `Double`.
enum JSONNumber {
  /// A number's exact decimal value: `±digits × 10^exponent`.
  struct Decimal: Equatable {
    var isNegative: Bool
    /// Significant digits without leading or trailing zeros (empty for zero).
    var digits: [UInt8]
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

    /// The value as an `Int`, if it is an integer that fits.
    var exactInteger: Int? {
      guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
      var value = 0
      for digit in digits + repeatElement(0, count: exponent) {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, carry) =
          isNegative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
        guard !overflow && !carry else { return nil }
        value = sum
      }
      return value
    }
  }
}
