/// A literal search pattern compiled for scanning raw UTF-8 (internal).
///
/// Matching compares Unicode scalars one to one: exactly, or after simple case folding
/// (``SimpleCaseFolding``) when ignoring case. There is no normalisation: `é` written as one
/// scalar does not match `e` followed by a combining accent.
///
/// Finding candidates: the needle's bytes at fixed offsets are turned into byte classes
/// (`(byte | mask) == value`: one byte, or two that differ in one bit, like `a`/`A` or
/// `ó`/`Ó`'s last byte). Two rare classes at a fixed distance are looked for sixteen bytes at
/// a time; only where both hold is the needle compared scalar by scalar. Offsets are fixed
/// only across scalars whose case variants all have the same UTF-8 length, so the two anchors
/// are taken inside such a run, and the comparison works backwards from the run for the
/// scalars before it (the Kelvin sign, three bytes, also folds to `k`).
struct SearchNeedle: Sendable {
  /// The needle's scalars, folded when ignoring case.
  let scalars: [UInt32]
  /// The needle's UTF-8 bytes (as given, for exact matching).
  let bytes: [UInt8]
  let ignoresCase: Bool
  /// Whether the needle can appear in unescaped string text: not when it holds a quote, a
  /// backslash or a control character, which a JSON text only has escaped.
  let canMatchRaw: Bool
  /// How candidates are found in raw bytes.
  let plan: Plan
  /// How many anchor positions choosing the plan looked at: linear in the needle's length
  /// (tests hold it to that; a pasted pattern of 20,000 characters once took 20,000²).
  let planningSteps: Int

  /// A byte class: bytes `b` with `(b | mask) == value`.
  struct ByteClass: Sendable, Equatable {
    var value: UInt8
    var mask: UInt8

    @inline(__always) func contains(_ byte: UInt8) -> Bool { byte | mask == value }
  }

  enum Plan: Sendable {
    /// `first` at a candidate position `p`, `second` at `p + distance`; the run of
    /// fixed-length scalars holding them starts at scalar `runScalar`, `firstOffset` bytes
    /// before `p`.
    case anchors(first: ByteClass, second: ByteClass, distance: Int, runScalar: Int, firstOffset: Int)
    /// The scalar at `scalar` starts with one of these bytes (its case variants differ in
    /// length and lead byte).
    case leadBytes([UInt8], scalar: Int)
    /// No raw scan: every token is compared on its own.
    case none
  }

  init(_ pattern: String, ignoresCase: Bool) {
    self.ignoresCase = ignoresCase
    bytes = Array(pattern.utf8)
    let scalars = pattern.unicodeScalars.map { ignoresCase ? SimpleCaseFolding.fold($0.value) : $0.value }
    self.scalars = scalars
    let classes = scalars.map { ignoresCase ? SimpleCaseFolding.equivalents(of: $0) : [$0] }
    canMatchRaw = !classes.joined().contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
    var steps = 0
    plan = scalars.isEmpty ? .none : SearchNeedle.plan(classes, steps: &steps)
    planningSteps = steps
  }

  /// Whether raw bytes can be scanned for the needle (it has a way to find candidates).
  var canScanBytes: Bool {
    if case .none = plan { return false }
    return true
  }

  // MARK: - Choosing anchors

  private static func plan(_ classes: [[UInt32]], steps: inout Int) -> Plan {
    let encodings = classes.map { $0.map(utf8) }
    var bestScore = Double.infinity
    var bestPlan: Plan?
    var scalar = 0
    while scalar < classes.count {
      guard isFixedLength(encodings[scalar]) else {
        scalar += 1
        continue
      }
      // A run of fixed-length scalars: its anchor bytes at their offsets in the run.
      let runStart = scalar
      var anchors: [(offset: Int, byteClass: ByteClass)] = []
      var offset = 0
      while scalar < classes.count, isFixedLength(encodings[scalar]) {
        let length = encodings[scalar][0].count
        for position in 0..<length {
          let values = Set(encodings[scalar].map { $0[position] })
          if let byteClass = byteClass(values) { anchors.append((offset + position, byteClass)) }
        }
        offset += length
        scalar += 1
      }
      // The rarest anchor from each position on (the earliest of equals): the best partner
      // of an anchor is the rarest one after it, found in one pass back (a pasted pattern
      // of 20,000 characters must not cost 20,000² pairs).
      var rarestAfter = [(frequency: Double, index: Int)?](repeating: nil, count: anchors.count + 1)
      for index in anchors.indices.reversed() {
        steps += 1
        let here = (frequency(anchors[index].byteClass), index)
        if let later = rarestAfter[index + 1], later.frequency < here.0 {
          rarestAfter[index] = later
        } else {
          rarestAfter[index] = here
        }
      }
      for (index, first) in anchors.enumerated() {
        steps += 1
        let firstFrequency = frequency(first.byteClass)
        // One anchor alone counts as if paired with a byte that is always there.
        var second = first
        var score = firstFrequency * 256
        if let partner = rarestAfter[index + 1], firstFrequency * partner.frequency < score {
          second = anchors[partner.index]
          score = firstFrequency * partner.frequency
        }
        if score < bestScore {
          bestScore = score
          bestPlan = .anchors(
            first: first.byteClass, second: second.byteClass, distance: second.offset - first.offset,
            runScalar: runStart, firstOffset: first.offset)
        }
      }
    }
    if let bestPlan { return bestPlan }
    // No scalar has fixed-length variants: find the lead bytes of the one with fewest.
    var leads: (bytes: [UInt8], scalar: Int) = ([], -1)
    for (index, variants) in encodings.enumerated() {
      let bytes = Set(variants.map { $0[0] }).sorted()
      if bytes.count <= 4 && (leads.scalar < 0 || bytes.count < leads.bytes.count) { leads = (bytes, index) }
    }
    return leads.scalar < 0 ? .none : .leadBytes(leads.bytes, scalar: leads.scalar)
  }

