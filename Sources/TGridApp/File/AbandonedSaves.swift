#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files of saves that never finished: a tgrid killed (`kill -9`, a power
/// cut) between creating `.NAME.tgrid-XXXXXX` and renaming it over NAME leaves it behind.
/// It never replaces anything, but it is the size of the file and nobody else removes it.
///
/// A save holds an exclusive `flock` on its temporary file from creation until it closes
/// it just before the rename, and keeps writing to it, so a file of ours that can be
/// locked and was last written a minute ago belongs to no running save. The next tgrid to
/// open NAME removes those, for NAME's saves and for its recovery file's.
enum AbandonedSaves {
  /// How long a temporary file must have been left unwritten before it is taken for abandoned.
  static let minimumAgeSeconds = 60

  /// Removes the abandoned temporary files beside `documentPath`; returns their names.
  @discardableResult
  static func remove(besides documentPath: String, now: Int = Int(time(nil))) -> [String] {
    let directory = DocumentSaver.directory(of: documentPath)
    let name = DocumentSaver.fileName(of: documentPath)
    let recoveryName = DocumentSaver.fileName(of: RecoveryFile.path(for: documentPath, processID: 0))
    let prefixes = ["." + name + ".tgrid-", "." + recoveryName + ".tgrid-"]
    guard let stream = opendir(directory) else { return [] }
    var candidates: [String] = []
    while let entry = readdir(stream) {
      let entryName = Self.name(of: entry)
      if prefixes.contains(where: { isTemporaryName(entryName, prefix: $0) }) { candidates.append(entryName) }
    }
    closedir(stream)
    var removed: [String] = []
    for candidate in candidates {
      let path = directory + "/" + candidate
      if isAbandoned(path, now: now), unlink(path) == 0 { removed.append(candidate) }
    }
    return removed
  }

  /// An entry's name, read where it lies: the record `readdir` returns is only as long as
  /// its name, so copying the whole `d_name` array reads past it (AddressSanitizer reported
  /// it at the end of a large folder's buffer).
  static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
  }

  /// `prefix` then the six letters and digits `mkstemp` puts in place of `XXXXXX`
  /// (`.NAME.tgrid-recovery` itself does not match: its tail is eight letters).
  static func isTemporaryName(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let tail = name.utf8.dropFirst(prefix.utf8.count)
    return tail.count == 6
      && tail.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      }
  }

  /// A regular file (not a link), unwritten for ``minimumAgeSeconds``, that no save holds
  /// locked.
  static func isAbandoned(_ path: String, now: Int) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    guard now - Int(info.st_mtim.tv_sec) >= minimumAgeSeconds else { return false }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }
}
