import TGridJSON

/// One value of a table column as the frequency and summary sheets count it: equal values
/// (by jq's `==` for scalars, by compact text for containers) are one key.
enum ColumnValue: Hashable, Sendable {
  /// A JSON number.
  case number(Double)
  /// A string that spells a number (`"88111030"`), with its text.
  case numericString(String, Double)
  /// Any other string.
  case string(String)
  /// `true` or `false`.
  case boolean(Bool)
  /// `null`.
  case null
  /// An object or array, as compact JSON text.
  case container(String)
  /// The row has no such key.
  case missing

  /// Reads a column's value (nil: the row has no such key).
  init(_ node: JSONNode?, in document: JSONDocument) {
    guard let node else {
      self = .missing
      return
    }
    switch document.kind(of: node) {
    case .number:
      // -0 and 0 are one value, as in jq.
      let text = document.numberText(of: node) ?? "0"
      self = .number((TableSortKey.shortDecimal(text) ?? Double(text) ?? 0) + 0)
    case .string:
      let text = document.string(of: node) ?? ""
      if let number = TableSortKey.number(spelledBy: text) {
        self = .numericString(text, number)
      } else {
        self = .string(text)
      }
    case .true: self = .boolean(true)
    case .false: self = .boolean(false)
    case .null: self = .null
    case .object, .array: self = .container(document.formattedText(of: node, style: .compact))
    }
  }

  /// The number it is or spells, if any.
  var number: Double? {
    switch self {
    case .number(let value), .numericString(_, let value): return value
    default: return nil
    }
  }

  /// How the sheets show it: numbers as written by ``ColumnValue/text(of:)``, strings
  /// without quotes (an empty one as `""`), `null`, containers as compact JSON, a missing
  /// key as `(missing)`.
  var text: String {
    switch self {
    case .number(let value): return Self.text(of: value)
    case .numericString(let text, _): return text
    case .string(let text): return text.isEmpty ? "\"\"" : text
    case .boolean(let value): return value ? "true" : "false"
    case .null: return "null"
    case .container(let text): return text
    case .missing: return "(missing)"
    }
  }

  /// The kind of value, as the summary sheet names it.
  var kindName: String {
    switch self {
    case .number: return "number"
    case .numericString: return "numeric string"
    case .string: return "string"
    case .boolean: return "bool"
    case .null: return "null"
    case .container(let text): return text.hasPrefix("[") ? "array" : "object"
    case .missing: return "missing"
    }
  }

