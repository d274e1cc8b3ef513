import TGridSystem

/// The memory a stream is read into (internal): address space for the largest input
/// allowed is reserved at once, so the bytes never move while they grow and a
/// ``JSONBytes`` view of the first bytes stays valid whatever arrives later. Pages are
/// only backed by memory once written.
///
/// Only the thread that appends writes; views read bytes below the count they were made
/// with, which are never written again.
final class StreamBuffer: @unchecked Sendable {
  /// Start of the reserved range.
  let base: UnsafeMutablePointer<UInt8>
  /// Bytes reserved: the most the buffer can hold.
  let capacity: Int
  /// Bytes received so far.
  private(set) var count = 0
  /// Bytes still reserved (the tail is given back by ``trim()``).
  private var reserved: Int

  /// Reserves room for `capacity` bytes; nil when the system refuses.
  init?(capacity: Int) {
    let pageSize = SystemMemory.pageSize
    let reserved = max((capacity + pageSize - 1) / pageSize * pageSize, pageSize)
    guard let address = SystemMemory.reserve(reserved) else { return nil }
    base = address.assumingMemoryBound(to: UInt8.self)
    self.capacity = capacity
    self.reserved = reserved
  }

  deinit {
    SystemMemory.unmap(base, count: reserved)
  }

  /// Room left.
  var room: Int { capacity - count }

  /// Reads once from a descriptor into the room past the bytes received (at most `limit`
  /// bytes), without counting them yet: ``commit(_:)`` does, under the owner's lock, so a
  /// reader of the count never races with the read. Returns the number of bytes read (0 at
  /// the end of the input), or -1 with `errno` set.
  func read(from descriptor: Int32, limit: Int, room: Int) -> Int {
    SystemFile.readOnce(descriptor, into: base + count, count: min(limit, room))
  }

  /// Counts `read` more bytes as received.
  func commit(_ read: Int) {
    count += min(read, room)
  }

  /// Reads one byte and drops it (to learn whether a full buffer's input goes on): 1, 0
  /// at the end of the input, or -1 with `errno` set.
  func probe(_ descriptor: Int32) -> Int {
    var byte: UInt8 = 0
    return withUnsafeMutableBytes(of: &byte) { byte in
      guard let address = byte.baseAddress else { return -1 }
      return SystemFile.readOnce(descriptor, into: address, count: 1)
    }
  }

  /// Appends bytes (at most ``room``).
  func append(_ bytes: UnsafeRawBufferPointer) {
    let taken = min(bytes.count, room)
    guard taken > 0, let source = bytes.baseAddress else { return }
    (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: taken)
    count += taken
  }

  /// A view of the bytes received so far.
  func view() -> JSONBytes {
    JSONBytes(viewing: base, count: count, owner: self)
  }

  /// Gives back the reserved address space past the bytes received (at the end of input).
  func trim() {
    let pageSize = SystemMemory.pageSize
    let used = max((count + pageSize - 1) / pageSize * pageSize, pageSize)
    guard used < reserved else { return }
    SystemMemory.unmap(base + used, count: reserved - used)
    reserved = used
  }
}
