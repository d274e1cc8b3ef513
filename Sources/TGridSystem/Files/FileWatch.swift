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

  /// The first sleep of a poll, after a change.
  package static let shortestPollMilliseconds = 50
  /// The longest sleep of a poll (and the longest wait even with inotify, in case an event
  /// was missed while the watches were made again).
  package static let longestPollMilliseconds = 2_000

  /// Watches `path` (which need not exist yet) and its folder.
  package init(path: String) {
    self.path = path
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
    _ = add(descriptor, path, 0x2 | 0x4 | 0x8 | 0x400 | 0x800)
    // A new file at the name: made, or moved in.
    _ = add(descriptor, Self.folder(of: path), 0x80 | 0x100 | 0x200 | 0x40)
  }

  /// Waits for a change (or the longest wait); then the caller looks at the file.
  /// - Parameter changed: whether the caller's last look found something new (a poll then
  ///   starts again with short sleeps).
  package func wait(changed: Bool) {
    if descriptor >= 0 {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, Int32(Self.longestPollMilliseconds))
      if ready > 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
      }
      return
    }
    pollMilliseconds = changed ? Self.shortestPollMilliseconds : min(pollMilliseconds * 2, Self.longestPollMilliseconds)
    usleep(useconds_t(pollMilliseconds * 1000))
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
