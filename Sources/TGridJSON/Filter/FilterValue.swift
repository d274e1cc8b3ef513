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
  /// A string literal of the filter (read in place, so a comparison with a literal copies
  /// nothing per element).
  case text(String)
}
