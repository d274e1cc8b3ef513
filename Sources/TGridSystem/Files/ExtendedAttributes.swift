#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Linux extended-attribute calls (`llistxattr`, `lgetxattr`, `fsetxattr`,
/// `fremovexattr`), which Glibc's module does not export: found at run time, as the
/// engine's `LinuxCalls` finds `mremap`. Failures are the call's `errno`, as a ``SystemError``.
///
/// A POSIX ACL is the extended attribute `system.posix_acl_access`: copying it copies the
/// ACL (the kernel checks it and sets the group bits of the mode to its mask).
package enum ExtendedAttributes {
  /// The attribute that holds a file's POSIX access ACL.
  package static let accessControlList = "system.posix_acl_access"

  private typealias ListCall = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
  private typealias GetCall =
    @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
  private typealias SetCall = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

  private static let listCall: ListCall? = dlsym(nil, "llistxattr").map { unsafeBitCast($0, to: ListCall.self) }
  private static let getCall: GetCall? = dlsym(nil, "lgetxattr").map { unsafeBitCast($0, to: GetCall.self) }
  private typealias RemoveCall = @convention(c) (Int32, UnsafePointer<CChar>) -> Int32
  private static let removeCall: RemoveCall? = dlsym(nil, "fremovexattr").map { unsafeBitCast($0, to: RemoveCall.self) }
  private static let setCall: SetCall? = dlsym(nil, "fsetxattr").map { unsafeBitCast($0, to: SetCall.self) }

  /// The names of `path`'s attributes (the link's own when `path` is a symbolic link); none
  /// when the system or the file system has none (`ENOTSUP`).
  package static func names(ofPath path: String) throws(SystemError) -> [String] {
    guard let list = listCall else { return [] }
    // The list can grow between asking its size and reading it (ERANGE): ask again.
    for _ in 0..<8 {
      let size = list(path, nil, 0)
      if size < 0 {
        if errno == ENOTSUP { return [] }
        throw SystemError(code: errno)
      }
      if size == 0 { return [] }
      var buffer = [CChar](repeating: 0, count: size)
      let filled = buffer.withUnsafeMutableBufferPointer { list(path, $0.baseAddress, size) }
      if filled < 0 {
        if errno == ERANGE { continue }
        if errno == ENOTSUP { return [] }
        throw SystemError(code: errno)
      }
      // Names, each ended by a NUL.
      return buffer.prefix(filled).split(separator: 0).map { name in
        String(decoding: name.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
    throw SystemError(code: ERANGE)
  }

  /// The value of attribute `name` of `path`.
  package static func value(of name: String, ofPath path: String) throws(SystemError) -> [UInt8] {
    guard let get = getCall else { throw SystemError(code: ENOTSUP) }
    for _ in 0..<8 {
      let size = get(path, name, nil, 0)
      if size < 0 { throw SystemError(code: errno) }
      if size == 0 { return [] }
      var buffer = [UInt8](repeating: 0, count: size)
      let filled = buffer.withUnsafeMutableBytes { get(path, name, $0.baseAddress, size) }
      if filled < 0 {
        if errno == ERANGE { continue }
        throw SystemError(code: errno)
      }
      return Array(buffer.prefix(filled))
    }
    throw SystemError(code: ERANGE)
  }

  /// Sets attribute `name` of an open file to `value` (creating or replacing it).
  package static func set(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(SystemError) {
    guard let set = setCall else { throw SystemError(code: ENOTSUP) }
    let result = value.withUnsafeBytes { set(descriptor, name, $0.baseAddress, $0.count, 0) }
    if result != 0 { throw SystemError(code: errno) }
  }

  /// Removes attribute `name` of an open file; one that is not there (or a file system
  /// without attributes) is no error.
  package static func remove(_ name: String, on descriptor: Int32) throws(SystemError) {
    guard let remove = removeCall else { return }
    guard remove(descriptor, name) != 0 else { return }
    let code = errno
    if code != ENODATA, code != ENOTSUP { throw SystemError(code: code) }
  }
}
