import Testing

@testable import TGridApp

@Suite struct DateValueTests {
  @Test func isoDatesAndDateTimesParseToEpochSeconds() {
    #expect(DateValue.parse("1970-01-01") == 0)
    #expect(DateValue.parse("1970-01-02T00:00:01Z") == 86_401)
    #expect(DateValue.parse("1970-01-01 01:00:00+01:00") == 0)
    #expect(DateValue.parse("1969-12-31") == -86_400)
    #expect(DateValue.parse("2024-03") == DateValue.parse("2024-03-01"))
    #expect(DateValue.parse("1970-01-01T00:00:00.250Z") == 0.25)
  }

  /// A fraction of a second is added to the seconds a digit at a time (tenths, then
  /// hundredths…), so the same dates give the same doubles as they always have: summing
  /// the fraction apart first rounds some of them differently.
  @Test func fractionsAddToTheSecondsDigitByDigit() {
    for (whole, digits) in [(7, "123456789"), (59, "999999"), (0, "1"), (13, "0700000000000000001"), (1, "3")] {
      var expected = Double(whole)
      var scale = 0.1
      for digit in digits.utf8 {
        expected += Double(digit - 48) * scale
        scale /= 10
      }
      let text = "1970-01-01T00:00:\(whole < 10 ? "0" : "")\(whole).\(digits)Z"
      #expect(DateValue.parse(text) == expected, "\(text)")
      #expect(DateValue.parse(String(text.map { $0 == "." ? "," : $0 })) == expected, "\(text) with a comma")
    }
    #expect(DateValue.parse("1970-01-01T00:00:07.Z") == nil, "a separator needs a digit")
    #expect(DateValue.parse("1970-01-01T00:00:07.5+01:30") == 7.5 - 5_400)
  }

  @Test func expandedYearsNeedASignAndSixDigits() {
    // JavaScript's largest date, and year 0 and before.
    #expect(DateValue.parse("+275760-09-13T00:00:00Z") == 8.64e12, "8.64e15 ms")
    #expect(DateValue.parse("+275760-09-13") == 8.64e12, "8.64e15 ms")
    #expect(DateValue.parse("0000-01-01") == -62_167_219_200)
    #expect(DateValue.parse("-000001-01-01") == DateValue.parse("-0001-01-01"))
    #expect(DateValue.parse("275760-09-13") == nil, "six digits without a sign are not a year")
    #expect(DateValue.parse("+27576-09-13") == nil)
  }

  @Test func textThatIsNotADateIsNot() {
    for text in ["2025-13-45", "soon", "2024", "2024-03-05T25", "2024-03-05Tx", "2024-03-05Z1", ""] {
      #expect(DateValue.parse(text) == nil, "\(text)")
    }
  }
}
