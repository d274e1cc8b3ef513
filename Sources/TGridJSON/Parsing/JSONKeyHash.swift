/// A fast 64-bit hash of key bytes, for finding duplicate keys (internal).
enum JSONKeyHash {
  @inline(__always)
  static func hash(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    var index = 0
    while count &- index >= 8 {
      hash = (hash ^ JSONScanner.load(pointer + index)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      index &+= 8
    }
    if index < count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while index < count {
        tail |= UInt64(pointer[index]) &<< shift
        shift &+= 8
        index &+= 1
      }
      hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    hash ^= hash >> 29
    return hash
  }

  static func hash(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return emptyHash }
      return hash(base, count: buffer.count)
    }
  }

  /// The hash of zero bytes.
  static let emptyHash: UInt64 = {
    let seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    return seed ^ seed >> 29
  }()
}
