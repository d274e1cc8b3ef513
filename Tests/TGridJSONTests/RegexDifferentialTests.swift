import TestSupport
import Testing

@testable import TGridJSON

/// The linear-time engine against Swift `Regex` (matching Unicode scalars, as the engine
/// does) on generated patterns and texts: both must agree on whether there is a match and
/// where the first one lies, and every match must hold the literal the engine says it
/// requires (what a search looks for first in the raw bytes).
///
/// The grammar leaves out what the two define differently on purpose: `\w` and `\b`
/// (Swift's scalar `\w` leaves out combining marks, its `\b` follows UAX #29 word
/// boundaries), and non-ASCII letters under `(?i)` (Swift lower-cases, the engine folds:
/// `(?i)σ` matches `ς` only here). Digits are ASCII: Swift's `\d` also takes `²` and `一`.
@Suite struct RegexDifferentialTests {
  @Test func firstMatchesAgreeWithSwiftRegexOnGeneratedPatterns() throws {
    var random = SeededRandom(seed: 0x5EED_2E6E)
    let patternCount = SanitizerBuild.samples(2000, address: 300, thread: 100)
    var compared = 0
    var failures: [String] = []
    for _ in 0..<patternCount {
      let ignoresCase = random.next(below: 5) == 0
      let pattern = (ignoresCase ? "(?i)" : "") + RegexGrammar.pattern(&random, depth: 0, ignoresCase: ignoresCase)
      let swift: Regex<AnyRegexOutput>
      do {
        swift = try Regex(pattern).matchingSemantics(.unicodeScalar)
      } catch {
        failures.append("\(pattern): Swift refuses it (\(error))")
        continue
      }
      let ours: RegularExpression
      do {
        ours = try RegularExpression(pattern)
      } catch {
        failures.append("\(pattern): refused (\(error)) but Swift compiles it")
        continue
      }
      for _ in 0..<6 {
        let text = RegexGrammar.text(&random)
        let expected = text.firstMatch(of: swift).map { RegexGrammar.scalarOffsets($0.range, in: text) }
        let found = ours.firstMatch(in: text).map { RegexGrammar.scalarOffsets($0, in: text) }
        compared += 1
        if expected != found {
          failures.append(
            "\(pattern.debugDescription) on \(text.debugDescription): Swift \(String(describing: expected)), engine \(String(describing: found))"
          )
        }
        // The literal the search looks for first is in every match.
        if let literal = ours.requiredLiteral, let found, !RegexGrammar.contains(literal, in: text, at: found) {
          failures.append(
            "\(pattern.debugDescription): the match in \(text.debugDescription) lacks \(literal.text.debugDescription)")
        }
      }
    }
    #expect(
      failures.isEmpty, "\(failures.count) of \(compared) differ, e.g.\n\(failures.prefix(12).joined(separator: "\n"))")
    #expect(compared == patternCount * 6, "every generated pattern compiles in both")
  }
}

/// A small grammar of patterns without backreferences or lookaround, and texts over a small
/// alphabet with multi-byte scalars and a combining mark.
enum RegexGrammar {
  static let letters = ["a", "b", "c", "1", " ", "é", "日", "😀"]
  static let textScalars = ["a", "b", "c", "A", "B", "1", " ", "é", "É", "日", "😀", "\u{301}", "\n", "x"]

  static func pattern(_ random: inout SeededRandom, depth: Int, ignoresCase: Bool) -> String {
    let branches = depth < 2 && random.next(below: 4) == 0 ? 2 + random.next(below: 2) : 1
    return (0..<branches).map { _ in concatenation(&random, depth: depth, ignoresCase: ignoresCase) }.joined(
      separator: "|")
  }

  private static func concatenation(_ random: inout SeededRandom, depth: Int, ignoresCase: Bool) -> String {
    let count = random.next(below: 4)
    return (0..<count).map { _ in
      let atom = atom(&random, depth: depth, ignoresCase: ignoresCase)
      // Swift refuses a quantified anchor (the engine takes it, as PCRE does).
      return atom == "^" || atom == "$" ? atom : atom + quantifier(&random)
    }.joined()
  }

  private static func atom(_ random: inout SeededRandom, depth: Int, ignoresCase: Bool) -> String {
    // ASCII letters only when ignoring case: the engine folds, Swift lower-cases.
    let letters = ignoresCase ? ["a", "b", "c", "1", " "] : letters
    switch random.next(below: depth < 3 ? 14 : 10) {
    case 0...3: return letters[random.next(below: letters.count)]
    case 4: return "."
    case 5:
      let classes =
        ignoresCase
        ? ["[ab]", "[^a]", "[a-c]", "[^\\d ]", "[\\s1]", "[b-c1]"]
        : ["[ab]", "[^a]", "[a-c]", "[é日]", "[^\\d]", "[\\s1]", "[^é😀]", "[\\u{300}-\\u{302}]"]
      return classes[random.next(below: classes.count)]
    case 6: return ["\\d", "\\s", "\\D", "\\S"][random.next(below: 4)]
    case 7: return ["^", "$"][random.next(below: 2)]
    case 8: return ignoresCase ? "a" : "\\u{301}"
    case 9: return "b"
    case 10, 11: return "(" + pattern(&random, depth: depth + 1, ignoresCase: ignoresCase) + ")"
    default: return "(?:" + pattern(&random, depth: depth + 1, ignoresCase: ignoresCase) + ")"
    }
  }

  private static func quantifier(_ random: inout SeededRandom) -> String {
    let base: String
    switch random.next(below: 12) {
    case 0: base = "*"
    case 1: base = "+"
    case 2: base = "?"
    case 3: base = "{\(random.next(below: 3))}"
    case 4: base = "{\(random.next(below: 2)),}"
    case 5:
      let lower = random.next(below: 2)
      base = "{\(lower),\(lower + random.next(below: 3))}"
    default: return ""
    }
    return base + (random.next(below: 3) == 0 ? "?" : "")
  }

  static func text(_ random: inout SeededRandom) -> String {
    (0..<random.next(below: 10)).map { _ in textScalars[random.next(below: textScalars.count)] }.joined()
  }

  /// Whether the scalars of `text` at `offsets` hold `literal` (folded when it ignores case).
  static func contains(_ literal: (text: String, ignoresCase: Bool), in text: String, at offsets: Range<Int>) -> Bool {
    let fold = { (scalar: Unicode.Scalar) in literal.ignoresCase ? SimpleCaseFolding.fold(scalar.value) : scalar.value }
    let haystack = Array(text.unicodeScalars).dropFirst(offsets.lowerBound).prefix(offsets.count).map(fold)
    let needle = literal.text.unicodeScalars.map(fold)
    guard haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
  }

  static func scalarOffsets(_ range: Range<String.Index>, in text: String) -> Range<Int> {
    let scalars = text.unicodeScalars
    return scalars.distance(
      from: scalars.startIndex, to: range.lowerBound)..<scalars.distance(from: scalars.startIndex, to: range.upperBound)
  }
}
