extension String {
  /// Every occurrence of `target` replaced (no Foundation in the engine). Matches
  /// Unicode scalars, not characters, so a `~` followed by a combining mark still matches.
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    let wanted = Array(target.unicodeScalars)
    let scalars = Array(unicodeScalars)
    guard !wanted.isEmpty else { return self }
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == wanted[0] && index + wanted.count <= scalars.count
        && Array(scalars[index..<(index + wanted.count)]) == wanted
      {
        result.append(contentsOf: replacement.unicodeScalars)
        index += wanted.count
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// `'x'` for a single character, unchanged for descriptions like `end of input`.
  var quotedIfCharacter: String {
    unicodeScalars.count == 1 ? "'\(self)'" : self
  }
}