  private static func isFixedLength(_ variants: [[UInt8]]) -> Bool {
    variants.allSatisfy { $0.count == variants[0].count }
  }

  private static func byteClass(_ values: Set<UInt8>) -> ByteClass? {
    let sorted = values.sorted()
    if sorted.count == 1 { return ByteClass(value: sorted[0], mask: 0) }
    let difference = sorted[0] ^ sorted[1]
    guard sorted.count == 2, difference.nonzeroBitCount == 1 else { return nil }
    return ByteClass(value: sorted[0] | difference, mask: difference)
  }

  private static func utf8(_ scalar: UInt32) -> [UInt8] {
    guard let scalar = Unicode.Scalar(scalar) else { return [] }
    return Array(String(Character(scalar)).utf8)
  }

  /// How often bytes of a class turn up in JSON text, roughly (per mille): rarer anchors
  /// give fewer false candidates.
  private static func frequency(_ byteClass: ByteClass) -> Double {
    let values = byteClass.mask == 0 ? [byteClass.value] : [byteClass.value, byteClass.value & ~byteClass.mask]
    return values.reduce(0) { $0 + frequency($1) }
  }

  private static func frequency(_ byte: UInt8) -> Double {
    switch byte {
    case 0x20, 0x22: return 80
    case 0x2C, 0x3A: return 30
    case 0x30...0x39: return 25
    case 0x0A: return 10
    case 0x7B, 0x7D, 0x5B, 0x5D, 0x2D, 0x2E: return 10
    case 0x61...0x7A: return letterFrequencies[Int(byte - 0x61)]
    case 0x41...0x5A: return 1 + letterFrequencies[Int(byte - 0x41)] / 10
    case 0x80...0xBF: return 3
    case 0xC2...0xF4: return 2
    case 0xC0, 0xC1, 0xF5...0xFF: return 0
    default: return 1
    }
  }

  private static let letterFrequencies: [Double] = [
    40, 7, 14, 20, 60, 11, 10, 25, 35, 1, 4, 20, 12, 34, 38, 10, 0.5, 30, 32, 45, 14, 5, 9, 1.5, 9, 0.5,
  ]

  // MARK: - Matching at a position

