/// The layout of one 64-bit tape word (internal).
///
/// ```
/// bits 63…60  tag: kind (3 bits) + "key has escapes" flag
/// bits 59…40  key delta: bytes from the member's key to its value (0 = no key)
/// bits 39…0   payload: physical byte offset of the value (a container's opening bracket)
/// ```
///
/// One word per scalar keeps the tape at 8 bytes per value: a member's key costs nothing
/// (found `keyDelta` bytes before the value), a scalar's length is found again by scanning
/// its text when asked (cheap, and only for values on screen). Pages of words close
/// together in the text (long arrays of scalars, objects of short members) are stored in
/// 2 or 4 bytes a word instead (``CompactTape``); the words read the same.
///
/// A container takes two words: its value word, then an info word holding the number of
/// tape words of its subtree (`endDelta`, so skipping a subtree is one addition) and its
/// child count. Both are relative, so splicing a subtree in or out of the tape only has to
/// update the ancestors' info words, never the rest of the tape. Parents are found through
/// a container index built on first use (``JSONStorage/containerIndex``).
enum TapeWord {
  static let null: UInt64 = 0
  static let `false`: UInt64 = 1
  static let `true`: UInt64 = 2
  static let number: UInt64 = 3
  static let string: UInt64 = 4
  static let escapedString: UInt64 = 5
  static let array: UInt64 = 6
  static let object: UInt64 = 7
  /// Tag bit: the member's key contains backslash escapes.
  static let escapedKey: UInt64 = 8

  static let tagShift: UInt64 = 60
  static let keyDeltaShift: UInt64 = 40
  static let keyDeltaMask: UInt64 = 0xF_FFFF
  /// A key delta that does not fit; the key offset is in the storage's long-key table.
  static let longKeyDelta: UInt64 = 0xF_FFFF
  static let payloadMask: UInt64 = (1 << 40) - 1
  /// Largest byte offset a word can hold (1 TiB).
  static let maximumOffset: Int = (1 << 40) - 1

  @inline(__always)
  static func make(kind: UInt64, keyEscaped: Bool, keyDelta: UInt64, payload: UInt64) -> UInt64 {
    let tag = kind | (keyEscaped ? escapedKey : 0)
    return tag << tagShift | keyDelta << keyDeltaShift | payload
  }

  @inline(__always) static func kind(_ word: UInt64) -> UInt64 { (word >> tagShift) & 7 }
  @inline(__always) static func isContainer(_ word: UInt64) -> Bool { kind(word) >= array }
  @inline(__always) static func payload(_ word: UInt64) -> UInt64 { word & payloadMask }
  @inline(__always) static func keyDelta(_ word: UInt64) -> UInt64 {
    (word >> keyDeltaShift) & keyDeltaMask
  }
  @inline(__always) static func isKeyEscaped(_ word: UInt64) -> Bool {
    (word >> tagShift) & escapedKey != 0
  }
  @inline(__always) static func replacingPayload(_ word: UInt64, with payload: UInt64) -> UInt64 {
    (word & ~payloadMask) | payload
  }
  /// The info word following a container's word.
  @inline(__always) static func info(endDelta: Int, childCount: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: endDelta) << 32 | UInt64(truncatingIfNeeded: childCount)
  }
  /// Tape words in the container's subtree, its own two included (0 while still open).
  @inline(__always) static func endDelta(ofInfo info: UInt64) -> Int { Int(info >> 32) }
  @inline(__always) static func childCount(ofInfo info: UInt64) -> Int { Int(info & 0xFFFF_FFFF) }

  @inline(__always) static func replacingKeyDelta(_ word: UInt64, with delta: UInt64) -> UInt64 {
    (word & ~(keyDeltaMask << keyDeltaShift)) | delta << keyDeltaShift
  }
}
