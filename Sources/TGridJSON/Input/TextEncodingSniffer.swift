/// Recognises texts in UTF-16 or UTF-32 (internal), which a UTF-8 reader sees as garbage
/// starting at the first byte: by their byte order mark, or (RFC 4627, section 3) by the
/// zero bytes a JSON text's first ASCII characters have in them.
enum TextEncodingSniffer {
  /// A foreign encoding: its name for people and for `iconv`.
  struct Encoding: Equatable {
    var name: String
    var iconvName: String
  }

  static func foreignEncoding(_ base: UnsafePointer<UInt8>, count: Int) -> Encoding? {
    func byte(_ index: Int) -> UInt8? { index < count ? base[index] : nil }
    let (b0, b1, b2, b3) = (byte(0), byte(1), byte(2), byte(3))
    // Byte order marks (UTF-32 first: its little-endian mark starts like UTF-16's).
    if b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0 {
      return Encoding(name: "UTF-32 (little-endian)", iconvName: "UTF-32LE")
    }
    if b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF {
      return Encoding(name: "UTF-32 (big-endian)", iconvName: "UTF-32BE")
    }
    if b0 == 0xFF && b1 == 0xFE { return Encoding(name: "UTF-16 (little-endian)", iconvName: "UTF-16LE") }
    if b0 == 0xFE && b1 == 0xFF { return Encoding(name: "UTF-16 (big-endian)", iconvName: "UTF-16BE") }
    // No mark: a JSON text starts with an ASCII character, so zeros show the unit size.
    guard let b0, let b1 else { return nil }
    if let b2, let b3 {
      if b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0 {
        return Encoding(name: "UTF-32 (little-endian)", iconvName: "UTF-32LE")
      }
      if b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0 {
        return Encoding(name: "UTF-32 (big-endian)", iconvName: "UTF-32BE")
      }
    }
    if b0 != 0 && b0 < 0x80 && b1 == 0 { return Encoding(name: "UTF-16 (little-endian)", iconvName: "UTF-16LE") }
    if b0 == 0 && b1 != 0 && b1 < 0x80 { return Encoding(name: "UTF-16 (big-endian)", iconvName: "UTF-16BE") }
    return nil
  }
}
