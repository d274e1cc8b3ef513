#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file on disk that holds a buffer too large for memory.
///
/// The engine's `GrowableBuffer` maps it shared instead of taking heap memory: the kernel writes its
/// pages out and drops them when memory runs short, and reads them back in when they are
/// touched again, as it does for the page cache of any file. So a document's index larger
/// than the machine's memory can be built and used, at the cost of disk reads for the parts
/// that have been dropped. The file is unlinked as soon as it is made (or made without a
/// name at all, `O_TMPFILE`), so it disappears with the process however the process ends.
package final class SpillFile: @unchecked Sendable {
  /// The open file.
  package let descriptor: Int32
  /// The folder it lives in (a copy of the buffer is spilled there too).
  package let directory: String

  /// Makes an empty spill file in `directory`.
  /// - Throws: ``SpillFile/Failure`` when the folder is missing, not writable, or in memory
  ///   (tmpfs, whose pages could only go to swap).
  package init(directory: String) throws(Failure) {
    guard SpillFile.isOnDisk(directory) else { throw Failure(directory: directory, reason: "it is not on a disk") }
    var descriptor = Glibc.open(directory, LinuxCalls.openTemporaryFile | O_RDWR | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      // Filesystems without O_TMPFILE: a named file, unlinked at once.
      var template = Array((directory + "/.tgrid-index-XXXXXX").utf8CString)
      descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
      guard descriptor >= 0 else {
        throw Failure(directory: directory, reason: String(cString: strerror(errno)))
      }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    }
    self.descriptor = descriptor
    self.directory = directory
  }

  deinit {
    close(descriptor)
  }

  /// Why a spill file could not be made.
  package struct Failure: Error, CustomStringConvertible {
    package var directory: String
    package var reason: String
    package var description: String { "cannot keep the index in \(directory): \(reason)" }
  }

  /// Sets the file's length in bytes; false when the disk has no room for it (the blocks
  /// are reserved, so a full disk shows here, not later as a fault when a page is written).
  /// A filesystem that cannot reserve blocks (no `fallocate`) is refused: a page written
  /// to a mapping of a full disk would stop the process with SIGBUS.
  package func setLength(_ bytes: Int, from old: Int) -> Bool {
    if bytes > old {
      guard let allocate = LinuxCalls.fallocate, allocate(descriptor, 0, old, bytes - old) == 0 else { return false }
    }
    return ftruncate(descriptor, off_t(bytes)) == 0
  }

  /// Whether `directory` exists and is on a filesystem backed by a disk.
  package static func isOnDisk(_ directory: String) -> Bool {
    guard let type = LinuxCalls.fileSystemType(of: directory) else { return false }
    // tmpfs and ramfs keep their files in memory.
    return type != 0x0102_1994 && type != 0x8584_58f6
  }

  /// Bytes free for an unprivileged user in `directory`'s filesystem (0 when unknown).
  package static func freeBytes(in directory: String) -> Int {
    var status = statvfs()
    guard statvfs(directory, &status) == 0 else { return 0 }
    return Int(status.f_bavail) * Int(status.f_frsize)
  }

  /// Where a large index goes: `TGRID_INDEX_DIR` when set, else the user's cache folder
  /// (`$XDG_CACHE_HOME`, `~/.cache`), else `/var/tmp`, else `$TMPDIR` or `/tmp`; the first
  /// that exists and is on a disk (created for the cache folder).
  package static func defaultDirectory(environment: (String) -> String?) -> String? {
    func variable(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
    var candidates: [String] = []
    if let chosen = variable("TGRID_INDEX_DIR") { return isOnDisk(chosen) && access(chosen, W_OK) == 0 ? chosen : nil }
    if let cache = variable("XDG_CACHE_HOME") {
      candidates.append(cache + "/tgrid")
    } else if let home = variable("HOME") {
      candidates.append(home + "/.cache/tgrid")
    }
    candidates.append("/var/tmp")
    candidates.append(variable("TMPDIR") ?? "/tmp")
    for candidate in candidates {
      if candidate.hasSuffix("/tgrid") {
        let parent = String(candidate.dropLast("/tgrid".count))
        _ = mkdir(parent, 0o700)
        _ = mkdir(candidate, 0o700)
      }
      if isOnDisk(candidate), access(candidate, W_OK) == 0 { return candidate }
    }
    return nil
  }
}

/// Linux calls and constants Glibc's module does not export without `_GNU_SOURCE`, found at
/// run time.
package enum LinuxCalls {
  package typealias Remap =
    @convention(c) (UnsafeMutableRawPointer?, Int, Int, Int32, UnsafeMutableRawPointer?) ->
    UnsafeMutableRawPointer?
  package typealias Allocate = @convention(c) (Int32, Int32, Int, Int) -> Int32

  /// `mremap(2)`.
  package static let remap: Remap? = dlsym(nil, "mremap").map { unsafeBitCast($0, to: Remap.self) }
  /// `fallocate(2)`.
  package static let fallocate: Allocate? = dlsym(nil, "fallocate").map { unsafeBitCast($0, to: Allocate.self) }
  /// `MREMAP_MAYMOVE`.
  package static let remapMayMove: Int32 = 1
  /// `MREMAP_FIXED` (with ``remapMayMove``): the pages go to the address given, replacing
  /// what was mapped there.
  package static let remapFixed: Int32 = 2
  /// `F_SETLEASE` and `F_GETLEASE` (`fcntl(2)`): take, release or ask for a file lease.
  package static let setLease: Int32 = 1024
  package static let getLease: Int32 = 1025
  /// `MADV_REMOVE`: frees a shared file mapping's pages and the file's blocks under them.
  package static let adviseRemove: Int32 = 9
  /// `O_TMPFILE` (x86-64 and arm64).
  package static let openTemporaryFile: Int32 = 0o2000_0000 | O_DIRECTORY

  private typealias FileSystemStatus = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32
  private static let statfs: FileSystemStatus? = dlsym(nil, "statfs").map {
    unsafeBitCast($0, to: FileSystemStatus.self)
  }

  /// The magic number of the filesystem holding `path` (`statfs(2)`'s `f_type`, the first
  /// field of its result on Linux); nil when it cannot be asked.
  package static func fileSystemType(of path: String) -> UInt? {
    guard let statfs else { return nil }
    // `struct statfs` is 120 bytes on 64-bit Linux; room to spare.
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 8)
    defer { buffer.deallocate() }
    guard statfs(path, buffer) == 0 else { return nil }
    return UInt(bitPattern: buffer.load(as: Int.self))
  }
}
