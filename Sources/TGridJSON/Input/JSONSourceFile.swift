import TGridSystem

/// The file a ``JSONBytes`` was read from, as it was when read: which file (device and
/// inode), its size and its times. ``JSONBytes/sourceChange()`` compares the file on disk
/// with it.
public struct JSONSourceFile: Sendable, Equatable {
  /// The path the file was opened by.
  public let path: String
  /// The file's device and inode number: which file it is, whatever its name.
  public let device: UInt64
  public let inode: UInt64
  /// Size in bytes when read.
  public let size: Int
  /// Last modification and status change, in nanoseconds since 1970.
  public let modified: Int64
  public let changed: Int64
  /// When the file was read, in nanoseconds since 1970 (a change in the same clock tick as
  /// the last write before it would not move the file's times: see ``isSettled``).
  public let readAt: Int64

  init(path: String, status: FileInfo, readAt: Int64) {
    self.path = path
    device = status.device
    inode = status.inode
    size = status.size
    modified = JSONSourceFile.modified(status)
    changed = JSONSourceFile.changed(status)
    self.readAt = readAt
  }

  /// Whether the file had not been written for a while when it was read: then any later
  /// write moves its modification time, so equal times prove equal contents (used before
  /// copying unedited stretches from the file itself when saving).
  public var isSettled: Bool {
    changed < readAt - JSONSourceFile.settleTime && modified < readAt - JSONSourceFile.settleTime
  }

  /// How long before the read the file's last change must be for ``isSettled`` (1 s: file
  /// times move in clock ticks of at most 10 ms).
  static let settleTime: Int64 = 1_000_000_000

  /// Whether `status` (of the same file) shows the contents as they were when read: same
  /// file, size and modification time (a rename, a new link or `chmod` change only the
  /// status time).
  func matchesContents(_ status: FileInfo) -> Bool {
    status.device == device && status.inode == inode && status.size == size
      && JSONSourceFile.modified(status) == modified
  }

  /// Whether `status` shows the file exactly as it was when read, status time included
  /// (which also moves when a write restores the modification time).
  func matches(_ status: FileInfo) -> Bool {
    matchesContents(status) && JSONSourceFile.changed(status) == changed
  }

  /// The modification time of `status`, in nanoseconds since 1970.
  static func modified(_ status: FileInfo) -> Int64 {
    Int64(status.modificationSeconds) * 1_000_000_000 + Int64(status.modificationNanoseconds)
  }

  /// The status change time of `status`, in nanoseconds since 1970.
  static func changed(_ status: FileInfo) -> Int64 {
    Int64(status.statusChangeSeconds) * 1_000_000_000 + Int64(status.statusChangeNanoseconds)
  }

  static func now() -> Int64 {
    RealTimeClock.nanosecondsSince1970()
  }
}

/// How the file a document was read from differs on disk from when it was read (see
/// ``JSONBytes/sourceChange()``).
public enum JSONSourceChange: Sendable, Equatable, CustomStringConvertible {
  /// The file is as it was read.
  case unchanged
  /// The same file is now shorter than when read (`> file`, `truncate`).
  case truncated(size: Int)
  /// The same file was written to (rewritten in place, appended to, bytes changed).
  case rewritten(size: Int)
  /// The path now names another file (`mv new file`, an editor's atomic save); the file
  /// that was read is intact, but no longer at that path.
  case replaced
  /// No file is at the path any more.
  case deleted

  /// A short phrase for a status line: `changed on disk (truncated)`.
  public var description: String {
    switch self {
    case .unchanged: "unchanged on disk"
    case .truncated(let size): "truncated on disk (now \(size) bytes)"
    case .rewritten(let size): "rewritten on disk (now \(size) bytes)"
    case .replaced: "replaced on disk by another file"
    case .deleted: "deleted from disk"
    }
  }
}
