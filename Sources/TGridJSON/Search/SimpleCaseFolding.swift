/// Unicode simple case folding, one scalar to one scalar (internal).
///
/// Derived at first use from the standard library's Unicode properties, which match the
/// toolchain's Unicode version: a scalar that changes when case folded folds to the lower
/// case of its upper case (`ς` → `σ`, `ſ` → `s`, the Kelvin sign → `k`, `ẞ` → `ß`), or to
/// its upper case where lower-casing that comes back to the scalar itself (Cherokee, whose
/// folding goes to capitals), or else to its own single-scalar lower case (`ᾈ` → `ᾀ`).
/// Scalars whose only folding is to several scalars (`ß`, `İ`, `ŉ`) fold to themselves, as
/// in CaseFolding.txt's `C` + `S` mappings; the Turkic `T` mappings are not used (`ı` stays
/// `ı`, `I` folds to `i`).
enum SimpleCaseFolding {
  /// The folded scalar (ASCII without a table lookup).
  @inline(__always)
  static func fold(_ scalar: UInt32) -> UInt32 {
    if scalar < 0x80 { return scalar &- 0x41 < 26 ? scalar | 0x20 : scalar }
    return foldNonASCII(scalar)
  }

  /// The folded scalar of a non-ASCII scalar: a binary search of the table.
  static func foldNonASCII(_ scalar: UInt32) -> UInt32 {
    let table = SimpleCaseFolding.table
    var low = 0
    var high = table.count
    while low < high {
      let middle = (low + high) / 2
      if table[middle].from < scalar { low = middle + 1 } else { high = middle }
    }
    return low < table.count && table[low].from == scalar ? table[low].to : scalar
  }

  /// Every scalar that folds to `folded` (itself included when it folds to itself), in
  /// ascending order.
  static func equivalents(of folded: UInt32) -> [UInt32] {
    var result = table.filter { $0.to == folded }.map(\.from)
    if fold(folded) == folded { result.append(folded) }
    return result.sorted()
  }

  /// Whether a pattern has no upper-case (or title-case) letter: smart case then ignores case.
  static func isLowerCase(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.properties.isUppercase || $0.properties.changesWhenLowercased }
  }

  /// Scalars that fold to another scalar, sorted by `from`.
  static let table: [(from: UInt32, to: UInt32)] = {
    var table: [(from: UInt32, to: UInt32)] = []
    for value in caseRanges.joined() {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseFolded else { continue }
      let folded = foldByMapping(scalar)
      if folded != value { table.append((value, folded)) }
    }
    return table
  }()

  /// Where cased scalars are (a test checks that no scalar outside changes when folded).
  static let caseRanges: [ClosedRange<UInt32>] = [
    0x41...0x5A, 0xB5...0x2CFF, 0xA640...0xABFF, 0xFB00...0xFFFF, 0x10400...0x1FFFF,
  ]

  private static func foldByMapping(_ scalar: Unicode.Scalar) -> UInt32 {
    let properties = scalar.properties
    if let upper = single(properties.uppercaseMapping) {
      if let lowerOfUpper = single(upper.properties.lowercaseMapping), lowerOfUpper.value != scalar.value {
        return lowerOfUpper.value
      }
      if upper.value != scalar.value { return upper.value }
    }
    return single(properties.lowercaseMapping)?.value ?? scalar.value
  }

  private static func single(_ text: String) -> Unicode.Scalar? {
    var scalars = text.unicodeScalars.makeIterator()
    guard let first = scalars.next(), scalars.next() == nil else { return nil }
    return first
  }
}
