/// The functions of the filter language.
enum FilterFunction: String, Hashable, Sendable, CaseIterable {
  case not, length, type, contains, startswith, endswith, test, has, tonumber, tostring
  case asciiDowncase = "ascii_downcase"
  case asciiUpcase = "ascii_upcase"
  case select, empty

  /// How many arguments the function takes (`test` takes one or two).
  var arities: ClosedRange<Int> {
    switch self {
    case .not, .length, .type, .tonumber, .tostring, .asciiDowncase, .asciiUpcase, .empty: 0...0
    case .contains, .startswith, .endswith, .has, .select: 1...1
    case .test: 1...2
    }
  }
}
