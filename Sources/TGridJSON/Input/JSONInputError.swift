/// Why a JSON input could not be read (before any parsing).
public enum JSONInputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No file exists at the path.
  case notFound(path: String)
  /// The path names a directory.
  case isDirectory(path: String)
  /// The file exists but this user may not read it.
  case permissionDenied(path: String)
  /// Reading failed for another reason (the system's message is attached).
  case unreadable(path: String, reason: String)

  /// The path the error is about (`-` for standard input).
  public var path: String {
    switch self {
    case .notFound(let path), .isDirectory(let path), .permissionDenied(let path),
      .unreadable(let path, _):
      path
    }
  }

  /// A one-line message without the path, e.g. `no such file`.
  public var reason: String {
    switch self {
    case .notFound: "no such file"
    case .isDirectory: "is a directory, not a file"
    case .permissionDenied: "permission denied"
    case .unreadable(_, let reason): "cannot read: \(reason)"
    }
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}
