/// Counts per distinct value of a column, for ``ColumnSummary``: an open-addressing table
/// over the values' ``ColumnValue/stableHash``, so a value read from the document's bytes
/// is looked up by its hash and compared only on a hash match, and made into a
/// ``ColumnValue`` (its `String`) only the first time it is seen. Entries stay in the order
/// their values were first seen.
///
/// Each entry also keeps its value's key (``key(of:_:)``: its kind and bytes) in one byte
/// store, and a match compares keys: two values are equal (``ColumnValue/==``) exactly when
/// their keys are, and comparing the stored bytes touches no `String` (reading a value's
/// `String` out of ``values`` retained and released it, for each of millions of values).
struct ExactCounts: Sendable {
  /// The distinct values, in the order first seen.
  private(set) var values: [ColumnValue] = []
  /// How many times each of ``values`` was counted.
  private(set) var counts: [Int] = []
  /// The ``ColumnValue/stableHash`` of each of ``values``.
  private(set) var hashes: [UInt64] = []
  /// The kind (``ColumnValue/kindIndex``) of each of ``values``.
  private var kinds: [UInt8] = []
  /// Where the key bytes of each of ``values`` end in ``keyBytes`` (each begins where the
  /// one before ends).
  private var keyEnds: [Int] = []
  /// Every entry's key bytes, one after another.
  private var keyBytes: [UInt8] = []
  /// The entry in each slot (`-1`: empty); a power of two long, at most half full.
  private var slots = [Int32](repeating: -1, count: 16)

  /// How many distinct values there are.
  var count: Int { values.count }

  /// Calls `body` with a value's key: its ``ColumnValue/kindIndex`` and bytes — a number's
  /// bits (0 for -0), the UTF-8 text of a string or container, one byte for a boolean,
  /// none for `null` or a missing key.
  static func key<Result>(of value: ColumnValue, _ body: (UInt8, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let kind = UInt8(value.kindIndex)
    switch value {
    case .number(let number):
      return withNumberKey(number) { body(kind, $0) }
    case .numericString(var text, _), .string(var text), .container(var text):
      return text.withUTF8 { body(kind, $0) }
    case .boolean(let flag):
      return withUnsafeBytes(of: flag ? UInt8(1) : 0) { body(kind, $0.bindMemory(to: UInt8.self)) }
    case .null, .missing:
      return body(kind, UnsafeBufferPointer(start: nil, count: 0))
    }
  }

  /// Calls `body` with the key bytes of a number (its bits, -0 as 0).
  @inline(__always)
  static func withNumberKey<Result>(_ number: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeBytes(of: (number + 0).bitPattern) { body($0.bindMemory(to: UInt8.self)) }
  }

  /// The entry of the value with `hash`, kind `kind` and key bytes `key` (see
  /// ``key(of:_:)``), made by `make` with a count of zero when there is none yet.
  @inline(__always)
  mutating func entry(
    hash: UInt64, kind: UInt8, key: UnsafeBufferPointer<UInt8>, make: () -> ColumnValue
  ) -> Int {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry < 0 { break }
      if hashes[entry] == hash, kinds[entry] == kind, hasKey(entry, key) { return entry }
      slot = (slot + 1) & mask
    }
    let entry = values.count
    values.append(make())
    counts.append(0)
    hashes.append(hash)
    kinds.append(kind)
    keyBytes.append(contentsOf: key)
    keyEnds.append(keyBytes.count)
    slots[slot] = Int32(entry)
    if values.count * 2 > slots.count { grow() }
    return entry
  }

  /// Whether the key bytes of entry `index` are `key`.
  @inline(__always)
  private func hasKey(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let end = keyEnds[index]
    let start = index == 0 ? 0 : keyEnds[index - 1]
    guard end - start == key.count else { return false }
    return keyBytes.withUnsafeBufferPointer { stored in
      var offset = 0
      while offset < key.count {
        if stored[start + offset] != key[offset] { return false }
        offset += 1
      }
      return true
    }
  }

  /// Counts `value` `count` more times.
  mutating func add(_ value: ColumnValue, count: Int = 1) {
    let index = Self.key(of: value) { kind, key in entry(hash: value.stableHash, kind: kind, key: key, make: { value })
    }
    counts[index] += count
  }

  /// Counts the value of entry `index` once more.
  mutating func increment(_ index: Int) {
    counts[index] += 1
  }

  /// Adds other counts of the same column (its new values after these, in its order).
  mutating func merge(_ other: ExactCounts) {
    other.keyBytes.withUnsafeBufferPointer { otherBytes in
      for index in other.values.indices {
        let start = index == 0 ? 0 : other.keyEnds[index - 1]
        let key = UnsafeBufferPointer(rebasing: otherBytes[start..<other.keyEnds[index]])
        let entry = entry(
          hash: other.hashes[index], kind: other.kinds[index], key: key, make: { other.values[index] })
        counts[entry] += other.counts[index]
      }
    }
  }

  /// Twice the slots, every entry placed again.
  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (entry, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(entry)
    }
  }
}
