import TGridSystem

/// Runs a ``RegexProgram`` over UTF-8 text as a Pike VM (internal): all the ways the
/// pattern can be matching advance together, one scalar at a time, so the time is
/// proportional to the text's length times the program's size whatever the pattern, and
/// nothing ever backtracks.
///
/// The ways (threads) are kept in priority order, which is the order a backtracking engine
/// would try them in, and each instruction holds at most one thread per position (the one
/// of highest priority, which a lower one could only repeat). A thread carries where its
/// match started; when one reaches the end of the program, the threads after it are
/// dropped, and those before it go on in case they end in a match they prefer (a greedy
/// `a+` longer): the match found is the leftmost-first one that Perl, PCRE and Swift
/// `Regex` find.
///
/// A matcher holds its working memory (two thread lists and a stack, each the size of
/// the program), so one is made per thread of work and used for many texts. It counts
/// its work in ``steps`` and looks at its ``JSONCancellation`` (and its ``stepLimit``)
/// every ``stepsPerCheck`` steps (a few hundred microseconds at most).
final class RegexMatcher {
  /// The program run.
  let program: RegexProgram
  /// Work done so far, over every call: threads stepped, instructions followed, and bytes
  /// skipped (one step per eight).
  var steps: Int { stepCount.pointee }
  /// Steps between looks at the cancellation.
  static let stepsPerCheck = 1 << 14
  /// The most steps this matcher takes over all its calls before it stops as if cancelled
  /// (looked at with the cancellation): a budget for work that has no cancellation of its
  /// own, such as the highlights drawn with every frame.
  let stepLimit: Int

  // Everything the loop uses is a constant of the class (pointers to memory it owns):
  // stored properties that change would be checked for exclusive access at every call.
  private let instructions: UnsafeMutableBufferPointer<RegexInstruction>
  private let first: ThreadList
  private let second: ThreadList
  private let stepCount: UnsafeMutablePointer<Int>
  private let stack: UnsafeMutablePointer<Int32>
  /// A byte to point at when the text is empty (an empty buffer may have no address).
  private let emptyText: UnsafeMutablePointer<UInt8>
  /// The one byte every match starts with, when there is one (found with `memchr`).
  private let firstByte: UInt8?
  /// A scalar value no text holds, for "no scalar" before the start or after the end.
  private static let noScalar = UInt32.max

  /// A matcher for a compiled expression.
  convenience init(_ expression: RegularExpression, stepLimit: Int = .max) {
    self.init(program: expression.program, stepLimit: stepLimit)
  }

  /// A matcher for a program, stopping after `stepLimit` steps.
  init(program: RegexProgram, stepLimit: Int = .max) {
    self.program = program
    self.stepLimit = stepLimit
    let count = program.instructions.count
    instructions = .allocate(capacity: count)
    _ = instructions.initialize(from: program.instructions)
    first = ThreadList(capacity: count)
    second = ThreadList(capacity: count)
    stepCount = .allocate(capacity: 1)
    stepCount.initialize(to: 0)
    // A closure pushes at most the two branches of each instruction it visits once.
    stack = .allocate(capacity: 2 * count + 1)
    emptyText = .allocate(capacity: 1)
    emptyText.initialize(to: 0)
    let firstBytes = program.firstBytes?.members
    firstByte = firstBytes?.count == 1 ? firstBytes?.first : nil
  }

  deinit {
    instructions.deallocate()
    first.deallocate()
    second.deallocate()
    stepCount.deallocate()
    stack.deallocate()
    emptyText.deallocate()
  }

  // MARK: - Matching

  /// The leftmost-first match that starts at or after `start` (a byte offset at a scalar
  /// boundary); the text before `start` is seen by assertions (`\b`, `^`) but not matched.
  ///
  /// - Throws: `CancellationError` once `cancellation` is cancelled.
  func firstMatch(in text: UnsafeBufferPointer<UInt8>, from start: Int = 0, cancellation: JSONCancellation? = nil)
    throws(CancellationError) -> Range<Int>?
  {
    try run(text, from: start, stopsAtFirstMatch: false, cancellation: cancellation)
  }

