/// A partly typed path split into its complete steps and the start of the last one
/// (internal).
struct PathCompletionRequest {
  enum Syntax {
    case jq, jsonPath, jsonPointer

    /// One step as it is written after the steps before it.
    func render(_ component: JSONPath.Component, isFirst: Bool) -> String {
      switch self {
      case .jq:
        let text = JSONPath([component]).jq
        // After another step, a bracket goes without the dot (jq 1.6 rejects `.a.["b"]`).
        return !isFirst && text.hasPrefix(".[") ? String(text.dropFirst()) : text
      case .jsonPath:
        return String(JSONPath([component]).jsonPath.dropFirst())
      case .jsonPointer:
        return JSONPath([component]).jsonPointer
      }
    }
  }

  var syntax: Syntax
  /// The complete steps.
  var base: [JSONPath.Component]
  /// What is typed of the last step (decoded).
  var partial: String
  var replacementStart: Int

  init?(_ text: String) {
    let scalars = Array(text.unicodeScalars)
    let first = scalars.first
    if first == nil || first == "/" {
      syntax = .jsonPointer
      let slash = scalars.lastIndex(of: "/") ?? 0
      guard let path = try? JSONPath(jsonPointer: String(String.UnicodeScalarView(scalars[..<slash]))) else {
        return nil
      }
      // A pointer's digits mean a key or a position: node(at:) decides by the container.
      base = path.components
      let token = String(String.UnicodeScalarView(scalars.dropFirst(min(slash + 1, scalars.count))))
      partial = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      replacementStart = slash
      return
    }
    syntax = first == "$" ? .jsonPath : .jq
    let parse: (String) throws(JSONPathError) -> [JSONPath.Step] = { [syntax] text throws(JSONPathError) in
      syntax == .jq ? try JSONPath.steps(jq: text) : try JSONPath.steps(jsonPath: text)
    }
    if let steps = try? parse(text) {
      // A last bare name may be the start of a longer key.
      if let last = steps.last, case .key(let key) = last.component,
        scalars.count - last.start == key.unicodeScalars.count + 1,
        scalars[last.start] == "."
      {
        base = steps.dropLast().map(\.component)
        partial = key
        replacementStart = last.start
      } else {
        base = steps.map(\.component)
        partial = ""
        replacementStart = scalars.count
        // `.` and `$` alone: the steps replace nothing but are written as first steps.
        if steps.isEmpty && syntax == .jq { replacementStart = 0 }
      }
      return
    }
    // An unfinished last step: `.a.`, `.a[`, `.a["ti`, `.a."ti`, `$.a['ti`, `.a[1`.
    guard let start = PathCompletionRequest.lastStepStart(scalars) else { return nil }
    let prefix = String(String.UnicodeScalarView(scalars[..<start]))
    guard let steps = prefix.isEmpty || prefix == "$" ? [] : try? parse(prefix) else { return nil }
    base = steps.map(\.component)
    replacementStart = start
    var rest = Array(scalars[start...])
    if rest.first == "." { rest.removeFirst() }
    if rest.first == "[" { rest.removeFirst() }
    if let quote = rest.first, quote == "\"" || quote == "'" {
      rest.removeFirst()
      // Escapes typed so far, read as far as they are complete.
      var decoded = ""
      var index = 0
      while index < rest.count {
        if rest[index] == "\\" {
          guard index + 1 < rest.count else { break }
          let next = rest[index + 1]
          switch next {
          case "n": decoded += "\n"
          case "t": decoded += "\t"
          case "u": return nil
          default: decoded.unicodeScalars.append(next)
          }
          index += 2
        } else {
          decoded.unicodeScalars.append(rest[index])
          index += 1
        }
      }
      partial = decoded
    } else {
      guard rest.allSatisfy({ $0.value &- 0x30 < 10 || $0 == "_" || ($0.isASCII && ($0.value | 0x20) &- 0x61 < 26) })
      else {
        return nil
      }
      partial = String(String.UnicodeScalarView(rest))
    }
    // In jq the first step carries its own dot: it replaces a lone `.` too.
    if base.isEmpty && syntax == .jq { replacementStart = 0 }
  }

  /// Where the unfinished last step starts: its `.` or `[` (a `[` right after a `.` counts
  /// from the dot), outside quotes.
  static func lastStepStart(_ scalars: [Unicode.Scalar]) -> Int? {
    var start: Int?
    var quote: Unicode.Scalar?
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if let open = quote {
        if scalar == "\\" {
          index += 1
        } else if scalar == open {
          quote = nil
        }
      } else if scalar == "\"" || scalar == "'" {
        quote = scalar
      } else if scalar == "." {
        start = index
      } else if scalar == "[" {
        if start != index - 1 || index == 0 || scalars[index - 1] != "." { start = index }
      }
      index += 1
    }
    return start
  }
}
