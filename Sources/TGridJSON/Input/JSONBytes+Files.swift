import TGridSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONBytes {
  /// Files larger than this are memory-mapped instead of read into memory (2 GiB).
  public static let defaultMapThreshold = 1 << 31

  /// Reads a file, or standard input when `path` is `-`.
  ///
  /// A regular file up to `mapThreshold` bytes is read into memory (whatever later happens
  /// to the file, the document keeps its bytes); a larger one is memory-mapped (read-only,
  /// private). Anything else (a pipe, a terminal, a device, `/proc` files whose size reads
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
    if path == "-" { return try readAll(fileDescriptor: STDIN_FILENO, path: path, maximum: maximumStreamByteCount) }
    let descriptor: Int32
    do {
      descriptor = try SystemFile.open(path)
    } catch {
      throw inputError(errno: error.code, path: path)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw inputError(errno: code, path: path)
    }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR {
      close(descriptor)
      throw .isDirectory(path: path)
    }
    guard type == S_IFREG, status.st_size > 0 else {
      defer { close(descriptor) }
      return try readAll(fileDescriptor: descriptor, path: path, maximum: maximumStreamByteCount)
    }
    if Int(status.st_size) > maximumFileByteCount {
      close(descriptor)
      throw .tooLarge(path: path, limit: maximumFileByteCount)
    }
    if Int(status.st_size) > mapThreshold,
      let mapped = map(
        descriptor: descriptor, count: Int(status.st_size),
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
      var before = stat()
      guard fstat(descriptor, &before) == 0 else {
        let code = errno
        close(descriptor)
        throw inputError(errno: code, path: path)
      }
      let readAt = JSONSourceFile.now()
      var buffer = GrowableBuffer<UInt8>(capacity: Int(before.st_size) + 1)
      // A large file is read by two threads, half each (copying from the page cache and
      // faulting in fresh memory both take time); the loop below reads whatever is left.
      buffer.count = readInTwoHalves(descriptor, into: buffer.pointer, count: Int(before.st_size))
      var offset = off_t(buffer.count)
      while true {
        buffer.reserve(buffer.count + (1 << 16))
        do {
          let result = try SystemFile.read(
            descriptor, into: buffer.pointer + buffer.count, count: buffer.capacity - buffer.count, at: Int(offset))
          if result == 0 { break }
          buffer.count += result
          offset += off_t(result)
        } catch {
          buffer.release()
          SystemFile.release(descriptor)
          throw inputError(errno: error.code, path: path)
        }
      }
      var after = stat()
      fstat(descriptor, &after)
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
        let result = pread(descriptor, destination + start + count, end - start - count, off_t(start + count))
        if result > 0 {
          count += result
        } else if result == 0 || errno != EINTR {
          return
        }
      }
    }
  }

  /// Reads standard input to its end (for `tgrid -` and pipes), telling `progress` how many
  /// bytes have arrived after each read.
  public static func standardInput(
    maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
    progress: ((_ bytesRead: Int) -> Void)? = nil
  ) throws(JSONInputError) -> JSONBytes {
    try readAll(fileDescriptor: STDIN_FILENO, path: "-", maximum: maximumByteCount, progress: progress)
  }

  /// Takes the pages of a mapped file that lie wholly in `range` out of this process's
  /// memory (they stay in the page cache, and reading them again maps them again); nothing
  /// for bytes in memory. For a parser that reads once, front to back (`tgrid check`).
  func releaseMappedPages(_ range: Range<Int>) {
    #if canImport(Glibc)
      guard isMemoryMapped, owner == nil else { return }
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      let address = Int(bitPattern: base)
      let start = (address + max(range.lowerBound, 0) + pageSize - 1) & ~(pageSize - 1)
      let end = (address + min(range.upperBound, count)) & ~(pageSize - 1)
      guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(pointer, end - start, MADV_DONTNEED)
    #endif
  }

  /// Maps a regular file of `count` bytes (read-only, private), taking `descriptor`; nil
  /// when it cannot be mapped (the descriptor is then still the caller's).
  static func map(descriptor: Int32, count: Int, source: JSONSourceFile) -> JSONBytes? {
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    #if canImport(Glibc)
      // The parser reads front to back once: let the kernel read ahead generously.
      _ = madvise(address, count, MADV_SEQUENTIAL)
    #endif
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
    case ENOENT, ENOTDIR: return .notFound(path: path)
    case EISDIR: return .isDirectory(path: path)
    case EACCES, EPERM: return .permissionDenied(path: path)
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
    var atPath = stat()
    if stat(source.path, &atPath) != 0 { return .deleted }
    if UInt64(atPath.st_dev) != source.device || UInt64(atPath.st_ino) != source.inode { return .replaced }
    var current = stat()
    guard fstat(sourceDescriptor, &current) == 0 else { return .rewritten(size: Int(atPath.st_size)) }
    if source.matchesContents(current) { return .unchanged }
    return Int(current.st_size) < source.size
      ? .truncated(size: Int(current.st_size)) : .rewritten(size: Int(current.st_size))
  }

  /// Whether the bytes are the file as it was read, by ``isIntact`` and by the file's
  /// status time too (which a rewrite of the same size that restores the modification time
  /// still moves): for a one-time pass over a mapped file (`tgrid check`).
  var isUnchangedSinceRead: Bool {
    guard isIntact else { return false }
    guard isMemoryMapped else { return true }
    var current = stat()
    guard let source = sourceFile, fstat(sourceDescriptor, &current) == 0 else { return false }
    return source.matches(current)
  }

  /// Whether the bytes are still exactly the text that was read. Always true for bytes in
  /// memory; a memory-mapped file that was written to since shows its new bytes, and past
  /// a new end zeros (a guard turns the bus error of reading there into a page of zeros),
  /// so a document over it can no longer be trusted, nor saved.
  public var isIntact: Bool {
    guard isMemoryMapped else { return true }
    #if canImport(Glibc)
      if let faultGuardSlot, MappedFaultGuard.isDamaged(faultGuardSlot) { return false }
    #endif
    var current = stat()
    guard let source = sourceFile, fstat(sourceDescriptor, &current) == 0 else { return false }
    return source.matchesContents(current)
  }
}