  /// Whether the pattern matches anywhere in the text: stops at the first match found,
  /// without looking for the one a backtracking engine would prefer.
  ///
  /// - Throws: `CancellationError` once `cancellation` is cancelled.
  func matches(_ text: UnsafeBufferPointer<UInt8>, cancellation: JSONCancellation? = nil) throws(CancellationError)
    -> Bool
  {
    try run(text, from: 0, stopsAtFirstMatch: true, cancellation: cancellation) != nil
  }

  /// Where the scalars around the position being matched are, for assertions.
  private struct Surroundings {
    var offset: Int
    /// The scalar that ends at `offset`, or ``RegexMatcher/noScalar``.
    var previous: UInt32
    /// The scalar that starts at `offset`, or ``RegexMatcher/noScalar``.
    var next: UInt32
  }

  @_optimize(speed)
  private func run(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtFirstMatch: Bool, cancellation: JSONCancellation?
  ) throws(CancellationError) -> Range<Int>? {
    let count = text.count
    precondition(start >= 0 && start <= count, "the start of a match must lie in the text")
    let base = count > 0 ? text.baseAddress ?? UnsafePointer(emptyText) : UnsafePointer(emptyText)
    return try run(base, count: count, from: start, stopsAtFirstMatch: stopsAtFirstMatch, cancellation: cancellation)
  }

  @_optimize(speed)
  private func run(
    _ base: UnsafePointer<UInt8>, count: Int, from start: Int, stopsAtFirstMatch: Bool, cancellation: JSONCancellation?
  ) throws(CancellationError) -> Range<Int>? {
    let isAnchored = program.isAnchoredAtStart
    let firstBytes = program.firstBytes
    let sets = program.sets
    var current = first
    var next = second
    var steps = 0
    defer { stepCount.pointee += steps }
    var nextCheck = RegexMatcher.stepsPerCheck
    var matchStart = -1
    var matchEnd = -1
    current.removeAll()
    var position = start
    var previous = start > 0 ? RegexMatcher.scalar(before: start, base) : RegexMatcher.noScalar
    var (scalar, length) =
      position < count ? RegexMatcher.scalar(at: position, base, count) : (RegexMatcher.noScalar, 0)

    while true {
      if matchStart < 0 && (!isAnchored || position == start) {
        if current.count == 0, let firstBytes {
          // No thread is running: skip to where a match can start.
          guard
            let candidate = try skip(
              to: firstBytes, base, from: position, count: count, steps: &steps, nextCheck: &nextCheck, cancellation)
          else { break }
          // An anchored match can only start where the search starts.
          if isAnchored && candidate != position { break }
          if candidate != position {
            position = candidate
            previous = RegexMatcher.scalar(before: position, base)
            (scalar, length) = RegexMatcher.scalar(at: position, base, count)
          }
        }
        addThread(
          to: &current, program.start, start: position,
          Surroundings(offset: position, previous: previous, next: scalar),
          base, count, steps: &steps)
      }
      if current.count == 0 { break }

      // Step every thread over the scalar at `position`, in priority order.
      let nextPosition = position + length
      var nextScalar = RegexMatcher.noScalar
      var nextLength = 0
      if nextPosition < count { (nextScalar, nextLength) = RegexMatcher.scalar(at: nextPosition, base, count) }
      let after = Surroundings(offset: nextPosition, previous: scalar, next: nextScalar)
      next.removeAll()
      var index = 0
      while index < current.count {
        let pc = Int(current.dense[index])
        index += 1
        let instruction = instructions[pc]
        switch instruction.opcode {
        case .scalar:
          if scalar == instruction.operand {
            addThread(to: &next, instruction.next, start: current.starts[pc], after, base, count, steps: &steps)
          }
        case .set:
          if RegexMatcher.set(instruction, contains: scalar, sets: sets) {
            addThread(to: &next, instruction.next, start: current.starts[pc], after, base, count, steps: &steps)
          }
        case .match:
          matchStart = current.starts[pc]
          matchEnd = position
          if stopsAtFirstMatch { return matchStart..<matchEnd }
          // Threads of lower priority can only find matches a backtracking engine would
          // not prefer.
          index = current.count
        default:
          break
        }
      }
      steps += current.count
      if steps >= nextCheck {
        nextCheck = steps + RegexMatcher.stepsPerCheck
        if cancellation?.isCancelled == true || isOverBudget(steps) { throw CancellationError() }
      }
      if position >= count { break }
      swap(&current, &next)
      previous = scalar
      position = nextPosition
      scalar = nextScalar
      length = nextLength
    }
    return matchStart >= 0 ? matchStart..<matchEnd : nil
  }

