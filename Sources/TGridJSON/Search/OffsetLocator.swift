/// Finds the token holding a byte offset of the original text (internal): a member's key or
/// a scalar's text, and the node it belongs to.
///
/// Only for texts whose tape is in byte order (unedited documents and previews). Offsets
/// must come in ascending order: the locator keeps the path from the root to the last token
/// and moves it forward, skipping whole subtrees, galloping through the child table of large
/// containers, so a scan with many hits never starts from the root again and one with few
/// hits never walks the nodes between them.
///
/// A class, so the path is changed in place (a struct's array of levels was copied on
/// the way in and out of its methods); it reads copies of the child tables that it owns,
/// through unsafe buffers, to spare reference counting in the hot loop.
final class OffsetLocator {
  /// A token of the text.
  struct Token {
    /// Tape index of the node.
    var node: Int
    /// Whether it is the node's key (else its value).
    var isKey: Bool
    /// Whether it is a string (or key) with backslash escapes.
    var isEscaped: Bool
    /// The token's bytes, quotes included.
    var range: Range<Int>
    /// The part a match may cover: inside the quotes for strings and keys.
    var content: Range<Int>
  }

  /// One open container on the path.
  private struct Level {
    var container: Int
    /// End of the container's subtree on the tape.
    var end: Int
    /// Offset from which the text belongs to what follows the container.
    var limit: Int
    /// Position and tape index of the last child starting at or before the last offset
    /// (-1: none yet).
    var position: Int
    var child: Int
    /// The child table of a large container (a copy owned by the locator): tape indexes
    /// relative to the container's.
    var table: UnsafeBufferPointer<UInt32>?
    /// For a large container whose children are all scalars (no table: child `k` is at
    /// `container + 2 + k`), its child count; else 0.
    var scalarChildCount = 0

    /// Whether children are found by position (a table or arithmetic), not one by one.
    var isIndexed: Bool { table != nil || scalarChildCount > 0 }
    /// How many children can be found by position.
    var indexedCount: Int { table?.count ?? scalarChildCount }

    /// Tape index of the child at a position (only when ``isIndexed``).
    @inline(__always) func childIndex(at position: Int) -> Int {
      if let table { return container + Int(table[position]) }
      return container + 2 + position
    }
  }

  let storage: JSONStorage
  private let base: UnsafePointer<UInt8>
  private let count: Int
  // Only this object touches its state, on one thread: no dynamic exclusivity checks.
  @exclusivity(unchecked) private var levels: [Level] = []
  /// Copies of the child tables the levels read, by container; freed on deinit.
  @exclusivity(unchecked) private var tables: [Int: UnsafeMutableBufferPointer<UInt32>] = [:]

  init(storage: JSONStorage) {
    self.storage = storage
    base = storage.original.base
    count = storage.original.count
    levels.reserveCapacity(storage.maximumDepth + 2)
    let root = level(for: 0, limit: Int.max)
    levels.append(root)
  }

  deinit {
    for table in tables.values { table.deallocate() }
  }

  /// Where the member of the node at `index` starts: its key, or its value.
  @inline(__always)
  func memberStart(_ index: Int) -> Int {
    Int(storage.keyOffset(of: index) ?? storage.valueOffset(of: index))
  }

  private func level(for container: Int, limit: Int) -> Level {
    var table: UnsafeBufferPointer<UInt32>?
    var scalarChildCount = 0
    if storage.childCount(container) > JSONStorage.childTableThreshold && storage.hasOnlyScalarChildren(container) {
      scalarChildCount = storage.childCount(container)
    } else if storage.childCount(container) > JSONStorage.childTableThreshold {
      if let copy = tables[container] {
        table = UnsafeBufferPointer(copy)
      } else {
        let source = storage.childTable(of: container)
        let copy = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: source.count)
        _ = copy.initialize(from: source)
        tables[container] = copy
        table = UnsafeBufferPointer(copy)
      }
    }
    return Level(
      container: container, end: storage.subtreeEnd(container), limit: limit, position: -1, child: -1, table: table,
      scalarChildCount: scalarChildCount)
  }

  /// The token holding the byte at `offset` (not before the last offset asked for), or nil
  /// when it is structure or whitespace.
  func token(at offset: Int) -> Token? {
    while true {
      while levels.count > 1, offset >= levels[levels.count - 1].limit { levels.removeLast() }
      var level = levels[levels.count - 1]
      advance(&level, to: offset)
      levels[levels.count - 1] = level
      guard level.position >= 0 else { return nil }
      let node = level.child
      let word = storage.word(node)
      let value = Int(TapeWord.payload(word))
      if offset < value {
        // Between the member's start and its value: its key, a colon and whitespace.
        guard let key = storage.keyOffset(of: node).map(Int.init) else { return nil }
        let length = JSONScanner.stringLength(at: base + key, end: base + count)
        guard offset < key + length else { return nil }
        return Token(
          node: node, isKey: true, isEscaped: TapeWord.isKeyEscaped(word), range: key..<(key + length),
          content: (key + 1)..<(key + length - 1))
      }
      let kind = TapeWord.kind(word)
      if TapeWord.isContainer(word) {
        guard offset > value, storage.childCount(node) > 0 else { return nil }
        let next = storage.subtreeEnd(node)
        let inner = self.level(for: node, limit: next < level.end ? memberStart(next) : level.limit)
        levels.append(inner)
        continue
      }
      let length = JSONScanner.scalarLength(at: base + value, end: base + count, kind: kind)
      guard offset < value + length else { return nil }
      let isString = kind == TapeWord.string || kind == TapeWord.escapedString
      return Token(
        node: node, isKey: false, isEscaped: kind == TapeWord.escapedString, range: value..<(value + length),
        content: isString ? (value + 1)..<(value + length - 1) : value..<(value + length))
    }
  }

  /// Moves the level's child forward to the last one whose member starts at or before
  /// `offset`.
  private func advance(_ level: inout Level, to offset: Int) {
    if level.isIndexed {
      let count = level.indexedCount
      // A few steps one by one (the next hit is often in the next few children, whose words
      // are next on the tape), then gallop and bisect: logarithmic for far hits.
      var low = level.position
      var stepped = 0
      while stepped < 4, low + 1 < count, memberStart(level.childIndex(at: low + 1)) <= offset {
        low += 1
        stepped += 1
      }
      if stepped < 4 {
        if low > level.position {
          level.position = low
          level.child = level.childIndex(at: low)
        }
        return
      }
      var step = 1
      var high = low + step
      while high < count && memberStart(level.childIndex(at: high)) <= offset {
        low = high
        step *= 2
        high = low + step
      }
      high = min(high, count)
      // Invariant: children up to `low` start at or before the offset, from `high` on after.
      while high - low > 1 {
        let middle = (low + high) / 2
        if memberStart(level.childIndex(at: middle)) <= offset { low = middle } else { high = middle }
      }
      if low > level.position {
        level.position = low
        level.child = level.childIndex(at: low)
      }
      return
    }
    var next = level.position < 0 ? storage.firstChild(level.container) : storage.subtreeEnd(level.child)
    while next < level.end && memberStart(next) <= offset {
      level.position += 1
      level.child = next
      next = storage.subtreeEnd(next)
    }
  }
}
