/// Counts per distinct value of a column, for ``ColumnSummary``: an open-addressing table
/// over the values' ``ColumnValue/stableHash``, so a value read from the document's bytes
/// is looked up by its hash and compared only on a hash match, and made into a
/// ``ColumnValue`` (its `String`) only the first time it is seen. Entries stay in the order
/// their values were first seen.
struct ExactCounts: Sendable {
  /// The distinct values, in the order first seen.
  private(set) var values: [ColumnValue] = []
  /// How many times each of ``values`` was counted.
  private(set) var counts: [Int] = []
  /// The ``ColumnValue/stableHash`` of each of ``values``.
  private(set) var hashes: [UInt64] = []
  /// The entry in each slot (`-1`: empty); a power of two long, at most half full.
  private var slots = [Int32](repeating: -1, count: 16)

  /// How many distinct values there are.
  var count: Int { values.count }

  /// The entry of the value with `hash` for which `isEqual` holds, made by `make` with a
  /// count of zero when there is none yet.
  @inline(__always)
  mutating func entry(hash: UInt64, isEqual: (ColumnValue) -> Bool, make: () -> ColumnValue) -> Int {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry < 0 { break }
      if hashes[entry] == hash, isEqual(values[entry]) { return entry }
      slot = (slot + 1) & mask
    }
    let entry = values.count
    values.append(make())
    counts.append(0)
    hashes.append(hash)
    slots[slot] = Int32(entry)
    if values.count * 2 > slots.count { grow() }
    return entry
  }

  /// Counts `value` `count` more times.
  mutating func add(_ value: ColumnValue, count: Int = 1) {
    let index = entry(hash: value.stableHash, isEqual: { $0 == value }, make: { value })
    counts[index] += count
  }

  /// Counts the value of entry `index` once more.
  mutating func increment(_ index: Int) {
    counts[index] += 1
  }

  /// Adds other counts of the same column (its new values after these, in its order).
  mutating func merge(_ other: ExactCounts) {
    for index in other.values.indices {
      let value = other.values[index]
      let entry = entry(hash: other.hashes[index], isEqual: { $0 == value }, make: { value })
      counts[entry] += other.counts[index]
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
