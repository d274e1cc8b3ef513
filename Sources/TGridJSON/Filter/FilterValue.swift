/// A value during filter evaluation (internal): a node of the document or of the filter's
/// constants, read in place, or a value computed by the filter.
enum FilterValue {
  /// A value in the filtered document (`isConstant` false) or among the filter's constants.
  case node(JSONNode, isConstant: Bool)
  case null
  case boolean(Bool)
  case number(Double)
  /// UTF-8 text.
  case string([UInt8])
}

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
