import TGridJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    return "\(path): \(operation): \(reason)"
  }

  /// The code for "is a directory".
  static let isADirectory = EISDIR

  /// The reason alone (`No space left on device`).
  var reason: String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }
}

/// The operating system's files.
final class POSIXFileSystem: FileSystem, Sendable {
  static let shared = POSIXFileSystem()

  func status(ofPath path: String, followingLinks: Bool) throws(FileError) -> FileStatus? {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      // A missing folder on the way, or a link to nothing: nothing is there either.
      if errno == ENOENT { return nil }
      throw FileError(operation: "stat", path: path, code: errno)
    }
    return FileStatus(
      size: Int(info.st_size), modificationSeconds: Int(info.st_mtim.tv_sec),
      modificationNanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino), device: UInt64(info.st_dev),
      mode: UInt32(info.st_mode) & 0o7777, user: info.st_uid, group: info.st_gid, linkCount: Int(info.st_nlink),
      isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, statusChangeSeconds: Int(info.st_ctim.tv_sec),
      statusChangeNanoseconds: Int(info.st_ctim.tv_nsec), isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
  }

  func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  func makeTemporaryFile(inDirectory directory: String, prefix: String) throws(FileError) -> (
    descriptor: Int32, path: String
  ) {
    var template = Array((directory + "/" + prefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      let descriptor = mkstemp(base)
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // Held until the save closes it: a later tgrid takes an unlocked, unwritten
        // temporary file for abandoned (``AbandonedSaves``).
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
      }
      return descriptor
    }
    guard descriptor >= 0 else { throw FileError(operation: "create a temporary file", path: directory, code: errno) }
    let path = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { String(cString: $0) } ?? "" }
    return (descriptor, path)
  }

  func write(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(FileError) {
    guard var pointer = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = Glibc.write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError(operation: "write", path: "", code: errno)
      }
      pointer += written
      remaining -= written
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
        throw FileError(operation: "read the original file, which changed on disk", path: "", code: ESTALE)
      }
      throw FileError(operation: "write", path: "", code: error.code)
    }
  }

  func setMode(_ descriptor: Int32, _ mode: UInt32) throws(FileError) {
    guard fchmod(descriptor, mode_t(mode)) == 0 else { throw FileError(operation: "chmod", path: "", code: errno) }
  }

  func setOwner(_ descriptor: Int32, user: UInt32?, group: UInt32?) throws(FileError) {
    // (uid_t)-1 and (gid_t)-1 leave the owner or the group as they are.
    guard fchown(descriptor, user ?? UInt32.max, group ?? UInt32.max) == 0 else {
      throw FileError(operation: "chown", path: "", code: errno)
    }
  }

  func extendedAttributeNames(ofPath path: String) throws(FileError) -> [String] {
    do throws(ExtendedAttributes.Failure) {
      return try ExtendedAttributes.names(ofPath: path)
    } catch {
      throw FileError(operation: "list the extended attributes", path: path, code: error.code)
    }
  }

  func extendedAttribute(_ name: String, ofPath path: String) throws(FileError) -> [UInt8] {
    do throws(ExtendedAttributes.Failure) {
      return try ExtendedAttributes.value(of: name, ofPath: path)
    } catch {
      throw FileError(operation: "read the extended attribute \(name)", path: path, code: error.code)
    }
  }

  func setExtendedAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(FileError) {
    do throws(ExtendedAttributes.Failure) {
      try ExtendedAttributes.set(name, value, on: descriptor)
    } catch {
      throw FileError(operation: "set the extended attribute \(name)", path: "", code: error.code)
    }
  }

  func removeExtendedAttribute(_ name: String, on descriptor: Int32) throws(FileError) {
    do throws(ExtendedAttributes.Failure) {
      try ExtendedAttributes.remove(name, on: descriptor)
    } catch {
      throw FileError(operation: "remove the extended attribute \(name)", path: "", code: error.code)
    }
  }

  func synchronize(_ descriptor: Int32) throws(FileError) {
    guard fsync(descriptor) == 0 else { throw FileError(operation: "fsync", path: "", code: errno) }
  }

  func close(_ descriptor: Int32) throws(FileError) {
    guard Glibc.close(descriptor) == 0 else { throw FileError(operation: "close", path: "", code: errno) }
  }

  func rename(_ source: String, to destination: String) throws(FileError) {
    guard Glibc.rename(source, destination) == 0 else {
      throw FileError(operation: "rename", path: destination, code: errno)
    }
  }

  func link(_ source: String, to destination: String) throws(FileError) {
    guard Glibc.link(source, destination) == 0 else {
      throw FileError(operation: "link", path: destination, code: errno)
    }
  }

  func remove(_ path: String) {
    unlink(path)
  }

  func synchronizeDirectory(_ path: String) throws(FileError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(operation: "open the folder", path: path, code: errno) }
    defer { Glibc.close(descriptor) }
    // Some file systems cannot fsync a folder (EINVAL): the rename is as durable as they allow.
    if fsync(descriptor) != 0, errno != EINVAL {
      throw FileError(operation: "fsync the folder", path: path, code: errno)
    }
  }

  var isSuperuser: Bool { geteuid() == 0 }

  var userID: UInt32 { geteuid() }

  func isMember(ofGroup group: UInt32) -> Bool {
    if group == getegid() { return true }
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let filled = getgroups(count, &groups)
    return filled > 0 && groups.prefix(Int(filled)).contains(group)
  }
}

/// The process's file-creation mask (read without changing it for long).
func currentUmask() -> UInt32 {
  let mask = umask(0o022)
  umask(mask)
  return UInt32(mask)
}

/// An environment variable's value.
func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
