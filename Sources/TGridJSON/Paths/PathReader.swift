/// A cursor over a path's Unicode scalars (internal).
///
/// Scalars, not characters: a key may start with a combining mark, which would merge with
/// the quote before it into one `Character`.
struct PathReader {
  let characters: [Unicode.Scalar]
  var position = 0

  init(_ text: String) {
    characters = Array(text.unicodeScalars)
  }

  /// A reader over scalars already split, from a position.
  init(scalars: [Unicode.Scalar], position: Int) {
    characters = scalars
    self.position = position
  }

  var count: Int { characters.count }
  var isAtEnd: Bool { position >= characters.count }
  var peek: Unicode.Scalar? { isAtEnd ? nil : characters[position] }

  mutating func take(_ character: Unicode.Scalar) -> Bool {
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
      character == "_" || (character.value | 0x20) &- 0x61 < 26 || (character.value &- 0x30 < 10 && !name.isEmpty)
    {
      name.unicodeScalars.append(character)
      position += 1
    }
    return name
  }

  /// A key step followed by `@N` becomes ``JSONPath/Component/duplicate(key:occurrence:)``.
  mutating func qualified(_ component: JSONPath.Component) throws(JSONPathError) -> JSONPath.Component {
    guard take("@") else { return component }
    guard case .key(let key) = component else { throw error("an occurrence '@N' can only follow a key") }
    var digits = ""
    while let character = peek, character.value &- 0x30 < 10 {
      digits.unicodeScalars.append(character)
      position += 1
    }
    guard let occurrence = Int(digits) else {
      throw error("expected the occurrence number of a duplicate key after '@'")
    }
    return .duplicate(key: key, occurrence: occurrence)
  }

  /// After `[`: a quoted key or an integer, then `]`.
  mutating func bracketed(quotes: [Unicode.Scalar]) throws(JSONPathError) -> JSONPath.Component {
    let component: JSONPath.Component
    if let quote = peek, quotes.contains(quote) {
      component = .key(quote == "\"" ? try doubleQuoted() : try singleQuoted())
    } else {
      var digits = ""
      if take("-") { digits = "-" }
      while let character = peek, character.value &- 0x30 < 10 {
        digits.unicodeScalars.append(character)
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
      literal.unicodeScalars.append(character)
      if character == "\\", let next = peek {
        literal.unicodeScalars.append(next)
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
        literal += next == "'" ? "'" : "\\" + String(Character(next))
      case "\"":
        literal += "\\\""
      default:
        literal.unicodeScalars.append(character)
      }
    }
    throw JSONPathError(position: start, message: "unterminated string: expected \"'\"")
  }
}
