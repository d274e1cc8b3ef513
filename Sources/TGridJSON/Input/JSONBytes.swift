import TGridSystem

/// The immutable bytes of a JSON text: an owned heap copy, a file mapped under a read
/// lease, or for a very large file a plain memory mapping of it.
///
/// A document keeps its bytes alive and reads numbers, strings and untouched text straight
/// from them. The bytes never change after creation, which makes sharing them between
/// threads safe.
///
/// A regular file up to ``defaultMapThreshold`` bytes is mapped under a read lease (see
/// `LeasedMapping`: before anyone may write the file, its bytes are copied into memory at
/// the same address), or read into memory where no lease can be had; either way nothing
/// done to the file afterwards (truncated, rewritten, replaced, deleted) can change the
/// document or crash the reader: ``sourceChange()`` tells what happened to it. A larger
/// file is mapped without a lease; see ``isIntact``.
public final class JSONBytes: @unchecked Sendable {
  /// First byte; valid for `count` bytes (never null, even when `count` is zero).
  let base: UnsafePointer<UInt8>
  /// Number of bytes.
  public let count: Int
  /// Whether the bytes are a read-only memory mapping of a file without a lease, which
  /// shows what is written to the file later (only files larger than the threshold given
  /// to ``contentsOfFile(_:mapThreshold:)``).
  public let isMemoryMapped: Bool
  /// The lease the bytes are mapped under (a regular file up to the threshold, when a
  /// lease could be had); nil for bytes in memory and plain mappings.
  let lease: LeasedMapping?
  /// The regular file the bytes were read from, as it was then (nil for other inputs).
  public let sourceFile: JSONSourceFile?
  /// An open descriptor of that file (-1 when none), kept to check it and to copy from it.
  let sourceDescriptor: Int32
  /// The object that owns the memory, for bytes that are a view of a stream's buffer (the
  /// first `count` bytes received); nil when these bytes own their memory.
  let owner: AnyObject?
  /// The slot of a mapping in the bus-error guard (see `MappedFaultGuard`).
  let faultGuardSlot: Int?

  /// Takes ownership of a heap buffer's storage (freed on deinit).
  convenience init(adopting buffer: GrowableBuffer<UInt8>) {
    var buffer = buffer
    buffer.shrinkToFit()
    self.init(adopting: buffer.pointer, count: buffer.count, isMemoryMapped: false)
  }

  /// Takes ownership of `pointer` (unmapped when `isMemoryMapped`, else `free`d on deinit)
  /// and of `descriptor` (closed on deinit).
  init(
    adopting pointer: UnsafePointer<UInt8>, count: Int, isMemoryMapped: Bool, source: JSONSourceFile? = nil,
    descriptor: Int32 = -1
  ) {
    self.base = pointer
    self.count = count
    self.isMemoryMapped = isMemoryMapped
    sourceFile = source
    sourceDescriptor = descriptor
    owner = nil
    lease = nil
    faultGuardSlot = isMemoryMapped ? MappedFaultGuard.register(pointer, count: count) : nil
  }

  /// Takes ownership of a leased mapping (ended and unmapped on deinit) and of the
  /// descriptor it is on (closed on deinit).
  init(leased lease: LeasedMapping, source: JSONSourceFile, descriptor: Int32) {
    base = UnsafePointer(lease.address.assumingMemoryBound(to: UInt8.self))
    count = lease.count
    isMemoryMapped = false
    sourceFile = source
    sourceDescriptor = descriptor
    owner = nil
    self.lease = lease
    // A lease taken from a stopped process lets a truncation through: zeros, not a crash.
    faultGuardSlot = MappedFaultGuard.register(lease.address, count: lease.count)
  }

  /// The first `count` bytes of memory that `owner` keeps alive (a stream's buffer, which
  /// only ever grows at its end and never moves).
  init(viewing pointer: UnsafePointer<UInt8>, count: Int, owner: AnyObject) {
    base = pointer
    self.count = count
    isMemoryMapped = false
    sourceFile = nil
    sourceDescriptor = -1
    self.owner = owner
    lease = nil
    faultGuardSlot = nil
  }

  /// Takes ownership of a heap buffer's storage, read from a file.
  convenience init(adopting buffer: GrowableBuffer<UInt8>, source: JSONSourceFile?, descriptor: Int32) {
    var buffer = buffer
    buffer.shrinkToFit()
    self.init(
      adopting: buffer.pointer, count: buffer.count, isMemoryMapped: false, source: source, descriptor: descriptor)
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
    // The lease first: its thread must be done with the mapping and the descriptor.
    lease?.end()
    if sourceDescriptor >= 0 { SystemFile.release(sourceDescriptor) }
    if owner != nil { return }
    if let faultGuardSlot { MappedFaultGuard.unregister(faultGuardSlot) }
    if isMemoryMapped || lease != nil {
      SystemMemory.unmap(UnsafeMutableRawPointer(mutating: base), count: count)
    } else {
      SystemMemory.free(UnsafeMutableRawPointer(mutating: base))
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
