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

  /// Saves the document's text to `path` atomically: it is written to a new temporary
  /// file in the same folder, flushed, given the replaced file's permission bits (and, when
  /// run as root, its owner and group), then renamed over `path`, and the folder is
  /// flushed so the rename lasts. Safe even when `path` is the memory-mapped file the
  /// document was read from: the old file stays intact until the rename, and the mapping
  /// keeps its bytes.
  ///
  /// The temporary file is created exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`, mode 600,
  /// a random name `.NAME.tgrid-XXXXXX`), so nothing already there, file or symbolic
  /// link, is ever followed, truncated or written. A symbolic link at `path` is replaced
  /// itself, not followed. A new file gets 0666 less the umask. Extended attributes and
  /// ACLs are not kept (tgrid's own saver keeps them).
  public func save(toFile path: String) throws(JSONWriteError) {
    try save(toFile: path, temporaryNames: { JSONDocument.randomTemporaryName() })
  }

  /// ``save(toFile:)`` with the temporary file's name (after `.NAME.tgrid-`) chosen by
  /// `temporaryNames`, asked again while a name is taken (tests plant files at the names).
  func save(toFile path: String, temporaryNames: () -> String) throws(JSONWriteError) {
    var existing = stat()
    let kind = lstat(path, &existing) == 0 ? existing.st_mode & S_IFMT : 0
    if kind == S_IFDIR { throw JSONWriteError(path: path, code: EISDIR) }
    // Only a regular file has a mode to keep (a link at `path` is replaced by a new file).
    let exists = kind == S_IFREG
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<100 {
      temporary = directory + "/." + name + ".tgrid-" + temporaryNames()
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw JSONWriteError(path: path, code: errno) }
    func fail(_ code: Int32, closing: Bool) -> JSONWriteError {
      if closing { close(descriptor) }
      unlink(temporary)
      return JSONWriteError(path: path, code: code)
    }
    do {
      try write(toFileDescriptor: descriptor)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw JSONWriteError(path: path, code: error.code, isSourceChanged: error.isSourceChanged)
    }
    if exists {
      // The owner before the mode: a change of owner clears the set-user-ID and
      // set-group-ID bits.
      if geteuid() == 0, fchown(descriptor, existing.st_uid, existing.st_gid) != 0 { throw fail(errno, closing: true) }
      if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { throw fail(errno, closing: true) }
    } else {
      let mask = umask(0o022)
      umask(mask)
      if fchmod(descriptor, 0o666 & ~mask) != 0 { throw fail(errno, closing: true) }
    }
    if fsync(descriptor) != 0 { throw fail(errno, closing: true) }
    if close(descriptor) != 0 { throw fail(errno, closing: false) }
    if rename(temporary, path) != 0 { throw fail(errno, closing: false) }
    // The text is in place; a folder that cannot be flushed only weakens durability.
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      _ = fsync(folder)
      close(folder)
    }
  }

  /// Six random letters and digits, as `mkstemp` puts in place of `XXXXXX`.
  static func randomTemporaryName() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }
}

/// The C `write`, out of reach of `JSONDocument.write(toFileDescriptor:)`'s name.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
