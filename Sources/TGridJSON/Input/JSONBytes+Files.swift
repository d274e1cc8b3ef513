#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONBytes {
  /// Reads a file, or standard input when `path` is `-`.
  ///
  /// A regular file is memory-mapped (read-only, private); anything else (a pipe, a
  /// terminal, `/proc` files whose size reads as zero) and any file whose mapping fails is
  /// read fully into memory instead.
  public static func contentsOfFile(_ path: String) throws(JSONInputError) -> JSONBytes {
    if path == "-" { return try readAll(fileDescriptor: STDIN_FILENO, path: path) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw inputError(errno: errno, path: path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw inputError(errno: errno, path: path) }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR { throw .isDirectory(path: path) }
    if type == S_IFREG, status.st_size > 0,
      let mapped = map(descriptor: descriptor, count: Int(status.st_size))
    {
      return mapped
    }
    return try readAll(fileDescriptor: descriptor, path: path)
  }

  /// Reads standard input to its end (for `tgrid -` and pipes), telling `progress` how many
  /// bytes have arrived after each read.
  public static func standardInput(progress: ((_ bytesRead: Int) -> Void)? = nil) throws(JSONInputError) -> JSONBytes {
    try readAll(fileDescriptor: STDIN_FILENO, path: "-", progress: progress)
  }

  private static func map(descriptor: Int32, count: Int) -> JSONBytes? {
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    #if canImport(Glibc)
      // The parser reads front to back once: let the kernel read ahead generously.
      _ = madvise(address, count, MADV_SEQUENTIAL)
    #endif
    return JSONBytes(
      adopting: address.assumingMemoryBound(to: UInt8.self), count: count, isMemoryMapped: true)
  }

  /// Reads a descriptor to its end, growing the buffer as bytes arrive.
  static func readAll(
    fileDescriptor: Int32, path: String, progress: ((_ bytesRead: Int) -> Void)? = nil
  ) throws(JSONInputError) -> JSONBytes {
    var buffer = GrowableBuffer<UInt8>(capacity: 1 << 16)
    while true {
      buffer.reserve(buffer.count + (1 << 16))
      let room = buffer.capacity - buffer.count
      let result = read(fileDescriptor, buffer.pointer + buffer.count, room)
      if result > 0 {
        buffer.count += result
        progress?(buffer.count)
      } else if result == 0 {
        break
      } else if errno != EINTR {
        let code = errno
        buffer.release()
        throw inputError(errno: code, path: path)
      }
    }
    return JSONBytes(adopting: buffer)
  }

  static func inputError(errno code: Int32, path: String) -> JSONInputError {
    switch code {
    case ENOENT, ENOTDIR: return .notFound(path: path)
    case EISDIR: return .isDirectory(path: path)
    case EACCES, EPERM: return .permissionDenied(path: path)
    default:
      let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
      return .unreadable(path: path, reason: reason)
    }
  }
}