  /// The scalar starting at `index`, and its length; nil if it does not fit before `upper`
  /// or is not UTF-8.
  @inline(__always)
  static func decode(_ base: UnsafePointer<UInt8>, at index: Int, upper: Int) -> (scalar: UInt32, length: Int)? {
    let lead = base[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
    guard length > 0, index + length <= upper else { return nil }
    var value = UInt32(lead) & (0x7F >> length)
    for offset in 1..<length {
      let byte = base[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (value, length)
  }

  @inline(__always)
  private func equals(_ scalar: UInt32, _ index: Int) -> Bool {
    (ignoresCase ? SimpleCaseFolding.fold(scalar) : scalar) == scalars[index]
  }

  /// Whether scalars `from...` of the needle are at `index`; returns the end of the match.
  @inline(__always)
  func matchForward(_ base: UnsafePointer<UInt8>, at index: Int, from first: Int, upper: Int) -> Int? {
    if !ignoresCase && first == 0 {
      guard upper - index >= bytes.count else { return nil }
      for offset in 0..<bytes.count where base[index + offset] != bytes[offset] { return nil }
      return index + bytes.count
    }
    var position = index
    for needleIndex in first..<scalars.count {
      guard position < upper, let (scalar, length) = SearchNeedle.decode(base, at: position, upper: upper),
        equals(scalar, needleIndex)
      else { return nil }
      position += length
    }
    return position
  }

  /// Whether the needle's first `count` scalars end at `index`; returns where they start.
  @inline(__always)
  func matchBackward(_ base: UnsafePointer<UInt8>, endingAt index: Int, count: Int, lower: Int) -> Int? {
    var position = index
    for needleIndex in stride(from: count - 1, through: 0, by: -1) {
      var start = position - 1
      while start > lower && position - start < 4 && base[start] & 0xC0 == 0x80 { start -= 1 }
      guard start >= lower, let (scalar, length) = SearchNeedle.decode(base, at: start, upper: position),
        start + length == position, equals(scalar, needleIndex)
      else { return nil }
      position = start
    }
    return position
  }

  /// The first match whose anchor scalar starts in `[from, limit)`, reading only
  /// `[lower, upper)`, and where to look for the next one (pass it as `from`).
  ///
  /// The match itself may start before `from` when scalars come before the anchor.
  @_optimize(speed)
  func firstMatch(
    _ base: UnsafePointer<UInt8>, from: Int, lower: Int, limit: Int, upper: Int
  ) -> (match: Range<Int>, resume: Int)? {
    switch plan {
    case .anchors(let first, let second, let distance, let runScalar, let firstOffset):
      var position = from + firstOffset
      while let candidate = SearchNeedle.nextCandidate(
        base, from: position, limit: limit + firstOffset, upper: upper, first, second, distance)
      {
        let runStart = candidate - firstOffset
        if let start = matchBackward(base, endingAt: runStart, count: runScalar, lower: lower),
          let end = matchForward(base, at: runStart, from: runScalar, upper: upper)
        {
          return (start..<end, runStart + 1)
        }
        position = candidate + 1
      }
      return nil
    case .leadBytes(let leads, let scalar):
      var position = from
      while position < min(limit, upper) {
        if leads.contains(base[position]),
          let start = matchBackward(base, endingAt: position, count: scalar, lower: lower),
          let end = matchForward(base, at: position, from: scalar, upper: upper)
        {
          return (start..<end, position + 1)
        }
        position += 1
      }
      return nil
    case .none:
      return nil
    }
  }

  /// Whether the needle occurs in a buffer (a decoded string or a token's text).
  @_optimize(speed)
  func occurs(in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = buffer.baseAddress, !scalars.isEmpty else { return false }
    switch plan {
    case .anchors, .leadBytes:
      return firstMatch(base, from: 0, lower: 0, limit: buffer.count, upper: buffer.count) != nil
    case .none:
      var position = 0
      while position < buffer.count {
        if matchForward(base, at: position, from: 0, upper: buffer.count) != nil { return true }
        position += 1
        while position < buffer.count && base[position] & 0xC0 == 0x80 { position += 1 }
      }
      return false
    }
  }

  /// Positions `p` in `[from, limit)` with `first` at `p` and `second` at `p + distance`,
  /// both before `upper`: sixteen bytes at a time, then byte by byte for the tail.
  @_optimize(speed)  // SIMD operations are calls in an unoptimised build: keep tests fast
  static func nextCandidate(
    _ base: UnsafePointer<UInt8>, from: Int, limit: Int, upper: Int, _ first: ByteClass, _ second: ByteClass,
    _ distance: Int
  ) -> Int? {
    var position = max(from, 0)
    let end = min(limit, upper - distance)
    let raw = UnsafeRawPointer(base)
    let firstValue = SIMD16<UInt8>(repeating: first.value)
    let firstMask = SIMD16<UInt8>(repeating: first.mask)
    let secondValue = SIMD16<UInt8>(repeating: second.value)
    let secondMask = SIMD16<UInt8>(repeating: second.mask)
    while position + 16 <= end {
      let head = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
      let tail = raw.loadUnaligned(fromByteOffset: position + distance, as: SIMD16<UInt8>.self)
      let hits = ((head | firstMask) .== firstValue) .& ((tail | secondMask) .== secondValue)
      // A lane that holds is all ones: read the mask as two words (`any` is a slow reduction).
      let words = unsafeBitCast(hits, to: SIMD2<UInt64>.self)
      if words[0] != 0 { return position + words[0].trailingZeroBitCount >> 3 }
      if words[1] != 0 { return position + 8 + words[1].trailingZeroBitCount >> 3 }
      position += 16
    }
    while position < end {
      if first.contains(base[position]) && second.contains(base[position + distance]) { return position }
      position += 1
    }
    return nil
  }
}
