/// Line and column of byte offsets (internal).
///
/// Lines end at `\n`, `\r\n` or a lone `\r`; columns count Unicode scalars (bytes that
/// are not UTF-8 continuation bytes) from 1, and a byte order mark does not count.
enum TextPosition {
  /// Line and column of each offset, in one pass over the text.
  static func locate(_ offsets: [Int], in bytes: JSONBytes) -> [(line: Int, column: Int)] {
    var result = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    let base = bytes.base
    let count = bytes.count
    var line = 1
    var column = 1
    var index = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    for position in order {
      let target = min(offsets[position], count)
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
      result[position] = (line, column)
    }
    return result
  }
}
