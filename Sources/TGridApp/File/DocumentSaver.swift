import TGridJSON

/// Saves a document atomically: the file is either the old one or the new one, whatever
/// happens during the save (a full disk, a crash, `kill -9`, a power cut after the rename).
///
/// 1. The text goes to a new temporary file in the target's folder (created exclusively,
///    so nothing else is ever overwritten), stretch by stretch from the document's pieces
///    (no copy of the whole text in memory), and is flushed to the disk.
/// 2. The temporary file gets the target's permission bits (and, when run as root, its
///    owner and group); a new file gets 0666 less the umask, as an editor would make it.
/// 3. It is renamed over the target, and the folder is flushed so the rename lasts.
///
/// Any failure removes the temporary file and leaves the target untouched.
///
/// Through a symbolic link the link's target is replaced and the link kept. A file with
/// several hard links gets a new inode under this name: the other names keep the old text
/// (atomicity is worth more than keeping the links; the caller says so in its message).
struct DocumentSaver {
  let fileSystem: any FileSystem

  init(fileSystem: any FileSystem = POSIXFileSystem.shared) {
    self.fileSystem = fileSystem
  }

  /// What a save did.
  struct Outcome: Equatable {
    /// The file written (a symbolic link resolved).
    var path: String
    /// The file as it is now on disk.
    var status: FileStatus?
    /// How many other names (hard links) the replaced file had, which keep the old text.
    var otherHardLinks: Int
  }

  /// Writes `document` to `path`.
  func save(_ document: JSONDocument, to path: String) throws(FileError) -> Outcome {
    let target = fileSystem.resolvedPath(path) ?? path
    let existing = try fileSystem.status(ofPath: target)
    if let existing, !existing.isRegularFile {
      throw FileError(operation: "save", path: path, code: FileError.isADirectory)
    }
    let directory = Self.directory(of: target)
    let name = Self.fileName(of: target)
    let (descriptor, temporary) = try fileSystem.makeTemporaryFile(inDirectory: directory, prefix: "." + name + ".tgrid-")
    var isOpen = true
    do throws(FileError) {
      try fileSystem.writeDocument(document, to: descriptor)
      try fileSystem.setMode(descriptor, existing?.mode ?? Self.newFileMode())
      if let existing, fileSystem.isSuperuser {
        try fileSystem.setOwner(descriptor, user: existing.user, group: existing.group)
      }
      try fileSystem.synchronize(descriptor)
      isOpen = false
      try fileSystem.close(descriptor)
      try fileSystem.rename(temporary, to: target)
    } catch {
      if isOpen { try? fileSystem.close(descriptor) }
      fileSystem.remove(temporary)
      throw FileError(operation: error.operation, path: path, code: error.code)
    }
    // The new text is in place; failing to flush the folder only weakens durability.
    try? fileSystem.synchronizeDirectory(directory)
    let status = try? fileSystem.status(ofPath: target)
    return Outcome(path: target, status: status ?? nil, otherHardLinks: max(0, (existing?.linkCount ?? 1) - 1))
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
