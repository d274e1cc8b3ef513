#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat` tells of a file, as plain Swift values.
package struct FileInfo: Equatable, Sendable {
  /// The size in bytes.
  package var size: Int
  /// The modification time (`st_mtim`): seconds and nanoseconds.
  package var modificationSeconds: Int
  package var modificationNanoseconds: Int
  /// The status change time (`st_ctim`): seconds and nanoseconds.
  package var statusChangeSeconds: Int
  package var statusChangeNanoseconds: Int
  /// The inode and the device it is on: together, which file this is.
  package var inode: UInt64
  package var device: UInt64
  /// The permission bits (with set-ID and sticky bits, without the type).
  package var permissions: UInt32
  /// The owner and the group.
  package var user: UInt32
  package var group: UInt32
  /// How many names the file has.
  package var linkCount: Int
  /// What kind of file it is.
  package var kind: Kind
  /// For a device, which one (`st_rdev`).
  package var deviceNumber: UInt64

  /// The kinds of file a caller tells apart.
  package enum Kind: Sendable {
    case regular, directory, fifo, socket, characterDevice, symbolicLink, other
  }

  /// What a failed `stat` leaves: every field zero (no file matches it).
  package static let unknown = FileInfo(stat())

  /// Reads a `stat` result.
  package init(_ info: stat) {
    size = Int(info.st_size)
    modificationSeconds = Int(info.st_mtim.tv_sec)
    modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    statusChangeSeconds = Int(info.st_ctim.tv_sec)
    statusChangeNanoseconds = Int(info.st_ctim.tv_nsec)
    inode = UInt64(info.st_ino)
    device = UInt64(info.st_dev)
    permissions = UInt32(info.st_mode) & 0o7777
    user = info.st_uid
    group = info.st_gid
    linkCount = Int(info.st_nlink)
    deviceNumber = UInt64(info.st_rdev)
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    case S_IFCHR: kind = .characterDevice
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
  }
}
