/// A small deterministic random generator (SplitMix64) so property tests repeat exactly.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A double in `range`.
  mutating func double(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// An integer in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
}
