import TGridSystem

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
  ///   document's bytes are a memory mapping of a file that changed, or records of a
  ///   followed file whose text its truncation or a rewrite took (checked block by block
  ///   against what the follower read) (nothing but the document's bytes is
  ///   ever written; the output is then incomplete).
  public func write(toFileDescriptor descriptor: Int32) throws(JSONWriteError) {
    let original = storage.original
    // One copy of the block checked last, for all the mapped pieces (records a few hundred
    // bytes long share a block: it is hashed once).
    var verifier = GrowingFileMapping.Verifier()
    for piece in storage.pieces where piece.length > 0 {
      let buffer = UnsafeBufferPointer(start: storage.bytes(at: piece.physical).pointer, count: piece.length)
      guard Int(piece.physical) < original.count else {
        // A followed file's text is written from copies of its blocks checked against
        // what was read: what a truncation or a rewrite changed is never written.
        if piece.physical >= JSONStorage.mappedBase, let mapped = storage.mapped {
          let start = Int(piece.physical - JSONStorage.mappedBase)
          var failure: JSONWriteError?
          let verified = mapped.forEachVerifiedStretch(start..<(start + piece.length), using: &verifier) { stretch in
            do throws(JSONWriteError) {
              try JSONDocument.writeAll(stretch.assumingMemoryBound(to: UInt8.self), to: descriptor)
              return true
            } catch {
              failure = error
              return false
            }
          }
          if let failure { throw failure }
          guard verified else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
          continue
        }
        try JSONDocument.writeAll(buffer, to: descriptor)
        continue
      }
      if original.isMemoryMapped {
        guard original.isIntact else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
        try JSONDocument.writeAll(buffer, to: descriptor)
        guard original.isIntact else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
        continue
      }
      // A leased mapping whose lease was lost may show another text: never written.
      guard original.isIntact else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
      if try !original.copyFromSource(Int(piece.physical)..<(Int(piece.physical) + piece.length), to: descriptor) {
        try JSONDocument.writeAll(buffer, to: descriptor)
      }
      guard original.isIntact else { throw JSONWriteError(path: "", code: 0, isSourceChanged: true) }
    }
  }

  /// Writes a whole buffer, retrying after interruptions and short writes.
  static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws(JSONWriteError) {
    do {
      try SystemFile.write(descriptor, UnsafeRawBufferPointer(buffer))
    } catch {
      throw JSONWriteError(path: "", code: error.code)
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
    let existing = (try? SystemFile.status(ofPath: path, followingLinks: false)) ?? nil
    if existing?.kind == .directory { throw JSONWriteError(path: path, code: SystemError.isADirectory) }
    // Only a regular file has a mode to keep (a link at `path` is replaced by a new file).
    let kept = existing?.kind == .regular ? existing : nil
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var temporary = ""
    var opened: Int32?
    var failure = SystemError(code: SystemError.exists)
    for _ in 0..<100 {
      temporary = directory + "/." + name + ".tgrid-" + temporaryNames()
      do {
        opened = try SystemFile.open(temporary, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600)
        break
      } catch {
        failure = error
        if error.code != SystemError.exists { break }
      }
    }
    guard let descriptor = opened else { throw JSONWriteError(path: path, code: failure.code) }
    do {
      try write(toFileDescriptor: descriptor)
    } catch {
      SystemFile.release(descriptor)
      SystemFile.remove(temporary)
      throw JSONWriteError(path: path, code: error.code, isSourceChanged: error.isSourceChanged)
    }
    do {
      if let kept {
        // The owner before the mode: a change of owner clears the set-user-ID and
        // set-group-ID bits.
        if ProcessIdentity.isSuperuser { try SystemFile.setOwner(descriptor, user: kept.user, group: kept.group) }
        try SystemFile.setPermissions(descriptor, kept.permissions)
      } else {
        try SystemFile.setPermissions(descriptor, 0o666 & ~ProcessIdentity.fileCreationMask())
      }
      try SystemFile.synchronize(descriptor)
    } catch {
      SystemFile.release(descriptor)
      SystemFile.remove(temporary)
      throw JSONWriteError(path: path, code: error.code)
    }
    do {
      try SystemFile.close(descriptor)
      try SystemFile.rename(temporary, to: path)
    } catch {
      SystemFile.remove(temporary)
      throw JSONWriteError(path: path, code: error.code)
    }
    // The text is in place; a folder that cannot be flushed only weakens durability.
    if let folder = try? SystemFile.open(directory, .directory) {
      try? SystemFile.synchronizeDirectory(folder)
      SystemFile.release(folder)
    }
  }

  /// Six random letters and digits, as `mkstemp` puts in place of `XXXXXX`.
  static func randomTemporaryName() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }
}
