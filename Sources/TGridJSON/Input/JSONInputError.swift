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
  /// The input is larger than the limit given (`--max-size`); nothing is kept.
  case tooLarge(path: String, limit: Int)

  /// The path the error is about (`-` for standard input).
  public var path: String {
    switch self {
    case .notFound(let path), .isDirectory(let path), .permissionDenied(let path),
      .unreadable(let path, _), .tooLarge(let path, _):
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
    case .tooLarge(_, let limit):
      "input larger than the limit of \(JSONInputError.describe(byteCount: limit)) (raise it with --max-size)"
    }
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }

  /// `512 MiB`, `4 GiB`, `100 bytes`.
  static func describe(byteCount: Int) -> String {
    let units = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
    for (size, name) in units where byteCount >= size {
      let tenths = Int((Double(byteCount) / Double(size) * 10).rounded())
      return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
    }
    return "\(byteCount) bytes"
  }
}
