/// Keys looked up together in many objects (the fields a chart plots, in every record): each
/// key is encoded once, and ``JSONDocument/members(_:of:into:)`` finds the members of all of
/// them in one pass over an object's members, where ``JSONDocument/child(forKey:of:)`` makes
/// a pass (and encodes its key) per key.
public struct JSONKeyList: Hashable, Sendable {
  /// The keys, in the order their members are given.
  public let keys: [String]
  /// Their UTF-8 bytes.
  let bytes: [[UInt8]]

  /// A list of keys; a key may appear more than once (each place gets its member).
  public init(_ keys: [String]) {
    self.keys = keys
    bytes = keys.map { Array($0.utf8) }
  }

  /// How many keys there are.
  public var count: Int { keys.count }
}

extension JSONDocument {
  /// The member of an object for each key of a list, found in one pass over its members:
  /// `found[i]` is the member with key `i` of `keys` (the last one when the object repeats
  /// the key, the one ``child(forKey:of:)`` gives), or `nil` when it has none. For a value
  /// that is not an object every entry is `nil`.
  /// - Parameter found: replaced by `keys.count` entries; giving the same array for every
  ///   object reads them all without allocating.
  public func members(_ keys: JSONKeyList, of node: JSONNode, into found: inout [JSONNode?]) {
    if found.count == keys.count {
      for index in found.indices { found[index] = nil }
    } else {
      found = [JSONNode?](repeating: nil, count: keys.count)
    }
    guard kind(of: node) == .object, keys.count > 0 else { return }
    let wanted = keys.bytes
    for member in children(of: node) {
      guard let (pointer, count) = keyToken(member) else { continue }
      if TapeWord.isKeyEscaped(storage.word(member.index)) {
        let decoded = JSONStringDecoder.decodedBytes(pointer, count: count)
        for index in wanted.indices where wanted[index] == decoded { found[index] = member }
        continue
      }
      // Unescaped: the key's bytes are the token's between its quotes.
      let key = UnsafeBufferPointer(start: pointer + 1, count: max(count - 2, 0))
      for index in wanted.indices where wanted[index].count == key.count {
        if wanted[index].withUnsafeBufferPointer({ $0.elementsEqual(key) }) { found[index] = member }
      }
    }
  }
}
