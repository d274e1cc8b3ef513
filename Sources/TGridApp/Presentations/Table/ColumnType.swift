import TGridJSON

/// A table column's type, inferred from its values (nulls and missing keys aside), shown as
/// a marker after its header as VisiData does: `#` numbers, `%` strings that spell numbers,
/// `@` dates (`2024-05-01…` strings), `?` booleans, `{}` objects, `[]` arrays, `*` a mix;
/// plain strings have none.
enum ColumnType: Equatable {
  case number
  case numericString
  case date
  case boolean
  case string
  case object
  case array
  case mixed
  /// Nothing but nulls and missing keys (or no rows).
  case empty

  /// The marker after the header, or nil.
  var marker: String? {
    switch self {
    case .number: return "#"
    case .numericString: return "%"
    case .date: return "@"
    case .boolean: return "?"
    case .object: return "{}"
    case .array: return "[]"
    case .mixed: return "*"
    case .string, .empty: return nil
    }
  }

  /// Whether its values are right-aligned.
  var isNumeric: Bool { self == .number || self == .numericString }

  /// The types of values seen so far, counted by ``add(_:in:)``.
  struct Tally {
    private(set) var type = ColumnType.empty

    /// Adds a value (nulls do not count).
    mutating func add(_ node: JSONNode, in document: JSONDocument) {
      let next: ColumnType
      switch document.kind(of: node) {
      case .null: return
      case .number: next = .number
      case .true, .false: next = .boolean
      case .object: next = .object
      case .array: next = .array
      case .string:
        let text = document.string(of: node) ?? ""
        if TableSortKey.number(spelledBy: text) != nil {
          next = .numericString
        } else if ColumnType.looksLikeDate(text) {
          next = .date
        } else {
          next = .string
        }
      }
      type = Self.merge(type, next)
    }

    /// One type for two: strings of different sorts are strings; anything else apart is a mix.
    static func merge(_ a: ColumnType, _ b: ColumnType) -> ColumnType {
      if a == .empty || a == b { return b }
      let strings: [ColumnType] = [.string, .numericString, .date]
      if strings.contains(a), strings.contains(b) { return .string }
      return .mixed
    }
  }

  /// Whether a string starts as an ISO 8601 date does (`2024-05-01`, `1970-01-01T00:00:00Z`).
  static func looksLikeDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8.prefix(11))
    guard bytes.count >= 10 else { return false }
    func isDigit(_ index: Int) -> Bool { bytes[index] >= 0x30 && bytes[index] <= 0x39 }
    guard (0..<4).allSatisfy(isDigit), bytes[4] == 0x2D, isDigit(5), isDigit(6), bytes[7] == 0x2D, isDigit(8),
      isDigit(9)
    else { return false }
    return bytes.count == 10 || bytes[10] == 0x54 || bytes[10] == 0x20
  }
}
