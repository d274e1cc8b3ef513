import TGridJSON
import TGridSystem
import TermGridPlatform

/// The file operations a save needs, behind one seam so tests can make any of them fail
/// (a full disk, a read-only folder, a failing `fsync`) and prove that nothing is lost.
///
/// ``POSIXFileSystem`` is the real one. Errors are `errno` values.
protocol FileSystem: AnyObject {
  /// What a path is, following symbolic links or not; `nil` when nothing is there.
  func status(ofPath path: String, followingLinks: Bool) throws(FileError) -> FileStatus?
  /// The path with every symbolic link resolved (the file a save must replace).
  func resolvedPath(_ path: String) -> String?
  /// Creates a new file that did not exist (exclusively, never through a link), readable
  /// and writable by its owner only; returns its descriptor and its name.
  func makeTemporaryFile(inDirectory directory: String, prefix: String) throws(FileError) -> (
    descriptor: Int32, path: String
  )
  /// Writes all of `bytes`.
  func write(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(FileError)
  /// Writes a document's text. The default writes its pieces with ``write(_:_:)``.
  func writeDocument(_ document: JSONDocument, to descriptor: Int32) throws(FileError)
  /// Sets a file's permission bits.
  func setMode(_ descriptor: Int32, _ mode: UInt32) throws(FileError)
  /// Sets a file's owner, its group, or both (`nil`: left as it is).
  func setOwner(_ descriptor: Int32, user: UInt32?, group: UInt32?) throws(FileError)
  /// The names of a file's extended attributes, not following a symbolic link (a POSIX
  /// ACL is one: `system.posix_acl_access`); none where the file system has none.
  func extendedAttributeNames(ofPath path: String) throws(FileError) -> [String]
  /// The value of one extended attribute of a file, not following a symbolic link.
  func extendedAttribute(_ name: String, ofPath path: String) throws(FileError) -> [UInt8]
  /// Sets an extended attribute of an open file.
  func setExtendedAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(FileError)
  /// Removes an extended attribute of an open file; one that is not there is no error.
  func removeExtendedAttribute(_ name: String, on descriptor: Int32) throws(FileError)
  /// Flushes a file to the disk.
  func synchronize(_ descriptor: Int32) throws(FileError)
  /// Closes a descriptor.
  func close(_ descriptor: Int32) throws(FileError)
  /// Renames a file over another, atomically (a symbolic link at `destination` is replaced
  /// itself).
  func rename(_ source: String, to destination: String) throws(FileError)
  /// Gives a file a second name, failing with `EEXIST` when anything (a file, a link) has
  /// that name: never replaces anything.
  func link(_ source: String, to destination: String) throws(FileError)
  /// Removes a file.
  func remove(_ path: String)
  /// Flushes a folder's entries (a rename in it) to the disk.
  func synchronizeDirectory(_ path: String) throws(FileError)
  /// Whether this process runs as root (a save then keeps the file's owner).
  var isSuperuser: Bool { get }
  /// The user this process acts as (a file it owns may be given to it again).
  var userID: UInt32 { get }
  /// Whether this process may give a file it owns to `group` (its group, or one it is a
  /// member of).
  func isMember(ofGroup group: UInt32) -> Bool
}

extension FileSystem {
  /// What a path is, following symbolic links; `nil` when nothing is there.
  func status(ofPath path: String) throws(FileError) -> FileStatus? {
    try status(ofPath: path, followingLinks: true)
  }

