#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONDocument {
  /// The document's text: the original bytes if unedited, else the original bytes with
  /// only the edited stretches rewritten.
  public func serializedBytes() -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(storage.logicalCount)
    storage.forEachPiece { result.append(contentsOf: $0) }
    return result
  }

  /// The document's text as a string.
  public func serializedText() -> String {
    String(decoding: serializedBytes(), as: UTF8.self)
  }

  /// Writes the document's text to a file descriptor (stretch by stretch, without building
  /// the whole text in memory).
  public func write(toFileDescriptor descriptor: Int32) throws(JSONWriteError) {
    var failure: Int32 = 0
    storage.forEachPiece { piece in
      guard failure == 0, var pointer = piece.baseAddress else { return }
      var remaining = piece.count
      while remaining > 0 {
        let written = systemWrite(descriptor, pointer, remaining)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        pointer += written
        remaining -= written
      }
    }
    if failure != 0 { throw JSONWriteError(path: "", code: failure) }
  }

  /// Saves the document's text to `path` atomically: it is written to a temporary file in
  /// the same folder, flushed, then renamed over `path` (keeping an existing file's
  /// permissions). Safe even when `path` is the memory-mapped file the document was read
  /// from: the old file stays intact until the rename, and the mapping keeps its bytes.
  public func save(toFile path: String) throws(JSONWriteError) {
    let temporary = path + ".tgrid-save-\(getpid())"
    var mode: mode_t = 0o644
    var status = stat()
    if stat(path, &status) == 0 { mode = status.st_mode & 0o7777 }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw JSONWriteError(path: path, code: errno) }
    do {
      try write(toFileDescriptor: descriptor)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw JSONWriteError(path: path, code: error.code)
    }
    if fsync(descriptor) != 0 || close(descriptor) != 0 {
      let code = errno
      unlink(temporary)
      throw JSONWriteError(path: path, code: code)
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw JSONWriteError(path: path, code: code)
    }
  }
}

/// The C `write`, out of reach of `JSONDocument.write(toFileDescriptor:)`'s name.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
