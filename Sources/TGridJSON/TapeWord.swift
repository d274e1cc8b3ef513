/// The layout of one 64-bit tape word (internal).
///
/// ```
/// bits 63…60  tag: kind (3 bits) + "key has escapes" flag
/// bits 59…40  key delta: bytes from the member's key to its value (0 = no key)
/// bits 39…0   payload: byte offset of a scalar, or container record number
/// ```
///
/// One word per value keeps the tape at 8 bytes per value: a member's key costs nothing
/// (found `keyDelta` bytes before the value), a scalar's length is found again by scanning
/// its text when asked (cheap, and only for values on screen). Containers point to a
/// ``ContainerRecord`` with their extent, child count and parent.
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
  @inline(__always) static func replacingKeyDelta(_ word: UInt64, with delta: UInt64) -> UInt64 {
    (word & ~(keyDeltaMask << keyDeltaShift)) | delta << keyDeltaShift
  }
}

/// What the tape knows about one array or object (internal, 32 bytes).
///
/// Records are stored in tape order, so the record of the container enclosing a scalar is
/// found by binary search on `tapeIndex`.
struct ContainerRecord: BitwiseCopyable {
  /// Byte offset (physical) of the opening bracket.
  var openOffset: UInt64
  /// Byte offset (physical) of the closing bracket; 0 while the container is still open.
  var closeOffset: UInt64
  /// Tape index of the container's own word.
  var tapeIndex: UInt32
  /// Tape index just past the container's last descendant; 0 while still open.
  var endIndex: UInt32
  /// Number of direct children.
  var childCount: UInt32
  /// Record number of the enclosing container (`noParent` for the synthetic root).
  var parent: UInt32

  static let noParent = UInt32.max
}

/// One stretch of the current text: `length` bytes at a physical offset (internal).
///
/// Physical offsets below the original byte count address the original bytes; the rest
/// address the storage's append-only buffer of edited text.
struct Piece: Sendable, Equatable {
  var physical: UInt64
  var length: Int
}
