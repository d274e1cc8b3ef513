import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for several descriptors at once (`poll`), which swift-system does not offer.
package enum Poll {
  /// One descriptor to wait for, and what happened to it.
  package struct Request: Sendable {
    /// The descriptor.
    package var descriptor: FileDescriptor
    /// Wait until it can be read.
    package var waitsToRead: Bool
    /// Wait until it can be written.
    package var waitsToWrite: Bool
    /// After ``wait(for:timeoutMilliseconds:)``: it can be read.
    package private(set) var isReadable = false
    /// After ``wait(for:timeoutMilliseconds:)``: it can be written.
    package private(set) var isWritable = false
    /// After ``wait(for:timeoutMilliseconds:)``: the other end hung up, or the descriptor
    /// failed or is not open (`POLLHUP`, `POLLERR`, `POLLNVAL`).
    package private(set) var isClosed = false

    /// Something happened to it.
    package var isReady: Bool { isReadable || isWritable || isClosed }

    /// A request to wait for reading (the default) or writing.
    package init(_ descriptor: FileDescriptor, read: Bool = true, write: Bool = false) {
      self.descriptor = descriptor
      waitsToRead = read
      waitsToWrite = write
    }

    fileprivate var pollDescriptor: pollfd {
      var events: Int16 = 0
      if waitsToRead { events |= Int16(POLLIN) }
      if waitsToWrite { events |= Int16(POLLOUT) }
      return pollfd(fd: descriptor.rawValue, events: events, revents: 0)
    }

    fileprivate mutating func record(_ returned: Int16) {
      isReadable = returned & Int16(POLLIN) != 0
      isWritable = returned & Int16(POLLOUT) != 0
      isClosed = returned & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
  }

  /// Waits until one of `requests` is ready or `timeoutMilliseconds` pass (a negative
  /// timeout waits as long as it takes), then records what happened in each.
  /// - Returns: how many are ready (0 when the time ran out), or the error; a signal
  ///   arriving while waiting is ``Errno/interrupted``.
  package static func wait(for requests: inout [Request], timeoutMilliseconds: Int) -> Result<Int, Errno> {
    var descriptors = requests.map(\.pollDescriptor)
    let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: timeoutMilliseconds))
    guard ready >= 0 else { return .failure(Errno(rawValue: errno)) }
    for index in requests.indices { requests[index].record(descriptors[index].revents) }
    return .success(Int(ready))
  }
}
