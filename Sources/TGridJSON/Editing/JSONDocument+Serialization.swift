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
  /// the whole text in memory), at its current offset.
  ///
  /// Unedited stretches of a file that has not changed since it was read are copied by the
  /// kernel from the file itself (`copy_file_range`: no pass through this process), and
  /// checked again afterwards: if the file changed meanwhile, the stretch is written again
  /// from the document's own bytes. Every other stretch is written from memory.
  ///
  /// - Throws: ``JSONWriteError``, with ``JSONWriteError/isSourceChanged`` when the
  ///   document's bytes are a memory mapping of a file that changed (nothing but the
  ///   document's bytes is ever written; the output is then incomplete).
  public func write(toFileDescriptor descriptor: Int32) throws(JSONWriteError) {
    let original = storage.original
    for piece in storage.pieces where piece.length > 0 {
      let buffer = UnsafeBufferPointer(start: storage.bytes(at: piece.physical).pointer, count: piece.length)
      guard Int(piece.physical) < original.count else {
        try JSONDocument.writeAll(buffer, to: descriptor)
        continue
      }
      if original.isMemoryMapped {
        guard original.isIntact else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
        try JSONDocument.writeAll(buffer, to: descriptor)
        guard original.isIntact else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
        continue
      }
      if try !original.copyFromSource(Int(piece.physical)..<(Int(piece.physical) + piece.length), to: descriptor) {
        try JSONDocument.writeAll(buffer, to: descriptor)
      }
    }
  }

  /// Writes a whole buffer, retrying after interruptions and short writes.
  static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws(JSONWriteError) {
    guard var pointer = buffer.baseAddress else { return }
    var remaining = buffer.count
    while remaining > 0 {
      let written = systemWrite(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        throw JSONWriteError(path: "", code: errno)
      }
      pointer += written
      remaining -= written
    }
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