  /// Equal as jq's `==` has them: strings by their code points (their UTF-8 bytes), not
  /// by Swift's canonical equivalence, which is also slower (it normalizes any text that is
  /// not ASCII, and the sheets compare and hash millions of values).
  static func == (lhs: ColumnValue, rhs: ColumnValue) -> Bool {
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)): return a == b
    case (.numericString(let a, _), .numericString(let b, _)), (.string(let a), .string(let b)),
      (.container(let a), .container(let b)):
      return Self.sameBytes(a, b)
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.null, .null), (.missing, .missing): return true
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(kindIndex)
    switch self {
    case .number(let value): hasher.combine(value)
    case .numericString(let text, _), .string(let text), .container(let text): Self.hashBytes(text, into: &hasher)
    case .boolean(let value): hasher.combine(value)
    case .null, .missing: break
    }
  }

  /// Whether it is a string (a numeric one when `numeric`) whose UTF-8 bytes are `bytes`.
  func hasText(_ bytes: UnsafeBufferPointer<UInt8>, numeric: Bool) -> Bool {
    switch self {
    case .numericString(var text, _) where numeric: return text.withUTF8 { $0.elementsEqual(bytes) }
    case .string(var text) where !numeric: return text.withUTF8 { $0.elementsEqual(bytes) }
    default: return false
    }
  }

  /// Whether two strings have the same UTF-8 bytes.
  private static func sameBytes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { first in b.withUTF8 { second in first.elementsEqual(second) } }
  }

  /// Hashes a string's UTF-8 bytes (and its length, so that values never run together).
  private static func hashBytes(_ text: String, into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { bytes in
      hasher.combine(bytes.count)
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
  }

  /// The kinds ``kindName`` gives, in ``kindIndex`` order.
  static let kindNames = ["number", "numeric string", "string", "bool", "null", "array", "object", "missing"]
  /// The ``kindIndex`` of `null` and of a missing key.
  static let nullKindIndex = 4
  static let missingKindIndex = 7

  /// The position of ``kindName`` in ``kindNames`` (a count per kind without hashing it).
  var kindIndex: Int {
    switch self {
    case .number: return 0
    case .numericString: return 1
    case .string: return 2
    case .boolean: return 3
    case .null: return Self.nullKindIndex
    case .container(let text): return text.utf8.first == UInt8(ascii: "[") ? 5 : 6
    case .missing: return Self.missingKindIndex
    }
  }

  /// A jq filter that keeps the records whose `path` has this value (`.["Origin"] == "USA"`).
  func filterExpression(path: String) -> String {
    switch self {
    case .number(let value): return "\(path) == \(Self.literal(value))"
    case .numericString(let text, _), .string(let text): return "\(path) == \(JSONStringEncoder.quoted(text))"
    case .boolean(let value): return "\(path) == \(value)"
    case .null: return "\(path) == null and \(Self.presence(of: path))"
    case .container(let text): return "\(path) == \(text)"
    case .missing: return path == "." ? "type == \"object\"" : "\(Self.presence(of: path)) | not"
    }
  }

  /// A jq path to a column: `.` for the column of non-object rows, else `.["key"]`, or
  /// for a sub-column its keys, `.["address"]["city"]`.
  static func path(ofColumn name: String, keys: [String]? = nil) -> String {
    guard name != TableModel.valueColumn else { return "." }
    return "." + (keys ?? [name]).map { "[\(JSONStringEncoder.quoted($0))]" }.joined()
  }

  /// `has("key")` for a `.["key"]` path (`true` for `.`); for a longer path, whether the
  /// value above its last key is an object that has it.
  private static func presence(of path: String) -> String {
    guard path.hasPrefix(".["), path.hasSuffix("]") else { return "true" }
    // Where each `[` of a step begins, reading the quoted keys (escapes and all).
    var starts: [String.Index] = []
    var index = path.index(after: path.startIndex)
    var inString = false
    var escaped = false
    while index < path.endIndex {
      let character = path[index]
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "[" {
        starts.append(index)
      } else if character == "\"" {
        inString = true
      }
      index = path.index(after: index)
    }
    guard let last = starts.last, starts.count > 1 else { return "has(\(path.dropFirst(2).dropLast()))" }
    let above = path[..<last]
    let key = path[path.index(after: last)...].dropLast()
    return "(\(above) | type == \"object\" and has(\(key)))"
  }

  /// A number as a filter literal that reads back as the same `Double`.
  static func literal(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A number for reading: whole numbers without a fraction, others with up to 6
  /// significant digits (`0.333333`, `1.5e+20`).
  static func text(of value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    guard value.isFinite else { return "\(value)" }
    let magnitude = abs(value)
    if magnitude >= 1e-4, magnitude < 1e15 {
      // Six significant digits, trailing zeros dropped.
      var digits = 0
      var scale = magnitude
      while scale >= 1 {
        scale /= 10
        digits += 1
      }
      var places = max(0, 6 - digits)
      if digits == 0 {
        var small = magnitude
        while small < 0.1 {
          small *= 10
          places += 1
        }
      }
      var factor = 1.0
      for _ in 0..<places { factor *= 10 }
      let rounded = (value * factor).rounded() / factor
      return "\(rounded)".replacingSuffixZeros()
    }
    return "\(value)"
  }
}

extension String {
  /// `"12.50"` → `"12.5"`, `"3.0"` → `"3"`; text without a `.` (or with an exponent) as is.
  fileprivate func replacingSuffixZeros() -> String {
    guard contains("."), !contains("e") else { return self }
    var text = Substring(self)
    while text.hasSuffix("0") { text = text.dropLast() }
    if text.hasSuffix(".") { text = text.dropLast() }
    return String(text)
  }
}
