#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits, without using the processor, until a file may have changed: written to, truncated,
/// renamed, deleted, or a new file made at its name (`tgrid -f FILE`).
///
/// On Linux it waits on inotify for the file and its folder; elsewhere, or when inotify is
/// not available, it sleeps for a while that grows (to ``longestPollMilliseconds``) while
/// nothing changes. Either way the caller looks at the file again after every wait: an
/// event only says when to look.
package final class FileWatch: @unchecked Sendable {
  /// The file watched.
  package let path: String
  /// The inotify descriptor, or -1 where there is none.
  private let descriptor: Int32
  /// How long the next poll sleeps, without inotify.
  private var pollMilliseconds = FileWatch.shortestPollMilliseconds
  /// The inotify watches of the file and of its folder (-1: none).
  private var fileWatch: Int32 = -1
  private var folderWatch: Int32 = -1
  /// The file's name in its folder, as the folder's events name it.
  private let name: [UInt8]

  /// The first sleep of a poll, after a change.
  package static let shortestPollMilliseconds = 50
  /// The longest sleep of a poll (and the longest wait even with inotify, in case an event
  /// was missed while the watches were made again).
  package static let longestPollMilliseconds = 2_000

  /// Watches `path` (which need not exist yet) and its folder.
  package init(path: String) {
    self.path = path
    name = Array(path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? [])
    descriptor = InotifyCalls.initialize.map { $0(O_CLOEXEC | O_NONBLOCK) } ?? -1
    watchAgain()
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Whether inotify tells of changes (else a backing-off poll does).
  package var usesNotifications: Bool { descriptor >= 0 }

  /// Watches the file at the name again (after it was replaced by a new one).
  package func watchAgain() {
    guard descriptor >= 0, let add = InotifyCalls.addWatch else { return }
    // Written, truncated, metadata, closed after writing, moved away, deleted.
    fileWatch = add(descriptor, path, 0x2 | 0x4 | 0x8 | 0x400 | 0x800)
    // A new file at the name: made, or moved in.
    folderWatch = add(descriptor, Self.folder(of: path), 0x80 | 0x100 | 0x200 | 0x40)
  }

  /// Reads the events waiting, and whether one of them may concern the file: any event of
  /// the file's own watch, and those of its folder that name it. Other files made, moved or
  /// deleted beside it (a busy log folder, `/tmp`) are read and forgotten, so that a quiet
  /// file costs nothing however busy its folder is.
  package func takeEvents() -> Bool {
    guard descriptor >= 0 else { return false }
    var concerned = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
      var offset = 0
      while offset + 16 <= count {
        func word(_ at: Int) -> UInt32 {
          buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self) }
        }
        let watch = Int32(bitPattern: word(0))
        let mask = word(4)
        let length = Int(word(12))
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        // The queue overflowed, or a watch was removed: look at the file to be sure.
        if mask & (0x4000 | 0x8000) != 0 || watch == fileWatch || watch != folderWatch
          || nameBytes.elementsEqual(name)
        {
          concerned = true
        }
        offset += 16 + length
      }
    }
    return concerned
  }

  /// Waits for a change (or the longest wait); then the caller looks at the file.
  /// - Parameter changed: whether the caller's last look found something new (a poll then
  ///   starts again with short sleeps).
  package func wait(changed: Bool) {
    if descriptor >= 0 {
      // Until an event concerns the file, or the longest wait has passed.
      var left = Self.longestPollMilliseconds
      while left > 0 {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let start = Self.milliseconds()
        let ready = poll(&request, 1, Int32(left))
        if ready < 0, errno != EINTR { return }
        if ready > 0, takeEvents() { return }
        left -= max(1, Self.milliseconds() - start)
      }
      return
    }
    pollMilliseconds = changed ? Self.shortestPollMilliseconds : min(pollMilliseconds * 2, Self.longestPollMilliseconds)
    usleep(useconds_t(pollMilliseconds * 1000))
  }

  private static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

/// inotify's calls, found at run time (Glibc's module does not export them everywhere).
private enum InotifyCalls {
  typealias Initialize = @convention(c) (Int32) -> Int32
  typealias AddWatch = @convention(c) (Int32, UnsafePointer<CChar>, UInt32) -> Int32
  static let initialize: Initialize? = dlsym(nil, "inotify_init1").map { unsafeBitCast($0, to: Initialize.self) }
  static let addWatch: AddWatch? = dlsym(nil, "inotify_add_watch").map { unsafeBitCast($0, to: AddWatch.self) }
}
