/// A literal that every match contains, so a search can find candidates with a fast scan
/// of raw bytes and run the expression only where the literal occurs.
extension RegexNode {
  /// The longest run of literal scalars (at least two) that every match contains, and
  /// whether any of them ignores case (the run is then compared ignoring case, which
  /// admits at least what the expression does); nil when none is certain.
  ///
  /// Read from the syntax tree, so flags, escapes and groups are understood: `(?i)error`
  /// needs `error` in any case, `(?:ab)+c` needs `ab`, `x\.com` needs `.com`; a branch of an
  /// alternation or an optional part requires nothing.
  var requiredLiteral: (scalars: [UInt32], ignoresCase: Bool)? {
    guard let best = literalRuns().max(by: { $0.scalars.count < $1.scalars.count }), best.scalars.count >= 2 else {
      return nil
    }
    return best
  }

  /// Runs of literal scalars every match of the node contains.
  private func literalRuns() -> [(scalars: [UInt32], ignoresCase: Bool)] {
    switch self {
    case .empty, .assertion, .alternation:
      return []
    case .scalar, .set:
      guard let literal = literal else { return [] }
      return [([literal.scalar], literal.ignoresCase)]
    case .repetition(let node, let minimum, _, _):
      return minimum > 0 ? node.literalRuns() : []
    case .concatenation(let nodes):
      var runs: [(scalars: [UInt32], ignoresCase: Bool)] = []
      var run: [UInt32] = []
      var runIgnoresCase = false
      func endRun() {
        if !run.isEmpty { runs.append((run, runIgnoresCase)) }
        run = []
        runIgnoresCase = false
      }
      for node in RegexNode.flattened(nodes) {
        if let literal = node.literal {
          run.append(literal.scalar)
          runIgnoresCase = runIgnoresCase || literal.ignoresCase
          continue
        }
        // Matching nothing, an assertion or an empty node leaves the run whole.
        if case .assertion = node { continue }
        if case .empty = node { continue }
        endRun()
        runs += node.literalRuns()
      }
      endRun()
      return runs
    }
  }

  /// The nodes of a concatenation with nested concatenations (groups) spliced in.
  private static func flattened(_ nodes: [RegexNode]) -> [RegexNode] {
    nodes.flatMap { node -> [RegexNode] in
      if case .concatenation(let inner) = node { return flattened(inner) }
      return [node]
    }
  }

  /// The scalar a node matches when it matches exactly one, or one up to case (the set of
  /// a letter's case variants that ignoring case makes of it).
  private var literal: (scalar: UInt32, ignoresCase: Bool)? {
    switch self {
    case .scalar(let value):
      return (value, false)
    case .set(let set):
      if let single = set.singleMember { return (single, false) }
      // A letter ignoring case: the set of the variants of its smallest member.
      guard let smallest = set.smallestMember else { return nil }
      let variants = SimpleCaseFolding.variants(of: smallest)
      guard variants.count > 1, ScalarSet(scalars: variants) == set else { return nil }
      return (smallest, true)
    default:
      return nil
    }
  }
}

extension ScalarSet {
  /// The smallest member, when it is ASCII or the set is a list of ranges above ASCII.
  fileprivate var smallestMember: UInt32? {
    if lowASCII != 0 { return UInt32(lowASCII.trailingZeroBitCount) }
    if highASCII != 0 { return UInt32(0x40 + highASCII.trailingZeroBitCount) }
    if case .ranges(let ranges) = nonASCII { return ranges.first?.lowerBound }
    return nil
  }
}
