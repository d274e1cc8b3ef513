#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's vectorised memory routines, for the engine's hot loops (search,
/// scanning, regular expressions, tape moves). Inlinable, so a caller in another module
/// compiles to the bare C call.
package enum ByteScanning {
  /// The offset of the first `byte` in `base[lower..<upper]`, or nil (`memchr`).
  @inlinable @inline(__always)
  package static func firstOffset(
    of byte: UInt8, in base: UnsafePointer<UInt8>, from lower: Int, to upper: Int
  ) -> Int? {
    guard let found = memchr(base + lower, Int32(byte), upper - lower) else { return nil }
    return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  /// Whether `count` bytes at `left` and at `right` are equal (`memcmp`).
  @inlinable @inline(__always)
  package static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(left, right, count) == 0
  }

  /// Copies `count` bytes from `source` to `destination`; the ranges may overlap (`memmove`).
  @inlinable @inline(__always)
  package static func move(_ destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int) {
    memmove(destination, source, count)
  }
}
