/// Why a path could not be parsed.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position of the problem in the path text, in characters from 0.
  public let position: Int
  /// What was expected.
  public let message: String

  /// `column C: message` (columns from 1).
  public var description: String { "column \(position + 1): \(message)" }
}

extension JSONPath {
  /// Parses any of the three syntaxes: JSONPath when it starts with `$`, JSON Pointer when
  /// it is empty or starts with `/`, jq otherwise.
  public init(parsing text: String) throws(JSONPathError) {
    if text.hasPrefix("$") {
      try self.init(jsonPath: text)
    } else if text.isEmpty || text.hasPrefix("/") {
      try self.init(jsonPointer: text)
    } else {
      try self.init(jq: text)
    }
  }

  /// Parses jq syntax: `.`, `.name`, `."any key"`, `.["any key"]`, `[3]`, `.[-1]`, chained.
  public init(jq text: String) throws(JSONPathError) {
    var reader = PathReader(text)
    var components: [Component] = []
    guard reader.peek == "." || reader.peek == "[" else { throw reader.error("a jq path starts with '.'") }
    if reader.peek == "." && reader.count == 1 {
      self.init([])
      return
    }
    while !reader.isAtEnd {
      if reader.take(".") {
        if reader.peek == "[" { continue }
        if reader.peek == "\"" {
          components.append(.key(try reader.doubleQuoted()))
        } else {
          let name = reader.identifier()
          guard !name.isEmpty else { throw reader.error("expected a key name, '\"' or '[' after '.'") }
          components.append(.key(name))
        }
      } else if reader.take("[") {
        components.append(try reader.bracketed(quotes: ["\""]))
      } else {
        throw reader.error("expected '.' or '['")
      }
    }
    self.init(components)
  }

  /// Parses JSONPath syntax: `$`, `.name`, `['any key']`, `["any key"]`, `[3]`, `[-1]`.
  public init(jsonPath text: String) throws(JSONPathError) {
    var reader = PathReader(text)
    guard reader.take("$") else { throw reader.error("a JSONPath starts with '$'") }
    var components: [Component] = []
    while !reader.isAtEnd {
      if reader.take(".") {
        let name = reader.identifier()
        guard !name.isEmpty else { throw reader.error("expected a member name after '.'") }
        components.append(.key(name))
      } else if reader.take("[") {
        components.append(try reader.bracketed(quotes: ["'", "\""]))
      } else {
        throw reader.error("expected '.' or '['")
      }
    }
    self.init(components)
  }

  /// Parses JSON Pointer syntax (RFC 6901): ``, `/albums/3/title`, `~0` = `~`, `~1` = `/`.
  ///
  /// A token of digits (`3`, not `03`) becomes a position; on an object it still finds the
  /// member with that key.
  public init(jsonPointer text: String) throws(JSONPathError) {
    guard !text.isEmpty else {
      self.init([])
      return
    }
    guard text.hasPrefix("/") else { throw JSONPathError(position: 0, message: "a JSON Pointer starts with '/'") }
    var components: [Component] = []
    var position = 1
    for token in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var key = ""
      var scalars = token.unicodeScalars.makeIterator()
      var offset = position
      while let scalar = scalars.next() {
        if scalar == "~" {
          switch scalars.next() {
          case "0": key += "~"
          case "1": key += "/"
          default: throw JSONPathError(position: offset, message: "'~' must be followed by '0' or '1'")
          }
          offset += 1
        } else {
          key.unicodeScalars.append(scalar)
        }
        offset += 1
      }
      if let index = JSONPath.arrayIndex(key) { components.append(.index(index)) } else { components.append(.key(key)) }
      position += token.count + 1
    }
    self.init(components)
  }

  /// The position a pointer token denotes: `0` or digits without a leading zero.
  static func arrayIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 &- 0x30 < 10 }),
      first != 0x30 || token.utf8.count == 1
    else { return nil }
    return Int(token)
  }
}

/// A cursor over a path's characters (internal).
struct PathReader {
  let characters: [Character]
  var position = 0

  init(_ text: String) {
    characters = Array(text)
  }

  var count: Int { characters.count }
  var isAtEnd: Bool { position >= characters.count }
  var peek: Character? { isAtEnd ? nil : characters[position] }

