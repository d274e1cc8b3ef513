/// The functions of the filter language.
enum FilterFunction: String, Hashable, Sendable, CaseIterable {
  case not, length, type, contains, startswith, endswith, test, has, tonumber, tostring
  case asciiDowncase = "ascii_downcase"
  case asciiUpcase = "ascii_upcase"

  /// How many arguments the function takes (`test` takes one or two).
  var arities: ClosedRange<Int> {
    switch self {
    case .not, .length, .type, .tonumber, .tostring, .asciiDowncase, .asciiUpcase: 0...0
    case .contains, .startswith, .endswith, .has: 1...1
    case .test: 1...2
    }
  }
}
