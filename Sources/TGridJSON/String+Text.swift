extension String {
  /// Every occurrence of `target` replaced (no Foundation in the engine).
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  /// `'x'` for a single character, unchanged for descriptions like `end of input`.
  var quotedIfCharacter: String {
    unicodeScalars.count == 1 ? "'\(self)'" : self
  }
}