  /// Whether the steps of earlier calls and `steps` of this one pass ``stepLimit``.
  private func isOverBudget(_ steps: Int) -> Bool {
    stepLimit != .max && stepCount.pointee + steps > stepLimit
  }

  /// The first offset at or after `position` whose byte can start a match; nil when none
  /// can. Checks the cancellation between stretches of a megabyte.
  private func skip(
    to firstBytes: RegexProgram.ByteSet, _ base: UnsafePointer<UInt8>, from position: Int, count: Int,
    steps: inout Int, nextCheck: inout Int, _ cancellation: JSONCancellation?
  ) throws(CancellationError) -> Int? {
    var offset = position
    while offset < count {
      let limit = min(count, offset + (1 << 20))
      let stretch = limit - offset
      if let firstByte {
        if let found = ByteScanning.firstOffset(of: firstByte, in: base, from: offset, to: limit) { return found }
      } else {
        while offset < limit {
          if firstBytes.contains(base[offset]) { return offset }
          offset += 1
        }
      }
      steps += stretch >> 3
      offset = limit
      if offset < count, steps >= nextCheck {
        nextCheck = steps + RegexMatcher.stepsPerCheck
        if cancellation?.isCancelled == true || isOverBudget(steps) { throw CancellationError() }
      }
    }
    return nil
  }

  // MARK: - Threads

  /// Adds the thread at `pc` and every thread it reaches without consuming, depth first so
  /// that the order of the list is the order of priority.
  @inline(__always)
  private func addThread(
    to list: inout ThreadList, _ pc: Int32, start: Int, _ surroundings: Surroundings, _ base: UnsafePointer<UInt8>,
    _ count: Int, steps: inout Int
  ) {
    var top = 1
    stack[0] = pc
    while top > 0 {
      top -= 1
      let pc = stack[top]
      let instruction = instructions[Int(pc)]
      steps += 1
      guard !list.contains(pc) else { continue }
      list.insert(pc, start: start)
      switch instruction.opcode {
      case .jump:
        stack[top] = instruction.next
        top += 1
      case .split:
        stack[top] = instruction.alternative
        stack[top + 1] = instruction.next
        top += 2
      case .assertion:
        if RegexMatcher.holds(instruction.operand, surroundings, base, count) {
          stack[top] = instruction.next
          top += 1
        }
      case .scalar, .set, .match:
        break
      }
    }
  }

  // MARK: - Scalars

  @inline(__always)
  private static func set(_ instruction: RegexInstruction, contains scalar: UInt32, sets: [ScalarSet]) -> Bool {
    if scalar < 0x40 { return instruction.lowASCII & (1 << UInt64(scalar)) != 0 }
    if scalar < 0x80 { return instruction.highASCII & (1 << UInt64(scalar &- 0x40)) != 0 }
    return scalar != noScalar && sets[Int(instruction.operand)].nonASCII.contains(scalar)
  }

