/// The location of a value: keys and positions from the root.
///
/// Renders and parses three syntaxes: jq (`.albums[3].title`, `.["key with space"]`),
/// JSONPath (`$.albums[3].title`, `$['odd key']`) and JSON Pointer (`/albums/3/title`,
/// with `~0` for `~` and `~1` for `/`). Keys that need quoting are quoted and escaped, so
/// every key round-trips.
///
/// ## Duplicate keys
///
/// A key step leads to the **last** member with that key, as in jq, Python and JavaScript,
/// which keep only that one. To reach an earlier member with the same key, tgrid adds an
/// occurrence qualifier to the key step: `@N`, the member's position (from 0) among the
/// members with that key, written after the key in jq and JSONPath form: `.id@0.name`,
/// `.["odd key"]@1`, `$.id@0.name`, `$['odd key']@1` (``Component/duplicate(key:occurrence:)``).
/// jq and JSONPath tools reject the qualifier rather than read it as something else, so a
/// qualified path never silently leads elsewhere outside tgrid. ``plain`` drops the
/// qualifiers: that is the path other tools resolve, to the last member.
///
/// JSON Pointer has no room for a qualifier (every character can be part of a key), so
/// ``jsonPointer`` writes the plain pointer, which every RFC 6901 implementation resolves to
/// the last member; ``namesHiddenDuplicate`` tells when that is not the node the path was
/// made for.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step from a container to a child.
  public enum Component: Sendable, Hashable {
    /// An object member by key: the last member with that key when there are several.
    case key(String)
    /// An array element by position; negative positions count from the end (jq and
    /// JSONPath only).
    case index(Int)
    /// One of several members with the same key: the `occurrence`-th (from 0) in text order.
    /// Written `.key@N` (jq) and `$.key@N` (JSONPath); only tgrid reads it.
    case duplicate(key: String, occurrence: Int)
  }

  /// The steps from the root.
  public var components: [Component]

  /// A path from its steps (empty: the root).
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The jq form (see ``jq``).
  public var description: String { jq }

  /// The path without occurrence qualifiers: every key step names the last member with its
  /// key, which is what jq, JSONPath tools and JSON Pointer libraries resolve.
  public var plain: JSONPath {
    JSONPath(
      components.map { component in
        if case .duplicate(let key, _) = component { return .key(key) }
        return component
      })
  }

  /// Whether some step names a member followed by another with the same key: jq, Python and
  /// JavaScript see only the last one, so ``plain`` leads to a different value.
  public var namesHiddenDuplicate: Bool {
    components.contains { if case .duplicate = $0 { true } else { false } }
  }

  // MARK: - Rendering

  /// jq syntax: `.` for the root, `.name` for simple keys, `["any key"]` otherwise,
  /// `[3]` for positions: `.albums[3]["cover art"]`; `@N` after the key of an earlier
  /// duplicate: `.id@0` (see the type's notes on duplicate keys).
  public var jq: String {
    guard !components.isEmpty else { return "." }
    var result = ""
    for component in components {
      switch component {
      case .key(let key), .duplicate(let key, _):
        if JSONPath.isIdentifier(key) {
          result += "." + key
        } else {
          result += (result.isEmpty ? "." : "") + "[" + JSONStringEncoder.quoted(key) + "]"
        }
      case .index(let index):
        result += (result.isEmpty ? "." : "") + "[\(index)]"
      }
      if case .duplicate(_, let occurrence) = component { result += "@\(occurrence)" }
    }
    return result
  }

  /// JSONPath syntax (RFC 9535): `$`, `.name` for simple keys, `['any key']` otherwise
  /// (with `\'` and `\\` escaped), `[3]` for positions: `$.albums[3]['cover art']`; `@N`
  /// after the key of an earlier duplicate: `$.id@0`.
  public var jsonPath: String {
    var result = "$"
    for component in components {
      switch component {
      case .key(let key), .duplicate(let key, _):
        if JSONPath.isIdentifier(key) {
          result += "." + key
        } else {
          result += "[" + JSONStringEncoder.quoted(key, quote: "'") + "]"
        }
      case .index(let index):
        result += "[\(index)]"
      }
      if case .duplicate(_, let occurrence) = component { result += "@\(occurrence)" }
    }
    return result
  }

  /// JSON Pointer syntax (RFC 6901): empty for the root, `/albums/3/title`, with `~0` for
  /// `~` and `~1` for `/` in keys.
  ///
  /// Pointers have no occurrence qualifier: this is the pointer of ``plain``, which leads to
  /// the last member of duplicate keys (check ``namesHiddenDuplicate``). A negative
  /// position, which pointers cannot express, is written as its digits with the sign.
  public var jsonPointer: String {
    var result = ""
    for component in components {
      switch component {
      case .key(let key), .duplicate(let key, _):
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
