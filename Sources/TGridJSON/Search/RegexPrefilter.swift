/// A literal that every match of a regular expression contains (internal), so a search can
/// find candidate keys and values in the raw bytes and run the expression only on those.
///
/// Conservative: only ASCII text outside groups, classes and alternations, not made
/// optional by a quantifier; any construct it does not know gives no literal (and the
/// search runs the expression on every key and value). ASCII only because `Regex` compares
/// characters, so a non-ASCII literal could match a canonically equivalent spelling that a
/// byte scan would not see.
enum RegexPrefilter {
  /// The longest required run of literal characters (at least two), if one is certain.
  static func requiredLiteral(in pattern: String) -> String? {
    let scalars = Array(pattern.unicodeScalars)
    var runs: [[Unicode.Scalar]] = []
    var run: [Unicode.Scalar] = []
    func endRun() {
      if !run.isEmpty { runs.append(run) }
      run = []
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "|":
        return nil
      case "\\":
        guard index + 1 < scalars.count else { return nil }
        let escaped = scalars[index + 1]
        if escaped.properties.isAlphabetic || escaped.value &- 0x30 < 10 {
          // A class (`\d`, `\w`, `\s`) or an assertion (`\b`) ends the run; anything else
          // (`\p{…}`, `\x…`, back references) is not understood.
          guard "dDwWsSbB".unicodeScalars.contains(escaped) else { return nil }
          endRun()
        } else {
          run.append(escaped)
        }
        index += 2
        continue
      case "[":
        endRun()
        guard let close = classEnd(scalars, from: index) else { return nil }
        index = close + 1
        continue
      case "(":
        if index + 1 < scalars.count && scalars[index + 1] == "?" { return nil }
        endRun()
        guard let close = groupEnd(scalars, from: index) else { return nil }
        index = close + 1
        // The group is skipped; a quantifier after it only concerns the group.
        if index < scalars.count, "?*+{".unicodeScalars.contains(scalars[index]) {
          guard let next = quantifierEnd(scalars, from: index) else { return nil }
          index = next
        }
        continue
      case ")", "]", "}":
        return nil
      case ".", "^", "$":
        endRun()
      case "?", "*", "{":
        // The previous character may be absent.
        if !run.isEmpty { run.removeLast() }
        endRun()
        guard let next = quantifierEnd(scalars, from: index) else { return nil }
        index = next
        continue
      case "+":
        endRun()
      default:
        run.append(scalar)
      }
      index += 1
    }
    endRun()
    guard let longest = runs.max(by: { $0.count < $1.count }), longest.count >= 2, longest.allSatisfy(\.isASCII) else {
      return nil
    }
    return String(String.UnicodeScalarView(longest))
  }

  /// The index of the `]` closing the class opened at `start`.
  private static func classEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start + 1
    if index < scalars.count && scalars[index] == "^" { index += 1 }
    if index < scalars.count && scalars[index] == "]" { index += 1 }
    while index < scalars.count {
      switch scalars[index] {
      case "\\": index += 2
      case "[": return nil  // nested classes and set operations
      case "]": return index
      default: index += 1
      }
    }
    return nil
  }

  /// The index of the `)` closing the group opened at `start`.
  private static func groupEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var depth = 0
    var index = start
    while index < scalars.count {
      switch scalars[index] {
      case "\\": index += 1
      case "[":
        guard let close = classEnd(scalars, from: index) else { return nil }
        index = close
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The index after a quantifier (`?`, `*`, `+`, `{m,n}`, and a lazy or possessive mark).
  private static func quantifierEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start
    if scalars[index] == "{" {
      while index < scalars.count && scalars[index] != "}" {
        guard scalars[index] == "{" || scalars[index] == "," || scalars[index].value &- 0x30 < 10 else { return nil }
        index += 1
      }
      guard index < scalars.count else { return nil }
    }
    index += 1
    if index < scalars.count && (scalars[index] == "?" || scalars[index] == "+") { index += 1 }
    return index
  }
}