  mutating func take(_ character: Character) -> Bool {
    guard peek == character else { return false }
    position += 1
    return true
  }

  func error(_ message: String) -> JSONPathError {
    JSONPathError(position: position, message: message)
  }

  /// `[A-Za-z_][A-Za-z0-9_]*` (possibly empty).
  mutating func identifier() -> String {
    var name = ""
    while let character = peek, character.isASCII,
      character == "_" || character.isLetter || (character.isNumber && !name.isEmpty)
    {
      name.append(character)
      position += 1
    }
    return name
  }

  /// After `[`: a quoted key or an integer, then `]`.
  mutating func bracketed(quotes: [Character]) throws(JSONPathError) -> JSONPath.Component {
    let component: JSONPath.Component
    if let quote = peek, quotes.contains(quote) {
      component = .key(quote == "\"" ? try doubleQuoted() : try singleQuoted())
    } else {
      var digits = ""
      if take("-") { digits = "-" }
      while let character = peek, character.isASCII, character.isNumber {
        digits.append(character)
        position += 1
      }
      guard let index = Int(digits) else { throw error("expected a position or a quoted key after '['") }
      component = .index(index)
    }
    guard take("]") else { throw error("expected ']'") }
    return component
  }

  /// A JSON string literal (with its escapes) starting at `"`.
  mutating func doubleQuoted() throws(JSONPathError) -> String {
    let start = position
    guard take("\"") else { throw error("expected '\"'") }
    var literal = "\""
    while let character = peek {
      position += 1
      literal.append(character)
      if character == "\\", let next = peek {
        literal.append(next)
        position += 1
      } else if character == "\"" {
        guard let document = try? JSONDocument(parsing: literal, options: JSONParseOptions(mode: .json)),
          let key = document.string(of: document.root)
        else { throw JSONPathError(position: start, message: "invalid string literal \(literal)") }
        return key
      }
    }
    throw JSONPathError(position: start, message: "unterminated string: expected '\"'")
  }

  /// A single-quoted JSONPath string (`\'`, `\\` and JSON escapes) starting at `'`.
  mutating func singleQuoted() throws(JSONPathError) -> String {
    let start = position
    guard take("'") else { throw error("expected \"'\"") }
    var literal = "\""
    while let character = peek {
      position += 1
      switch character {
      case "'":
        guard let document = try? JSONDocument(parsing: literal + "\"", options: JSONParseOptions(mode: .json)),
          let key = document.string(of: document.root)
        else { throw JSONPathError(position: start, message: "invalid string literal") }
        return key
      case "\\":
        guard let next = peek else { break }
        position += 1
        literal += next == "'" ? "'" : "\\" + String(next)
      case "\"":
        literal += "\\\""
      default:
        literal.append(character)
      }
    }
    throw JSONPathError(position: start, message: "unterminated string: expected \"'\"")
  }
}

extension JSONDocument {
  /// The path from the root to a node (positions for array elements and JSON Lines
  /// records, keys for members).
  ///
  /// With duplicate keys, a path names the first member with that key.
  public func path(of node: JSONNode) -> JSONPath {
    var components: [JSONPath.Component] = []
    var current = node
    while let parent = parent(of: current) {
      if kind(of: parent) == .object, let key = key(of: current) {
        components.append(.key(key))
      } else {
        components.append(.index(position(of: current) ?? 0))
      }
      current = parent
    }
    return JSONPath(components.reversed())
  }

  /// The node a path leads to, or nil if some step does not exist.
  ///
  /// A key step on an object finds the first member with that key; a position step on an
  /// array finds the element (negative: from the end); a position step on an object finds
  /// the member whose key is that number (JSON Pointer has one syntax for both).
  public func node(at path: JSONPath) -> JSONNode? {
    var current = root
    for component in path.components {
      switch (component, kind(of: current)) {
      case (.key(let key), .object):
        guard let child = child(forKey: key, of: current) else { return nil }
        current = child
      case (.index(let index), .array):
        let count = childCount(of: current)
        guard let child = child(at: index < 0 ? count + index : index, of: current) else { return nil }
        current = child
      case (.index(let index), .object) where index >= 0:
        guard let child = child(forKey: String(index), of: current) else { return nil }
        current = child
      default:
        return nil
      }
    }
    return current
  }
}
