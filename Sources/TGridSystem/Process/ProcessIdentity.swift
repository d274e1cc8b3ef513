#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Who this process is, and what it is allowed: its user, its groups, its file-creation mask.
package enum ProcessIdentity {
  /// The process's id.
  package static var processID: Int32 { getpid() }

  /// The user this process acts as (`geteuid`).
  package static var userID: UInt32 { geteuid() }

  /// Whether this process runs as root.
  package static var isSuperuser: Bool { geteuid() == 0 }

  /// Whether this process may give a file it owns to `group` (its group, or one it is a
  /// member of).
  package static func isMember(ofGroup group: UInt32) -> Bool {
    if group == getegid() { return true }
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let filled = getgroups(count, &groups)
    return filled > 0 && groups.prefix(Int(filled)).contains(group)
  }

  /// The process's file-creation mask (read without changing it for long).
  package static func fileCreationMask() -> UInt32 {
    let mask = umask(0o022)
    umask(mask)
    return UInt32(mask)
  }

  /// Whether a process with id `id` exists (it may belong to someone else).
  package static func isRunning(_ id: Int32) -> Bool {
    kill(id, 0) == 0 || errno == EPERM
  }

  /// How many processors are online.
  package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Ends the process now with `status`.
  package static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }
}
