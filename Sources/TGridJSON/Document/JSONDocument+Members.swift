/// Keys looked up together in many objects (the fields a chart plots, in every record): each
/// key is encoded once, and ``JSONDocument/members(_:of:into:)`` finds the members of all of
/// them in one pass over an object's members, where ``JSONDocument/child(forKey:of:)`` makes
/// a pass (and encodes its key) per key.
public struct JSONKeyList: Hashable, Sendable {
  /// The keys, in the order their members are given.
  public let keys: [String]
  /// Their UTF-8 bytes.
  let bytes: [[UInt8]]
  /// All their bytes one after another, and where each key ends: what the match by
  /// position reads (no inner array retained and released for each member).
  let joinedBytes: [UInt8]
  let ends: [Int]

  /// A list of keys; a key may appear more than once (each place gets its member).
  public init(_ keys: [String]) {
    self.keys = keys
    bytes = keys.map { Array($0.utf8) }
    joinedBytes = bytes.flatMap { $0 }
    var end = 0
    ends = bytes.map { key in
      end += key.count
      return end
    }
  }

  /// How many keys there are.
  public var count: Int { keys.count }

  /// Which key of the list each member of the last object read had, by the member's
  /// position: records of a file usually share their keys' order, so the next object's
  /// member at a position is first compared with that one key alone. Kept by the reader
  /// between objects (one per thread); a new one knows nothing yet.
  public struct Shape: Sendable {
    /// For each member position, the key it had (`-1`: none of the list's, or more than one).
    var keyAtPosition: [Int] = []

    /// A shape that knows no object yet.
    public init() {}
  }
}

extension JSONDocument {
  /// The member of an object for each key of a list, found in one pass over its members:
  /// `found[i]` is the member with key `i` of `keys` (the last one when the object repeats
  /// the key, the one ``child(forKey:of:)`` gives), or `nil` when it has none. For a value
  /// that is not an object every entry is `nil`.
  /// - Parameter found: replaced by `keys.count` entries; giving the same array for every
  ///   object reads them all without allocating.
  public func members(_ keys: JSONKeyList, of node: JSONNode, into found: inout [JSONNode?]) {
    guard cleared(&found, for: keys, of: node) else { return }
    for member in children(of: node) { _ = match(member, against: keys.bytes, into: &found) }
  }

  /// Makes `found` `keys.count` nils (its storage kept when it has that many).
  /// - Returns: whether `node` is an object and there are keys to find.
  private func cleared(_ found: inout [JSONNode?], for keys: JSONKeyList, of node: JSONNode) -> Bool {
    if found.count == keys.count {
      for index in found.indices { found[index] = nil }
    } else {
      found = [JSONNode?](repeating: nil, count: keys.count)
    }
    return kind(of: node) == .object && keys.count > 0
  }

  /// Puts `member` in `found` at every key of `wanted` it has.
  /// - Returns: that key's position when it is exactly one and the key is written without
  ///   escapes, else -1.
  private func match(_ member: JSONNode, against wanted: [[UInt8]], into found: inout [JSONNode?]) -> Int {
    guard let (pointer, count) = keyToken(member) else { return -1 }
    var matched = -1
    var matches = 0
    if TapeWord.isKeyEscaped(storage.word(member.index)) {
      let decoded = JSONStringDecoder.decodedBytes(pointer, count: count)
      for index in wanted.indices where wanted[index] == decoded { found[index] = member }
      return -1
    }
    // Unescaped: the key's bytes are the token's between its quotes.
    let key = UnsafeBufferPointer(start: pointer + 1, count: max(count - 2, 0))
    for index in wanted.indices where wanted[index].count == key.count {
      if wanted[index].withUnsafeBufferPointer({ $0.elementsEqual(key) }) {
        found[index] = member
        matched = index
        matches += 1
      }
    }
    return matches == 1 ? matched : -1
  }

  /// The member of an object for each key of a list, as ``members(_:of:into:)`` gives
  /// them, matched first by position: a member whose position had key `k` in the object
  /// read before is compared with `k` alone (its bytes up to the closing quote, the key
  /// not measured first), and only a member that is not `k` is compared with every key.
  /// The result is the same whatever `shape` holds; it is updated for the next object.
  public func members(
    _ keys: JSONKeyList, of node: JSONNode, into found: inout [JSONNode?], shape: inout JSONKeyList.Shape
  ) {
    guard cleared(&found, for: keys, of: node) else { return }
    let wanted = keys.bytes
    keys.joinedBytes.withUnsafeBufferPointer { joined in
      var position = 0
      for member in children(of: node) {
        defer { position += 1 }
        if position == shape.keyAtPosition.count { shape.keyAtPosition.append(-1) }
        guard let offset = storage.keyOffset(of: member.index) else { continue }
        let escaped = TapeWord.isKeyEscaped(storage.word(member.index))
        let guess = shape.keyAtPosition[position]
        if guess >= 0, !escaped {
          let (pointer, end) = storage.bytes(at: offset)
          let keyStart = guess == 0 ? 0 : keys.ends[guess - 1]
          let count = keys.ends[guess] - keyStart
          // Unescaped keys hold no quote: equal when the bytes agree and a quote follows.
          if count + 1 < end - pointer, pointer[count + 1] == 0x22,
            Self.sameBytes(joined, from: keyStart, pointer + 1, count)
          {
            found[guess] = member
            continue
          }
        }
        // A key listed twice is compared in full each time (each place gets the member).
        shape.keyAtPosition[position] = match(member, against: wanted, into: &found)
      }
    }
  }

  /// Whether `count` bytes of `joined` from `start` are the `count` bytes at `pointer` (a
  /// plain loop: keys are short, and the generic `elementsEqual` here took about 6 % of the
  /// summary's reading of 10 M records).
  @inline(__always)
  private static func sameBytes(
    _ joined: UnsafeBufferPointer<UInt8>, from start: Int, _ pointer: UnsafePointer<UInt8>, _ count: Int
  ) -> Bool {
    var index = 0
    while index < count {
      if joined[start + index] != pointer[index] { return false }
      index += 1
    }
    return true
  }
}
