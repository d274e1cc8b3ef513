/// Standard Base64 (RFC 4648, with padding), for OSC 52.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The Base64 encoding of `bytes`, as ASCII bytes.
  static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = second == nil ? nil : iterator.next()
      let value = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      output.append(alphabet[Int(value >> 18 & 63)])
      output.append(alphabet[Int(value >> 12 & 63)])
      output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(value >> 6 & 63)])
      output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(value & 63)])
    }
    return output
  }
}
