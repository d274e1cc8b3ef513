/// The syntax tree of a regular expression (internal), as ``RegexParser`` builds it and
/// ``RegexCompiler`` turns it into a program.
///
/// Flags are resolved while parsing: a letter that ignores case is already the set of its
/// case variants, `.` already includes or excludes newlines, `^` is already the start of
/// the text or of a line, and a quantifier already knows whether it is lazy. Groups leave
/// no trace: nothing reads what a group captured, only where the whole match lies.
indirect enum RegexNode: Sendable, Hashable {
  /// Matches the empty string.
  case empty
  /// Matches one scalar.
  case scalar(UInt32)
  /// Matches one scalar of a set.
  case set(ScalarSet)
  /// Matches the empty string where a condition holds.
  case assertion(Assertion)
  /// Matches each node in turn.
  case concatenation([RegexNode])
  /// Matches one of the nodes, the first that leads to a match preferred.
  case alternation([RegexNode])
  /// Matches the node `minimum` to `maximum` times (no maximum: any number); greedy
  /// repetitions prefer more, lazy ones fewer.
  case repetition(RegexNode, minimum: Int, maximum: Int?, isGreedy: Bool)

  /// A condition on a position in the text.
  enum Assertion: UInt32, Sendable, Hashable {
    /// The start of the text (`\A`, and `^` without the `m` flag).
    case startOfText
    /// The end of the text (`\z`, and `$` without the `m` flag).
    case endOfText
    /// The end of the text, or before a line break that ends it (`\Z`).
    case endOfTextBeforeNewline
    /// The start of the text or after a line break (`^` with the `m` flag).
    case startOfLine
    /// The end of the text or before a line break (`$` with the `m` flag).
    case endOfLine
    /// Between a word scalar (`\w`) and a scalar that is not one, or the start or end
    /// of the text (`\b`).
    case wordBoundary
    /// Not a word boundary (`\B`).
    case notWordBoundary
  }

  /// How many instructions the node compiles to (an upper bound), so a pattern whose
  /// repetitions multiply past a limit is refused before anything is built.
  var instructionCount: Int {
    switch self {
    case .empty: return 0
    case .scalar, .set, .assertion: return 1
    case .concatenation(let nodes): return nodes.reduce(0) { RegexNode.adding($0, $1.instructionCount) }
    case .alternation(let nodes): return nodes.reduce(nodes.count) { RegexNode.adding($0, $1.instructionCount) }
    case .repetition(let node, let minimum, let maximum, _):
      // Each copy, and a split for each optional one; a loop whose body can match nothing
      // has two copies of it.
      let copies = max(minimum, maximum ?? minimum + (node.canMatchEmpty ? 2 : 1), 1)
      let (total, overflow) = (node.instructionCount + 2).multipliedReportingOverflow(by: copies)
      return overflow ? Int.max : total
    }
  }

  private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
  }

  /// Whether the node can match the empty string (assertions taken as holding).
  var canMatchEmpty: Bool {
    switch self {
    case .empty, .assertion: return true
    case .scalar, .set: return false
    case .concatenation(let nodes): return nodes.allSatisfy(\.canMatchEmpty)
    case .alternation(let nodes): return nodes.contains(where: \.canMatchEmpty)
    case .repetition(let node, let minimum, _, _): return minimum == 0 || node.canMatchEmpty
    }
  }

  /// Whether every match must start at the start of the text (the pattern begins with
  /// `\A`, or `^` without the `m` flag, on every branch).
  var isAnchoredAtStart: Bool {
    switch self {
    case .assertion(let assertion): return assertion == .startOfText
    case .concatenation(let nodes):
      for node in nodes {
        if node.isAnchoredAtStart { return true }
        // Only what matches nothing and asserts nothing can come before the anchor.
        guard case .empty = node else { return false }
      }
      return false
    case .alternation(let nodes): return !nodes.isEmpty && nodes.allSatisfy(\.isAnchoredAtStart)
    case .repetition(let node, let minimum, _, _): return minimum > 0 && node.isAnchoredAtStart
    default: return false
    }
  }
}
