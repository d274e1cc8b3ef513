import TGridSystem

extension JSONBytes {
  /// Files larger than this are memory-mapped without a lease (2 GiB): a break of a lease
  /// on them would copy them into memory, which they may not fit.
  public static let defaultMapThreshold = 1 << 31

  /// Reads a file, or standard input when `path` is `-`.
  ///
  /// A regular file up to `mapThreshold` bytes is mapped under a read lease (before anyone
  /// may write or truncate the file, its bytes are copied into memory at the same address:
  /// see `LeasedMapping`), or read into memory where no lease can be had (the file is open
  /// for writing, another user's, on a file system without leases); whatever later happens
  /// to the file, the document keeps its bytes. A larger one is memory-mapped (read-only,
  /// private) without a lease: see ``isIntact``. Anything else (a pipe, a terminal, a device, `/proc` files whose size reads
  /// as zero) is read to its end, up to `maximumStreamByteCount` bytes (past it, the error
  /// ``JSONInputError/tooLarge(path:limit:)``: `/dev/zero` never ends). To parse such
  /// input as it arrives instead, see ``JSONProgressiveParser/open(_:options:maximumByteCount:)``.
  ///
  /// A regular file larger than `maximumFileByteCount` throws
  /// ``JSONInputError/tooLarge(path:limit:)`` before anything is read.
  public static func contentsOfFile(
    _ path: String, mapThreshold: Int = JSONBytes.defaultMapThreshold,
    maximumStreamByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
    maximumFileByteCount: Int = .max
  ) throws(JSONInputError) -> JSONBytes {
    if path == "-" {
      return try readAll(fileDescriptor: StandardStreams.input, path: path, maximum: maximumStreamByteCount)
    }
    let descriptor: Int32
    do {
      descriptor = try SystemFile.open(path)
    } catch {
      throw inputError(errno: error.code, path: path)
    }
    let status: FileInfo
    do {
      status = try SystemFile.status(of: descriptor)
    } catch {
      SystemFile.release(descriptor)
      throw inputError(errno: error.code, path: path)
    }
    if status.kind == .directory {
      SystemFile.release(descriptor)
      throw .isDirectory(path: path)
    }
    guard status.kind == .regular, status.size > 0 else {
      defer { SystemFile.release(descriptor) }
      return try readAll(fileDescriptor: descriptor, path: path, maximum: maximumStreamByteCount)
    }
    if status.size > maximumFileByteCount {
      SystemFile.release(descriptor)
      throw .tooLarge(path: path, limit: maximumFileByteCount)
    }
    if status.size <= mapThreshold {
      let readAt = JSONSourceFile.now()
      if let (lease, leased) = LeasedMapping.map(descriptor, maximumCount: min(mapThreshold, maximumFileByteCount)) {
        return JSONBytes(
          leased: lease, source: JSONSourceFile(path: path, status: leased, readAt: readAt), descriptor: descriptor)
      }
    } else if let mapped = map(
      descriptor: descriptor, count: status.size,
      source: JSONSourceFile(path: path, status: status, readAt: JSONSourceFile.now()))
    {
      return mapped
    }
    return try readRegularFile(descriptor: descriptor, path: path)
  }

  /// Reads a regular file into memory; keeps its descriptor. A file that changes while it
  /// is read is read again (up to three times), so the bytes are one version of the file.
  private static func readRegularFile(descriptor: Int32, path: String) throws(JSONInputError) -> JSONBytes {
    var attempt = 0
    while true {
      attempt += 1
      let before: FileInfo
      do {
        before = try SystemFile.status(of: descriptor)
      } catch {
        SystemFile.release(descriptor)
        throw inputError(errno: error.code, path: path)
      }
      let readAt = JSONSourceFile.now()
      var buffer = GrowableBuffer<UInt8>(capacity: before.size + 1)
      // A large file is read by two threads, half each (copying from the page cache and
      // faulting in fresh memory both take time); the loop below reads whatever is left.
      buffer.count = readInTwoHalves(descriptor, into: buffer.pointer, count: before.size)
      var offset = buffer.count
      while true {
        buffer.reserve(buffer.count + (1 << 16))
        do {
          let result = try SystemFile.read(
            descriptor, into: buffer.pointer + buffer.count, count: buffer.capacity - buffer.count, at: offset)
          if result == 0 { break }
          buffer.count += result
          offset += result
        } catch {
          buffer.release()
          SystemFile.release(descriptor)
          throw inputError(errno: error.code, path: path)
        }
      }
      let after = (try? SystemFile.status(of: descriptor)) ?? .unknown
      let source = JSONSourceFile(path: path, status: after, readAt: readAt)
      if attempt < 3 && !(source.matches(before) && source.size == buffer.count) {
        buffer.release()
        continue
      }
      return JSONBytes(adopting: buffer, source: source, descriptor: descriptor)
    }
  }

