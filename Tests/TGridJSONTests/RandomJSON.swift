import TestSupport

/// Random JSON texts for property tests, from the shared seeded generator: nesting, large
/// arrays (past the child-table threshold), duplicate keys, escapes of every kind, case
/// variants that fold together, numbers in every notation.
struct RandomJSON {
  var random: SeededRandom

  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  /// Words whose case variants and escapes exercise the search: folding pairs, the Kelvin
  /// sign and long s, Greek sigmas, a dotless i, CJK, an emoji.
  static let words = [
    "lorem", "LOREM", "Lorem", "ipsum", "straße", "STRAßE", "Kraków", "KRAKÓW", "\u{212A}elvin", "kelvin", "ſtar",
    "star",
    "Σίσυφος", "σίσυφοσ", "ς", "ı", "I", "i", "東京", "😀", "Zoë", "ZOË", "a b", "x", "", "null", "true", "1.5e3", "Ꭰ",
    "ꭰ",
  ]

  mutating func pick<T>(_ values: [T]) -> T { values[random.next(below: values.count)] }

  /// A JSON string literal for `text`, with some characters escaped at random.
  mutating func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += random.next(below: 2) == 0 ? "\\n" : "\\u000a"
      case "\u{0}"..."\u{1F}": result += "\\u00" + hex(scalar.value, digits: 2)
      default:
        switch random.next(below: 12) {
        case 0 where scalar.value < 0x10000: result += "\\u" + hex(scalar.value, digits: 4)
        case 0:
          let value = scalar.value - 0x10000
          result += "\\u" + hex(0xD800 + (value >> 10), digits: 4) + "\\u" + hex(0xDC00 + (value & 0x3FF), digits: 4)
        case 1 where scalar == "/": result += "\\/"
        default: result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  mutating func string() -> String {
    var parts: [String] = []
    for _ in 0..<random.next(below: 4) {
      switch random.next(below: 10) {
      case 0: parts.append("say \"hi\"\n")
      case 1: parts.append("back\\slash\t")
      case 2: parts.append("\u{1}")
      default: parts.append(pick(RandomJSON.words))
      }
    }
    return parts.joined(separator: pick([" ", "", "-"]))
  }

  mutating func number() -> String {
    pick(["0", "-0", "12", "-3.25", "1.5e3", "1.50E+3", "6.02e23", "100", "-1e-7", "123456789012345678901"])
  }

  mutating func space() -> String { pick(["", "", " ", "\n  ", "\t", "\r\n"]) }

  mutating func value(depth: Int) -> String {
    let roll = random.next(below: 10)
    if depth >= 5 || roll < 4 {
      switch random.next(below: 6) {
      case 0, 1: return literal(string())
      case 2, 3: return number()
      default: return pick(["true", "false", "null"])
      }
    }
    if roll < 7 {
      let count = random.next(below: 8) == 0 ? 40 + random.next(below: 30) : random.next(below: 5)
      let elements = (0..<count).map { _ in space() + value(depth: depth + 1) + space() }
      return "[" + elements.joined(separator: ",") + "]"
    }
    var members: [String] = []
    let count = random.next(below: 8) == 0 ? 35 + random.next(below: 10) : random.next(below: 5)
    for _ in 0..<count {
      let key = random.next(below: 3) == 0 ? string() : pick(["id", "name", "a", "b", "note", "Kraków", "k"])
      members.append(space() + literal(key) + space() + ":" + space() + value(depth: depth + 1))
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// A document: one value, or JSON Lines records.
  mutating func document() -> String {
    if random.next(below: 5) == 0 {
      return (0..<(1 + random.next(below: 5))).map { _ in value(depth: 1) }.joined(separator: "\n") + "\n"
    }
    return space() + value(depth: 0) + space()
  }

  private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(digits - text.count, 0)) + text
  }
}
