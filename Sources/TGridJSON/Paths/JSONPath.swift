/// The location of a value: keys and positions from the root.
///
/// Renders and parses three syntaxes: jq (`.albums[3].title`, `.["key with space"]`),
/// JSONPath (`$.albums[3].title`, `$['odd key']`) and JSON Pointer (`/albums/3/title`,
/// with `~0` for `~` and `~1` for `/`). Keys that need quoting are quoted and escaped, so
/// every key round-trips.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step from a container to a child.
  public enum Component: Sendable, Hashable {
    /// An object member by key.
    case key(String)
    /// An array element by position; negative positions count from the end (jq and
    /// JSONPath only).
    case index(Int)
  }

  /// The steps from the root.
  public var components: [Component]

  /// A path from its steps (empty: the root).
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The jq form (see ``jq``).
  public var description: String { jq }

  // MARK: - Rendering

  /// jq syntax: `.` for the root, `.name` for simple keys, `["any key"]` otherwise,
  /// `[3]` for positions: `.albums[3]["cover art"]`.
  public var jq: String {
    guard !components.isEmpty else { return "." }
    var result = ""
    for component in components {
      switch component {
      case .key(let key) where JSONPath.isIdentifier(key):
        result += "." + key
      case .key(let key):
        result += (result.isEmpty ? "." : "") + "[" + JSONStringEncoder.quoted(key) + "]"
      case .index(let index):
        result += (result.isEmpty ? "." : "") + "[\(index)]"
      }
    }
    return result
  }

  /// JSONPath syntax (RFC 9535): `$`, `.name` for simple keys, `['any key']` otherwise
  /// (with `\'` and `\\` escaped), `[3]` for positions: `$.albums[3]['cover art']`.
  public var jsonPath: String {
    var result = "$"
    for component in components {
      switch component {
      case .key(let key) where JSONPath.isIdentifier(key):
        result += "." + key
      case .key(let key):
        result += "[" + JSONStringEncoder.quoted(key, quote: "'") + "]"
      case .index(let index):
        result += "[\(index)]"
      }
    }
    return result
  }

  /// JSON Pointer syntax (RFC 6901): empty for the root, `/albums/3/title`, with `~0` for
  /// `~` and `~1` for `/` in keys.
  public var jsonPointer: String {
    var result = ""
    for component in components {
      switch component {
      case .key(let key):
        result += "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      case .index(let index):
        result += "/\(index)"
      }
    }
    return result
  }

  /// Whether a key can be written bare: `[A-Za-z_][A-Za-z0-9_]*`.
  static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, first == 0x5F || (first | 0x20) &- 0x61 < 26 else { return false }
    return key.utf8.allSatisfy { $0 == 0x5F || ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 }
  }
}
