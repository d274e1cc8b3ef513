/// A set of Unicode scalars that one step of a regular expression can match: a character
/// class, `.`, `\d`, or a letter that ignores case (internal).
///
/// ASCII membership is a 128-bit map; scalars above ASCII are tested by a small predicate
/// tree (ranges, general categories, binary properties, and their combinations), so a class
/// such as `[^\p{L}\d]` costs nothing to build and a property lookup to test.
struct ScalarSet: Sendable, Hashable {
  /// Members below 0x40 (bit `n` is scalar `n`).
  private(set) var lowASCII: UInt64
  /// Members from 0x40 to 0x7F (bit `n` is scalar `0x40 + n`).
  private(set) var highASCII: UInt64
  /// Which scalars from 0x80 up are members.
  private(set) var nonASCII: ScalarPredicate

  /// A set from a predicate over every scalar (the ASCII part is evaluated once, here).
  init(_ predicate: ScalarPredicate) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for value in UInt32(0)..<0x80 where predicate.contains(value) {
      if value < 0x40 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 0x40) }
    }
    lowASCII = low
    highASCII = high
    nonASCII = predicate.simplifiedAboveASCII
  }

  /// The empty set.
  static let empty = ScalarSet(.none)
  /// Every scalar.
  static let all = ScalarSet(.all)

  /// Whether `scalar` is a member.
  @inline(__always)
  func contains(_ scalar: UInt32) -> Bool {
    if scalar < 0x40 { return lowASCII & (1 << UInt64(scalar)) != 0 }
    if scalar < 0x80 { return highASCII & (1 << UInt64(scalar &- 0x40)) != 0 }
    return nonASCII.contains(scalar)
  }

  /// Every scalar that is not a member.
  var inverted: ScalarSet {
    var result = self
    result.lowASCII = ~lowASCII
    result.highASCII = ~highASCII
    result.nonASCII = ScalarPredicate.not(nonASCII).simplifiedAboveASCII
    return result
  }

  /// The scalars in either set.
  func union(_ other: ScalarSet) -> ScalarSet {
    var result = self
    result.lowASCII |= other.lowASCII
    result.highASCII |= other.highASCII
    result.nonASCII = ScalarPredicate.union([nonASCII, other.nonASCII]).simplifiedAboveASCII
    return result
  }

  /// The scalars in both sets.
  func intersection(_ other: ScalarSet) -> ScalarSet {
    var result = self
    result.lowASCII &= other.lowASCII
    result.highASCII &= other.highASCII
    result.nonASCII = ScalarPredicate.intersection([nonASCII, other.nonASCII]).simplifiedAboveASCII
    return result
  }

  /// The scalars of this set that are not in `other`.
  func subtracting(_ other: ScalarSet) -> ScalarSet {
    intersection(other.inverted)
  }

  /// The scalars in exactly one of the sets.
  func symmetricDifference(_ other: ScalarSet) -> ScalarSet {
    subtracting(other).union(other.subtracting(self))
  }

  /// Whether no scalar is a member.
  var isEmpty: Bool { lowASCII == 0 && highASCII == 0 && nonASCII == .none }

  /// Whether some member is ASCII.
  var containsASCII: Bool { lowASCII != 0 || highASCII != 0 }

  /// The set's one member, when it has exactly one that is certain (an ASCII scalar, or a
  /// single range of one scalar above ASCII).
  var singleMember: UInt32? {
    switch nonASCII {
    case .none:
      if highASCII == 0, lowASCII.nonzeroBitCount == 1 { return UInt32(lowASCII.trailingZeroBitCount) }
      if lowASCII == 0, highASCII.nonzeroBitCount == 1 { return UInt32(0x40 + highASCII.trailingZeroBitCount) }
      return nil
    case .ranges(let ranges):
      guard !containsASCII, ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
      return ranges[0].lowerBound
    default:
      return nil
    }
  }
}
