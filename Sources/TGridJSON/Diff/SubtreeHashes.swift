/// A 64-bit hash of every value of a document, computed once, bottom-up, in one forward pass
/// over the tape (internal; see ``JSONDiff``).
///
/// Two values hash alike when they are the same JSON: whitespace does not count, member
/// order does not count (an object's hash is a sum over its members), strings hash by their
/// decoded text (`"\u00e9"` as `"é"`), numbers by their exact decimal value (`1.0`, `1` and
/// `10e-1` alike; `-0` as `0`), as ``JSONDocument/isValue(_:equalTo:in:)`` compares them.
/// Arrays hash their elements in order. Nothing is allocated per value: numbers are
/// canonicalised as their digits stream by, strings with escapes are decoded into one
/// reused buffer.
struct SubtreeHashes: @unchecked Sendable {
  /// The hash of the value at each tape index (the info word after a container is unused).
  let values: [UInt64]

  /// Hashes every value of `document`.
  init(_ document: JSONDocument) {
    let storage = document.storage
    var hashes = [UInt64](repeating: 0, count: storage.wordCount)
    hashes.withUnsafeMutableBufferPointer { output in
      guard let base = output.baseAddress else { return }
      SubtreeHashes.hashAll(storage: storage, root: document.root.index, into: base)
    }
    values = hashes
  }

  /// An open container while hashing.
  struct Frame {
    var end: Int
    var accumulator: UInt64
    var start: Int
    var childCount: Int
    var isObject: Bool
  }

  /// The pass itself: a plain loop over locals (a closure capturing them would make every
  /// access a checked one, a third of the time).
  static func hashAll(storage: JSONStorage, root: Int, into output: UnsafeMutablePointer<UInt64>) {
    var decoded: [UInt8] = []
    var stack: [Frame] = []
    var index = root
    let end = storage.subtreeEnd(root)
    while true {
      while let top = stack.last, top.end == index {
        stack.removeLast()
        let seed: UInt64 = top.isObject ? 0x6F62_6A65_6374 : 0x6172_7261_79
        let hash = mix(top.accumulator ^ seed ^ UInt64(truncatingIfNeeded: top.childCount) << 1)
        output[top.start] = hash
        fold(hash, of: top.start, into: &stack, storage: storage, buffer: &decoded)
      }
      guard index < end else { break }
      let word = storage.word(index)
      let kind = TapeWord.kind(word)
      if kind >= TapeWord.array {
        stack.append(
          Frame(
            end: index &+ TapeWord.endDelta(ofInfo: storage.word(index &+ 1)), accumulator: 0, start: index,
            childCount: 0, isObject: kind == TapeWord.object))
        index &+= 2
        continue
      }
      let hash = scalarHash(storage: storage, index: index, word: word, buffer: &decoded)
      output[index] = hash
      fold(hash, of: index, into: &stack, storage: storage, buffer: &decoded)
      index &+= 1
    }
  }

  /// Folds a finished value into the container around it: a sum over members (order does
  /// not count), a chain over elements (it does).
  @inline(__always)
  static func fold(
    _ hash: UInt64, of valueIndex: Int, into stack: inout [Frame], storage: JSONStorage, buffer: inout [UInt8]
  ) {
    let top = stack.count &- 1
    guard top >= 0 else { return }
    if stack[top].isObject {
      let keyHash = SubtreeHashes.keyHash(storage: storage, index: valueIndex, buffer: &buffer)
      stack[top].accumulator &+= mix(keyHash &+ mix(hash ^ 0x2545_F491_4F6C_DD1D))
    } else {
      stack[top].accumulator = mix(stack[top].accumulator &* 0x9E37_79B9_7F4A_7C15 ^ hash)
    }
    stack[top].childCount &+= 1
  }

  /// The hash of a value.
  @inline(__always) subscript(node: JSONNode) -> UInt64 { values[node.index] }

  // MARK: - Scalars

  static let nullHash: UInt64 = 0x517C_C1B7_2722_0A95
  static let trueHash: UInt64 = 0x2FC9_A4E3_2C0B_915D
  static let falseHash: UInt64 = 0x7A0E_58C3_B194_6D21
  static let zeroHash: UInt64 = 0x3C6E_F372_FE94_F82B

  /// The hash of the scalar at `index` whose tape word is `word`.
  static func scalarHash(storage: JSONStorage, index: Int, word: UInt64, buffer: inout [UInt8]) -> UInt64 {
    let kind = TapeWord.kind(word)
    switch kind {
    case TapeWord.null: return nullHash
    case TapeWord.true: return trueHash
    case TapeWord.false: return falseHash
    case TapeWord.number:
      let (pointer, end) = storage.bytes(at: TapeWord.payload(word))
      return numberHash(pointer, count: end - pointer)
    case TapeWord.string:
      let (pointer, end) = storage.bytes(at: TapeWord.payload(word))
      return unescapedStringHash(pointer, end: end)
    default:
      let (pointer, end) = storage.bytes(at: TapeWord.payload(word))
      let count = JSONScanner.stringLength(at: pointer, end: end)
      return stringHash(pointer, count: count, isEscaped: true, buffer: &buffer)
    }
  }

