/// Writes Swift strings as JSON string literals.
public enum JSONStringEncoder {
  /// The JSON literal for `text`: in double quotes, with `"`, `\` and control characters
  /// escaped; other characters, including non-ASCII ones, written as they are.
  ///
  /// `quote` picks another quotation mark with the same escapes (JSONPath's `['key']`).
  public static func quoted(_ text: String, quote: Unicode.Scalar = "\"") -> String {
    var result = String(quote)
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case quote: result += "\\" + String(quote)
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}":
        result += "\\u00" + JSONScanner.hex(UInt8(scalar.value))
      default: result.unicodeScalars.append(scalar)
      }
    }
    result.unicodeScalars.append(quote)
    return result
  }
}
