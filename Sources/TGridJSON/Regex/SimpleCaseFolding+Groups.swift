/// Scalars that are equal once case folded, for regular expressions that ignore case.
extension SimpleCaseFolding {
  /// Every folded scalar that others fold to, with all the scalars that fold to it (itself
  /// included), in ascending order: `k` with `K` and the Kelvin sign, `σ` with `Σ` and `ς`.
  static let groups: [UInt32: [UInt32]] = {
    var groups: [UInt32: [UInt32]] = [:]
    for (from, to) in table { groups[to, default: [to]].append(from) }
    return groups.mapValues { $0.sorted() }
  }()

  /// The scalars equal to `scalar` once folded (itself included), in ascending order.
  static func variants(of scalar: UInt32) -> [UInt32] {
    groups[fold(scalar)] ?? [scalar]
  }

  /// `ranges` with every scalar added that is equal once folded to one of their scalars.
  static func closure(of ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    guard !ranges.isEmpty else { return ranges }
    let merged = ScalarPredicate.merged(ranges)
    var result = merged
    for members in groups.values where members.contains(where: { ScalarPredicate.ranges(merged, contain: $0) }) {
      result += members.map { $0...$0 }
    }
    return ScalarPredicate.merged(result)
  }
}
