import TGridSystem
import TermGridPlatform

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
  static func remove(besides documentPath: String, now: Int = WallClock.secondsSince1970()) -> [String] {
    let directory = DocumentSaver.directory(of: documentPath)
    let name = DocumentSaver.fileName(of: documentPath)
    let recoveryName = DocumentSaver.fileName(of: RecoveryFile.path(for: documentPath, processID: 0))
    let prefixes = ["." + name + ".tgrid-", "." + recoveryName + ".tgrid-"]
    guard let names = SystemFile.names(inDirectory: directory) else { return [] }
    let candidates = names.filter { name in prefixes.contains { isTemporaryName(name, prefix: $0) } }
    var removed: [String] = []
    for candidate in candidates {
      let path = directory + "/" + candidate
      if isAbandoned(path, now: now), SystemFile.remove(path) { removed.append(candidate) }
    }
    return removed
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
    guard let info = try? SystemFile.status(ofPath: path, followingLinks: false), info.kind == .regular else {
      return false
    }
    guard now - info.modificationSeconds >= minimumAgeSeconds else { return false }
    guard let descriptor = try? SystemFile.open(path, [.noFollow, .nonBlocking]) else { return false }
    defer { SystemFile.release(descriptor) }
    return SystemFile.tryLock(descriptor)
  }
}
