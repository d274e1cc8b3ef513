import Foundation
import TGridSystem
import TestSupport

@testable import TGridApp

/// Files for the save tests: extended attributes and ACLs given and read back, what a
/// file is (to prove it untouched), and what is left in its folder.
enum SaverFixtures {
  /// A folder on the disk: `/tmp` may be a tmpfs, which has no ACLs and no user attributes.
  static let diskFolder: String? = FileManager.default.fileExists(atPath: "/var/tmp") ? "/var/tmp" : nil

  /// The user attribute tests give files.
  static let userAttribute = "user.tgrid-test"

  /// `nobody` and `nogroup` (65534 where the names are unknown).
  static let nobody: (user: UInt32, group: UInt32) = {
    let user = getpwnam("nobody").map { $0.pointee.pw_uid } ?? 65534
    let group = getgrnam("nogroup").map { $0.pointee.gr_gid } ?? getgrnam("nobody").map { $0.pointee.gr_gid } ?? 65534
    return (user, group)
  }()

  /// What ``giveAttributes(to:)`` could give.
  struct Given {
    var hasUserAttribute = false
    var hasAccessControlList = false
  }

  /// Gives a file the user attribute `user.tgrid-test` and an ACL (`nobody` may read and
  /// write, the owning group read, mask read-write), as far as its file system allows.
  static func giveAttributes(to path: String) -> Given {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return Given() }
    defer { close(descriptor) }
    var given = Given()
    given.hasUserAttribute = (try? ExtendedAttributes.set(userAttribute, Array("thesis".utf8), on: descriptor)) != nil
    given.hasAccessControlList =
      (try? ExtendedAttributes.set(ExtendedAttributes.accessControlList, accessControlList(), on: descriptor)) != nil
    return given
  }

  /// A POSIX ACL as the kernel stores it in `system.posix_acl_access`: version 2, then
  /// (tag, permissions, id) entries in tag order.
  static func accessControlList(namedUser: UInt32 = nobody.user) -> [UInt8] {
    let undefined = UInt32.max
    let entries: [(tag: UInt16, permissions: UInt16, id: UInt32)] = [
      (0x01, 6, undefined),  // the owner: rw
      (0x02, 6, namedUser),  // a named user: rw
      (0x04, 4, undefined),  // the owning group: r
      (0x10, 6, undefined),  // the mask: rw
      (0x20, 4, undefined),  // others: r
    ]
    var bytes = littleEndian(UInt32(2))
    for entry in entries {
      bytes += littleEndian(entry.tag) + littleEndian(entry.permissions) + littleEndian(entry.id)
    }
    return bytes
  }

  private static func littleEndian<Integer: FixedWidthInteger>(_ value: Integer) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }

  /// Everything a save could change about a file.
  struct Snapshot: Equatable {
    var bytes: Data
    var inode: UInt64
    var mode: UInt32
    var user: UInt32
    var group: UInt32
    var attributes: [String: [UInt8]]

    var accessControlList: [UInt8]? { attributes[ExtendedAttributes.accessControlList] }
  }

  static func snapshot(_ path: String) throws -> Snapshot {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw FixtureError(description: "\(path): \(String(cString: strerror(errno)))")
    }
    var attributes: [String: [UInt8]] = [:]
    for name in (try? ExtendedAttributes.names(ofPath: path)) ?? [] {
      attributes[name] = try? ExtendedAttributes.value(of: name, ofPath: path)
    }
    return Snapshot(
      bytes: try Data(contentsOf: URL(fileURLWithPath: path)), inode: UInt64(info.st_ino),
      mode: UInt32(info.st_mode) & 0o7777,
      user: info.st_uid, group: info.st_gid, attributes: attributes)
  }

  /// The names in the folder of `path`, sorted (hidden ones too: temporary files are).
  static func folderContents(of path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: DocumentSaver.directory(of: path)).sorted()
  }

  /// Runs `setfacl`/`getfacl`/`setpriv`…; `nil` when the tool is not installed.
  static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
    guard let executable = TmuxSession.which(tool) else { return nil }
    let result = try spawnAndWait(executable, arguments, timeoutSeconds: 30)
    return (result.status, String(decoding: result.output + result.error, as: UTF8.self))
  }

  /// Writes `text` over the start of the file in place (no new inode, no truncation: give
  /// it the same length), then puts the access and modification times back, as
  /// `touch -r` would.
  static func rewriteInPlaceKeepingTheTime(_ path: String, _ text: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { throw FixtureError(description: "\(path): cannot stat") }
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FixtureError(description: "\(path): cannot open") }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw FixtureError(description: "\(path): short write") }
    var times = [info.st_atim, info.st_mtim]
    guard utimensat(AT_FDCWD, path, &times, 0) == 0 else {
      throw FixtureError(description: "\(path): cannot set the times")
    }
  }
}

/// A fixture that could not be made or read.
struct FixtureError: Error, CustomStringConvertible {
  var description: String
}
