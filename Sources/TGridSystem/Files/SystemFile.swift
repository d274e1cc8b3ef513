#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file calls of the engine and the app, each behind one Swift function that retries
/// an interrupted call, reports failure as a ``SystemError``, and asks
/// ``InjectedFailures`` first (so tests can make any of them fail).
package enum SystemFile {
  /// How a file is opened.
  package struct OpenOptions: OptionSet, Sendable {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Open for writing only (`O_WRONLY`); neither this nor ``readWrite``: reading only.
    package static let writeOnly = OpenOptions(rawValue: O_WRONLY)
    /// Open for reading and writing (`O_RDWR`).
    package static let readWrite = OpenOptions(rawValue: O_RDWR)
    /// Create the file when it is missing (`O_CREAT`).
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// With ``create``: fail when something has the name (`O_EXCL`).
    package static let exclusive = OpenOptions(rawValue: O_EXCL)
    /// Empty the file (`O_TRUNC`).
    package static let truncate = OpenOptions(rawValue: O_TRUNC)
    /// Every write goes to the end of the file (`O_APPEND`), as a log writer's.
    package static let append = OpenOptions(rawValue: O_APPEND)
    /// Fail on a symbolic link rather than follow it (`O_NOFOLLOW`).
    package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    /// Do not wait for a FIFO's writer (`O_NONBLOCK`).
    package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    /// Fail unless the path is a folder (`O_DIRECTORY`).
    package static let directory = OpenOptions(rawValue: O_DIRECTORY)
  }

  /// Opens a file, closed on `exec` (`O_CLOEXEC` always); `permissions` for one it creates.
  package static func open(
    _ path: String, _ options: OpenOptions = [], permissions: UInt32 = 0o600
  ) throws(SystemError) -> Int32 {
    if let failure = InjectedFailures.failure(of: .open) { throw failure }
    while true {
      let descriptor = Glibc.open(path, options.rawValue | O_CLOEXEC, mode_t(permissions))
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw .last() }
    }
  }

  /// Reads up to `count` bytes into `buffer`; 0 at the end of the file.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(SystemError)
    -> Int
  {
    if let failure = InjectedFailures.failure(of: .read) { throw failure }
    while true {
      let result = Glibc.read(descriptor, buffer, count)
      if result >= 0 { return result }
      if errno != EINTR { throw .last() }
    }
  }

  /// Reads once, as `read(2)` does, for callers that handle `errno` themselves (a stream
  /// that waits on `EAGAIN`): the number of bytes read, 0 at the end, or -1 with `errno` set
  /// (an injected failure sets it too).
  package static func readOnce(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    if let failure = InjectedFailures.failure(of: .read) {
      errno = failure.code
      return -1
    }
    return Glibc.read(descriptor, buffer, count)
  }

  /// Reads up to `count` bytes at `offset` into `buffer`; 0 at the end of the file.
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int
  ) throws(SystemError) -> Int {
    if let failure = InjectedFailures.failure(of: .read) { throw failure }
    while true {
      let result = pread(descriptor, buffer, count, off_t(offset))
      if result >= 0 { return result }
      if errno != EINTR { throw .last() }
    }
  }

  /// Writes all of `bytes`.
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    guard var pointer = bytes.baseAddress else { return }
    if let failure = InjectedFailures.failure(of: .write) { throw failure }
    var remaining = bytes.count
    while remaining > 0 {
      let written = Glibc.write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        throw .last()
      }
      // Nothing written for a non-empty write: no reason given, and no progress to wait for.
      if written == 0 { throw SystemError(code: EIO) }
      pointer += written
      remaining -= written
    }
  }

  /// Flushes a file to the disk (`fsync`).
  package static func synchronize(_ descriptor: Int32) throws(SystemError) {
    if let failure = InjectedFailures.failure(of: .synchronize) { throw failure }
    guard fsync(descriptor) == 0 else { throw .last() }
  }

  /// Flushes a folder's entries (a rename in it) to the disk, given the folder opened with
  /// ``OpenOptions/directory``. Some file systems cannot fsync a folder (`EINVAL`): the
  /// rename is then as durable as they allow, and that is no error.
  package static func synchronizeDirectory(_ descriptor: Int32) throws(SystemError) {
    if let failure = InjectedFailures.failure(of: .synchronize) { throw failure }
    if fsync(descriptor) != 0, errno != EINVAL { throw .last() }
  }

  /// Closes a descriptor (released even when it fails, as on Linux).
  package static func close(_ descriptor: Int32) throws(SystemError) {
    if let failure = InjectedFailures.failure(of: .close) {
      Glibc.close(descriptor)
      throw failure
    }
    guard Glibc.close(descriptor) == 0 else { throw .last() }
  }

  /// Closes a descriptor on a path that cannot report a failure (a clean-up, a deinit):
  /// never injected, never thrown.
  package static func release(_ descriptor: Int32) {
    Glibc.close(descriptor)
  }

  /// Renames a file over another, atomically.
  package static func rename(_ source: String, to destination: String) throws(SystemError) {
    if let failure = InjectedFailures.failure(of: .rename) { throw failure }
    guard Glibc.rename(source, destination) == 0 else { throw .last() }
  }

  /// Gives a file a second name; fails with `EEXIST` when anything has that name.
  package static func link(_ source: String, to destination: String) throws(SystemError) {
    if let failure = InjectedFailures.failure(of: .link) { throw failure }
    guard Glibc.link(source, destination) == 0 else { throw .last() }
  }

  /// Removes a name (`unlink`); a failure is reported, for callers that care.
  @discardableResult
  package static func remove(_ path: String) -> Bool {
    unlink(path) == 0
  }

  /// Creates a new file named `template` with its last six `X`s replaced (as `mkstemp`
  /// does: exclusively, never through a link, readable and writable by its owner only),
  /// closed on `exec` from the moment it is opened; returns its descriptor and its name.
  /// With `locked`, it holds an exclusive `flock` on it (released when it is closed).
  ///
  /// Not `mkstemp` and `FD_CLOEXEC` after it: a process another thread starts in between
  /// would keep the file open for writing, and a file open for writing anywhere refuses the
  /// read lease a later opening takes. (glibc's `mkostemp` is not visible to Swift.)
  package static func makeUniqueFile(template: String, locked: Bool = false) throws(SystemError) -> (
    descriptor: Int32, path: String
  ) {
    if let failure = InjectedFailures.failure(of: .open) { throw failure }
    let suffix = "XXXXXX"
    guard template.hasSuffix(suffix) else { throw SystemError(code: EINVAL) }
    let stem = template.dropLast(suffix.count)
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    for _ in 0..<100 {
      let path = String(stem) + String((0..<suffix.count).map { _ in letters.randomElement()! })
      let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        if locked { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        return (descriptor, path)
      }
      if errno != EEXIST { throw .last() }
    }
    throw SystemError(code: EEXIST)
  }

  /// Whether an exclusive `flock` can be taken on an open file now (no one else holds one);
  /// it is held until the descriptor is closed.
  package static func tryLock(_ descriptor: Int32) -> Bool {
    flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }

  /// The descriptor's offset in its file (`lseek(…, 0, SEEK_CUR)`).
  package static func offset(of descriptor: Int32) throws(SystemError) -> Int {
    let offset = lseek(descriptor, 0, SEEK_CUR)
    guard offset >= 0 else { throw .last() }
    return Int(offset)
  }

  /// Moves the descriptor's offset to `offset` from the start of its file.
  package static func seek(_ descriptor: Int32, to offset: Int) throws(SystemError) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else { throw .last() }
  }

  /// Copies up to `count` bytes at `offset` of one file to another's current offset, in the
  /// kernel (`copy_file_range`): the bytes copied (0 at the source's end). Nil when the
  /// system has no such call.
  package static func copyRange(
    from source: Int32, at offset: inout Int, to destination: Int32, count: Int
  ) throws(SystemError) -> Int? {
    #if os(Linux)
      guard let copyFileRange = copyFileRangeFunction else { return nil }
      if let failure = InjectedFailures.failure(of: .write) { throw failure }
      var sourceOffset = off_t(offset)
      while true {
        let copied = copyFileRange(source, &sourceOffset, destination, nil, count, 0)
        if copied >= 0 {
          offset = Int(sourceOffset)
          return copied
        }
        if errno != EINTR { throw .last() }
      }
    #else
      return nil
    #endif
  }

  /// Whether this process may read the file at `path` (`access`).
  package static func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }

  /// Creates a folder; one already there is no error.
  package static func makeDirectory(_ path: String, permissions: UInt32 = 0o700) throws(SystemError) {
    if mkdir(path, mode_t(permissions)) != 0, errno != EEXIST { throw .last() }
  }

  /// The names in a folder (with `.` and `..`); nil when it cannot be read.
  package static func names(inDirectory path: String) -> [String]? {
    guard let stream = opendir(path) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      // The record `readdir` returns is only as long as its name, so copying the whole
      // `d_name` array reads past it (AddressSanitizer reported it at the end of a large
      // folder's buffer): read the name where it lies.
      let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
      names.append(
        String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)))
    }
    return names
  }

  /// What a path is, following symbolic links or not; `nil` when nothing is there (a
  /// missing folder on the way, or a link to nothing, included).
  package static func status(ofPath path: String, followingLinks: Bool = true) throws(SystemError) -> FileInfo? {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      if errno == ENOENT { return nil }
      throw .last()
    }
    return FileInfo(info)
  }

  /// What an open file is.
  package static func status(of descriptor: Int32) throws(SystemError) -> FileInfo {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .last() }
    return FileInfo(info)
  }

  /// The path with every symbolic link resolved.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Sets a file's permission bits.
  package static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) throws(SystemError) {
    guard fchmod(descriptor, mode_t(permissions)) == 0 else { throw .last() }
  }

  /// Sets a file's owner, its group, or both (`nil`: left as it is).
  package static func setOwner(_ descriptor: Int32, user: UInt32?, group: UInt32?) throws(SystemError) {
    // (uid_t)-1 and (gid_t)-1 leave the owner or the group as they are.
    guard fchown(descriptor, user ?? UInt32.max, group ?? UInt32.max) == 0 else { throw .last() }
  }
}

#if os(Linux)
  /// `copy_file_range(2)`, found at run time (Glibc's module does not export it without
  /// `_GNU_SOURCE`).
  private typealias CopyFileRange =
    @convention(c) (
      Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
    ) -> Int

  private let copyFileRangeFunction: CopyFileRange? = dlsym(nil, "copy_file_range").map {
    unsafeBitCast($0, to: CopyFileRange.self)
  }
#endif