  /// The scalar at `offset` and its length in bytes; an invalid byte is U+FFFD, one byte.
  @inline(__always)
  static func scalar(at offset: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> (UInt32, Int) {
    let lead = base[offset]
    if lead < 0x80 { return (UInt32(lead), 1) }
    return multibyteScalar(at: offset, base, count)
  }

  private static func multibyteScalar(at offset: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> (UInt32, Int) {
    let invalid: (UInt32, Int) = (0xFFFD, 1)
    let lead = UInt32(base[offset])
    func continuation(_ index: Int) -> UInt32? {
      guard offset + index < count else { return nil }
      let byte = base[offset + index]
      return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
    }
    switch lead {
    case 0xC2...0xDF:
      guard let second = continuation(1) else { return invalid }
      return ((lead & 0x1F) << 6 | second, 2)
    case 0xE0...0xEF:
      guard let second = continuation(1), let third = continuation(2) else { return invalid }
      // Overlong forms and surrogates are not scalars.
      if lead == 0xE0 && second < 0x20 || lead == 0xED && second >= 0x20 { return invalid }
      return ((lead & 0x0F) << 12 | second << 6 | third, 3)
    case 0xF0...0xF4:
      guard let second = continuation(1), let third = continuation(2), let fourth = continuation(3) else {
        return invalid
      }
      if lead == 0xF0 && second < 0x10 || lead == 0xF4 && second >= 0x10 { return invalid }
      return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
    default:
      return invalid
    }
  }

  /// The scalar that ends at `offset` (which is above 0).
  static func scalar(before offset: Int, _ base: UnsafePointer<UInt8>) -> UInt32 {
    if base[offset - 1] < 0x80 { return UInt32(base[offset - 1]) }
    var lead = offset - 1
    while lead > 0 && offset - lead < 4 && base[lead] & 0xC0 == 0x80 { lead -= 1 }
    let (scalar, length) = multibyteScalar(at: lead, base, offset)
    return lead + length == offset ? scalar : 0xFFFD
  }

  // MARK: - Assertions

  @inline(__always)
  private static func isWord(_ scalar: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(scalar) else { return false }
    return ScalarProperty.isWord(scalar)
  }

  @inline(__always)
  private static func isLineBreak(_ scalar: UInt32) -> Bool {
    ScalarSet.isLineBreak(scalar)
  }

  private static func holds(_ operand: UInt32, _ at: Surroundings, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    guard let assertion = RegexNode.Assertion(rawValue: operand) else { return false }
    // Inside `\r\n` is no line boundary.
    let isInsideCRLF = at.previous == 0x0D && at.next == 0x0A
    switch assertion {
    case .startOfText:
      return at.offset == 0
    case .endOfText:
      return at.offset == count
    case .endOfTextBeforeNewline:
      let rest = count - at.offset
      if rest == 0 { return true }
      if rest == 2 && base[at.offset] == 0x0D && base[at.offset + 1] == 0x0A { return true }
      guard isLineBreak(at.next) else { return false }
      return at.offset + scalar(at: at.offset, base, count).1 == count
    case .startOfLine:
      return at.offset == 0 || (isLineBreak(at.previous) && !isInsideCRLF)
    case .endOfLine:
      return at.offset == count || (isLineBreak(at.next) && !isInsideCRLF)
    case .wordBoundary:
      return isWord(at.previous) != isWord(at.next)
    case .notWordBoundary:
      return isWord(at.previous) == isWord(at.next)
    }
  }
}

/// A sparse set of instructions with the start of each one's thread (internal): insertion
/// order is priority order, and clearing it costs nothing (Briggs and Torczon's sparse
/// set, as RE2 and Rust's `regex` keep their thread lists).
struct ThreadList {
  /// The instructions in the list, in the order they were added.
  let dense: UnsafeMutablePointer<Int32>
  /// For each instruction, its position in `dense` if it is in the list.
  private let sparse: UnsafeMutablePointer<Int32>
  /// For each instruction in the list, where its thread's match started.
  let starts: UnsafeMutablePointer<Int>
  /// How many instructions are in the list.
  private(set) var count = 0

  init(capacity: Int) {
    dense = .allocate(capacity: max(capacity, 1))
    sparse = .allocate(capacity: max(capacity, 1))
    starts = .allocate(capacity: max(capacity, 1))
    dense.initialize(repeating: 0, count: max(capacity, 1))
    sparse.initialize(repeating: 0, count: max(capacity, 1))
    starts.initialize(repeating: 0, count: max(capacity, 1))
  }

  func deallocate() {
    dense.deallocate()
    sparse.deallocate()
    starts.deallocate()
  }

  @inline(__always)
  func contains(_ pc: Int32) -> Bool {
    let index = Int(sparse[Int(pc)])
    return index < count && dense[index] == pc
  }

  @inline(__always)
  mutating func insert(_ pc: Int32, start: Int) {
    dense[count] = pc
    sparse[Int(pc)] = Int32(count)
    starts[Int(pc)] = start
    count += 1
  }

  mutating func removeAll() {
    count = 0
  }
}
