extension JSONPath {
  /// Parses any of the three syntaxes: JSONPath when it starts with `$`, JSON Pointer when
  /// it is empty or starts with `/`, jq otherwise.
  public init(parsing text: String) throws(JSONPathError) {
    // Scalars, not characters: `/` followed by a combining mark is still a pointer.
    let first = text.unicodeScalars.first
    if first == "$" {
      try self.init(jsonPath: text)
    } else if first == nil || first == "/" {
      try self.init(jsonPointer: text)
    } else {
      try self.init(jq: text)
    }
  }

  /// Parses jq syntax: `.`, `.name`, `."any key"`, `.["any key"]`, `[3]`, `.[-1]`, chained;
  /// `@N` after a key names an earlier duplicate (`.id@0`).
  public init(jq text: String) throws(JSONPathError) {
    self.init(try JSONPath.steps(jq: text).map(\.component))
  }

  /// Parses JSONPath syntax: `$`, `.name`, `['any key']`, `["any key"]`, `[3]`, `[-1]`;
  /// `@N` after a key names an earlier duplicate (`$.id@0`).
  public init(jsonPath text: String) throws(JSONPathError) {
    self.init(try JSONPath.steps(jsonPath: text).map(\.component))
  }

  /// A parsed step and where its text starts (in Unicode scalars).
  struct Step {
    var component: Component
    var start: Int
  }

  /// The steps of a jq path, with their positions.
  static func steps(jq text: String) throws(JSONPathError) -> [Step] {
    var reader = PathReader(text)
    var steps: [Step] = []
    guard reader.peek == "." || reader.peek == "[" else { throw reader.error("a jq path starts with '.'") }
    if reader.peek == "." && reader.count == 1 { return [] }
    while !reader.isAtEnd {
      let start = reader.position
      if reader.take(".") {
        if reader.take("[") {
          steps.append(Step(component: try reader.qualified(try reader.bracketed(quotes: ["\""])), start: start))
          continue
        }
        var key: String
        if reader.peek == "\"" {
          key = try reader.doubleQuoted()
        } else {
          key = reader.identifier()
          guard !key.isEmpty else { throw reader.error("expected a key name, '\"' or '[' after '.'") }
        }
        steps.append(Step(component: try reader.qualified(.key(key)), start: start))
      } else if reader.take("[") {
        steps.append(Step(component: try reader.qualified(try reader.bracketed(quotes: ["\""])), start: start))
      } else {
        throw reader.error("expected '.' or '['")
      }
    }
    return steps
  }

  /// The steps of a JSONPath, with their positions.
  static func steps(jsonPath text: String) throws(JSONPathError) -> [Step] {
    var reader = PathReader(text)
    guard reader.take("$") else { throw reader.error("a JSONPath starts with '$'") }
    var steps: [Step] = []
    while !reader.isAtEnd {
      let start = reader.position
      if reader.take(".") {
        let name = reader.identifier()
        guard !name.isEmpty else { throw reader.error("expected a member name after '.'") }
        steps.append(Step(component: try reader.qualified(.key(name)), start: start))
      } else if reader.take("[") {
        steps.append(Step(component: try reader.qualified(try reader.bracketed(quotes: ["'", "\""])), start: start))
      } else {
        throw reader.error("expected '.' or '['")
      }
    }
    return steps
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
    guard text.unicodeScalars.first == "/" else {
      throw JSONPathError(position: 0, message: "a JSON Pointer starts with '/'")
    }
    var components: [Component] = []
    var position = 1
    for token in text.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var key = ""
      var scalars = token.makeIterator()
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
