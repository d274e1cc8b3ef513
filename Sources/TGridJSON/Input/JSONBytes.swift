#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The immutable bytes of a JSON text: a memory-mapped file or an owned heap copy.
///
/// A document keeps its bytes alive and reads numbers, strings and untouched text straight
/// from them, so a large file is never copied. The bytes never change after creation, which
/// makes sharing them between threads safe.
public final class JSONBytes: @unchecked Sendable {
  /// First byte; valid for `count` bytes (never null, even when `count` is zero).
  let base: UnsafePointer<UInt8>
  /// Number of bytes.
  public let count: Int
  /// Whether the bytes are a read-only memory mapping of a file.
  public let isMemoryMapped: Bool

  /// Takes ownership of a heap buffer's storage (freed on deinit).
  convenience init(adopting buffer: GrowableBuffer<UInt8>) {
    var buffer = buffer
    buffer.shrinkToFit()
    self.init(adopting: buffer.pointer, count: buffer.count, isMemoryMapped: false)
  }

  /// Takes ownership of `pointer`: unmapped (`isMemoryMapped`) or `free`d on deinit.
  init(adopting pointer: UnsafePointer<UInt8>, count: Int, isMemoryMapped: Bool) {
    self.base = pointer
    self.count = count
    self.isMemoryMapped = isMemoryMapped
  }

  /// Copies the given bytes.
  public convenience init(_ bytes: some Collection<UInt8>) {
    var buffer = GrowableBuffer<UInt8>(capacity: bytes.count)
    _ = UnsafeMutableBufferPointer(start: buffer.pointer, count: bytes.count).initialize(
      from: bytes)
    buffer.count = bytes.count
    self.init(adopting: buffer)
  }

  /// Copies the UTF-8 encoding of a string.
  public convenience init(string: String) {
    self.init(Array(string.utf8))
  }

  deinit {
    if isMemoryMapped {
      munmap(UnsafeMutableRawPointer(mutating: base), count)
    } else {
      free(UnsafeMutableRawPointer(mutating: base))
    }
  }

  /// Calls `body` with the bytes, which stay valid only during the call.
  public func withUnsafeBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// The bytes as an array (a copy).
  public var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