extension JSONBytes {
  /// Copies the bytes in `range` from the source file to `descriptor` at its current
  /// offset with `copy_file_range`, when that is sure to copy these very bytes: the file
  /// had settled before it was read (``JSONSourceFile/isSettled``) and is unchanged before
  /// and after the copy. If it changed during the copy, the stretch is written again from
  /// memory over what was copied. Returns false (having written nothing) when the kernel
  /// copy does not apply; the caller then writes from memory.
  func copyFromSource(_ range: Range<Int>, to descriptor: Int32) throws(JSONWriteError) -> Bool {
    #if os(Linux)
      guard !isMemoryMapped, let source = sourceFile, source.isSettled, sourceDescriptor >= 0,
        let copyFileRange = copyFileRangeFunction
      else { return false }
      var status = stat()
      guard fstat(sourceDescriptor, &status) == 0, source.matches(status) else { return false }
      let destinationStart = lseek(descriptor, 0, SEEK_CUR)
      guard destinationStart >= 0 else { return false }
      var sourceOffset = off_t(range.lowerBound)
      var remaining = range.count
      while remaining > 0 {
        let copied = copyFileRange(sourceDescriptor, &sourceOffset, descriptor, nil, remaining, 0)
        if copied > 0 {
          remaining -= copied
          continue
        }
        if copied < 0 && errno == EINTR { continue }
        let code = errno
        // Nothing copied yet and the kernel cannot do it here: the caller writes instead.
        if remaining == range.count && copied < 0
          && (code == EXDEV || code == EINVAL || code == ENOSYS || code == EOPNOTSUPP || code == EBADF)
        {
          return false
        }
        if copied == 0 { break }
        throw JSONWriteError(path: "", code: code)
      }
      var after = stat()
      if remaining > 0 || fstat(sourceDescriptor, &after) != 0 || !source.matches(after) {
        // The file changed while it was copied (or came up short): what was copied may
        // not be the document's bytes. Write them again from memory, over it.
        guard lseek(descriptor, destinationStart, SEEK_SET) == destinationStart else {
          throw JSONWriteError(path: "", code: errno)
        }
        try JSONDocument.writeAll(
          UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), to: descriptor)
      }
      return true
    #else
      return false
    #endif
  }
}

#if os(Linux)
  /// `copy_file_range(2)`, found at run time (Glibc's module does not export it without
  /// `_GNU_SOURCE`, and TGridJSON has no C target of its own).
  private typealias CopyFileRange =
    @convention(c) (
      Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
    ) -> Int

  private let copyFileRangeFunction: CopyFileRange? = dlsym(nil, "copy_file_range").map {
    unsafeBitCast($0, to: CopyFileRange.self)
  }
#endif
