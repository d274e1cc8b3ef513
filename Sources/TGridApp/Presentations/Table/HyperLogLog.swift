/// A HyperLogLog sketch (Flajolet et al., 2007): counts distinct values in a fixed
/// 2^``precision`` bytes, with a relative standard error of about 1.04 / √(2^precision)
/// (1.6 % at the default 12), and linear counting for small cardinalities.
///
/// Values are hashed with a fixed 64-bit hash (``ColumnValue/stableHash``), so an estimate
/// is the same from run to run.
struct HyperLogLog: Sendable {
  /// The number of index bits: 2^precision registers.
  let precision: Int
  private var registers: [UInt8]

  init(precision: Int = 12) {
    precondition((4...18).contains(precision), "HyperLogLog precision must be 4…18, not \(precision)")
    self.precision = precision
    registers = Array(repeating: 0, count: 1 << precision)
  }

  /// The relative standard error of ``estimate``.
  var standardError: Double { 1.04 / Double(1 << precision).squareRoot() }

  /// Adds a value by its 64-bit hash.
  mutating func add(hash: UInt64) {
    let index = Int(hash >> UInt64(64 - precision))
    let rest = hash << UInt64(precision)
    // The position of the first one bit in the remaining bits (all zeros: one past them).
    let rank = UInt8(min(rest.leadingZeroBitCount, 64 - precision) + 1)
    if rank > registers[index] { registers[index] = rank }
  }

  /// Adds a value.
  mutating func add(_ value: ColumnValue) {
    add(hash: value.stableHash)
  }

  /// Adds the values another sketch of the same precision counted: the register-wise
  /// maximum, the very sketch that adding all of its values here would make.
  mutating func merge(_ other: HyperLogLog) {
    precondition(other.precision == precision, "HyperLogLog sketches of different precisions do not merge")
    for index in registers.indices where other.registers[index] > registers[index] {
      registers[index] = other.registers[index]
    }
  }

  /// The estimated number of distinct values added.
  var estimate: Int {
    let m = Double(registers.count)
    var sum = 0.0
    var zeros = 0
    for register in registers {
      sum += 1 / Double(UInt64(1) << UInt64(register))
      if register == 0 { zeros += 1 }
    }
    let alpha = 0.7213 / (1 + 1.079 / m)
    let raw = alpha * m * m / sum
    if raw <= 2.5 * m, zeros > 0 {
      // Linear counting: far better while many registers are empty.
      return Int((m * Self.naturalLog(m / Double(zeros))).rounded())
    }
    return Int(raw.rounded())
  }

  /// The natural logarithm, without Foundation (a series around the nearest power of e).
  static func naturalLog(_ x: Double) -> Double {
    guard x > 0 else { return -.infinity }
    // ln x = 2 atanh((x-1)/(x+1)) after scaling x by powers of two into [0.5, 1).
    var value = x
    var exponent = 0
    while value >= 1 {
      value /= 2
      exponent += 1
    }
    while value < 0.5 {
      value *= 2
      exponent -= 1
    }
    let y = (value - 1) / (value + 1)
    let square = y * y
    var term = y
    var sum = 0.0
    var n = 1.0
    while abs(term / n) > 1e-17 {
      sum += term / n
      term *= square
      n += 2
    }
    return 2 * sum + Double(exponent) * 0.693_147_180_559_945_3
  }
}

extension ColumnValue {
  /// A 64-bit hash that is the same in every run (Swift's `Hasher` is seeded per process):
  /// FNV-1a over the value's kind and bytes (a number's bits as they are), then SplitMix64's
  /// finalizer to spread the bits.
  /// The same as ``stableHash(number:)`` and ``stableHash(tag:bytes:)`` give from a value's
  /// bytes in the document.
  var stableHash: UInt64 {
    switch self {
    case .number(let value): return Self.stableHash(number: value)
    case .numericString(var text, _): return text.withUTF8 { Self.stableHash(tag: 2, bytes: $0) }
    case .string(var text): return text.withUTF8 { Self.stableHash(tag: 3, bytes: $0) }
    case .boolean(let value): return Self.finalized(Self.mixed(value ? 4 : 5, into: Self.fnvBasis))
    case .null: return Self.finalized(Self.mixed(6, into: Self.fnvBasis))
    case .container(var text): return text.withUTF8 { Self.stableHash(tag: 7, bytes: $0) }
    case .missing: return Self.finalized(Self.mixed(8, into: Self.fnvBasis))
    }
  }

  /// The ``stableHash`` of a number: its bits, apart from other kinds' hashes by a constant,
  /// spread by the finalizer alone (one step, not eight byte by byte: the summary hashes
  /// millions of numbers).
  static func stableHash(number value: Double) -> UInt64 {
    finalized(value.bitPattern ^ 0x6E75_6D62_6572_0001)
  }

  /// The ``stableHash`` of a value of text: its kind's tag (2 a numeric string, 3 a string,
  /// 7 a container) and its UTF-8 bytes.
  static func stableHash(tag: UInt8, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = mixed(tag, into: fnvBasis)
    for byte in bytes { hash = mixed(byte, into: hash) }
    return finalized(hash)
  }

  private static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  @inline(__always)
  private static func mixed(_ byte: UInt8, into hash: UInt64) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }

  private static func finalized(_ hash: UInt64) -> UInt64 {
    var z = hash &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
