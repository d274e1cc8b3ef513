/// Turns a ``RegexNode`` into a ``RegexProgram`` (internal), in the manner of Thompson's
/// construction: each node becomes a fragment that continues at a given instruction.
///
/// Counted repetitions are written out (`x{2,4}` is `x x (x (x)?)?`; the parser keeps the
/// total under ``RegexParser/maximumInstructions``); `x*` is a loop, and `x{n,}` is `n`
/// copies and a loop. A loop whose body can match nothing gets two copies of it (see
/// ``emitLoop(ofNullable:isGreedy:then:)``), so that it ends, as in Perl, PCRE and Swift
/// `Regex`, after an iteration that matched nothing.
struct RegexCompiler {
  private var instructions: [RegexInstruction] = []
  private var sets: [ScalarSet] = []
  private var setIndices: [ScalarSet: UInt32] = [:]
  /// Every consuming instruction emitted, in order (copies of a node emit theirs in the
  /// same order, which is how ``emitLoop(ofNullable:isGreedy:then:)`` pairs them).
  private var consuming: [Int32] = []

  /// The program for a syntax tree.
  static func compile(_ node: RegexNode) -> RegexProgram {
    var compiler = RegexCompiler()
    let match = compiler.append(RegexInstruction(opcode: .match))
    let start = compiler.emit(node, then: match)
    var program = RegexProgram(
      instructions: compiler.instructions, sets: compiler.sets, start: start,
      isAnchoredAtStart: node.isAnchoredAtStart,
      hasAssertions: compiler.instructions.contains { $0.opcode == .assertion }, firstBytes: nil)
    program.firstBytes = RegexCompiler.firstBytes(of: program)
    return program
  }

  private mutating func append(_ instruction: RegexInstruction) -> Int32 {
    instructions.append(instruction)
    let pc = Int32(instructions.count - 1)
    if instruction.opcode == .scalar || instruction.opcode == .set { consuming.append(pc) }
    return pc
  }

  private mutating func split(_ preferred: Int32, _ other: Int32) -> Int32 {
    append(RegexInstruction(opcode: .split, next: preferred, alternative: other))
  }

  /// Emits `node`, continuing at `next`; returns where the node starts.
  private mutating func emit(_ node: RegexNode, then next: Int32) -> Int32 {
    switch node {
    case .empty:
      return next
    case .scalar(let value):
      return append(RegexInstruction(opcode: .scalar, operand: value, next: next))
    case .set(let set):
      if let single = set.singleMember {
        return append(RegexInstruction(opcode: .scalar, operand: single, next: next))
      }
      let index: UInt32
      if let known = setIndices[set] {
        index = known
      } else {
        index = UInt32(sets.count)
        sets.append(set)
        setIndices[set] = index
      }
      return append(
        RegexInstruction(opcode: .set, operand: index, next: next, lowASCII: set.lowASCII, highASCII: set.highASCII))
    case .assertion(let assertion):
      return append(RegexInstruction(opcode: .assertion, operand: assertion.rawValue, next: next))
    case .concatenation(let nodes):
      var entry = next
      for node in nodes.reversed() { entry = emit(node, then: entry) }
      return entry
    case .alternation(let nodes):
      guard let last = nodes.last else { return next }
      var entry = emit(last, then: next)
      for node in nodes.dropLast().reversed() {
        let branch = emit(node, then: next)
        entry = split(branch, entry)
      }
      return entry
    case .repetition(let body, let minimum, let maximum, let isGreedy):
      var entry = next
      if let maximum {
        // Optional copies from the innermost out; skipping one skips the rest.
        for _ in 0..<(maximum - minimum) {
          let copy = emit(body, then: entry)
          entry = isGreedy ? split(copy, next) : split(next, copy)
        }
      } else if !body.canMatchEmpty {
        // Every iteration consumes, so the loop can go back to its head unconditionally.
        let head = append(RegexInstruction(opcode: .jump))
        let copy = emit(body, then: head)
        instructions[Int(head)] = RegexInstruction(
          opcode: .split, next: isGreedy ? copy : next, alternative: isGreedy ? next : copy)
        entry = head
      } else {
        entry = emitLoop(ofNullable: body, isGreedy: isGreedy, then: next)
      }
      for _ in 0..<minimum { entry = emit(body, then: entry) }
      return entry
    }
  }

