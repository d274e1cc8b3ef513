#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why saving a document failed.
public struct JSONWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file being written.
  public let path: String
  /// The system error number.
  public let code: Int32

  /// `path: reason`.
  public var description: String {
    let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    return path.isEmpty ? reason : "\(path): \(reason)"
  }
}