  /// The hash of the decoded key of the member at `index`.
  static func keyHash(storage: JSONStorage, index: Int, buffer: inout [UInt8]) -> UInt64 {
    guard let offset = storage.keyOffset(of: index) else { return 0 }
    let (pointer, end) = storage.bytes(at: offset)
    guard TapeWord.isKeyEscaped(storage.word(index)) else { return unescapedStringHash(pointer, end: end) }
    return stringHash(pointer, count: JSONScanner.stringLength(at: pointer, end: end), isEscaped: true, buffer: &buffer)
  }

  /// The hash of a string token's decoded text (`pointer` at its opening quote, `count`
  /// bytes with both quotes).
  static func stringHash(
    _ pointer: UnsafePointer<UInt8>, count: Int, isEscaped: Bool, buffer: inout [UInt8]
  ) -> UInt64 {
    guard isEscaped else { return bytesHash(pointer + 1, count: max(count - 2, 0)) }
    JSONStringDecoder.decode(pointer, count: count, into: &buffer)
    return buffer.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return bytesHash(pointer, count: 0) }
      return bytesHash(base, count: bytes.count)
    }
  }

  /// A fast hash of bytes: eight at a time, multiplied and rotated, then finalised.
  static func bytesHash(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var hash: UInt64 = 0x7374_7269_6E67
    var offset = 0
    let raw = UnsafeRawPointer(pointer)
    while count - offset >= 8 {
      let chunk = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ chunk) &* 0x87C3_7B91_1142_53D5
      hash = hash << 31 | hash >> 33
      offset += 8
    }
    if offset < count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < count {
        tail |= UInt64(pointer[offset]) << shift
        shift += 8
        offset += 1
      }
      hash = (hash ^ tail) &* 0x4CF5_AD43_2745_937F
    }
    return mix(hash ^ UInt64(truncatingIfNeeded: count) &* 0xFF51_AFD7_ED55_8CCD)
  }

  /// ``bytesHash(_:count:)`` of the text of a string token without escapes, found and hashed
  /// in one pass eight bytes at a time (`pointer` at its opening quote).
  static func unescapedStringHash(_ pointer: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x7374_7269_6E67
    let start = pointer + 1
    var next = start
    while end - next >= 8 {
      let chunk = JSONScanner.load(next)
      let quote = JSONScanner.quoteOrBackslash(chunk)
      if quote == 0 {
        hash = (hash ^ chunk) &* 0x87C3_7B91_1142_53D5
        hash = hash << 31 | hash >> 33
        next += 8
        continue
      }
      let length = quote.trailingZeroBitCount >> 3
      if length > 0 {
        let tail = chunk & (UInt64.max >> UInt64(64 - 8 * length))
        hash = (hash ^ tail) &* 0x4CF5_AD43_2745_937F
      }
      return mix(hash ^ UInt64(truncatingIfNeeded: next - start + length) &* 0xFF51_AFD7_ED55_8CCD)
    }
    // The last few bytes of the buffer.
    let count = JSONScanner.stringLength(at: pointer, end: end)
    return bytesHash(start, count: max(count - 2, 0))
  }

  /// The hash of a number token (the bytes from `pointer` up to the first that cannot be
  /// part of a number, at most `count`) by its exact value: the significant digits without leading
  /// or trailing zeros, the power of ten and the sign, as `JSONNumber.Decimal` reads them.
  static func numberHash(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var isNegative = false
    var hash: UInt64 = 0x6E75_6D62_6572
    var hasDigit = false
    var pendingZeros = 0
    var fractionDigits = 0
    var inFraction = false
    var inExponent = false
    var exponent = 0
    var exponentSign = 1
    for offset in 0..<count {
      let byte = pointer[offset]
      guard byte &- 0x30 < 10 || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte | 0x20 == 0x65 else { break }
      switch byte {
      case 0x2D where inExponent: exponentSign = -1
      case 0x2D: isNegative = true
      case 0x2E: inFraction = true
      case 0x65, 0x45: inExponent = true
      case 0x30...0x39 where inExponent:
        exponent = min(exponent &* 10 &+ Int(byte &- 0x30), 1 << 40)
      case 0x30:
        if inFraction { fractionDigits &+= 1 }
        if hasDigit { pendingZeros &+= 1 }
      case 0x31...0x39:
        if inFraction { fractionDigits &+= 1 }
        while pendingZeros > 0 {
          hash = (hash &+ 1) &* 0x9E37_79B9_7F4A_7C15
          pendingZeros &-= 1
        }
        hash = (hash &+ UInt64(byte &- 0x2F)) &* 0x9E37_79B9_7F4A_7C15
        hasDigit = true
      default: break
      }
    }
    guard hasDigit else { return zeroHash }
    let scale = exponentSign * exponent - fractionDigits + pendingZeros
    return mix(hash ^ mix(UInt64(bitPattern: Int64(scale)) ^ (isNegative ? 0x8000_0000_0000_0001 : 0)))
  }

  /// A 64-bit finaliser (every input bit reaches every output bit).
  @inline(__always) static func mix(_ value: UInt64) -> UInt64 {
    var x = value
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return x ^ (x >> 31)
  }
}