  func writeDocument(_ document: JSONDocument, to descriptor: Int32) throws(FileError) {
    var failure: FileError?
    document.forEachTextPiece { piece in
      guard failure == nil else { return }
      do throws(FileError) {
        try write(descriptor, piece)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}

/// What ``FileSystem/status(ofPath:followingLinks:)`` tells of a file.
struct FileStatus: Equatable, Sendable {
  var size: Int
  var modificationSeconds: Int
  var modificationNanoseconds: Int
  var inode: UInt64
  var device: UInt64
  var mode: UInt32
  var user: UInt32
  var group: UInt32
  var linkCount: Int
  var isRegularFile: Bool
  /// When the file's inode last changed (`st_ctim`): its text, its mode, its owner, its
  /// links. Unlike the modification time, no one but the kernel's clock can set it back.
  var statusChangeSeconds = 0
  var statusChangeNanoseconds = 0
  var isDirectory = false

  /// Whether the file is the same one, unchanged: same inode and device, size,
  /// modification time and status change time (a rewrite in place that keeps the size and
  /// puts the modification time back, as `touch -r` does, still moves the status change
  /// time).
  func isSameVersion(as other: FileStatus) -> Bool {
    inode == other.inode && device == other.device && size == other.size
      && modificationSeconds == other.modificationSeconds && modificationNanoseconds == other.modificationNanoseconds
      && statusChangeSeconds == other.statusChangeSeconds && statusChangeNanoseconds == other.statusChangeNanoseconds
  }

  /// Whether only the status change time differs: the text was rewritten in place with
  /// its size and modification time kept, or only the mode, owner or links changed.
  func differsOnlyInStatusChange(from other: FileStatus) -> Bool {
    !isSameVersion(as: other) && inode == other.inode && device == other.device && size == other.size
      && modificationSeconds == other.modificationSeconds && modificationNanoseconds == other.modificationNanoseconds
  }
}

/// A failed file operation: what was being done, to which path, and the system's reason.
package struct FileError: Error, Equatable, CustomStringConvertible {
  var operation: String
  var path: String
  var code: Int32

  package var description: String {
    "\(path): \(operation): \(reason)"
  }

  /// The code for "is a directory".
  static let isADirectory = SystemError.isADirectory

  /// The reason alone (`No space left on device`).
  var reason: String { SystemError(code: code).description }
}

/// The operating system's files, through the system target's ``SystemFile`` (whose calls
/// tests can also make fail, below this seam: ``InjectedFailures``).
final class POSIXFileSystem: FileSystem, Sendable {
  static let shared = POSIXFileSystem()

  func status(ofPath path: String, followingLinks: Bool) throws(FileError) -> FileStatus? {
    let found: FileInfo?
    do {
      found = try SystemFile.status(ofPath: path, followingLinks: followingLinks)
    } catch {
      throw FileError(operation: "stat", path: path, code: error.code)
    }
    guard let info = found else { return nil }
    return FileStatus(
      size: info.size, modificationSeconds: info.modificationSeconds,
      modificationNanoseconds: info.modificationNanoseconds, inode: info.inode, device: info.device,
      mode: info.permissions, user: info.user, group: info.group, linkCount: info.linkCount,
      isRegularFile: info.kind == .regular, statusChangeSeconds: info.statusChangeSeconds,
      statusChangeNanoseconds: info.statusChangeNanoseconds, isDirectory: info.kind == .directory)
  }

  func resolvedPath(_ path: String) -> String? {
    SystemFile.resolvedPath(path)
  }

  func makeTemporaryFile(inDirectory directory: String, prefix: String) throws(FileError) -> (
    descriptor: Int32, path: String
  ) {
    do {
      // Locked until the save closes it: a later tgrid takes an unlocked, unwritten
      // temporary file for abandoned (``AbandonedSaves``).
      return try SystemFile.makeUniqueFile(template: directory + "/" + prefix + "XXXXXX", locked: true)
    } catch {
      throw FileError(operation: "create a temporary file", path: directory, code: error.code)
    }
  }

  func write(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(FileError) {
    do {
      try SystemFile.write(descriptor, UnsafeRawBufferPointer(bytes))
    } catch {
      throw FileError(operation: "write", path: "", code: error.code)
    }
  }

  /// The engine's own writer: unedited stretches are copied by the kernel from the file
  /// they were read from (`copy_file_range`), and a source that changed meanwhile is
  /// never copied.
  func writeDocument(_ document: JSONDocument, to descriptor: Int32) throws(FileError) {
    do {
      try document.write(toFileDescriptor: descriptor)
    } catch {
      if error.isSourceChanged {
        throw FileError(
          operation: "read the original file, which changed on disk", path: "", code: SystemError.stale)
      }
      throw FileError(operation: "write", path: "", code: error.code)
    }
  }

  func setMode(_ descriptor: Int32, _ mode: UInt32) throws(FileError) {
    do {
      try SystemFile.setPermissions(descriptor, mode)
    } catch {
      throw FileError(operation: "chmod", path: "", code: error.code)
    }
  }

  func setOwner(_ descriptor: Int32, user: UInt32?, group: UInt32?) throws(FileError) {
    do {
      try SystemFile.setOwner(descriptor, user: user, group: group)
    } catch {
      throw FileError(operation: "chown", path: "", code: error.code)
    }
  }

  func extendedAttributeNames(ofPath path: String) throws(FileError) -> [String] {
    do throws(SystemError) {
      return try ExtendedAttributes.names(ofPath: path)
    } catch {
      throw FileError(operation: "list the extended attributes", path: path, code: error.code)
    }
  }

  func extendedAttribute(_ name: String, ofPath path: String) throws(FileError) -> [UInt8] {
    do throws(SystemError) {
      return try ExtendedAttributes.value(of: name, ofPath: path)
    } catch {
      throw FileError(operation: "read the extended attribute \(name)", path: path, code: error.code)
    }
  }

  func setExtendedAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(FileError) {
    do throws(SystemError) {
      try ExtendedAttributes.set(name, value, on: descriptor)
    } catch {
      throw FileError(operation: "set the extended attribute \(name)", path: "", code: error.code)
    }
  }

  func removeExtendedAttribute(_ name: String, on descriptor: Int32) throws(FileError) {
    do throws(SystemError) {
      try ExtendedAttributes.remove(name, on: descriptor)
    } catch {
      throw FileError(operation: "remove the extended attribute \(name)", path: "", code: error.code)
    }
  }

  func synchronize(_ descriptor: Int32) throws(FileError) {
    do {
      try SystemFile.synchronize(descriptor)
    } catch {
      throw FileError(operation: "fsync", path: "", code: error.code)
    }
  }

  func close(_ descriptor: Int32) throws(FileError) {
    do {
      try SystemFile.close(descriptor)
    } catch {
      throw FileError(operation: "close", path: "", code: error.code)
    }
  }

  func rename(_ source: String, to destination: String) throws(FileError) {
    do {
      try SystemFile.rename(source, to: destination)
    } catch {
      throw FileError(operation: "rename", path: destination, code: error.code)
    }
  }

  func link(_ source: String, to destination: String) throws(FileError) {
    do {
      try SystemFile.link(source, to: destination)
    } catch {
      throw FileError(operation: "link", path: destination, code: error.code)
    }
  }

  func remove(_ path: String) {
    SystemFile.remove(path)
  }

  func synchronizeDirectory(_ path: String) throws(FileError) {
    let descriptor: Int32
    do {
      descriptor = try SystemFile.open(path, .directory)
    } catch {
      throw FileError(operation: "open the folder", path: path, code: error.code)
    }
    defer { SystemFile.release(descriptor) }
    do {
      try SystemFile.synchronizeDirectory(descriptor)
    } catch {
      throw FileError(operation: "fsync the folder", path: path, code: error.code)
    }
  }

  var isSuperuser: Bool { ProcessIdentity.isSuperuser }

  var userID: UInt32 { ProcessIdentity.userID }

  func isMember(ofGroup group: UInt32) -> Bool {
    ProcessIdentity.isMember(ofGroup: group)
  }
}

/// The process's file-creation mask (read without changing it for long).
func currentUmask() -> UInt32 {
  ProcessIdentity.fileCreationMask()
}

/// An environment variable's value.
func environmentValue(_ name: String) -> String? {
  Environment.value(of: name)
}
