import TGridJSON
import TGridSystem

/// Saves a document atomically: the file is either the old one or the new one, whatever
/// happens during the save (a full disk, a crash, `kill -9`, a power cut after the rename).
///
/// 1. The text goes to a new temporary file in the target's folder (created exclusively,
///    never through a link, mode 600, so nothing else is ever overwritten and no one else
///    can read it while it is written), stretch by stretch from the document's pieces (no
///    copy of the whole text in memory).
/// 2. The temporary file gets what the target had, in this order: its owner and group
///    (root gives it any; anyone else keeps their own file theirs and its group when they
///    are a member of it), then its permission bits (after the owner: a change of owner
///    clears the set-user-ID and set-group-ID bits), then its extended attributes, POSIX
///    ACLs among them (last: a change of owner drops `security.capability`, and an ACL sets
///    the group bits to its mask). A new file gets 0666 less the umask, as an editor would
///    make it, only now.
/// 3. It is flushed to the disk and renamed over the target, and the folder is flushed so
///    the rename lasts.
///
/// Any failure removes the temporary file and leaves the target untouched, with two
/// exceptions that do not fail a save, reported in its ``Outcome`` instead: an extended
/// attribute other than the ACL that cannot be read or set (a `security.*` attribute only
/// root may set), and an owner or group this process may not give (see
/// ``Outcome/lossNote``). An ACL that cannot be kept fails the save: without it the owning
/// group would get the rights the ACL's mask gave to named users and groups. For the same
/// reason an ACL the temporary file inherited from the folder's default ACL is removed
/// when the target had none.
///
/// Through a symbolic link the link's target is replaced and the link kept. A file with
/// several hard links gets a new inode under this name: the other names keep the old text
/// (atomicity is worth more than keeping the links; the caller says so in its message).
package struct DocumentSaver {
  let fileSystem: any FileSystem

  init(fileSystem: any FileSystem = POSIXFileSystem.shared) {
    self.fileSystem = fileSystem
  }

  /// What a save did.
  package struct Outcome: Equatable {
    /// The file written (a symbolic link resolved).
    var path: String
    /// The file as it is now on disk.
    var status: FileStatus?
    /// How many other names (hard links) the replaced file had, which keep the old text.
    var otherHardLinks: Int
    /// Whether the new file has another owner than the replaced one (only root gives a
    /// file to another user).
    var isOwnerLost = false
    /// Whether the new file has another group than the replaced one (only root, or a
    /// member of the group, gives a file to a group).
    var isGroupLost = false
    /// The replaced file's extended attributes that the new file could not get, and why.
    var attributesNotKept: [AttributeLoss] = []

    /// What the new file lacks of the replaced one, said after "saved NAME": `nil` when it
    /// kept everything.
    var lossNote: String? {
      var notes: [String] = []
      switch (isOwnerLost, isGroupLost) {
      case (true, true): notes.append("its owner and group could not be kept (only root gives a file to another user)")
      case (true, false): notes.append("its owner could not be kept (only root gives a file to another user)")
      case (false, true): notes.append("its group could not be kept (you are not a member of it)")
      case (false, false): break
      }
      if !attributesNotKept.isEmpty {
        let reasons = attributesNotKept.map {
          "\($0.name): \(FileError(operation: "", path: "", code: $0.code).reason)"
        }
        notes.append("its extended attributes could not all be kept (\(reasons.joined(separator: ", ")))")
      }
      return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
  }

  /// An extended attribute a save could not keep, and the system's reason.
  struct AttributeLoss: Equatable {
    var name: String
    var code: Int32
  }

  /// Writes `document` to `path` (through a symbolic link, to the link's target), keeping
  /// the replaced file's owner, group, permission bits and extended attributes.
  package func save(_ document: JSONDocument, to path: String) throws(FileError) -> Outcome {
    try save(to: path) { descriptor throws(FileError) in try fileSystem.writeDocument(document, to: descriptor) }
  }

  /// Writes `bytes` (an export: the table as CSV) to `path` as ``save(_:to:)`` writes a
  /// document: atomically, keeping a replaced file's owner, mode and attributes.
  package func save(bytes: [UInt8], to path: String) throws(FileError) -> Outcome {
    try save(to: path) { descriptor throws(FileError) in
      var failure: FileError?
      bytes.withUnsafeBufferPointer { buffer in
        do throws(FileError) {
          try fileSystem.write(descriptor, buffer)
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    }
  }

  /// What writes a document's text to an open file.
  private func writing(_ document: JSONDocument) -> (Int32) throws(FileError) -> Void {
    { [fileSystem] descriptor throws(FileError) in try fileSystem.writeDocument(document, to: descriptor) }
  }

  /// ``save(_:to:)`` with what to write given by `contents`.
  private func save(to path: String, contents: (Int32) throws(FileError) -> Void) throws(FileError) -> Outcome {
    let target = fileSystem.resolvedPath(path) ?? path
    let existing = try fileSystem.status(ofPath: target)
    if let existing, !existing.isRegularFile {
      throw FileError(operation: "save", path: path, code: FileError.isADirectory)
    }
    // Read before anything is created: a failure here leaves nothing to clean up.
    var attributes = Attributes()
    if existing != nil {
      do throws(FileError) {
        attributes = try readAttributes(of: target)
      } catch {
        throw FileError(operation: error.operation, path: path, code: error.code)
      }
    }
    var losses = attributes.losses
    try replace(target, reportedAs: path, with: contents) { descriptor throws(FileError) in
      guard let existing else {
        try fileSystem.setMode(descriptor, Self.newFileMode())
        return
      }
      try keepOwner(of: existing, on: descriptor)
      try fileSystem.setMode(descriptor, existing.mode)
      losses += try copy(attributes, to: descriptor)
    }
    let status = try? fileSystem.status(ofPath: target)
    var outcome = Outcome(path: target, status: status ?? nil, otherHardLinks: max(0, (existing?.linkCount ?? 1) - 1))
    if let existing, let now = status ?? nil {
      outcome.isOwnerLost = now.user != existing.user
      outcome.isGroupLost = now.group != existing.group
    }
    outcome.attributesNotKept = losses
    return outcome
  }

  /// Writes `document` to exactly `path` as a private file (mode 600), atomically: an exclusive temporary
  /// file in the same folder, written, flushed, then renamed over `path`. A symbolic link at `path` is
  /// replaced itself, never followed; nothing else is ever truncated or written through.
  func savePrivately(_ document: JSONDocument, to path: String) throws(FileError) -> Outcome {
    let existing = try fileSystem.status(ofPath: path, followingLinks: false)
    if let existing, existing.isDirectory {
      throw FileError(operation: "save", path: path, code: FileError.isADirectory)
    }
    try replace(
      path, reportedAs: path,
      with: writing(document)
    ) { descriptor throws(FileError) in
      // mkstemp made it 600 less the umask: exactly 600, whatever the umask.
      try fileSystem.setMode(descriptor, 0o600)
    }
    let status = try? fileSystem.status(ofPath: path, followingLinks: false)
    let otherHardLinks = existing.map { $0.isRegularFile ? max(0, $0.linkCount - 1) : 0 } ?? 0
    return Outcome(path: path, status: status ?? nil, otherHardLinks: otherHardLinks)
  }

  /// Writes `document` as a private file (mode 600) under the first of `names` that
  /// nothing has: a temporary file in their folder, written and flushed, then linked
  /// there (`link` fails rather than replace anything, so two writers never take the same
  /// name, and a link planted at a name is never written through). Returns the name taken.
  func savePrivately(_ document: JSONDocument, toFirstFreeOf names: [String]) throws(FileError) -> String {
    guard let first = names.first else {
      throw FileError(operation: "name the file", path: "", code: SystemError.invalidArgument)
    }
    var taken: String?
    try replace(
      first, reportedAs: first,
      with: writing(document)
    ) { descriptor throws(FileError) in
      try fileSystem.setMode(descriptor, 0o600)
    } publish: { temporary throws(FileError) in
      defer { fileSystem.remove(temporary) }
      for name in names {
        do throws(FileError) {
          try fileSystem.link(temporary, to: name)
          taken = name
          return
        } catch  where error.code == SystemError.exists {
          continue
        } catch  where error.code == SystemError.notPermitted || SystemError.notSupported.contains(error.code) {
          // A file system without hard links: rename onto a name nothing has (a narrow race
          // with another writer, which a file system with links does not have).
          guard (try? fileSystem.status(ofPath: name, followingLinks: false)) ?? nil == nil else { continue }
          try fileSystem.rename(temporary, to: name)
          taken = name
          return
        }
      }
      throw FileError(operation: "find a free name", path: first, code: SystemError.exists)
    }
    return taken ?? first
  }

  /// Writes `contents` to a new temporary file beside `target`, lets `prepare` give it its
  /// owner, mode and attributes, flushes it and renames it over `target` (a link there is
  /// replaced itself), or hands it to `publish`; on any failure removes it and throws,
  /// naming `reportedPath`.
  private func replace(
    _ target: String, reportedAs reportedPath: String, with contents: (Int32) throws(FileError) -> Void,
    prepare: (Int32) throws(FileError) -> Void, publish: ((String) throws(FileError) -> Void)? = nil
  ) throws(FileError) {
    let directory = Self.directory(of: target)
    let name = Self.fileName(of: target)
    let descriptor: Int32
    let temporary: String
    do throws(FileError) {
      (descriptor, temporary) = try fileSystem.makeTemporaryFile(inDirectory: directory, prefix: "." + name + ".tgrid-")
    } catch {
      throw FileError(operation: error.operation, path: reportedPath, code: error.code)
    }
    var isOpen = true
    do throws(FileError) {
      try contents(descriptor)
      try prepare(descriptor)
      try fileSystem.synchronize(descriptor)
      isOpen = false
      try fileSystem.close(descriptor)
      if let publish { try publish(temporary) } else { try fileSystem.rename(temporary, to: target) }
    } catch {
      if isOpen { try? fileSystem.close(descriptor) }
      fileSystem.remove(temporary)
      throw FileError(operation: error.operation, path: reportedPath, code: error.code)
    }
    // The new text is in place; failing to flush the folder only weakens durability.
    try? fileSystem.synchronizeDirectory(directory)
  }

  /// The permission bits of a new file: 0666 less the umask.
  static func newFileMode() -> UInt32 {
    let mask = currentUmask()
    return 0o666 & ~mask
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