  /// Files from this size on are read by two threads.
  static let parallelReadByteCount = 8 << 20

  /// Reads the first `count` bytes of a file into `destination`, the second half on
  /// another thread (for `parallelReadByteCount` bytes or more, with two cores); returns
  /// how many bytes from the start were read (fewer when the file came up short, or 0
  /// when the file is small: the caller reads the rest).
  static func readInTwoHalves(_ descriptor: Int32, into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
    guard count >= parallelReadByteCount, ParallelSpeculation.processorCount >= 2 else { return 0 }
    let middle = (count / 2) & ~0xFFFF
    let secondHalf = PartialRead(destination: destination, start: middle, end: count)
    guard let worker = WorkerThread.start({ secondHalf.read(descriptor) }) else { return 0 }
    let firstHalf = PartialRead(destination: destination, start: 0, end: middle)
    firstHalf.read(descriptor)
    worker.join()
    if firstHalf.count < middle { return firstHalf.count }
    return middle + secondHalf.count
  }

  /// One stretch of a file read with `pread` (its result is read after the thread that
  /// read it was joined).
  private final class PartialRead: @unchecked Sendable {
    let destination: UnsafeMutablePointer<UInt8>
    let start: Int
    let end: Int
    /// Bytes read from `start` on.
    var count = 0

    init(destination: UnsafeMutablePointer<UInt8>, start: Int, end: Int) {
      self.destination = destination
      self.start = start
      self.end = end
    }

    func read(_ descriptor: Int32) {
      while start + count < end {
        let result = try? SystemFile.read(
          descriptor, into: destination + start + count, count: end - start - count, at: start + count)
        guard let result, result > 0 else { return }
        count += result
      }
    }
  }

  /// Reads standard input to its end (for `tgrid -` and pipes), telling `progress` how many
  /// bytes have arrived after each read.
  public static func standardInput(
    maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
    progress: ((_ bytesRead: Int) -> Void)? = nil
  ) throws(JSONInputError) -> JSONBytes {
    try readAll(fileDescriptor: StandardStreams.input, path: "-", maximum: maximumByteCount, progress: progress)
  }

  /// Takes the pages of a mapped file that lie wholly in `range` out of this process's
  /// memory (they stay in the page cache, and reading them again maps them again); nothing
  /// for bytes in memory. For a parser that reads once, front to back (`tgrid check`).
  func releaseMappedPages(_ range: Range<Int>) {
    guard isMemoryMapped, owner == nil else { return }
    let pageSize = SystemMemory.pageSize
    let address = Int(bitPattern: base)
    let start = (address + max(range.lowerBound, 0) + pageSize - 1) & ~(pageSize - 1)
    let end = (address + min(range.upperBound, count)) & ~(pageSize - 1)
    guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
    SystemMemory.discardPages(pointer, count: end - start)
  }

  /// Maps a regular file of `count` bytes (read-only, private), taking `descriptor`; nil
  /// when it cannot be mapped (the descriptor is then still the caller's).
  static func map(descriptor: Int32, count: Int, source: JSONSourceFile) -> JSONBytes? {
    guard let address = SystemMemory.mapReadOnly(descriptor, count: count) else { return nil }
    // The parser reads front to back once: let the kernel read ahead generously.
    SystemMemory.adviseSequential(address, count: count)
    return JSONBytes(
      adopting: address.assumingMemoryBound(to: UInt8.self), count: count, isMemoryMapped: true, source: source,
      descriptor: descriptor)
  }

  /// Reads a descriptor to its end, growing the buffer as bytes arrive; more than
  /// `maximum` bytes is an error.
  static func readAll(
    fileDescriptor: Int32, path: String, maximum: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
    progress: ((_ bytesRead: Int) -> Void)? = nil
  ) throws(JSONInputError) -> JSONBytes {
    var buffer = GrowableBuffer<UInt8>(capacity: 1 << 16)
    while true {
      buffer.reserve(buffer.count + (1 << 16))
      let room = buffer.capacity - buffer.count
      let result: Int
      do {
        result = try SystemFile.read(fileDescriptor, into: buffer.pointer + buffer.count, count: room)
      } catch {
        buffer.release()
        throw inputError(errno: error.code, path: path)
      }
      if result == 0 { break }
      buffer.count += result
      if buffer.count > maximum {
        buffer.release()
        throw JSONInputError.tooLarge(path: path, limit: maximum)
      }
      progress?(buffer.count)
    }
    return JSONBytes(adopting: buffer)
  }

