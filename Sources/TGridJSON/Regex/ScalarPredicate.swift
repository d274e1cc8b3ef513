/// Which Unicode scalars belong to a set, as a tree of ranges, general categories and binary
/// properties (internal; ``ScalarSet`` keeps ASCII apart as a bit map).
///
/// Built from a pattern's classes and simplified as it is built: ranges are merged, unions of
/// ranges become one list of ranges, double negation goes away. Testing a scalar walks the
/// tree: a binary search of ranges, or one property lookup of the standard library's
/// Unicode data (the toolchain's Unicode version).
indirect enum ScalarPredicate: Sendable, Hashable {
  /// No scalar.
  case none
  /// Every scalar.
  case all
  /// Scalars in these ranges: sorted, disjoint and not adjacent.
  case ranges([ClosedRange<UInt32>])
  /// Scalars whose general category is in the mask (bits from ``categoryBit(_:)``).
  case categories(UInt32)
  /// Scalars with a binary property.
  case property(ScalarProperty)
  /// Scalars not matched by the predicate.
  case not(ScalarPredicate)
  /// Scalars matched by any of the predicates.
  case union([ScalarPredicate])
  /// Scalars matched by all of the predicates.
  case intersection([ScalarPredicate])

  /// The largest scalar value.
  static let maximumScalar: UInt32 = 0x10FFFF

  /// Whether `value` (a scalar value) is a member.
  func contains(_ value: UInt32) -> Bool {
    switch self {
    case .none: return false
    case .all: return true
    case .ranges(let ranges): return ScalarPredicate.ranges(ranges, contain: value)
    case .categories(let mask):
      guard let scalar = Unicode.Scalar(value) else { return false }
      return mask & ScalarPredicate.categoryBit(scalar.properties.generalCategory) != 0
    case .property(let property):
      guard let scalar = Unicode.Scalar(value) else { return false }
      return property.holds(for: scalar)
    case .not(let inner): return !inner.contains(value)
    case .union(let members): return members.contains { $0.contains(value) }
    case .intersection(let members): return members.allSatisfy { $0.contains(value) }
    }
  }

  /// Binary search of sorted, disjoint ranges.
  @inline(__always)
  static func ranges(_ ranges: [ClosedRange<UInt32>], contain value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
    }
    return low < ranges.count && ranges[low].lowerBound <= value
  }

  // MARK: - Simplifying

  /// The same members from 0x80 up (what lies below is dropped), with ranges merged, nested
  /// unions and intersections flattened, and constants folded.
  var simplifiedAboveASCII: ScalarPredicate {
    switch self {
    case .none, .all, .categories, .property:
      return self
    case .ranges(let ranges):
      return ScalarPredicate.normalised(
        ranges.compactMap { range in
          range.upperBound < 0x80 ? nil : max(range.lowerBound, 0x80)...range.upperBound
        })
    case .not(let inner):
      switch inner.simplifiedAboveASCII {
      case .none: return .all
      case .all: return .none
      case .not(let twice): return twice
      case .ranges(let ranges): return ScalarPredicate.normalised(ScalarPredicate.complement(of: ranges))
      case let other: return .not(other)
      }
    case .union(let members):
      var ranges: [ClosedRange<UInt32>] = []
      var others: [ScalarPredicate] = []
      var mask: UInt32 = 0
      for member in members.map(\.simplifiedAboveASCII) {
        switch member {
        case .none: continue
        case .all: return .all
        case .ranges(let more): ranges += more
        case .categories(let more): mask |= more
        case .union(let nested): others += nested
        default: others.append(member)
        }
      }
      if mask != 0 { others.insert(.categories(mask), at: 0) }
      if !ranges.isEmpty { others.insert(ScalarPredicate.normalised(ranges), at: 0) }
      if others.isEmpty { return .none }
      return others.count == 1 ? others[0] : .union(others)
    case .intersection(let members):
      var ranges: [ClosedRange<UInt32>]?
      var others: [ScalarPredicate] = []
      for member in members.map(\.simplifiedAboveASCII) {
        switch member {
        case .none: return .none
        case .all: continue
        case .ranges(let more): ranges = ranges.map { ScalarPredicate.intersect($0, more) } ?? more
        case .intersection(let nested): others += nested
        default: others.append(member)
        }
      }
      if let ranges {
        if ranges.isEmpty { return .none }
        others.insert(.ranges(ranges), at: 0)
      }
      if others.isEmpty { return .all }
      return others.count == 1 ? others[0] : .intersection(others)
    }
  }

  /// Ranges sorted and merged where they overlap or touch; `.none` when there are none.
  static func normalised(_ ranges: [ClosedRange<UInt32>]) -> ScalarPredicate {
    let merged = merged(ranges)
    if merged.isEmpty { return .none }
    if merged.count == 1 && merged[0] == 0x80...maximumScalar { return .all }
    return .ranges(merged)
  }

  /// Ranges sorted, and merged where they overlap or touch.
  static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
    var merged: [ClosedRange<UInt32>] = []
    for range in sorted {
      if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// The scalars from 0x80 up that are in none of the (sorted, disjoint) ranges.
  private static func complement(of ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    var next: UInt32 = 0x80
    for range in ranges {
      if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
      next = max(next, range.upperBound &+ 1)
    }
    if next <= maximumScalar { result.append(next...maximumScalar) }
    return result
  }

  /// The scalars in both lists of sorted, disjoint ranges.
  private static func intersect(_ left: [ClosedRange<UInt32>], _ right: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>]
  {
    var result: [ClosedRange<UInt32>] = []
    var i = 0
    var j = 0
    while i < left.count && j < right.count {
      let lower = max(left[i].lowerBound, right[j].lowerBound)
      let upper = min(left[i].upperBound, right[j].upperBound)
      if lower <= upper { result.append(lower...upper) }
      if left[i].upperBound < right[j].upperBound { i += 1 } else { j += 1 }
    }
    return result
  }

  // MARK: - General categories

  /// The bit of a general category in a ``categories(_:)`` mask.
  static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
    1 << UInt32(categoryIndex(category))
  }

  /// A general category's position in ``categoryNames``.
  private static func categoryIndex(_ category: Unicode.GeneralCategory) -> Int {
    switch category {
    case .uppercaseLetter: 0
    case .lowercaseLetter: 1
    case .titlecaseLetter: 2
    case .modifierLetter: 3
    case .otherLetter: 4
    case .nonspacingMark: 5
    case .spacingMark: 6
    case .enclosingMark: 7
    case .decimalNumber: 8
    case .letterNumber: 9
    case .otherNumber: 10
    case .connectorPunctuation: 11
    case .dashPunctuation: 12
    case .openPunctuation: 13
    case .closePunctuation: 14
    case .initialPunctuation: 15
    case .finalPunctuation: 16
    case .otherPunctuation: 17
    case .mathSymbol: 18
    case .currencySymbol: 19
    case .modifierSymbol: 20
    case .otherSymbol: 21
    case .spaceSeparator: 22
    case .lineSeparator: 23
    case .paragraphSeparator: 24
    case .control: 25
    case .format: 26
    case .surrogate: 27
    case .privateUse: 28
    case .unassigned: 29
    @unknown default: 29
    }
  }

  /// The two-letter names of the general categories, in the order of their bits, with
  /// their long names (as in PropertyValueAliases.txt).
  static let categoryNames: [(short: String, long: String)] = [
    ("Lu", "Uppercase_Letter"), ("Ll", "Lowercase_Letter"), ("Lt", "Titlecase_Letter"), ("Lm", "Modifier_Letter"),
    ("Lo", "Other_Letter"), ("Mn", "Nonspacing_Mark"), ("Mc", "Spacing_Mark"), ("Me", "Enclosing_Mark"),
    ("Nd", "Decimal_Number"), ("Nl", "Letter_Number"), ("No", "Other_Number"), ("Pc", "Connector_Punctuation"),
    ("Pd", "Dash_Punctuation"), ("Ps", "Open_Punctuation"), ("Pe", "Close_Punctuation"), ("Pi", "Initial_Punctuation"),
    ("Pf", "Final_Punctuation"), ("Po", "Other_Punctuation"), ("Sm", "Math_Symbol"), ("Sc", "Currency_Symbol"),
    ("Sk", "Modifier_Symbol"), ("So", "Other_Symbol"), ("Zs", "Space_Separator"), ("Zl", "Line_Separator"),
    ("Zp", "Paragraph_Separator"), ("Cc", "Control"), ("Cf", "Format"), ("Cs", "Surrogate"), ("Co", "Private_Use"),
    ("Cn", "Unassigned"),
  ]
}

/// A binary Unicode property a class can name (internal).
enum ScalarProperty: Sendable, Hashable {
  /// `Alphabetic`.
  case alphabetic
  /// `White_Space`.
  case whiteSpace
  /// `Uppercase`.
  case uppercase
  /// `Lowercase`.
  case lowercase
  /// What `\w` matches: Alphabetic, the marks, decimal digits, connector punctuation and
  /// Join_Control (U+200C, U+200D), as UTS #18 annex C defines `word`.
  case word

  /// Whether a scalar has the property.
  func holds(for scalar: Unicode.Scalar) -> Bool {
    switch self {
    case .alphabetic: return scalar.properties.isAlphabetic
    case .whiteSpace: return scalar.properties.isWhitespace
    case .uppercase: return scalar.properties.isUppercase
    case .lowercase: return scalar.properties.isLowercase
    case .word: return ScalarProperty.isWord(scalar)
    }
  }

  /// Whether a scalar is a word scalar (`\w`, and either side of `\b`).
  @inline(__always)
  static func isWord(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
      return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
        || value == 0x5F
    }
    if value == 0x200C || value == 0x200D { return true }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
  }
}
