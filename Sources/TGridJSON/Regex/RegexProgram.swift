/// A regular expression compiled to the instructions of a nondeterministic automaton
/// (internal), which ``RegexMatcher`` runs as a Pike VM.
///
/// Instructions either consume one scalar (``RegexInstruction/Opcode/scalar``,
/// ``RegexInstruction/Opcode/set``), end a match, or move without consuming (splits, jumps,
/// assertions). A split's first branch is preferred: the order of branches is what
/// makes the leftmost match the one a backtracking engine would find first.
struct RegexProgram: Sendable {
  /// The instructions; `start` is where matching begins.
  var instructions: [RegexInstruction]
  /// The sets that ``RegexInstruction/Opcode/set`` instructions test, by index.
  var sets: [ScalarSet]
  /// The first instruction.
  var start: Int32
  /// Whether every match starts where the search starts (`^…`, `\A…`).
  var isAnchoredAtStart: Bool
  /// Whether the program has assertions (which need the scalars around a position).
  var hasAssertions: Bool
  /// The bytes a match can start with (bit `b` of word `b / 64`); nil when a match can
  /// be empty, so it can start anywhere.
  var firstBytes: ByteSet?

  /// A set of bytes.
  struct ByteSet: Sendable, Hashable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
      let bit = UInt64(1) << UInt64(byte & 63)
      switch byte >> 6 {
      case 0: return words.0 & bit != 0
      case 1: return words.1 & bit != 0
      case 2: return words.2 & bit != 0
      default: return words.3 & bit != 0
      }
    }

    mutating func insert(_ byte: UInt8) {
      let bit = UInt64(1) << UInt64(byte & 63)
      switch byte >> 6 {
      case 0: words.0 |= bit
      case 1: words.1 |= bit
      case 2: words.2 |= bit
      default: words.3 |= bit
      }
    }

    mutating func insert(_ bytes: ClosedRange<UInt8>) {
      for byte in bytes { insert(byte) }
    }

    /// The members, in order.
    var members: [UInt8] { (0...255).filter { contains(UInt8($0)) }.map { UInt8($0) } }

    static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
      lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
        && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(words.0)
      hasher.combine(words.1)
      hasher.combine(words.2)
      hasher.combine(words.3)
    }
  }
}

/// One instruction of a ``RegexProgram`` (internal).
struct RegexInstruction: Sendable, Hashable {
  /// What the instruction does.
  enum Opcode: UInt8, Sendable, Hashable {
    /// Consume the scalar `operand`, go to `next`.
    case scalar
    /// Consume a scalar of set `operand` (ASCII ones tested on the inline bit maps), go to
    /// `next`.
    case set
    /// Go to `next` and to `alternative`, `next` preferred.
    case split
    /// Go to `next`.
    case jump
    /// Go to `next` if assertion `operand` holds here.
    case assertion
    /// A match ends here.
    case match
  }

  var opcode: Opcode
  var operand: UInt32 = 0
  var next: Int32 = 0
  var alternative: Int32 = 0
  /// For ``Opcode/set``: the set's members below 0x40 and from 0x40 to 0x7F.
  var lowASCII: UInt64 = 0
  var highASCII: UInt64 = 0
}