  /// A loop over a body that can match nothing, with Perl's rule for such loops: an
  /// iteration that matches nothing ends the loop (matching goes on after it), rather than
  /// going round again or failing.
  ///
  /// Whether the current iteration has consumed anything is state a thread must carry, so
  /// the body is emitted twice: a copy for an iteration that has not consumed yet, whose
  /// end leaves the loop, and one for an iteration that has, whose end goes back to the
  /// head; each consuming instruction of the first copy continues in the second. (A
  /// thread list keeps one thread per instruction, so the two copies keep apart threads a
  /// single copy would merge.) Each nested loop of this kind doubles its body again; the
  /// parser's instruction count allows for it.
  private mutating func emitLoop(ofNullable body: RegexNode, isGreedy: Bool, then next: Int32) -> Int32 {
    let head = append(RegexInstruction(opcode: .jump))
    let consumedStart = consuming.count
    _ = emit(body, then: head)
    let consumedInstructions = Array(consuming[consumedStart...])
    let freshStart = consuming.count
    let fresh = emit(body, then: next)
    let freshInstructions = Array(consuming[freshStart...])
    precondition(
      consumedInstructions.count == freshInstructions.count, "two copies of a node emit the same instructions")
    for (freshPC, consumedPC) in zip(freshInstructions, consumedInstructions) {
      instructions[Int(freshPC)].next = instructions[Int(consumedPC)].next
    }
    instructions[Int(head)] = RegexInstruction(
      opcode: .split, next: isGreedy ? fresh : next, alternative: isGreedy ? next : fresh)
    return head
  }

  // MARK: - First bytes

  /// The bytes a match can start with: the lead bytes of what the instructions reachable
  /// from the start without consuming can consume (assertions taken as holding). Nil when
  /// the match can be empty, or can start with a scalar that an invalid byte decodes to
  /// (U+FFFD), which any byte can be.
  private static func firstBytes(of program: RegexProgram) -> RegexProgram.ByteSet? {
    var bytes = RegexProgram.ByteSet()
    var visited = Set<Int32>()
    var stack = [program.start]
    while let pc = stack.popLast() {
      guard visited.insert(pc).inserted else { continue }
      let instruction = program.instructions[Int(pc)]
      switch instruction.opcode {
      case .match:
        return nil
      case .split:
        stack.append(instruction.next)
        stack.append(instruction.alternative)
      case .jump, .assertion:
        stack.append(instruction.next)
      case .scalar:
        guard instruction.operand != 0xFFFD else { return nil }
        bytes.insert(leadByte(of: instruction.operand))
      case .set:
        let set = program.sets[Int(instruction.operand)]
        for byte in UInt8(0)..<0x80 where set.contains(UInt32(byte)) { bytes.insert(byte) }
        guard !set.contains(0xFFFD) else { return nil }
        switch set.nonASCII {
        case .none:
          break
        case .ranges(let ranges):
          for range in ranges { bytes.insert(leadByte(of: range.lowerBound)...leadByte(of: range.upperBound)) }
        default:
          bytes.insert(0xC2...0xF4)
        }
      }
    }
    return bytes
  }

  /// The first byte of a scalar's UTF-8 encoding (increasing with the scalar).
  private static func leadByte(of scalar: UInt32) -> UInt8 {
    switch scalar {
    case ..<0x80: UInt8(scalar)
    case ..<0x800: UInt8(0xC0 | (scalar >> 6))
    case ..<0x10000: UInt8(0xE0 | (scalar >> 12))
    default: UInt8(0xF0 | min(scalar >> 18, 4))
    }
  }
}
