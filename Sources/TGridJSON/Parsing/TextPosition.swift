/// Line and column of byte offsets (internal).
///
/// Lines end at `\n`, `\r\n` or a lone `\r`; columns count Unicode scalars (bytes that
/// are not UTF-8 continuation bytes) from 1, and a byte order mark does not count.
enum TextPosition {
  /// Line and column at a byte offset, from which counting can go on over later bytes
  /// (a parser that gives back the bytes it has parsed keeps one at its oldest byte).
  struct Counter: Equatable {
    /// The offset the line and column are of.
    var index: Int
    var line = 1
    var column = 1

    /// Line 1, column 1 at `index`: counts relative to a fragment's start (see
    /// ``relocated(after:)``).
    init(index: Int) {
      self.index = index
    }

    /// This counter's line and column, counted from a fragment's start as line 1, column 1,
    /// made absolute by `start`: the counter at that start (which follows no `\r`).
    func relocated(after start: Counter) -> Counter {
      var moved = self
      (moved.line, moved.column) = TextPosition.Counter.relocate((line, column), after: start)
      return moved
    }

    /// A line and column counted from a fragment's start, made absolute (see above).
    static func relocate(_ position: (line: Int, column: Int), after start: Counter) -> (line: Int, column: Int) {
      position.line == 1
        ? (start.line, start.column + position.column - 1) : (start.line + position.line - 1, position.column)
    }

    /// The start of `bytes` (past a byte order mark).
    init(start bytes: JSONBytes) {
      let base = bytes.base
      index = bytes.count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }

    /// Counts on to `target` (at most `bytes.count`; nothing when already past it).
    ///
    /// Eight bytes at a time when the stretch holds no `\r`: its `\n`s are counted, and
    /// the column is counted only after the last of them (characters are the bytes that
    /// are not UTF-8 continuation bytes); with a `\r`, byte by byte.
    mutating func advance(to target: Int, in bytes: JSONBytes) {
      let base = bytes.base
      let count = bytes.count
      let target = min(target, count)
      guard index < target else { return }
      var breaks = 0
      var returns: UInt64 = 0
      var word = index
      while target &- word >= 8 {
        let value = JSONScanner.load(base + word)
        breaks &+= Counter.matches(value, 0x0A).nonzeroBitCount
        returns |= Counter.matches(value, 0x0D)
        word &+= 8
      }
      while word < target {
        if base[word] == 0x0A { breaks &+= 1 }
        if base[word] == 0x0D { returns = 1 }
        word &+= 1
      }
      guard returns == 0 else { return advanceByteByByte(to: target, base: base, count: count) }
      var start = index
      if breaks > 0 {
        line &+= breaks
        column = 1
        start = target
        while base[start &- 1] != 0x0A { start &-= 1 }
      }
      var characters = 0
      var position = start
      while target &- position >= 8 {
        characters &+= 8 &- Counter.continuationBytes(JSONScanner.load(base + position)).nonzeroBitCount
        position &+= 8
      }
      while position < target {
        if base[position] & 0xC0 != 0x80 { characters &+= 1 }
        position &+= 1
      }
      column &+= characters
      index = target
    }

    private mutating func advanceByteByByte(to target: Int, base: UnsafePointer<UInt8>, count: Int) {
      var index = self.index
      var line = self.line
      var column = self.column
      while index < target {
        let byte = base[index]
        if byte == 0x0A || (byte == 0x0D && (index + 1 >= count || base[index + 1] != 0x0A)) {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 && byte != 0x0D {
          column += 1
        }
        index += 1
      }
      (self.index, self.line, self.column) = (index, line, column)
    }

    /// The high bit of each byte of `word` equal to `byte`.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
      let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let spread = UInt64(byte) &* 0x0101_0101_0101_0101
      let difference = word ^ spread
      return ~(((difference & low) &+ low) | difference | low)
    }

    /// The high bit of each UTF-8 continuation byte (`10xxxxxx`) of `word`.
    @inline(__always)
    static func continuationBytes(_ word: UInt64) -> UInt64 {
      word & ~(word << 1) & 0x8080_8080_8080_8080
    }
  }

  /// Line and column of each offset, in one pass over the text.
  static func locate(_ offsets: [Int], in bytes: JSONBytes) -> [(line: Int, column: Int)] {
    locate(offsets, in: bytes, from: Counter(start: bytes))
  }

  /// Line and column of each offset, counting from `start` (offsets before it get its
  /// position): only the bytes from `start.index` on are read.
  ///
  /// With `releasingPages`, the pages of a mapped text counted over leave the process's
  /// memory as the count goes (`tgrid check`, which released them once already).
  static func locate(
    _ offsets: [Int], in bytes: JSONBytes, from start: Counter, releasingPages: Bool = false
  ) -> [(line: Int, column: Int)] {
    var result = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var counter = start
    let step = releasingPages ? 4 << 20 : Int.max
    for position in order {
      let target = offsets[position]
      while counter.index < target {
        let from = counter.index
        counter.advance(to: target - from > step ? from + step : target, in: bytes)
        if releasingPages { bytes.releaseMappedPages(from..<counter.index) }
        if counter.index == from { break }
      }
      result[position] = (counter.line, counter.column)
    }
    return result
  }
}
