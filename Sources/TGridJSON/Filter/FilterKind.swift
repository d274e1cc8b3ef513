/// jq's kinds, in jq's order: null < false < true < numbers < strings < arrays < objects.
enum FilterKind: Int, Comparable {
  case null, `false`, `true`, number, string, array, object

  static func < (lhs: FilterKind, rhs: FilterKind) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The name jq's `type` gives.
  var typeName: String {
    switch self {
    case .null: "null"
    case .false, .true: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
