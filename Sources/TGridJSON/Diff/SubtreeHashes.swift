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
    let count = storage.wordCount
    var hashes = [UInt64](repeating: 0, count: count)
    var decoded: [UInt8] = []
    let rootIndex = document.root.index
    // Open containers: where each ends, its running hash, whether it is an object, its index.
    var stack: [(end: Int, accumulator: UInt64, isObject: Bool, start: Int, childCount: Int)] = []
    var index = rootIndex
    let end = storage.subtreeEnd(rootIndex)

    /// Folds a finished value into the container around it.
    func fold(_ hash: UInt64, of valueIndex: Int) {
      guard !stack.isEmpty else { return }
      let top = stack.count - 1
      if stack[top].isObject {
        let keyHash = SubtreeHashes.keyHash(storage: storage, index: valueIndex, buffer: &decoded)
        stack[top].accumulator &+= SubtreeHashes.mix(keyHash &+ SubtreeHashes.mix(hash ^ 0x2545_F491_4F6C_DD1D))
      } else {
        stack[top].accumulator = SubtreeHashes.mix(stack[top].accumulator &* 0x9E37_79B9_7F4A_7C15 ^ hash)
      }
      stack[top].childCount &+= 1
    }

    hashes.withUnsafeMutableBufferPointer { output in
      while true {
        while let top = stack.last, top.end == index {
          stack.removeLast()
          let seed: UInt64 = top.isObject ? 0x6F62_6A65_6374 : 0x6172_7261_79
          let hash = SubtreeHashes.mix(top.accumulator ^ seed ^ UInt64(truncatingIfNeeded: top.childCount) << 1)
          output[top.start] = hash
          fold(hash, of: top.start)
        }
        guard index < end else { break }
        let word = storage.word(index)
        let kind = TapeWord.kind(word)
        if kind >= TapeWord.array {
          stack.append((storage.subtreeEnd(index), 0, kind == TapeWord.object, index, 0))
          index &+= 2
          continue
        }
        let hash = SubtreeHashes.scalarHash(storage: storage, index: index, word: word, buffer: &decoded)
        output[index] = hash
        fold(hash, of: index)
        index &+= 1
      }
    }
    values = hashes
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
      return numberHash(pointer, count: JSONScanner.scalarLength(at: pointer, end: end, kind: kind))
    default:
      let (pointer, end) = storage.bytes(at: TapeWord.payload(word))
      let count = JSONScanner.stringLength(at: pointer, end: end)
      return stringHash(pointer, count: count, isEscaped: kind == TapeWord.escapedString, buffer: &buffer)
    }
  }

  /// The hash of the decoded key of the member at `index`.
  static func keyHash(storage: JSONStorage, index: Int, buffer: inout [UInt8]) -> UInt64 {
    guard let offset = storage.keyOffset(of: index) else { return 0 }
    let (pointer, end) = storage.bytes(at: offset)
    let count = JSONScanner.stringLength(at: pointer, end: end)
    return stringHash(
      pointer, count: count, isEscaped: TapeWord.isKeyEscaped(storage.word(index)), buffer: &buffer)
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
    var hash: UInt64 = 0x7374_7269_6E67 ^ UInt64(truncatingIfNeeded: count) &* 0xFF51_AFD7_ED55_8CCD
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
    return mix(hash)
  }

  /// The hash of a number token by its exact value: the significant digits without leading
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