  static func inputError(errno code: Int32, path: String) -> JSONInputError {
    switch code {
    case SystemError.noSuchFile, SystemError.notADirectory: return .notFound(path: path)
    case SystemError.isADirectory: return .isDirectory(path: path)
    case SystemError.permissionDenied, SystemError.notPermitted: return .permissionDenied(path: path)
    default:
      return .unreadable(path: path, reason: SystemError(code: code).description)
    }
  }
}

extension JSONBytes {
  /// How the file the bytes were read from differs on disk now (``JSONSourceChange``);
  /// `.unchanged` for bytes that were not read from a regular file. A `stat` of the path
  /// and of the open file: cheap enough to ask every second or before every save.
  public func sourceChange() -> JSONSourceChange {
    guard let source = sourceFile else { return .unchanged }
    guard let atPath = (try? SystemFile.status(ofPath: source.path)) ?? nil else { return .deleted }
    if atPath.device != source.device || atPath.inode != source.inode { return .replaced }
    guard let current = try? SystemFile.status(of: sourceDescriptor) else { return .rewritten(size: atPath.size) }
    if source.matchesContents(current) { return .unchanged }
    return current.size < source.size ? .truncated(size: current.size) : .rewritten(size: current.size)
  }

  /// Whether the bytes are the file as it was read, by ``isIntact`` and by the file's
  /// status time too (which a rewrite of the same size that restores the modification time
  /// still moves): for a one-time pass over a mapped file (`tgrid check`).
  var isUnchangedSinceRead: Bool {
    guard isIntact else { return false }
    guard isMemoryMapped else { return true }
    guard let source = sourceFile, let current = try? SystemFile.status(of: sourceDescriptor) else { return false }
    return source.matches(current)
  }

  /// Whether the bytes are still exactly the text that was read. Always true for bytes in
  /// memory, and for a file mapped under a lease unless the lease was lost (the process
  /// did not answer its break in time: stopped for longer than the break time); a
  /// memory-mapped file (without a lease) that was written to since shows its new bytes,
  /// and past a new end zeros (a guard turns the bus error of reading there into a page of
  /// zeros), so a document over it can no longer be trusted, nor saved.
  public var isIntact: Bool {
    if let lease {
      if let faultGuardSlot, MappedFaultGuard.isDamaged(faultGuardSlot) { return false }
      return !lease.isLost
    }
    guard isMemoryMapped else { return true }
    if let faultGuardSlot, MappedFaultGuard.isDamaged(faultGuardSlot) { return false }
    guard let source = sourceFile, let current = try? SystemFile.status(of: sourceDescriptor) else { return false }
    return source.matchesContents(current)
  }
}

extension JSONBytes {
  /// Copies the bytes in `range` from the source file to `descriptor` at its current
  /// offset with `copy_file_range`, when that is sure to copy these very bytes: the file
  /// is under the bytes' lease still, or it had settled before it was read
  /// (``JSONSourceFile/isSettled``) and is unchanged before and after the copy. If it
  /// changed during the copy, the stretch is written again from memory over what was
  /// copied. Returns false (having written nothing) when the kernel copy does not apply;
  /// the caller then writes from memory.
  func copyFromSource(_ range: Range<Int>, to descriptor: Int32) throws(JSONWriteError) -> Bool {
    guard !isMemoryMapped, let source = sourceFile, sourceDescriptor >= 0,
      let status = try? SystemFile.status(of: sourceDescriptor),
      lease?.isHeld == true || (source.isSettled && source.matches(status)),
      let destinationStart = try? SystemFile.offset(of: descriptor)
    else { return false }
    var sourceOffset = range.lowerBound
    var remaining = range.count
    while remaining > 0 {
      let copied: Int
      do {
        guard
          let count = try SystemFile.copyRange(
            from: sourceDescriptor, at: &sourceOffset, to: descriptor, count: remaining)
        else { return false }
        copied = count
      } catch {
        // Nothing copied yet and the kernel cannot do it here: the caller writes instead.
        if remaining == range.count && SystemError.cannotCopyInTheKernel.contains(error.code) { return false }
        throw JSONWriteError(path: "", code: error.code)
      }
      if copied == 0 { break }
      remaining -= copied
    }
    // Still leased: nobody can have written the file (a writer waits for the lease's end).
    let isUnchanged =
      lease?.isHeld == true
      || (source.isSettled && (try? SystemFile.status(of: sourceDescriptor)).map(source.matches) == true)
    if remaining > 0 || !isUnchanged {
      // The file changed while it was copied (or came up short): what was copied may
      // not be the document's bytes. Write them again from memory, over it.
      do {
        try SystemFile.seek(descriptor, to: destinationStart)
      } catch {
        throw JSONWriteError(path: "", code: error.code)
      }
      try JSONDocument.writeAll(
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), to: descriptor)
    }
    return true
  }
}
