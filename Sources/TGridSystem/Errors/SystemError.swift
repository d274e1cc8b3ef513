#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: its `errno`, kept as a value so callers above the system target
/// never read `errno` themselves.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` value.
  package var code: Int32

  /// A failure with `code` as its `errno`.
  package init(code: Int32) {
    self.code = code
  }

  /// The failure the last call on this thread reported (`errno` now).
  package static func last() -> SystemError {
    SystemError(code: errno)
  }

  /// What the C library says of it (`No space left on device`).
  package var description: String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }

  /// Whether the call was interrupted by a signal before it did anything (`EINTR`).
  package var isInterrupted: Bool { code == EINTR }

  /// Nothing is there (`ENOENT`).
  package static let noSuchFile = ENOENT
  /// The path names a folder (`EISDIR`).
  package static let isADirectory = EISDIR
  /// Something already has that name (`EEXIST`).
  package static let exists = EEXIST
  /// A file changed under the caller (`ESTALE`).
  package static let stale = ESTALE
  /// An input/output error (`EIO`).
  package static let inputOutput = EIO
  /// The call was interrupted (`EINTR`).
  package static let interrupted = EINTR
  /// The descriptor is not open (`EBADF`).
  package static let badDescriptor = EBADF
  /// An argument was refused (`EINVAL`).
  package static let invalidArgument = EINVAL
  /// The operation is not permitted (`EPERM`).
  package static let notPermitted = EPERM
  /// Permission denied (`EACCES`).
  package static let permissionDenied = EACCES
  /// A folder on the way is not a folder (`ENOTDIR`).
  package static let notADirectory = ENOTDIR
  /// Why `copy_file_range` cannot copy between two files here (across file systems, an
  /// old kernel, a file system without it): the bytes are then written instead.
  package static let cannotCopyInTheKernel: Set<Int32> = [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP, EBADF]
  /// The file system does not do this (`ENOTSUP`, `EOPNOTSUPP`, `ENOSYS`).
  package static let notSupported: Set<Int32> = [ENOTSUP, EOPNOTSUPP, ENOSYS]
}
